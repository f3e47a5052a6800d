import Foundation

/// One request a ``StubServer`` received, matched or not, as the server saw it.
///
/// The query is decoded once (`q=a%20b` is `a b`; a doubly encoded `a%2520b` stays `a%20b`), header
/// names keep the client's spelling but ``header(_:)`` looks them up case-insensitively, and the body
/// is `httpBody` or what was drained from `httpBodyStream` (nil when there was neither).
///
/// A body sent through a URL session's upload task (`upload(for:from:)`, `uploadTask(with:from:)`)
/// never reaches a URL protocol: the loading system keeps it on the task, off the request (in
/// swift-corelibs-foundation `URLSessionTask.knownBody`, see LinuxNotes). Such a request is
/// recorded with ``isBodyVisible`` false and a nil ``body``; a body assertion or a body-matching
/// route then fails, saying so, instead of passing on a body it never saw.
///
/// ```swift
/// let request = server.requests[0]
/// #expect(request.method == "GET" && request.path == "/api/v3/movie")
/// #expect(request.header("accept") == "application/json")
/// ```
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// How the request reached the server.
    public enum Channel: String, Sendable {
        /// Through ``StubServer/session`` (or another session with the stub protocol first).
        case session
        /// Through ``StubServer/data(for:)`` (`HTTPDataLoading`), no URL loading system involved.
        case dataLoading = "data-loading"
    }

    /// The HTTP method, upper case (`GET` when the request named none).
    public var method: String
    /// The full URL as the client built it.
    public var url: URL
    /// The path, each segment percent-decoded once (`/api/v3/movie`).
    public var path: String
    /// The query items in order, each name and value percent-decoded once.
    public var query: [URLQueryItem]
    /// The header fields as the client sent them.
    public var headers: [String: String]
    /// The body: `httpBody`, or the bytes drained from `httpBodyStream`; nil when there was none
    /// or when it was not visible (see ``isBodyVisible``).
    public var body: Data?
    /// False when the request was an upload through a URL session whose body the server could not
    /// see (``body`` is then nil, not empty): check the body through ``StubSession`` or
    /// ``StubServer/data(for:)`` instead.
    public var isBodyVisible = true
    /// How the request arrived.
    public var channel: Channel
    /// The route that answered it (its description), or nil when none matched.
    public var route: String?
    /// The values of the route's `{param}` segments, by name (empty when unmatched).
    public var pathParameters: [String: String] = [:]
    /// The host, lower case, and the path's segments, each decoded once: what routes match on.
    var host: String
    var pathSegments: [String]

    /// A request as it arrived, its URL decoded once, not yet routed.
    init(
        method: String?, url: URL, headers: [String: String], body: Data?, isBodyVisible: Bool = true,
        channel: Channel
    ) {
        self.method = (method ?? "GET").uppercased()
        self.url = url
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        host = (components?.percentEncodedHost ?? url.host ?? "").lowercased()
        pathSegments = (components?.percentEncodedPath ?? url.path).split(separator: "/").map {
            String($0).removingPercentEncoding ?? String($0)
        }
        path = "/" + pathSegments.joined(separator: "/")
        query = (components?.percentEncodedQueryItems ?? []).map {
            URLQueryItem(
                name: $0.name.removingPercentEncoding ?? $0.name,
                value: $0.value.map { $0.removingPercentEncoding ?? $0 })
        }
        self.headers = headers
        self.body = body
        self.isBodyVisible = isBodyVisible
        self.channel = channel
    }

    /// The value of header `name`, compared case-insensitively; nil when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// The first value of query item `name` (nil when absent or valueless).
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value ?? nil
    }

    /// The body as UTF-8 text (empty when there is no body or it was not visible).
    public var bodyText: String { body.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    public var description: String {
        "\(method) \(url.absoluteString)" + (isBodyVisible ? "" : " (\(Self.bodyNotVisible))")
    }

    /// What a check of an invisible body says, with the way out.
    public static let bodyNotVisible =
        "body not visible on this platform: it was sent through a URL session's upload task, whose body "
        + "no URL protocol is handed; pass the client StubSession(server) (or use server.data(for:)) so "
        + "WireStub sees the body"
}
