import Foundation
import Testing
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: A RequestKit-style client (written for these tests; the shape of RequestKit's
// `RequestKitURLSession`: a session protocol URLSession conforms to, a task protocol of its own,
// bodies posted through `upload(for:from:delegate:)`).

protocol KitDataTask: AnyObject {
    func resume()
}

protocol KitURLSession: Sendable {
    func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any KitDataTask
    func upload(for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)?) async throws
        -> (Data, URLResponse)
}

extension URLSessionDataTask: KitDataTask {}

extension URLSession: KitURLSession {
    func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any KitDataTask {
        let task: URLSessionDataTask = dataTask(with: request, completionHandler: completionHandler)
        return task
    }
}

/// The client: creates issues with a POST through `upload(for:from:)`, reads the user through
/// `dataTask`.
struct IssueClient {
    static let api = URL(string: "https://api.github.example/")!
    let session: any KitURLSession

    struct Issue: Codable, Equatable {
        var title: String
        var labels: [String]
    }

    enum Failure: Error, Equatable {
        case status(Int, challenge: String?)
    }

    func create(_ issue: Issue) async throws -> Int {
        var request = URLRequest(url: Self.api.appending(path: "repos/octocat/hello/issues"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body = try JSONEncoder().encode(issue)
        let (data, response) = try await session.upload(for: request, from: body, delegate: nil)
        let http = response as! HTTPURLResponse
        guard http.statusCode == 201 else {
            throw Failure.status(http.statusCode, challenge: http.value(forHTTPHeaderField: "WWW-Authenticate"))
        }
        return try JSONDecoder().decode([String: Int].self, from: data)["number"] ?? 0
    }

    func login(completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        let request = URLRequest(url: Self.api.appending(path: "user"))
        session.dataTask(with: request) { data, _, error in
            if let error { return completion(.failure(error)) }
            let user = try? JSONDecoder().decode([String: String].self, from: data ?? Data())
            completion(.success(user?["login"] ?? ""))
        }.resume()
    }

    func login() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in login { continuation.resume(with: $0) } }
    }
}

// The adapter, as a user of such a client writes it: the task type once, then the protocol.
extension StubSessionTask: KitDataTask {}
extension StubSession: KitURLSession where DataTask == any KitDataTask {}

@Suite("Session-protocol clients (RequestKit style)")
struct RequestKitStyleClientTests {
    static let issue = IssueClient.Issue(title: "Crash on launch", labels: ["bug"])
    static let expectedBody = #"{"labels": ["bug"], "title": "Crash on launch"}"#

    /// Done-when 3, first half: through a URL session the upload body never reaches WireStub, and
    /// the body assertion fails, saying so, instead of passing on a body it did not see.
    @Test func aBodyAssertionFailsWhenTheUploadBodyIsNotVisible() async throws {
        let server = StubServer()
        server.stub(.post("/repos/octocat/hello/issues"), status: 201, json: #"{"number": 7}"#)
        let number = try await IssueClient(session: server.session).create(Self.issue)
        #expect(number == 7)
        let request = try #require(server.requests.first)
        #expect(!request.isBodyVisible && request.body == nil)
        withKnownIssue("the upload body is not visible through a URL session") {
            assertRequest(request, method: "POST", body: .json(Self.expectedBody))
        } matching: { issue in
            "\(issue)".contains("body not visible on this platform") && "\(issue)".contains("StubSession(server)")
        }
        #expect(
            request.verify(body: .json(Self.expectedBody))?.misses.first.map {
                if case .bodyNotVisible = $0 { true } else { false }
            } == true)
    }

    /// Done-when 3, second half: the same client behind the adapter, body checked.
    @Test func throughTheAdapterTheBodyIsChecked() async throws {
        try await withStubServer { server async throws in
            server.stub(.post("/repos/octocat/hello/issues"), status: 201, json: #"{"number": 8}"#)
            let client = IssueClient(session: StubSession<any KitDataTask>(server) { $0 })
            #expect(try await client.create(Self.issue) == 8)
            let request = try #require(server.requests.first)
            #expect(request.isBodyVisible)
            assertRequest(
                request, method: "POST", headers: ["Content-Type": "application/json", "Authorization": .absent],
                body: .json(Self.expectedBody))
            #expect(request.verify(body: .json(#"{"title": "Other", "labels": []}"#)) != nil)
        }
    }

    @Test func completionHandlerCallsGoThroughTheAdapterToo() async throws {
        try await withStubServer { server async throws in
            server.stub(.get("/user"), status: 200, json: #"{"login": "octocat"}"#)
            let client = IssueClient(session: StubSession<any KitDataTask>(server) { $0 })
            #expect(try await client.login() == "octocat")
            #expect(server.requests.map(\.path) == ["/user"])
        }
    }

    @Test func aBodyMatchingRouteFailsClosedWithTheWayOut() async throws {
        let server = StubServer()
        server.stub(
            .post("/repos/octocat/hello/issues").body("a title") { $0.map { !$0.isEmpty } ?? false }, status: 201,
            json: #"{"number": 7}"#)
        let error = await #expect(throws: URLError.self) {
            _ = try await IssueClient(session: server.session).create(Self.issue)
        }
        #expect(error?.localizedDescription.contains("body: expected a title, but body not visible") == true)
        #expect(server.problems.map(\.kind) == [.unmatchedRequest])
    }

    @Test func anUnauthorizedChallengeReachesTheClientThroughTheAdapter() async throws {
        try await withStubServer { server async throws in
            server.stub(
                .post("/repos/octocat/hello/issues"), status: 401,
                headers: ["WWW-Authenticate": #"Bearer realm="GitHub""#])
            let client = IssueClient(session: StubSession<any KitDataTask>(server) { $0 })
            await #expect(throws: IssueClient.Failure.status(401, challenge: #"Bearer realm="GitHub""#)) {
                try await client.create(Self.issue)
            }
        }
    }
}

// MARK: An Alamofire-style client: a wrapper that makes its own URLSession from a configuration
// (with a delegate of its own) for a fixed production host, and sends bodies as upload tasks;
// its requests go through a small protocol of its own, which URLSession and the adapter satisfy.

protocol Requesting: Sendable {
    func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)?) async throws -> (Data, URLResponse)
    func upload(for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)?) async throws
        -> (Data, URLResponse)
}

