import Foundation

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

extension RecordedRequest {
    /// Checks the request against what the client should have sent. Every condition given must hold;
    /// the ones left nil are not checked.
    /// - Parameters:
    ///   - method: the method (`GET`), compared case-insensitively.
    ///   - path: the path or a pattern with `{param}` segments, after decoding once.
    ///   - query: query items the request must carry, by name; a nil value means "present". Values
    ///     are compared after decoding once, so a doubly encoded value fails.
    ///   - headers: header fields the request must carry (names case-insensitive); nil means "present".
    /// - Returns: nil when all hold, else the ``RequestMismatch`` naming each miss.
    public func verify(
        method: String? = nil, path: String? = nil, query: [String: String?] = [:], headers: [String: String?] = [:]
    ) -> RequestMismatch? {
        var expected = StubRoute(method: method, path: path ?? self.path)
        for name in query.keys.sorted() { expected = expected.query(name, query[name] ?? nil) }
        for name in headers.keys.sorted() { expected = expected.header(name, headers[name] ?? nil) }
        let misses = expected.misses(RequestParts(method: self.method, url: url, headers: self.headers, body: body))
        return misses.isEmpty ? nil : RequestMismatch(request: description, misses: misses)
    }
}
