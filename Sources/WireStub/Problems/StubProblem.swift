/// Something a test should fail for, found by a ``StubServer``: an unmatched request, a route never
/// called, an exhausted sequence, an unusable fixture, a handler that threw. WireStub links no test
/// framework, so it returns these as values (``StubServer/problems`` as they happen,
/// ``StubServer/verify()`` at the end); WireStubTesting records them as test issues.
///
/// ```swift
/// for problem in server.verify() { print(problem) }
/// // unused route: GET /api/v3/series was declared but never called (mark it .optional() if that is fine)
/// ```
public struct StubProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Kind: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A request no route matched (the request failed with a `URLError`).
        public static let unmatchedRequest = Kind(rawValue: "unmatched request")
        /// A route declared but never called and not optional.
        public static let unusedRoute = Kind(rawValue: "unused route")
        /// A sequence called more often than it has answers.
        public static let exhaustedSequence = Kind(rawValue: "exhausted sequence")
        /// A fixture that is missing, ambiguous or unreadable.
        public static let unusableFixture = Kind(rawValue: "unusable fixture")
        /// A response the session path cannot deliver on this platform (a 401 with
        /// `WWW-Authenticate` on Linux); the loader path can.
        public static let unsupportedOnThisPlatform = Kind(rawValue: "unsupported on this platform")
        /// A handler closure that threw.
        public static let handlerFailed = Kind(rawValue: "handler failed")
    }

    /// The kind.
    public var kind: Kind
    /// The full explanation, naming the request and route(s).
    public var message: String
    /// The route concerned (its description), when there is one.
    public var route: String?

    package init(kind: Kind, message: String, route: String?) {
        self.kind = kind
        self.message = message
        self.route = route
    }

    public var description: String { "\(kind): \(message)" }
}