extension URLSession: Requesting {}
extension StubSession: Requesting {}

final class WrapperDelegate: NSObject, URLSessionTaskDelegate, Sendable {}

/// `AF.request(…, method: .post, parameters:, encoder: JSONParameterEncoder())` in spirit.
struct APISession {
    static let host = URL(string: "https://api.media.example/")!
    let requester: any Requesting

    init(configuration: URLSessionConfiguration) {
        requester = URLSession(configuration: configuration, delegate: WrapperDelegate(), delegateQueue: nil)
    }

    init(requester: any Requesting) {
        self.requester = requester
    }

    func request<Parameters: Encodable>(_ path: String, post parameters: Parameters) async throws -> Int {
        var request = URLRequest(url: Self.host.appending(path: path))
        request.httpMethod = "POST"
        let (_, response) = try await requester.upload(
            for: request, from: try JSONEncoder().encode(parameters), delegate: nil)
        return (response as! HTTPURLResponse).statusCode
    }
}

@Suite("Session-protocol clients (Alamofire style)")
struct AlamofireStyleClientTests {
    /// A wrapper that builds its own session from `server.configuration` reaches its own server on
    /// the fixed host, even with another server on the same host at the same time; its upload body
    /// is recorded as not visible.
    @Test func aSessionBuiltFromTheConfigurationReachesItsOwnServer() async throws {
        let first = StubServer()
        let second = StubServer()
        first.stub(.post("/api/v3/movie").host("api.media.example"), status: 201)
        second.stub(.post("/api/v3/movie").host("api.media.example"), status: 202)
        async let one = APISession(configuration: first.configuration).request("api/v3/movie", post: ["title": "Heat"])
        async let two = APISession(configuration: second.configuration).request(
            "api/v3/movie", post: ["title": "Ronin"])
        #expect(try await [one, two] == [201, 202])
        #expect(first.requests.count == 1 && second.requests.count == 1)
        #expect(first.requests[0].isBodyVisible == false)
        #expect(first.requests[0].description.hasSuffix("(\(RecordedRequest.bodyNotVisible))"))
    }

    @Test func throughTheAdapterTheParametersAreChecked() async throws {
        try await withStubServer { server async throws in
            server.stub(.post("/api/v3/movie"), status: 201)
            let status = try await APISession(requester: StubSession(server)).request(
                "api/v3/movie", post: ["title": "Heat"])
            #expect(status == 201)
            assertRequest(server.requests.first, method: "POST", body: .json(#"{"title": "Heat"}"#))
        }
    }
}

@Suite("Stub request timeout")
struct StubRequestTimeoutTests {
    @Test func aStallTimesOutAfterTheServersTimeoutThroughTheSession() async throws {
        let server = StubServer(requestTimeout: 0.2)
        server.stub(.get("/stall"), .stall)
        let error = await #expect(throws: URLError.self) {
            _ = try await server.session.data(from: server.baseURL.appending(path: "stall"))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.localizedDescription.contains("StubServer(requestTimeout:)") == true)
    }

    @Test func aStallTimesOutThroughTheLoaderAndTheAdapter() async throws {
        let server = StubServer(requestTimeout: 0.2)
        server.stub(.get("/stall"), .stall)
        let url = server.baseURL.appending(path: "stall")
        let direct = await #expect(throws: URLError.self) { _ = try await server.data(for: URLRequest(url: url)) }
        #expect(direct?.code == .timedOut)
        let adapted = await #expect(throws: URLError.self) { _ = try await StubSession(server).data(from: url) }
        #expect(adapted?.code == .timedOut)
    }

    @Test func aRequestsShorterTimeoutWins() async throws {
        let server = StubServer(requestTimeout: 600)
        server.stub(.get("/stall"), .stall)
        var request = URLRequest(url: server.baseURL.appending(path: "stall"))
        request.timeoutInterval = 0.2
        let error = await #expect(throws: URLError.self) { _ = try await server.session.data(for: request) }
        #expect(error?.code == .timedOut)
    }

    @Test func theDefaultIsSecondsNotAMinuteAndTheConfigurationCarriesIt() {
        let server = StubServer()
        #expect(server.requestTimeout == 5)
        #expect(server.configuration.timeoutIntervalForRequest == 5)
        #expect(server.session.configuration.timeoutIntervalForRequest == 5)
        #expect(StubServer(requestTimeout: 2).configuration.timeoutIntervalForRequest == 2)
    }
}
