import Foundation
import Testing
import WireFuzz
import WireJSON
import WireLockTestSupport
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: Repository.fixtures.appendingPathComponent("API/v3/\(name).json"))
}

@Suite("Injected failures")
struct FailureInjectionTests {
    static let transportCodes: [URLError.Code] = [.timedOut, .notConnectedToInternet, .cannotFindHost]

    @Test(arguments: Channel.allCases, transportCodes)
    func transportFailureArrivesAsItsURLError(channel: Channel, code: URLError.Code) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), .failure(code))
        let error = await #expect(throws: URLError.self) { try await channel.get("/api/v3/movie", from: server) }
        #expect(error?.code == code)
        #expect(server.requests.count == 1 && server.problems.isEmpty)
    }

    @Test(arguments: Channel.allCases)
    func connectionLostAfterPartOfTheBody(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), .connectionLost(afterBytes: 40, ofFixture: "movies-success"))
        let error = await #expect(throws: URLError.self) { try await channel.get("/api/v3/movie", from: server) }
        #expect(error?.code == .networkConnectionLost)
    }

    /// The partial body really is sent first: a session delegate sees the response and the bytes
    /// before the failure.
    @Test func connectionLostSendsTheResponseAndTheFirstBytes() async throws {
        let server = StubServer()
        server.stub(.get("/a"), .connectionLost(afterBytes: 5, of: .json(#"{"records": []}"#)))
        let (response, data, error) = try await PartialCollector.run(
            URLRequest(url: server.baseURL.appending(path: "a")), server: server)
        #expect(response?.statusCode == 200)
        #expect(data == Data(#"{"rec"#.utf8))
        #expect((error as? URLError)?.code == .networkConnectionLost)
    }

    @Test(arguments: Channel.allCases, [(404, "error-404"), (429, "error-429"), (500, "error-500")])
    func httpErrorWithStructuredBodyAndHeaders(channel: Channel, error: (status: Int, fixture: String)) async throws {
        let server = StubServer()
        server.stub(
            .get("/api/v3/calendar"), fixture: error.fixture, status: error.status,
            headers: ["Retry-After": "30", "X-Trace": "t-1"])
        let (data, response) = try await channel.get("/api/v3/calendar", from: server)
        #expect(response.statusCode == error.status)
        #expect(response.value(forHTTPHeaderField: "Retry-After") == "30")
        #expect(response.value(forHTTPHeaderField: "X-Trace") == "t-1")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONValue.parse(data)["message"] != nil)
        #expect(String(decoding: data, as: UTF8.self).contains(#""status": \#(error.status)"#))
    }

    @Test(arguments: Channel.allCases)
    func emptyBody(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie"), .json(""))
        let (data, response) = try await channel.get("/api/v3/movie", from: server)
        #expect(data.isEmpty && response.statusCode == 200)
    }

    @Test(arguments: Channel.allCases)
    func truncatedFixtureIsInvalidJSONCutWhereTheMutationSays(channel: Channel) async throws {
        let server = StubServer()
        server.stub(
            .get("/api/v3/movie"), .transformed(fixture: "movies-success", by: Mutator.truncate.mutation(index: 3)))
        let (data, response) = try await channel.get("/api/v3/movie", from: server)
        let original = try fixture("movies-success")
        #expect(data.count < original.count && original.starts(with: data))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(data) }
        let mutation = try #require(response.value(forHTTPHeaderField: StubAnswer.mutationHeader))
        #expect(mutation.hasPrefix("truncate "))
        #expect(mutation.hasSuffix("at byte \(data.count)"))
    }

    @Test func wrongTypeFixtureIsValidJSONWithAnotherKindAtThePathNamed() async throws {
        let server = StubServer()
        server.stub(
            .get("/api/v3/movie"), .transformed(fixture: "movies-success", by: Mutator.wrongType.mutation(index: 0)))
        let (data, response) = try await Channel.session.get("/api/v3/movie", from: server)
        let original = try JSONValue.parse(fixture("movies-success"))
        let mutated = try JSONValue.parse(data)
        #expect(mutated != original)
        let mutation = try #require(response.value(forHTTPHeaderField: StubAnswer.mutationHeader))
        #expect(mutation.hasPrefix("wrong-type to-"))
        #expect(mutation.contains(" at $"))
    }

    @Test func mutantOfAnInvalidFixtureIsAProblem() async throws {
        let server = StubServer()
        server.stub(.get("/m"), .transformed(fixture: "movies-malformed", by: Mutator.dropKey.mutation()))
        #expect(server.problems.map(\.kind) == [.unusableFixture])
        #expect(server.problems.first?.message.contains("movies-malformed' is not valid JSON") == true)
    }
}

@Suite("Latency")
struct LatencyTests {
    @Test(arguments: Channel.allCases)
    func virtualLatencyIsCountedAndNeverWaitedFor(channel: Channel) async throws {
        let server = StubServer()
        server.stub(.get("/slow"), .sequence([.json("1").delayed(by: 30), .json("2").delayed(by: 12.5)]))
        _ = try await channel.get("/slow", from: server)
        _ = try await channel.get("/slow", from: server)
        #expect(server.clock.mode == .virtual)
        #expect(server.clock.elapsed == 42.5)
    }

    @Test(arguments: Channel.allCases)
    func realLatencyStillDeliversTheAnswer(channel: Channel) async throws {
        let server = StubServer(latency: .real)
        server.stub(.get("/slow"), .json("1").delayed(by: 0.01))
        #expect(try await channel.get("/slow", from: server).0 == Data("1".utf8))
        #expect(server.clock.elapsed == 0.01)
    }
}

/// Runs one data task on a session of its own (the server's configuration, this object as the
/// delegate, so the request finds the server by its `.test.invalid` host) and collects what
/// arrives: the response, the bytes, the error.
final class PartialCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safe: the fields are written on the session's delegate queue before `done` is resumed, and
    // read only after.
    private var response: HTTPURLResponse?
    private var data = Data()
    private var continuation: CheckedContinuation<Error?, Never>?

    static func run(_ request: URLRequest, server: StubServer) async throws -> (HTTPURLResponse?, Data, Error?) {
        let collector = PartialCollector()
        let error = await withCheckedContinuation { continuation in
            collector.continuation = continuation
            let session = URLSession(
                configuration: server.session.configuration, delegate: collector, delegateQueue: nil)
            session.dataTask(with: request).resume()
            session.finishTasksAndInvalidate()
        }
        return (collector.response, collector.data, error)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        self.response = response as? HTTPURLResponse
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        self.data.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        continuation?.resume(returning: error)
        continuation = nil
    }
}
