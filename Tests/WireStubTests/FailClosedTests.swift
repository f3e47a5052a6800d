import Foundation
import Testing
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private func comments(_ issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
}

@Suite("Fail closed")
struct FailClosedTests {
    @Test func unmatchedRequestFailsTheRequestAndTheTest() async throws {
        await withKnownIssue {
            await withStubServer { server in
                // Optional, so the only issue is the unmatched request.
                server.stub(
                    .get("/api/v3/movie").header("Accept", "application/json").optional(), status: 200, json: "[]")
                let request = URLRequest(url: server.baseURL.appending(path: "api/v3/movie"))
                let error = await #expect(throws: URLError.self) { try await server.session.data(for: request) }
                #expect(
                    error?.localizedDescription.contains("closest: GET /api/v3/movie [Accept: application/json]")
                        == true)
            }
        } matching: { issue in
            let text = comments(issue)
            return text.contains("unmatched request")
                && text.contains("missed on header 'Accept': expected 'application/json', got none")
        }
    }

    @Test func unusedRouteFailsTheTestAtTheEnd() async throws {
        try await withKnownIssue {
            try await withStubServer { server in
                server.stub(.get("/api/v3/movie"), status: 200, json: "[]")
                server.stub(.get("/api/v3/series"), status: 200, json: "[]")
                _ = try await server.data(for: URLRequest(url: server.baseURL.appending(path: "api/v3/movie")))
            }
        } matching: { issue in
            comments(issue).contains("unused route: GET /api/v3/series was declared but never called")
        }
    }

    @Test func optionalRoutesAndCalledRoutesRecordNothing() async throws {
        try await withStubServer { server in
            server.stub(.get("/api/v3/movie"), status: 200, json: "[]")
            server.stub(.get("/api/v3/series").optional(), status: 200, json: "[]")
            _ = try await server.session.data(from: server.baseURL.appending(path: "api/v3/movie"))
        }
    }

    @Test func problemsAreRecordedEvenWhenTheBodyThrows() async throws {
        struct Stop: Error {}
        await withKnownIssue {
            do {
                try await withStubServer { server in
                    server.stub(.get("/never"), status: 200, json: "[]")
                    throw Stop()
                }
                Issue.record("withStubServer should have rethrown the body's error")
            } catch is Stop {
            } catch {
                Issue.record("unexpected error \(error)")
            }
        } matching: { issue in
            comments(issue).contains("unused route: GET /never")
        }
    }

    @Test func exhaustedSequenceFailsTheTest() async throws {
        try await withKnownIssue {
            try await withStubServer { server in
                server.stub(.get("/retry"), .sequence([.status(503)]))
                let request = URLRequest(url: server.baseURL.appending(path: "retry"))
                _ = try await server.data(for: request)
                _ = try? await server.data(for: request)
            }
        } matching: { issue in
            comments(issue).contains("exhausted sequence: route GET /retry has a sequence of 1 answer(s)")
        }
    }
}
