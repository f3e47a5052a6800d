import Foundation
import WireSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``StubServer`` behind a client's own session protocol: the methods of `URLSession` a session
/// protocol copies, with `URLSession`'s exact signatures, each answered by
/// ``StubServer/data(for:)`` (no URL loading system runs). So upload bodies are seen and checked,
/// and a 401 with `WWW-Authenticate` reaches the client as it is.
///
/// A protocol a client declares for `URLSession` to conform to is satisfied with one line:
///
/// ```swift
/// // The client's protocol, async methods only:
/// protocol HTTPSession: Sendable {
///     func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)?) async throws -> (Data, URLResponse)
///     func upload(for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)?)
///         async throws -> (Data, URLResponse)
/// }
/// extension StubSession: HTTPSession {}
/// let client = APIClient(session: StubSession(server))
/// ```
///
/// When the protocol's completion-handler methods return a task protocol of the client's own (as
/// RequestKit's `dataTask(with:completionHandler:) -> URLSessionDataTaskProtocol` does), say once
/// that ``StubSessionTask`` is such a task, and make the session with that task type:
///
/// ```swift
/// extension StubSessionTask: URLSessionDataTaskProtocol {}
/// extension StubSession: RequestKitURLSession where DataTask == any URLSessionDataTaskProtocol {}
/// let client = Octokit(session: StubSession<any URLSessionDataTaskProtocol>(server) { $0 })
/// ```
///
/// The `delegate` arguments are accepted and not called (no loading system runs to call them).
public struct StubSession<DataTask>: Sendable {
    /// The server answering every request.
    public let server: StubServer
    private let wrap: @Sendable (StubSessionTask) -> DataTask

    /// A session answered by `server`, whose completion-handler methods return each
    /// ``StubSessionTask`` as `DataTask` (usually `{ $0 }` into the client's task protocol).
    public init(_ server: StubServer, tasks wrap: @escaping @Sendable (StubSessionTask) -> DataTask) {
        self.server = server
        self.wrap = wrap
    }

    // MARK: async

    /// Answers `request` (its `httpBody` or `httpBodyStream` is the body the server sees).
    public func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (
        Data, URLResponse
    ) {
        try await server.data(for: request)
    }

    /// Answers a `GET` of `url`.
    public func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse) {
        try await server.data(for: URLRequest(url: url))
    }

    /// Answers `request` with `bodyData` as its body (seen and recorded, unlike through a URL
    /// session's upload task).
    public func upload(for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)? = nil)
        async throws -> (Data, URLResponse)
    {
        try await server.data(for: Self.request(request, body: bodyData))
    }

    /// Answers `request` with the contents of `fileURL` as its body.
    /// - Throws: the error reading the file, or what ``StubServer/data(for:)`` throws.
    public func upload(
        for request: URLRequest, fromFile fileURL: URL, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        try await server.data(for: Self.request(request, body: try Data(contentsOf: fileURL)))
    }

    // MARK: completion handlers

    /// A task that, once resumed, answers `request` and calls `completionHandler` (on another
    /// thread, as a URL session does).
    public func dataTask(
        with request: URLRequest, completionHandler: @escaping (Data?, URLResponse?, (any Error)?) -> Void
    ) -> DataTask {
        wrap(StubSessionTask(server: server, request: request, completionHandler: completionHandler))
    }

    /// A task that, once resumed, answers a `GET` of `url`.
    public func dataTask(
        with url: URL, completionHandler: @escaping (Data?, URLResponse?, (any Error)?) -> Void
    ) -> DataTask {
        dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// A task that, once resumed, answers `request` with `bodyData` as its body.
    public func uploadTask(
        with request: URLRequest, from bodyData: Data?,
        completionHandler: @escaping (Data?, URLResponse?, (any Error)?) -> Void
    ) -> DataTask {
        dataTask(with: Self.request(request, body: bodyData ?? Data()), completionHandler: completionHandler)
    }

    static func request(_ request: URLRequest, body: Data) -> URLRequest {
        var copy = request
        copy.httpBodyStream = nil
        copy.httpBody = body
        return copy
    }
}

extension StubSession where DataTask == StubSessionTask {
    /// A session answered by `server` whose completion-handler methods return ``StubSessionTask``.
    public init(_ server: StubServer) {
        self.init(server) { $0 }
    }
}

/// The task a ``StubSession``'s completion-handler methods make: nothing happens until
/// ``resume()``; ``cancel()`` ends it with `URLError(.cancelled)`. The completion handler is
/// called once, on another thread.
public final class StubSessionTask: @unchecked Sendable {
    // Safe: the handler is only touched under `state`'s lock, and called once after it is taken out.
    private struct State {
        var handler: ((Data?, URLResponse?, (any Error)?) -> Void)?
        /// The answering task, once resumed.
        var work: Task<Void, Never>?
    }
    private let server: StubServer
    /// The request the task answers.
    public let request: URLRequest
    private let state: Locked<State>

    init(
        server: StubServer, request: URLRequest,
        completionHandler: @escaping (Data?, URLResponse?, (any Error)?) -> Void
    ) {
        self.server = server
        self.request = request
        state = Locked(State(handler: completionHandler))
    }

    /// Starts answering the request (again calling it does nothing).
    public func resume() {
        state.withLock { state in
            guard state.work == nil else { return }
            state.work = Task { [self] in
                do {
                    let (data, response) = try await server.data(for: request)
                    finish(data, response, nil)
                } catch {
                    finish(nil, nil, error)
                }
            }
        }
    }

    /// Ends the task: its handler gets `URLError(.cancelled)` unless it already ran.
    public func cancel() {
        let work = state.withLock { $0.work }
        work?.cancel()
        finish(nil, nil, URLError(.cancelled))
    }

    private func finish(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        let handler = state.withLock { state in
            defer { state.handler = nil }
            return state.handler
        }
        handler?(data, response, error)
    }
}
