import Foundation
import Testing
import WireHTTP
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production host a client under test has compiled in.
private let production = URL(string: "https://api.example.com/api/v3/movie")!

/// One client call: a request to the fixed host carrying the caller's number, so a request that
/// reached the wrong server would be seen there.
private func fetch(_ number: Int, through loader: some HTTPDataLoading) async throws -> String {
    var request = URLRequest(url: production)
    request.setValue("\(number)", forHTTPHeaderField: "X-Caller")
    let (data, _) = try await loader.data(for: request)
    return String(decoding: data, as: UTF8.self)
}

@Suite("Fixed production host")
struct FixedHostTests {
    /// 64 test cases at once (Swift Testing runs them in parallel), each with its own server on the
    /// same path of the same host and its own answer; each fires four requests concurrently, through
    /// the session and the loader, and must see only its own answers and requests.
    @Test(arguments: 0..<64)
    func parallelServersOnOneHostNeverSeeEachOther(number: Int) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie").host("api.example.com"), status: 200, json: #"{"server": \#(number)}"#)
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<4 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? try await fetch(number, through: server.session) : try await fetch(number, through: server)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: #"{"server": \#(number)}"#, count: 4))
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.header("X-Caller") == "\(number)" && $0.url == production })
        #expect(server.verify().isEmpty)
    }

    /// The session reaches its own server without the `.test.invalid` host: on Linux through the
    /// task's delegate (the session's delegate is the server's router).
    @Test func sessionRoutesAFixedHostToItsOwnServer() async throws {
        let first = StubServer()
        let second = StubServer()
        first.stub(.get("/api/v3/movie"), status: 200, json: "1")
        second.stub(.get("/api/v3/movie"), status: 200, json: "2")
        #expect(try await fetch(0, through: second.session) == "2")
        #expect(try await fetch(0, through: first.session) == "1")
        #expect(first.requests.count == 1 && second.requests.count == 1)
    }

    /// A session of a server that is gone fails closed instead of reaching the network.
    @Test func sessionOfAReleasedServerFailsClosed() async throws {
        var server: StubServer? = StubServer()
        let url = server!.baseURL.appending(path: "x")
        let configuration = server!.session.configuration
        server = nil
        let orphan = URLSession(configuration: configuration)
        let error = await #expect(throws: URLError.self) { try await orphan.data(from: url) }
        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("whose StubServer is gone") == true)
    }
}
