import Foundation
import WireJSON

/// Why a recorded request is not the one a test expected: each condition that failed, in words.
///
/// ```swift
/// let failure = server.requests[0].verify(method: "GET", headers: ["Accept": "application/json"])
/// failure?.description
/// // GET https://api.example.com/api/v3/movie: header 'Accept': expected 'application/json', got none
/// ```
public struct RequestMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request (`GET https://…`).
    public var request: String
    /// Every expectation that failed.
    public var misses: [RouteMiss]

    public var description: String {
        request + ": " + misses.map(\.description).joined(separator: "; ")
    }
}

/// What a request's body must be, for ``RecordedRequest/verify(method:path:query:headers:body:)``.
///
/// ```swift
/// let failure = server.requests[0].verify(method: "POST", body: .json(#"{"title": "Bug"}"#))
/// ```
///
/// A request whose body the server could not see (``RecordedRequest/isBodyVisible`` false) fails
/// every body expectation with ``RouteMiss/bodyNotVisible(requirement:)``.
public struct BodyExpectation: Sendable, CustomStringConvertible {
    /// What is expected, in words (`JSON {"title":"Bug"}`).
    public var requirement: String
    /// The check; the body, or nil when the request had none.
    public var predicate: @Sendable (Data?) -> Bool

    /// A body expectation from a description and a predicate.
    public init(_ requirement: String, _ predicate: @escaping @Sendable (Data?) -> Bool) {
        self.requirement = requirement
        self.predicate = predicate
    }

    /// The body is exactly `text` in UTF-8.
    public static func text(_ text: String) -> BodyExpectation {
        BodyExpectation("text '\(text)'") { $0 == Data(text.utf8) }
    }

    /// The body is JSON equal to `json`: the same values, whatever the member order and
    /// whitespace (both are compared in canonical form). Invalid JSON on either side never matches.
    public static func json(_ json: String) -> BodyExpectation {
        let expected = (try? JSONValue.parse(Array(json.utf8))).map { CanonicalJSONWriter.bytes($0, style: .compact) }
        let shown = expected.map { String(decoding: $0, as: UTF8.self) } ?? json
        return BodyExpectation("JSON \(shown.trimmingCharacters(in: .whitespacesAndNewlines))") { body in
            guard let expected, let body, let value = try? JSONValue.parse(Array(body)) else { return false }
            return CanonicalJSONWriter.bytes(value, style: .compact) == expected
        }
    }

    /// No body, or an empty one.
    public static var empty: BodyExpectation { BodyExpectation("no body") { $0?.isEmpty ?? true } }

    public var description: String { requirement }
}

extension RecordedRequest {
    /// Checks the request against what the client should have sent. Every condition given must hold;
    /// the ones left nil or empty are not checked.
    /// - Parameters:
    ///   - method: the method (`GET`), compared case-insensitively.
    ///   - path: the path or a pattern with `{param}` segments, after decoding once.
    ///   - query: query items by name: a value (compared after decoding once, so a doubly encoded
    ///     value fails), `.present` or `.absent`.
    ///   - headers: header fields by name (case-insensitive): a value, `.present` or `.absent`.
    ///   - body: what the body must be; fails with ``RouteMiss/bodyNotVisible(requirement:)`` when
    ///     the server could not see it.
    /// - Returns: nil when all hold, else the ``RequestMismatch`` naming each miss.
    public func verify(
        method: String? = nil, path: String? = nil, query: [String: FieldExpectation] = [:],
        headers: [String: FieldExpectation] = [:], body: BodyExpectation? = nil
    ) -> RequestMismatch? {
        var expected = StubRoute(method: method, path: path ?? self.path)
        for name in query.keys.sorted() { expected = expected.query(name, expecting: query[name]!) }
        for name in headers.keys.sorted() { expected = expected.header(name, expecting: headers[name]!) }
        if let body { expected = expected.body(body.requirement, body.predicate) }
        let misses = expected.misses(self)
        return misses.isEmpty ? nil : RequestMismatch(request: description, misses: misses)
    }
}
