import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a route answers: a response, a fixture file, a closure, a transport failure, or a sequence of
/// these (one per call, in order), optionally after a simulated latency.
///
/// ```swift
/// server.stub(.get("/api/v3/movie"), .sequence([.status(503), .fixture("movies-success")]))
/// server.stub(.get("/api/v3/series"), .failure(.timedOut))
/// server.stub(.get("/api/v3/calendar"), .fixture("calendar-success").delayed(by: 2))
/// ```
public struct StubAnswer: Sendable {
    indirect enum Kind: Sendable {
        case response(StubResponse)
        case fixture(name: String, status: Int, headers: [String: String])
        case handler(@Sendable (RecordedRequest) throws -> StubResponse)
        case sequence([StubAnswer])
        case transport(URLError.Code)
        case lostAfter(bytes: Int, response: StubResponse)
        case lostAfterFixture(bytes: Int, name: String, status: Int)
        case stall
        case transformed(fixture: String, status: Int, transform: FixtureTransform)
        /// A fixture that could not be read (kept so the request fails with the reason).
        case unusable(String)
    }

    var kind: Kind
    /// Seconds of simulated latency before the answer (virtual unless the server is real-time).
    public var latency: TimeInterval = 0

    init(_ kind: Kind, latency: TimeInterval = 0) {
        self.kind = kind
        self.latency = latency
    }

    /// Answers with `response`.
    public static func response(_ response: StubResponse) -> StubAnswer { StubAnswer(.response(response)) }

    /// Answers with a status, header fields and body bytes.
    public static func status(_ status: Int, headers: [String: String] = [:], body: Data = Data()) -> StubAnswer {
        StubAnswer(.response(StubResponse(status: status, headers: headers, body: body)))
    }

    /// Answers with a JSON body (`Content-Type: application/json` unless `headers` names one).
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        StubAnswer(.response(.json(text, status: status, headers: headers)))
    }

    /// Answers with the fixture `name` from the package's `Fixtures/` folder: `movies-success`
    /// (found anywhere below `Fixtures/`, or below the server's fixtures subfolder; it must be unique),
    /// or a relative path such as `API/v3/movies-success.json`. Served as JSON.
    ///
    /// A fixture that is missing or ambiguous is a ``StubProblem`` of the server and fails every
    /// request the route answers, naming the file.
    public static func fixture(_ name: String, status: Int = 200, headers: [String: String] = [:]) -> StubAnswer {
        StubAnswer(.fixture(name: name, status: status, headers: headers))
    }

    /// Answers with what `handler` returns for the recorded request; a thrown error fails the request
    /// (a `URLError` as itself, anything else as `URLError(.cannotParseResponse)` naming it).
    public static func handler(_ handler: @escaping @Sendable (RecordedRequest) throws -> StubResponse) -> StubAnswer {
        StubAnswer(.handler(handler))
    }

    /// Answers the n-th call with the n-th answer. A call after the last one is a ``StubProblem``
    /// naming the route, and fails that request.
    public static func sequence(_ answers: [StubAnswer]) -> StubAnswer { StubAnswer(.sequence(answers)) }

    /// Fails the request with `URLError(code)` before any response: `.timedOut`,
    /// `.notConnectedToInternet`, `.cannotFindHost` and so on.
    public static func failure(_ code: URLError.Code) -> StubAnswer { StubAnswer(.transport(code)) }

    /// Sends `response`'s status and headers and its first `bytes` body bytes, then fails with
    /// `URLError(.networkConnectionLost)`.
    public static func connectionLost(afterBytes bytes: Int, of response: StubResponse) -> StubAnswer {
        StubAnswer(.lostAfter(bytes: bytes, response: response))
    }

    /// ``connectionLost(afterBytes:of:)`` for a fixture's bytes.
    public static func connectionLost(afterBytes bytes: Int, ofFixture name: String, status: Int = 200) -> StubAnswer {
        StubAnswer(.lostAfterFixture(bytes: bytes, name: name, status: status))
    }

    /// A change made to a fixture's bytes before they are sent: given the bytes and the fixture's
    /// name, the bytes to send and a description of the change (sent in the
    /// ``mutationHeader`` header). Throwing makes the route a ``StubProblem`` with the error's text.
    public typealias FixtureTransform =
        @Sendable (_ bytes: Data, _ name: String) throws -> (
            bytes: Data, description: String
        )

    /// Answers with fixture `name` changed by `transform`: the way to serve a fuzz mutant (WireLock's
    /// `Mutator.mutation(index:seed:)` makes such a transform: `.truncate` cuts the body,
    /// `.wrongType` puts a value of another kind at a path, `.dropKey` removes a member), or any
    /// other change a test needs. The response's `X-WireStub-Mutation` header says what was done
    /// (`wrong-type to-string at $[0].year`).
    ///
    /// ```swift
    /// import WireLock          // Mutator
    /// import WireStubTesting
    /// server.stub(.get("/api/v3/movie"), .transformed(fixture: "movies-success", by: Mutator.truncate.mutation(index: 3)))
    /// ```
    ///
    /// An unreadable fixture, or a transform that throws, is a ``StubProblem`` naming it.
    public static func transformed(
        fixture name: String, status: Int = 200, by transform: @escaping FixtureTransform
    ) -> StubAnswer {
        StubAnswer(.transformed(fixture: name, status: status, transform: transform))
    }

    /// The header naming the mutation a ``transformed(fixture:status:by:)`` answer carries.
    public static let mutationHeader = "X-WireStub-Mutation"

    /// Never answers: the request ends only when it is cancelled (or the client's own timeout fires
    /// through cancellation). For testing cancellation and loading states.
    public static var stall: StubAnswer { StubAnswer(.stall) }

    /// The same answer after `seconds` of simulated latency: added to the server's
    /// ``StubClock`` (nothing sleeps) unless the server was made with `latency: .real`.
    public func delayed(by seconds: TimeInterval) -> StubAnswer {
        var copy = self
        copy.latency = seconds
        return copy
    }
}
