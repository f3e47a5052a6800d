import Foundation
import Testing

@testable import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production host the clients under test have compiled in.
private let production = URL(string: "https://api.example.com/api/v3/movie")!

/// A client's own session delegate (Alamofire and RequestKit make their sessions with one):
/// routing must not depend on the session's delegate being WireStub's.
private final class ClientDelegate: NSObject, URLSessionTaskDelegate, Sendable {}

/// A request to the fixed production host carrying the caller's number. Where the URL loading
/// system does not merge session headers into the request a protocol sees (Linux), `marker` is set
/// on the request itself, which is what Darwin's loading system does with the configuration's
/// `httpAdditionalHeaders`.
private func request(_ number: Int, marker: String?) -> URLRequest {
    var request = URLRequest(url: production)
    request.setValue("\(number)", forHTTPHeaderField: "X-Caller")
    #if canImport(FoundationNetworking)
        if let marker { request.setValue(marker, forHTTPHeaderField: StubRouting.markerHeader) }
    #endif
    return request
}

/// One call through a completion handler (`dataTask(with:completionHandler:)`), the callback way.
private func callback(_ session: URLSession, _ request: URLRequest) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: request) { data, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: String(decoding: data ?? Data(), as: UTF8.self))
            }
        }.resume()
    }
}

@Suite("Stub routing: which server answers a request")
struct StubRoutingTests {
    // MARK: The decision (pure)

