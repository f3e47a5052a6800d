import Foundation
import SampleAPI
import Testing
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the request assertions and the fail-closed server catch when the client is wrong.
@Suite("MediaClient requests")
struct MediaClientRequestTests {
    static let lookup = "/api/v3/movie/lookup"

    /// The request the correct client sends for a term with a space: GET, Accept, `term` encoded once.
    @Test(arguments: Way.allCases)
    func theCorrectClientPassesEveryAssertion(way: Way) async throws {
        try await withStubServer { server in
            server.stub(.get(Self.lookup).query("term", "Spirited Away"), status: 200, json: "[]")
            let movies = try await way.client(server).lookUpMovies(term: "Spirited Away")
            #expect(movies.isEmpty)
            #expect(server.requests.first?.url.query == "term=Spirited%20Away")
            assertRequest(
                server.requests.first, method: "GET", path: Self.lookup, query: ["term": "Spirited Away"],
                headers: ["Accept": "application/json"])
        }
    }

    /// Each bug a client can have, as a rewrite of the correct request, and what the assertion says.
    static let bugs: [(name: String, rewrite: @Sendable (inout URLRequest) -> Void, says: String)] = [
        ("POST instead of GET", { $0.httpMethod = "POST" }, "method: expected GET, got POST"),
        (
            "no Accept", { $0.setValue(nil, forHTTPHeaderField: "Accept") },
            "header 'Accept': expected 'application/json', got none"
        ),
        (
            "query encoded twice",
            { request in
                var components = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)!
                components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
                    of: "%", with: "%25")
                request.url = components.url
            },
            "query item 'term': expected 'Spirited Away', got 'Spirited%20Away'"
        ),
    ]

    @Test(arguments: Way.allCases, bugs.indices)
    func theRequestAssertionCatchesABuggyClient(way: Way, bug: Int) async throws {
        let (name, rewrite, says) = Self.bugs[bug]
        try await withStubServer { server in
            // Answers any method so the wrong request gets through and the assertion has to catch it.
            server.stub(.any(Self.lookup), status: 200, json: "[]")
            let buggy = MediaClient(
                session: RewritingLoader(base: way.loader(server), rewrite: rewrite), baseURL: server.baseURL)
            _ = try await buggy.lookUpMovies(term: "Spirited Away")
            withKnownIssue("a client that sends \(name)") {
                assertRequest(
                    server.requests.first, method: "GET", path: Self.lookup, query: ["term": "Spirited Away"],
                    headers: ["Accept": "application/json"])
            } matching: { issue in
                comments(issue).contains("WireStub: request differs from what was expected: ")
                    && comments(issue).contains(says)
            }
        }
    }

    @Test(arguments: Way.allCases)
    func anUnmatchedRequestFailsTheCallAndTheTest(way: Way) async throws {
        await withKnownIssue {
            await withStubServer(fixtures: "API/v3") { server in
                server.stub(.get("/api/v3/series").optional(), fixture: "series-success")
                let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movies() }
                #expect(transportCode(failure) == .resourceUnavailable)
            }
        } matching: { issue in
            let text = comments(issue)
            return text.contains("unmatched request: WireStub: no route matches GET https://")
                && text.contains("/api/v3/movie?page=1&pageSize=20")
                && text.contains(
                    "closest: GET /api/v3/series, missed on path: expected /api/v3/series, got /api/v3/movie")
        }
    }

    @Test(arguments: Way.allCases)
    func anUnusedRouteFailsTheTest(way: Way) async throws {
        try await withKnownIssue {
            try await withStubServer(fixtures: "API/v3") { server in
                server.stub(.get("/api/v3/movie"), fixture: "movies-empty")
                server.stub(.get("/api/v3/series"), fixture: "series-success")
                _ = try await way.client(server).movies()
            }
        } matching: { issue in
            comments(issue).contains("unused route: GET /api/v3/series was declared but never called")
        }
    }
}

/// The retry helper against a server's answer sequence: nothing waits, the delays are recorded.
@Suite("MediaRetry")
struct MediaRetryTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: Way.allCases)
    func retriesAfterRetryAfterThenBackoffUntilSuccess(way: Way) async throws {
        try await withStubServer(fixtures: "API/v3") { server in
            server.stub(
                .get("/api/v3/movie"),
                .sequence([
                    .fixture("error-429", status: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:40 GMT"]),
                    .status(503),
                    .fixture("movies-success"),
                ]))
            let log = SleepLog()
            let retry = MediaRetry(
                maximumRetries: 3, backoff: Backoff(base: 0.5, multiplier: 2, cap: 30, jitter: .none),
                now: { Self.now }, sleep: log.sleep)
            let client = way.client(server, now: { Self.now })
            var random = SystemRandomNumberGenerator()
            let page = try await retry.run(using: &random) { () async throws(WireFailure) in try await client.movies() }
            #expect(page.totalRecords == 3)
            // 3 s until the Retry-After date, then the second retry's backoff: 0.5 × 2¹.
            #expect(log.recorded == [3, 1])
            #expect(server.requests.count == 3)
        }
    }

    static let endings: [(name: String, answer: StubAnswer, retries: Int)] = [
        ("404 is not retryable", .fixture("error-404", status: 404), 0),
        (
            "Retry-After beyond the maximum delay",
            .fixture("error-429", status: 429, headers: ["Retry-After": "3600"]), 0
        ),
        ("out of retries", .failure(.timedOut), 2),
    ]

    @Test(arguments: Way.allCases, endings.indices)
    func stopsWithTheFailureWhenARetryCannotHelp(way: Way, ending: Int) async throws {
        let (_, answer, retries) = Self.endings[ending]
        await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie/{id}"), answer)
            let log = SleepLog()
            let retry = MediaRetry(
                maximumRetries: 2, backoff: Backoff(jitter: .none), maximumDelay: 60, now: { Self.now },
                sleep: log.sleep)
            let client = way.client(server, now: { Self.now })
            var random = SystemRandomNumberGenerator()
            await #expect(throws: WireFailure.self) {
                try await retry.run(using: &random) { () async throws(WireFailure) in try await client.movie(id: 7) }
            }
            #expect(log.recorded.count == retries)
            #expect(server.requests.count == retries + 1)
        }
    }

    @Test func aCancelledSleepEndsAsACancelledTransportFailure() async throws {
        let retry = MediaRetry(now: { Self.now }, sleep: { _ in throw CancellationError() })
        var random = SystemRandomNumberGenerator()
        let failure = await #expect(throws: WireFailure.self) {
            try await retry.run(using: &random) { () async throws(WireFailure) -> Int in
                throw .transport(URLError(.timedOut))
            }
        }
        #expect(transportCode(failure) == .cancelled)
    }
}
