import Foundation
import WireStubTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `makeStubServer()` under XCTest: problems fail the test when it tears down. The failures
/// WireStub records are captured here (and checked in `tearDown`) instead of failing the run.
final class FailClosedXCTests: XCTestCase {
    private var captured: [String] = []
    private var expected: [String] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if description.contains("WireStub") {
            captured.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    override func tearDown() {
        // Teardown blocks (where makeStubServer records) have run by now.
        XCTAssertEqual(captured.count, expected.count, "captured: \(captured)")
        for (text, wanted) in zip(captured, expected) {
            XCTAssertTrue(text.contains(wanted), "\(text) does not contain \(wanted)")
        }
        super.tearDown()
    }

    func testCalledRoutesRecordNothing() async throws {
        let server = makeStubServer()
        server.stub(.get("/api/v3/movie"), status: 200, json: "[]")
        _ = try await server.session.data(from: server.baseURL.appending(path: "api/v3/movie"))
    }

    func testUnusedRouteFailsAtTearDown() {
        expected = ["unused route: GET /api/v3/series was declared but never called"]
        let server = makeStubServer()
        server.stub(.get("/api/v3/series"), status: 200, json: "[]")
    }

    func testUnmatchedRequestFailsAtTearDown() async throws {
        expected = ["unmatched request: WireStub: no route matches POST"]
        let server = makeStubServer()
        server.stub(.get("/api/v3/series").optional(), status: 200, json: "[]")
        var request = URLRequest(url: server.baseURL.appending(path: "api/v3/series"))
        request.httpMethod = "POST"
        _ = try? await server.session.data(for: request)
    }
}