    @Test("the protocol class's server decides first, then the marker, then the host")
    func evidenceOrder() {
        let marker = [StubRouting.markerHeader: "s1-a.test.invalid"]
        #expect(
            StubRouting.evidence(protocolServer: 7, headers: marker, host: "s2-b.test.invalid") == .protocolClass(7))
        #expect(
            StubRouting.evidence(protocolServer: nil, headers: marker, host: "s2-b.test.invalid")
                == .marker("s1-a.test.invalid"))
        #expect(
            StubRouting.evidence(protocolServer: nil, headers: [:], host: "S2-B.test.invalid")
                == .host("s2-b.test.invalid"))
        #expect(StubRouting.evidence(protocolServer: nil, headers: [:], host: nil) == nil)
    }

    @Test(
        "the marker is found and removed whatever the case of its name",
        arguments: ["X-WireStub-Server", "x-wirestub-server", "X-WIRESTUB-SERVER"])
    func markerAnyCase(name: String) {
        let headers = [name: "s3-c.test.invalid", "Accept": "application/json"]
        #expect(StubRouting.markerValue(in: headers) == "s3-c.test.invalid")
        #expect(StubRouting.strippingMarker(headers) == ["Accept": "application/json"])
    }

    @Test("each server number is spelled as its own protocol class, and read back")
    func protocolClassPerNumber() {
        let numbers = Array(0...300) + [1_023, 1_024, 65_535, 1 << 20, Int(Int32.max)]
        var names = Set<String>()
        for number in numbers {
            let type = StubRouting.protocolClass(forServer: number)
            #expect(type.serverNumber == number)
            names.insert(String(reflecting: type))
        }
        #expect(names.count == numbers.count)
        #expect(StubURLProtocol.serverNumber == nil)
    }

    @Test("each platform's configuration carries the server's identity its own way")
    func configurations() {
        let marked = StubRouting.configuration(number: 5, host: "s5-e.test.invalid", mechanism: .markerHeader)
        #expect(marked.httpAdditionalHeaders?[StubRouting.markerHeader] as? String == "s5-e.test.invalid")
        #expect((marked.protocolClasses?.first as? StubURLProtocol.Type)?.serverNumber == nil)
        let owned = StubRouting.configuration(number: 5, host: "s5-e.test.invalid", mechanism: .protocolClassPerServer)
        #expect(owned.httpAdditionalHeaders?[StubRouting.markerHeader] == nil)
        #expect((owned.protocolClasses?.first as? StubURLProtocol.Type)?.serverNumber == 5)
        let both = StubRouting.configuration(number: 5, host: "s5-e.test.invalid", mechanism: .both)
        #expect(both.httpAdditionalHeaders?[StubRouting.markerHeader] as? String == "s5-e.test.invalid")
        #expect((both.protocolClasses?.first as? StubURLProtocol.Type)?.serverNumber == 5)
        #if canImport(FoundationNetworking)
            #expect(StubRouting.Mechanism.current == .protocolClassPerServer)
        #else
            #expect(StubRouting.Mechanism.current == .both)
        #endif
    }

    // MARK: 64 parallel servers on one fixed host, each platform's path

    /// Each of 64 parallel cases has its own server on the same path of the same production host,
    /// and a client session of its own made from the server's configuration with the client's own
    /// delegate; four concurrent requests each, two async and two through completion handlers.
    /// `mechanism` is each platform's path: the per-server protocol class (Linux's) and the marker
    /// header with no class of the server's own (Darwin's; on Linux the request carries the marker
    /// itself, as Darwin's loading system adds it from the configuration).
    @Test(
        arguments: [StubRouting.Mechanism.protocolClassPerServer, .markerHeader, .both], 0..<64)
    func parallelServersOnOneHost(mechanism: StubRouting.Mechanism, number: Int) async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/movie").host("api.example.com"), status: 200, json: #"{"server": \#(number)}"#)
        let configuration = StubRouting.configuration(
            number: server.router.number, host: server.router.host, mechanism: mechanism)
        let session = URLSession(configuration: configuration, delegate: ClientDelegate(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let marker = mechanism != .protocolClassPerServer ? server.router.host : nil
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<4 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let (data, _) = try await session.data(for: request(number, marker: marker))
                        return String(decoding: data, as: UTF8.self)
                    }
                    return try await callback(session, request(number, marker: marker))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: #"{"server": \#(number)}"#, count: 4))
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.header("X-Caller") == "\(number)" && $0.url == production })
        #expect(server.requests.allSatisfy { $0.header(StubRouting.markerHeader) == nil })
        #expect(server.verify().isEmpty)
    }

    /// `server.session` and `server.configuration` (the platform's own mechanism) route a fixed
    /// host with no marker set by the test: the path users take.
    @Test func sessionAndConfigurationRouteAFixedHost() async throws {
        let first = StubServer()
        let second = StubServer()
        first.stub(.get("/api/v3/movie"), status: 200, json: "1")
        second.stub(.get("/api/v3/movie"), status: 200, json: "2")
        let own = URLSession(configuration: second.configuration, delegate: ClientDelegate(), delegateQueue: nil)
        defer { own.finishTasksAndInvalidate() }
        #expect(try await callback(own, request(0, marker: nil)) == "2")
        #expect(try await callback(first.session, request(0, marker: nil)) == "1")
        #expect(first.requests.count == 1 && second.requests.count == 1)
    }

    // MARK: The marker never shows

    /// The marker is gone before matching and recording: not in a recorded request, an unmatched
    /// request's explanation, or a request assertion's failure text.
    @Test func markerNeverShows() async throws {
        let server = StubServer()
        server.stub(.get("/api/v3/other"), status: 200, json: "{}")
        let configuration = StubRouting.configuration(
            number: server.router.number, host: server.router.host, mechanism: .markerHeader)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var marked = request(1, marker: server.router.host)
        marked.setValue(server.router.host, forHTTPHeaderField: StubRouting.markerHeader)
        await #expect(throws: URLError.self) { _ = try await session.data(for: marked) }
        let recorded = try #require(server.requests.first)
        #expect(recorded.header(StubRouting.markerHeader) == nil)
        #expect(recorded.header("X-Caller") == "1")
        let texts =
            [String(describing: recorded)] + server.problems.map(\.message)
            + [recorded.verify(method: "POST", headers: ["X-Missing": "1"]).map { "\($0)" } ?? ""]
        for text in texts {
            #expect(!text.lowercased().contains(StubRouting.markerHeader.lowercased()), "\(text)")
            #expect(!text.contains(server.router.host), "\(text)")
        }
        #expect(texts.last?.isEmpty == false)
    }

    // MARK: Fail closed

    /// A request with no server's identity to a host no server has: the message says what is
    /// missing, not that a server is gone.
    @Test func aSessionWithoutIdentityNamesTheHost() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let error = await #expect(throws: URLError.self) { _ = try await session.data(for: request(0, marker: nil)) }
        #expect(error?.code == .resourceUnavailable)
        let text = error?.localizedDescription ?? ""
        #expect(text.contains("without a StubServer's identity, and no StubServer answers the host api.example.com"))
        #expect(!text.contains("is gone"))
    }

    /// A configuration that outlives its server fails, by either mechanism, rather than reaching
    /// another server or the network; server numbers are never reused.
    @Test(arguments: [StubRouting.Mechanism.protocolClassPerServer, .markerHeader, .both])
    func configurationOfAGoneServerFailsClosed(mechanism: StubRouting.Mechanism) async throws {
        var server: StubServer? = StubServer()
        let (number, host) = (server!.router.number, server!.router.host)
        let configuration = StubRouting.configuration(number: number, host: host, mechanism: mechanism)
        server = nil
        let newer = StubServer()
        newer.stub(.get("/api/v3/movie"), status: 200, json: "{}")
        #expect(newer.router.number != number)
        let orphan = URLSession(configuration: configuration)
        defer { orphan.finishTasksAndInvalidate() }
        let error = await #expect(throws: URLError.self) {
            _ = try await orphan.data(for: request(0, marker: host))
        }
        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("whose StubServer is gone") == true)
        #expect(newer.requests.isEmpty)
    }
}
