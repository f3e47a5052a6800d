import Foundation
import SampleAPI
import Testing
import WireJSON
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The showcase: the sample client against a per-test stub server, one test per way a call can end.
/// Bodies come from `Fixtures/API/v3` by resource-scenario name; every expected location was read
/// off the fixture file itself.
@Suite("MediaClient")
struct MediaClientTests {
    // MARK: Success and empty

    @Test(arguments: Way.allCases)
    func moviesAreFetchedAndTheRequestIsWhatTheAPIExpects(way: Way) async throws {
        try await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie"), fixture: "movies-success")
            let page = try await way.client(server).movies()
            #expect(page.totalRecords == 3)
            #expect(page.records.map(\.id) == [17, 42, 108])
            assertRequest(
                server.requests.first, method: "GET", path: "/api/v3/movie", query: ["page": "1", "pageSize": "20"],
                headers: ["Accept": "application/json"])
        }
    }

    @Test(arguments: Way.allCases)
    func calendarSendsItsWindowAsQueryItems(way: Way) async throws {
        try await withStubServer(fixtures: "API/v3") { server in
            server.stub(
                .get("/api/v3/calendar").query("start", "2024-05-01T00:00:00Z").query("end", "2024-05-08T00:00:00Z"),
                fixture: "calendar-success")
            let start = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01T00:00:00Z
            let entries = try await way.client(server).calendar(start: start, end: start.addingTimeInterval(7 * 86_400))
            #expect(entries.first?.series.title == "Slow Horses")
            #expect(server.requests.count == 1)
        }
    }

    @Test(arguments: Way.allCases)
    func anEmptyPageIsASuccessWithNoRecords(way: Way) async throws {
        try await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie"), fixture: "movies-empty")
            let page = try await way.client(server).movies()
            #expect(page.records.isEmpty && page.totalRecords == 0)
        }
    }

    @Test(arguments: Way.allCases)
    func anEmptyBodyIsAContentFailure(way: Way) async throws {
        await withStubServer { server in
            server.stub(.get("/api/v3/series"), status: 200, body: Data())
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).series() }
            #expect(contentFailure(failure)?.kind == .emptyBody)
            #expect(failure?.isRetryable == false)
        }
    }

    // MARK: HTTP failures

    @Test(arguments: Way.allCases)
    func notFoundCarriesTheErrorBody(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie/{id}"), fixture: "error-404", status: 404)
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movie(id: 999_999) }
            guard case .http(let status, let body, let retryAfter)? = failure else {
                Issue.record("expected an HTTP failure, got \(String(describing: failure))")
                return
            }
            #expect(status == 404 && retryAfter == nil)
            #expect(body?["message"] == .string("NotFound"))
            #expect(body?["errors"]?[0]?["propertyName"] == .string("id"))
            #expect(failure?.isRetryable == false)
            #expect(server.requests.first?.pathParameters == ["id": "999999"])
        }
    }

    /// Now is Sun, 06 Nov 1994 08:49:37 GMT; each date form names two minutes later.
    static let now = Date(timeIntervalSince1970: 784_111_777)
    static let retryAfterForms: [(header: String, expected: RetryAfter, delay: TimeInterval)] = [
        ("30", .seconds(30), 30),
        ("Sun, 06 Nov 1994 08:51:37 GMT", .date(Date(timeIntervalSince1970: 784_111_897)), 120),
        ("Sunday, 06-Nov-94 08:51:37 GMT", .date(Date(timeIntervalSince1970: 784_111_897)), 120),
        ("Sun Nov  6 08:51:37 1994", .date(Date(timeIntervalSince1970: 784_111_897)), 120),
    ]

    @Test(arguments: Way.allCases, retryAfterForms)
    func tooManyRequestsCarriesRetryAfter(
        way: Way, form: (header: String, expected: RetryAfter, delay: TimeInterval)
    ) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            server.stub(
                .get("/api/v3/calendar"), fixture: "error-429", status: 429, headers: ["Retry-After": form.header])
            let client = way.client(server, now: { Self.now })
            let failure = await #expect(throws: WireFailure.self) {
                try await client.calendar(start: Self.now, end: Self.now.addingTimeInterval(86_400))
            }
            guard case .http(let status, let body, let retryAfter)? = failure else {
                Issue.record("expected an HTTP failure, got \(String(describing: failure))")
                return
            }
            #expect(status == 429)
            #expect(retryAfter == form.expected)
            #expect(retryAfter?.delay(now: Self.now) == form.delay)
            #expect(body?["message"] == .string("Too Many Requests"))
            #expect(failure?.isRetryable == true)
            var random = SystemRandomNumberGenerator()
            #expect(
                MediaRetry(maximumDelay: 300, now: { Self.now }).delay(after: failure!, attempt: 0, using: &random)
                    == form.delay)
        }
    }

    @Test(arguments: Way.allCases)
    func serverErrorCarriesTheExceptionBody(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie/42"), fixture: "error-500", status: 500)
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movie(id: 42) }
            guard case .http(let status, let body, nil)? = failure else {
                Issue.record("expected an HTTP failure without Retry-After, got \(String(describing: failure))")
                return
            }
            #expect(status == 500)
            #expect(body?["message"] == .string("Object reference not set to an instance of an object."))
            #expect(body?["path"] == .string("/api/v3/movie/42"))
            #expect(failure?.isRetryable == false)
        }
    }

    // MARK: Transport failures

    @Test(arguments: Way.allCases)
    func aTimeoutIsARetryableTransportFailure(way: Way) async throws {
        await withStubServer { server in
            server.stub(.get("/api/v3/series"), .failure(.timedOut))
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).series() }
            #expect(transportCode(failure) == .timedOut)
            #expect(failure?.isRetryable == true)
        }
    }

    @Test(arguments: Way.allCases)
    func aConnectionLostMidBodyIsATransportFailure(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            server.stub(.get("/api/v3/movie"), .connectionLost(afterBytes: 200, ofFixture: "movies-success"))
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movies() }
            #expect(transportCode(failure) == .networkConnectionLost)
            #expect(failure?.isRetryable == true)
        }
    }

    // MARK: Content failures

    @Test(arguments: Way.allCases)
    func truncatedJSONIsLocatedWhereTheBodyEnds(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            // movies-malformed.json stops inside the string `"audioCo` on line 190, which has 18 characters.
            server.stub(.get("/api/v3/movie"), fixture: "movies-malformed")
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movies() }
            let content = contentFailure(failure)
            #expect(content?.kind == .invalidJSON)
            #expect(content?.location?.line == 190)
            #expect(content?.location?.column == 19)
        }
    }

    @Test(arguments: Way.allCases)
    func aWrongTypeNamesItsPathLineAndColumn(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            // movies-wrong-type.json line 297: `      "year": "2001",` in the second record.
            server.stub(.get("/api/v3/movie"), fixture: "movies-wrong-type")
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movies() }
            let content = contentFailure(failure)
            #expect(content?.kind == .typeMismatch)
            #expect(content?.path?.description == "$.records[1].year")
            #expect(content?.location?.line == 297)
            #expect(content?.location?.column == 15)
            #expect(failure?.isRetryable == false)
        }
    }

    @Test(arguments: Way.allCases)
    func aMissingFieldNamesTheObjectLackingIt(way: Way) async throws {
        await withStubServer(fixtures: "API/v3") { server in
            // movies-missing-field.json: the first record (opening on line 6, column 5) lacks "title".
            server.stub(.get("/api/v3/movie"), fixture: "movies-missing-field")
            let failure = await #expect(throws: WireFailure.self) { try await way.client(server).movies() }
            let content = contentFailure(failure)
            #expect(content?.kind == .keyNotFound)
            #expect(content?.path?.description == "$.records[0]")
            #expect(content?.location?.line == 6)
            #expect(content?.location?.column == 5)
            #expect(content?.message.contains("title") == true)
        }
    }
}
