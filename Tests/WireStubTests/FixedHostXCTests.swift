import Foundation
import WireStub
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fixed-host guarantee through XCTest: each method runs many servers on one path of one host
/// concurrently, each answering differently.
final class FixedHostXCTests: XCTestCase {
    private static let production = URL(string: "https://api.example.com/api/v3/series")!

    private func runServers(count: Int, session useSession: Bool) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<count {
                group.addTask {
                    let server = StubServer()
                    server.stub(.get("/api/v3/series"), status: 200, json: "[\(number)]")
                    let request = URLRequest(url: Self.production)
                    let (data, _) =
                        useSession ? try await server.session.data(for: request) : try await server.data(for: request)
                    XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\(number)]")
                    XCTAssertEqual(server.requests.count, 1)
                    XCTAssertEqual(server.requests.first?.url, Self.production)
                    XCTAssertTrue(server.verify().isEmpty)
                }
            }
            try await group.waitForAll()
        }
    }

    func testConcurrentServersThroughTheSession() async throws {
        try await runServers(count: 64, session: true)
    }

    func testConcurrentServersThroughTheLoader() async throws {
        try await runServers(count: 64, session: false)
    }

    func testTwoServersInterleavedOnOneHost() async throws {
        let first = StubServer()
        let second = StubServer()
        first.stub(.get("/api/v3/series"), .sequence([.json("a1"), .json("a2")]))
        second.stub(.get("/api/v3/series"), .sequence([.json("b1"), .json("b2")]))
        let request = URLRequest(url: Self.production)
        let answers = [
            try await first.session.data(for: request).0, try await second.session.data(for: request).0,
            try await first.session.data(for: request).0, try await second.session.data(for: request).0,
        ].map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(answers, ["a1", "b1", "a2", "b2"])
    }
}
