import Foundation
import Testing
import WireLockTestSupport
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Both ways into a server, for tests that must hold on each.
enum Channel: String, CaseIterable, Sendable {
    case session
    case dataLoading

    func load(_ request: URLRequest, from server: StubServer) async throws -> (Data, HTTPURLResponse) {
        let (data, response): (Data, URLResponse)
        switch self {
        case .session: (data, response) = try await server.session.data(for: request)
        case .dataLoading: (data, response) = try await server.data(for: request)
        }
        return (data, try #require(response as? HTTPURLResponse))
    }

    func get(_ path: String, from server: StubServer) async throws -> (Data, HTTPURLResponse) {
        try await load(URLRequest(url: URL(string: server.baseURL.absoluteString + path)!), from: server)
    }
}

@Suite("Stub server")
struct StubServerTests {
    @Test(arguments: Channel.allCases)
    func sequenceAnswersInOrderThenFailsNamingTheRoute(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), .sequence([.status(503), .json("[]")]))
        #expect(try await channel.get("/api/v3/movie", from: server).1.statusCode == 503)
        let second = try await channel.get("/api/v3/movie", from: server)
        #expect(second.1.statusCode == 200 && second.0 == Data("[]".utf8))
        let error = await #expect(throws: URLError.self) { try await channel.get("/api/v3/movie", from: server) }
        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("route GET /api/v3/movie has a sequence of 2") == true)
        #expect(server.problems.map(\.kind) == [.exhaustedSequence])
        #expect(server.problems.first?.route == "GET /api/v3/movie")
    }

    @Test(arguments: Channel.allCases)
    func fixtureIsServedByResourceScenarioName(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), fixture: "movies-success")
        let (data, response) = try await channel.get("/api/v3/movie", from: server)
        let expected = try Data(contentsOf: Repository.fixtures.appendingPathComponent("API/v3/movies-success.json"))
        #expect(data == expected)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(server.verify().isEmpty)
    }

    @Test func fixturesSubfolderAndPathsAreAccepted() async throws {
        let server = StubServer(fixtures: "API/v3")
        server.stub(.get("/a"), fixture: "error-404", status: 404)
        server.stub(.get("/b"), fixture: "API/v3/calendar-empty.json")
        #expect(try await Channel.session.get("/a", from: server).1.statusCode == 404)
        #expect(
            try await Channel.session.get("/b", from: server).0
                == Data(contentsOf: Repository.fixtures.appendingPathComponent("API/v3/calendar-empty.json")))
    }

    @Test func missingFixtureIsAProblemAndFailsTheRequestNamingIt() async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), fixture: "movies-nonexistent")
        #expect(server.problems.map(\.kind) == [.unusableFixture])
        #expect(server.problems.first?.message.contains("fixture 'movies-nonexistent' not found below") == true)
        let error = await #expect(throws: URLError.self) {
            try await Channel.session.get("/api/v3/movie", from: server)
        }
        #expect(error?.localizedDescription.contains("movies-nonexistent") == true)
    }

    @Test(arguments: Channel.allCases)
    func unmatchedRequestFailsClosedWithTheClosestRoute(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie").query("term", "a b"), status: 200, json: "[]")
        let error = await #expect(throws: URLError.self) {
            try await channel.get("/api/v3/movie?term=a%2520b", from: server)
        }
        #expect(error?.code == .resourceUnavailable)
        let description = error?.localizedDescription ?? ""
        #expect(description.contains("no route matches GET \(server.baseURL.absoluteString)/api/v3/movie?term=a%2520b"))
        #expect(description.contains("missed on query item 'term': expected 'a b', got 'a%20b'"))
        #expect(server.problems.map(\.kind) == [.unmatchedRequest])
        #expect(server.requests.count == 1 && server.requests[0].route == nil)
    }

    @Test(arguments: Channel.allCases)
    func everyRequestIsRecordedWithDecodedQueryHeadersAndBody(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.post("/api/v3/movie/{id}"), status: 201, json: "{}")
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + "/api/v3/movie/7?tag=a%20b&x")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(#"{"title":"Heat"}"#.utf8)
        _ = try await channel.load(request, from: server)
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "POST" && recorded.path == "/api/v3/movie/7")
        #expect(recorded.query == [URLQueryItem(name: "tag", value: "a b"), URLQueryItem(name: "x", value: nil)])
        #expect(recorded.header("accept") == "application/json")
        #expect(recorded.bodyText == #"{"title":"Heat"}"#)
        #expect(recorded.pathParameters == ["id": "7"])
        #expect(recorded.route == "POST /api/v3/movie/{id}")
    }

    @Test(arguments: Channel.allCases)
    func bodyStreamIsDrainedAndRecorded(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.put("/upload").body("the streamed bytes") { $0 == Data("streamed".utf8) }, status: 204)
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + "/upload")!)
        request.httpMethod = "PUT"
        request.httpBodyStream = InputStream(data: Data("streamed".utf8))
        #expect(try await channel.load(request, from: server).1.statusCode == 204)
        #expect(server.requests.first?.bodyText == "streamed")
    }

    @Test func handlerSeesPathParametersAndItsErrorsFailTheRequest() async throws {
        struct Refused: Error {}
        let server = StubServer()
        server.stub(.get("/movie/{id}")) { request in
            guard request.pathParameters["id"] != "0" else { throw Refused() }
            return .json(#"{"id": \#(request.pathParameters["id"]!)}"#)
        }
        #expect(try await Channel.dataLoading.get("/movie/12", from: server).0 == Data(#"{"id": 12}"#.utf8))
        await #expect(throws: URLError.self) { try await Channel.dataLoading.get("/movie/0", from: server) }
        #expect(server.problems.map(\.kind) == [.handlerFailed])
    }

    @Test func firstDeclaredMatchingRouteAnswers() async throws {
        let server = StubServer()
        server.stub(.get("/m/{id}"), status: 200, json: "1")
        server.stub(.get("/m/special").optional(), status: 200, json: "2")
        #expect(try await Channel.session.get("/m/special", from: server).0 == Data("1".utf8))
        #expect(server.verify().isEmpty)
    }

    @Test func unusedRoutesAreReportedUnlessOptional() async throws {
        let server = StubServer()
        server.stub(.get("/used"), status: 200, json: "1")
        server.stub(.get("/unused"), status: 200, json: "2")
        server.stub(.get("/maybe").optional(), status: 200, json: "3")
        _ = try await Channel.session.get("/used", from: server)
        let problems = server.verify()
        #expect(problems.map(\.kind) == [.unusedRoute])
        #expect(problems.first?.route == "GET /unused")
    }

    @Test func serversHaveDistinctHostsUnderTestInvalid() {
        let hosts = (0..<50).map { _ in StubServer().baseURL.host ?? "" }
        #expect(Set(hosts).count == 50)
        #expect(hosts.allSatisfy { $0.hasSuffix(".test.invalid") })
    }

    @Test func sessionIsEphemeralWithTheStubProtocolFirst() throws {
        let configuration = StubServer().session.configuration
        let first: AnyClass = try #require(configuration.protocolClasses?.first)
        #expect(String(describing: first).contains("StubURLProtocol"))
        #expect(configuration.httpCookieStorage == nil && configuration.urlCache == nil)
        #expect(configuration.httpShouldSetCookies == false)
    }
}
