import Foundation
import WireHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub HTTP server for one test: a route table, every request it received, and what went wrong.
/// Nothing is global: two servers in two parallel tests never see each other's routes, answers or
/// requests, even when both stub the same fixed production host.
///
/// Two ways in, one route table:
/// - ``session`` (or a client's own session made from ``configuration``): an ephemeral
///   configuration (no cookies, no cache) whose `protocolClasses` start with WireStub's protocol,
///   which accepts every request, so nothing through it reaches a network; requests to any host
///   reach this server (its identity travels in the configuration: a protocol class of its own, and
///   on Apple platforms a marker header too); ``baseURL`` is a host only this server answers.
/// - ``data(for:)``: the server itself is an `HTTPDataLoading`, for clients that take a loader;
///   no URL loading system runs, and upload bodies are seen.
///
/// Fail closed: a request no route matches fails with a `URLError(.resourceUnavailable)` whose
/// description lists the routes, the closest one and why it missed, and is a ``StubProblem``;
/// ``verify()`` adds the routes never called. WireStubTesting's `withStubServer` records them as
/// test issues.
///
/// ```swift
/// let server = StubServer()
/// server.stub(.get("/api/v3/movie"), status: 200, json: #"[{"id": 1, "title": "Heat"}]"#)
/// let (data, _) = try await server.session.data(from: server.baseURL.appending(path: "api/v3/movie"))
/// ```
public final class StubServer: HTTPDataLoading, Sendable {
    /// `https://<unique>.test.invalid`: a host only this server answers (`.invalid` never resolves).
    public let baseURL: URL
    /// The session to inject into the client under test. Requests to any host are answered by
    /// this server's routes.
    public let session: URLSession
    /// Where simulated latency goes (virtual unless the server was made with `latency: .real`).
    public let clock: StubClock
    let router: StubRouter

    /// How long a stub request may go unanswered before it fails with `URLError(.timedOut)`, by
    /// default (``StubServer/init(fixtures:latency:requestTimeout:filePath:)``).
    public static let defaultRequestTimeout: TimeInterval = 5

    /// How long a request may stall (``StubAnswer/stall``) before it fails with
    /// `URLError(.timedOut)`; a request's own shorter `timeoutInterval` wins. It is also the
    /// `timeoutIntervalForRequest` of ``session`` and ``configuration``.
    public var requestTimeout: TimeInterval { router.requestTimeout }

    /// A server with no routes.
    /// - Parameters:
    ///   - fixtures: a subfolder of the package's `Fixtures/` to look fixture names up in first
    ///     (`"API/v3"`); nil searches all of `Fixtures/`.
    ///   - latency: `.virtual` (default: delays are added to ``clock``, nothing waits) or `.real`.
    ///   - requestTimeout: how long a stalled request waits before failing with
    ///     `URLError(.timedOut)` (default ``defaultRequestTimeout``, 5 s, not URLSession's 60 s).
    ///   - filePath: where the package's `Fixtures/` is searched from (the caller's file).
    public init(
        fixtures: String? = nil, latency: StubClock.Mode = .virtual,
        requestTimeout: TimeInterval = StubServer.defaultRequestTimeout, filePath: StaticString = #filePath
    ) {
        let registry = StubHostRegistry.shared
        let (number, host) = registry.makeIdentity()
        clock = StubClock(mode: latency)
        router = StubRouter(
            number: number, host: host, clock: clock,
            fixtures: FixtureLookup(
                searchingFrom: "\(filePath)", subfolder: fixtures, environment: ProcessInfo.processInfo.environment),
            requestTimeout: requestTimeout)
        baseURL = URL(string: "https://\(host)")!
        registry.register(router)
        session = URLSession(
            configuration: StubRouting.configuration(number: number, host: host, requestTimeout: requestTimeout),
            delegate: router, delegateQueue: nil)
    }

    deinit {
        StubHostRegistry.shared.remove(router)
        session.invalidateAndCancel()
    }

