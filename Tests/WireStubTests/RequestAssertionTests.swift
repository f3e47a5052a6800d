import Foundation
import Testing
import WireLock
import WireLockTestSupport
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private func comments(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

/// A server that received one request built by `configure`.
private func serverWithOneRequest(
    _ path: String, configure: (inout URLRequest) -> Void = { _ in }
) async throws -> StubServer {
    let server = StubServer()
    server.stub(.any("/{one}").optional(), status: 200, json: "{}")
    server.stub(.any("/{one}/{two}").optional(), status: 200, json: "{}")
    var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
    configure(&request)
    _ = try await server.data(for: request)
    return server
}

@Suite("Request assertions")
struct RequestAssertionTests {
    @Test func verifyNamesEachMiss() async throws {
        let server = try await serverWithOneRequest("/movie?term=a%2520b") { $0.httpMethod = "POST" }
        let mismatch = server.requests[0].verify(
            method: "GET", path: "/movie", query: ["term": "a b"], headers: ["Accept": "application/json"])
        #expect(
            mismatch?.misses == [
                .method(expected: "GET", actual: "POST"),
                .query(name: "term", expected: "a b", actual: "a%20b"),
                .header(name: "Accept", expected: "application/json", actual: nil),
            ])
        #expect(mismatch?.description.hasPrefix("POST \(server.baseURL.absoluteString)/movie?term=a%2520b: ") == true)
    }

    @Test func matchingRequestPasses() async throws {
        let server = try await serverWithOneRequest("/movie/7?term=a%20b") {
            $0.setValue("application/json", forHTTPHeaderField: "Accept")
            $0.setValue("3", forHTTPHeaderField: "X-Api-Version")
        }
        #expect(
            server.requests[0].verify(
                method: "get", path: "/movie/{id}", query: ["term": "a b"],
                headers: ["accept": "application/json", "X-Api-Version": .present]) == nil)
        assertRequest(server.requests.first, method: "GET", headers: ["Accept": "application/json"])
    }

    @Test func getInsteadOfPostFails() async throws {
        let server = try await serverWithOneRequest("/movie")
        withKnownIssue {
            assertRequest(server.requests.first, method: "POST")
        } matching: {
            comments($0).contains("method: expected POST, got GET")
        }
    }

    @Test func missingAcceptHeaderFails() async throws {
        let server = try await serverWithOneRequest("/movie")
        withKnownIssue {
            assertRequest(server.requests.first, headers: ["Accept": "application/json"])
        } matching: {
            comments($0).contains("header 'Accept': expected 'application/json', got none")
        }
    }

    @Test func doublyEncodedQueryFails() async throws {
        let server = try await serverWithOneRequest("/search?term=a%2520b")
        withKnownIssue {
            assertRequest(server.requests.first, query: ["term": "a b"])
        } matching: {
            comments($0).contains("query item 'term': expected 'a b', got 'a%20b'")
        }
    }

    @Test func noRequestFails() {
        withKnownIssue {
            assertRequest(StubServer().requests.first, method: "GET")
        } matching: {
            comments($0).contains("expected a request, but none was recorded")
        }
    }

    @Test func requestBodyIsLockedWithAGolden() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("add-movie.json", "{\n  \"title\": \"Heat\",\n  \"year\": 1995\n}\n")
        let matching = try await serverWithOneRequest("/movie") {
            $0.httpMethod = "POST"
            $0.httpBody = Data(#"{"year":1995,"title":"Heat"}"#.utf8)
        }
        assertGolden(
            json: matching.requests.first?.body, named: "add-movie", record: .never, goldenDirectory: directory.url)

        let differing = try await serverWithOneRequest("/movie") {
            $0.httpMethod = "POST"
            $0.httpBody = Data(#"{"year":"1995","title":"Heat"}"#.utf8)
        }
        withKnownIssue {
            assertGolden(
                json: differing.requests.first?.body, named: "add-movie", record: .never, goldenDirectory: directory.url
            )
        } matching: {
            comments($0).contains("$.year")
        }
    }

    @Test func requestBodyThatIsNotJSONFails() async throws {
        let server = try await serverWithOneRequest("/movie") {
            $0.httpMethod = "POST"
            $0.httpBody = Data("title=Heat".utf8)
        }
        withKnownIssue {
            assertGolden(json: server.requests.first?.body, named: "never-written", record: .never)
        } matching: {
            comments($0).contains("are not JSON (golden 'never-written'")
        }
    }
}
