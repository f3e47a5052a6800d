import Foundation
import Testing

@testable import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// Answers every request with 418 and a body in two `didLoad` chunks.
    final class TeapotProtocol: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 418, httpVersion: "HTTP/1.1", headerFields: [:])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data("first-".utf8))
            client?.urlProtocol(self, didLoad: Data("second".utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
        override func stopLoading() {}
    }

    /// Answers every request with 401 and `WWW-Authenticate: Basic realm="api"`.
    final class UnauthorizedProtocol: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 401, httpVersion: "HTTP/1.1",
                headerFields: ["WWW-Authenticate": #"Basic realm="api""#])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocolDidFinishLoading(self)
        }
        override func stopLoading() {}
    }

    /// Counts the authentication challenges a session's delegate receives.
    final class ChallengeCounter: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        // Safe: `received` is only touched under `lock`.
        private let lock = NSLock()
        private var received = 0
        var count: Int { lock.withLock { received } }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            lock.withLock { received += 1 }
            completionHandler(.performDefaultHandling, nil)
        }
    }

    /// The FoundationNetworking behaviours WireStub is built around, each checked on this toolchain
    /// (one, the redirect trap, only documented: running it would crash the test process). If one
    /// of these starts failing, corelibs changed and the workaround in WireStub may be obsolete.
    @Suite("Linux FoundationNetworking facts")
    struct LinuxFoundationFactsTests {
        private func session(_ classes: [AnyClass]) -> URLSession {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = classes
            return URLSession(configuration: configuration)
        }

        @Test func protocolClassesAreConsultedInOrderSoTheStubComesFirst() async throws {
            let server = StubServer()
            server.stub(.get("/x"), status: 200, json: "{}")
            let url = server.baseURL.appending(path: "x")
            let stubFirst = try await session([StubURLProtocol.self, TeapotProtocol.self]).data(from: url)
            let teapotFirst = try await session([TeapotProtocol.self, StubURLProtocol.self]).data(from: url)
            #expect((stubFirst.1 as? HTTPURLResponse)?.statusCode == 200)
            #expect((teapotFirst.1 as? HTTPURLResponse)?.statusCode == 418)
            #expect(server.requests.count == 1)
        }

        @Test func canonicalRequestIsNeverCalled() async throws {
            let server = StubServer()
            server.stub(.get("/x"), status: 200, json: "{}")
            _ = try await server.session.data(from: server.baseURL.appending(path: "x"))
            #expect(StubURLProtocol.canonicalRequestCalls.withLock { $0 } == 0)
        }

        @Test func onlyTheLastDidLoadChunkReachesAsyncData() async throws {
            let (data, _) = try await session([TeapotProtocol.self]).data(from: URL(string: "https://a.test.invalid/")!)
            #expect(String(decoding: data, as: UTF8.self) == "second")
        }

        @Test func aRedirectStatusIsDeliveredAsTheFinalResponse() async throws {
            // Calling `client.urlProtocol(_:wasRedirectedTo:redirectResponse:)` would trap
            // ("doesn't currently handle redirects directly"), so WireStub never does: a 3xx is
            // the response the client sees, Location and all.
            let server = StubServer()
            server.stub(.get("/old"), status: 301, headers: ["Location": "/new"])
            let (_, response) = try await server.session.data(from: server.baseURL.appending(path: "old"))
            #expect((response as? HTTPURLResponse)?.statusCode == 301)
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location") == "/new")
            #expect(server.requests.count == 1)
        }

        @Test func unauthorizedWithWWWAuthenticateEntersTheAuthenticationPathAndNeverCompletes() async throws {
            // A plain URLProtocol answering 401 + WWW-Authenticate: the session's delegate gets a
            // challenge, and after `.performDefaultHandling` the task never completes (it ends only
            // when cancelled). So WireStub's session path refuses such a response (next test).
            let counter = ChallengeCounter()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [UnauthorizedProtocol.self]
            let session = URLSession(configuration: configuration, delegate: counter, delegateQueue: nil)
            let task = Task { try await session.data(from: URL(string: "https://a.test.invalid/me")!) }
            while counter.count == 0 { await Task.yield() }
            task.cancel()
            await #expect(throws: URLError.self) { try await task.value }
            #expect(counter.count == 1)
            session.invalidateAndCancel()
        }

        @Test func stubSessionFailsAnUnauthorizedChallengeFastAndTheLoaderServesIt() async throws {
            let server = StubServer()
            server.stub(.get("/me"), status: 401, headers: ["WWW-Authenticate": #"Basic realm="api""#])
            let url = server.baseURL.appending(path: "me")
            let error = await #expect(throws: URLError.self) { try await server.session.data(from: url) }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(error?.localizedDescription.contains("use the server as HTTPDataLoading") == true)
            let (_, response) = try await server.data(for: URLRequest(url: url))
            #expect(
                (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "WWW-Authenticate") == #"Basic realm="api""#)
            #expect(server.problems.map(\.kind) == [.unsupportedOnThisPlatform])
        }

        @Test func unauthorizedWithoutWWWAuthenticateDoesNot() async throws {
            let server = StubServer()
            server.stub(.get("/me"), status: 401)
            _ = try await server.session.data(from: server.baseURL.appending(path: "me"))
            #expect(server.authenticationChallenges == 0)
        }

        @Test func uploadBodiesAreInvisibleToAURLProtocolButNotToTheLoader() async throws {
            let server = StubServer()
            server.stub(.post("/upload"), status: 204)
            var request = URLRequest(url: server.baseURL.appending(path: "upload"))
            request.httpMethod = "POST"
            _ = try await server.session.upload(for: request, from: Data("payload".utf8))
            #expect(server.requests[0].body == nil)
            #expect(!server.requests[0].isBodyVisible)  // recorded as such: body checks fail, never pass
            request.httpBody = Data("payload".utf8)
            _ = try await server.data(for: request)
            #expect(server.requests[1].bodyText == "payload")
        }

        @Test func cancellationCallsStopLoading() async throws {
            let server = StubServer()
            server.stub(.get("/stall"), .stall)
            let url = server.baseURL.appending(path: "stall")
            let task = Task { try await server.session.data(from: url) }
            while server.requests.isEmpty { await Task.yield() }
            task.cancel()
            let error = await #expect(throws: URLError.self) { try await task.value }
            #expect(error?.code == .cancelled)
            #expect(server.router.state.withLock { $0.stopsBeforeFinishing } == 1)
        }

        @Test func aPerCallTaskDelegateDoesNotHideTheServer() async throws {
            final class Observer: NSObject, URLSessionTaskDelegate, Sendable {}
            let server = StubServer()
            server.stub(.get("/api/v3/movie").host("api.example.com"), status: 200, json: "[]")
            let url = URL(string: "https://api.example.com/api/v3/movie")!
            let (_, response) = try await server.session.data(for: URLRequest(url: url), delegate: Observer())
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
    }
#endif