    /// A new copy of the configuration behind ``session``, for a client library that makes its
    /// own `URLSession` (with its own delegate, as Alamofire and RequestKit do): every request
    /// through such a session, to any host, is answered by this server's routes and recorded here.
    /// Ephemeral (no cookies, no cache); WireStub's protocol comes first, so nothing reaches a
    /// network. Requests through it after the server is gone fail with a `URLError` saying so.
    ///
    /// ```swift
    /// let server = StubServer()
    /// server.stub(.get("/user"), fixture: "user.json")
    /// let client = GitHubClient(session: URLSession(configuration: server.configuration))
    /// ```
    public var configuration: URLSessionConfiguration {
        StubRouting.configuration(number: router.number, host: router.host, requestTimeout: router.requestTimeout)
    }

    // MARK: Routes

    /// Answers requests matching `route` with `answer`. Routes are tried in the order declared; the
    /// first that matches answers.
    public func stub(_ route: StubRoute, _ answer: StubAnswer) {
        router.add(route, answer)
    }

    /// Answers `route` with a JSON body.
    public func stub(_ route: StubRoute, status: Int = 200, headers: [String: String] = [:], json: String) {
        stub(route, .json(json, status: status, headers: headers))
    }

    /// Answers `route` with a status, header fields and body bytes.
    public func stub(_ route: StubRoute, status: Int, headers: [String: String] = [:], body: Data = Data()) {
        stub(route, .status(status, headers: headers, body: body))
    }

    /// Answers `route` with a fixture from `Fixtures/` (see ``StubAnswer/fixture(_:status:headers:)``).
    public func stub(_ route: StubRoute, fixture: String, status: Int = 200, headers: [String: String] = [:]) {
        stub(route, .fixture(fixture, status: status, headers: headers))
    }

    /// Answers `route` with what `handler` returns (see ``StubAnswer/handler(_:)``).
    public func stub(_ route: StubRoute, handler: @escaping @Sendable (RecordedRequest) throws -> StubResponse) {
        stub(route, .handler(handler))
    }

    // MARK: What happened

    /// Every request received so far, in arrival order, matched or not.
    public var requests: [RecordedRequest] { router.state.withLock { $0.requests } }

    /// The problems found so far (unmatched requests, exhausted sequences, unusable fixtures,
    /// handlers that threw), in order.
    public var problems: [StubProblem] { router.state.withLock { $0.problems } }

    /// How many authentication challenges the session's delegate received (a 401 with
    /// `WWW-Authenticate` enters the authentication path on Linux).
    public var authenticationChallenges: Int { router.state.withLock { $0.authenticationChallenges } }

    /// ``problems`` plus every route that was never called and is not optional: what a test should
    /// fail for when it ends. Empty when all is well.
    public func verify() -> [StubProblem] {
        router.state.withLock { state in
            var found = state.problems
            for registration in state.registrations where registration.calls == 0 && !registration.route.isOptional {
                found.append(
                    StubProblem(
                        kind: .unusedRoute,
                        message: "\(registration.route) was declared but never called "
                            + "(mark it .optional() if that is fine)",
                        route: "\(registration.route)"))
            }
            return found
        }
    }

    // MARK: HTTPDataLoading

    /// Answers `request` from the route table directly (no URL loading system; upload bodies are
    /// seen), recording it like a request through ``session``.
    /// - Throws: the `URLError` of an unmatched request, an exhausted sequence or an injected
    ///   transport failure; `URLError(.timedOut)` when the answer stalls past ``requestTimeout`` (or
    ///   the request's shorter `timeoutInterval`); `URLError(.cancelled)` when the task is cancelled
    ///   while the answer stalls or waits out real latency.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        let (outcome, latency) = router.handle(request, url: url, channel: .dataLoading)
        if latency > 0 {
            clock.advance(by: latency)
            if clock.mode == .real { try await wait(nanoseconds: UInt64(latency * 1e9)) }
        }
        switch outcome {
        case .respond(let response, let data): return (data, response)
        case .fail(let error), .partial(_, _, let error): throw error
        case .stall:
            let timeout = router.timeout(for: request)
            try await wait(nanoseconds: UInt64(timeout * 1e9))
            throw StubRouter.timedOut(after: timeout, url: url)
        }
    }

    private func wait(nanoseconds: UInt64) async throws {
        do {
            try await Task.sleep(nanoseconds: nanoseconds)
        } catch {
            throw URLError(.cancelled)
        }
    }
}
