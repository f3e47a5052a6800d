import Foundation
import Testing
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stub papercuts from adopting WireLock on a real client (issue 26).
@Suite("WireStub papercuts")
struct StubPapercutTests {
    @Test func aRouteWithAHostPrintsTheHostWithoutSlashes() {
        let route = StubRoute.get("/users/octocat").host("api.github.com")
        #expect(route.description == "GET api.github.com/users/octocat")
    }

    @Test func verifyTellsAbsentFromPresent() async throws {
        let server = StubServer()
        server.stub(.get("/user"), status: 200, json: "{}")
        let url = server.baseURL.appending(path: "user")
        var signedIn = URLRequest(url: url)
        signedIn.setValue("token abc", forHTTPHeaderField: "Authorization")
        _ = try await server.data(for: signedIn)
        _ = try await server.data(for: URLRequest(url: url))
        let (withToken, without) = (server.requests[0], server.requests[1])

        #expect(withToken.verify(headers: ["Authorization": .present]) == nil)
        #expect(without.verify(headers: ["Authorization": .absent]) == nil)
        let leaked = try #require(withToken.verify(headers: ["Authorization": .absent]))
        #expect(leaked.misses == [.unexpectedHeader(name: "Authorization", actual: "token abc")])
        #expect(leaked.description.hasSuffix("header 'Authorization': expected none, got 'token abc'"), "\(leaked)")
        let missing = try #require(without.verify(headers: ["Authorization": .present]))
        #expect(missing.description.hasSuffix("header 'Authorization': expected present, got none"), "\(missing)")
        // A plain string still means "equals".
        #expect(withToken.verify(headers: ["Authorization": "token abc"]) == nil)
        #expect(withToken.verify(query: ["page": .absent]) == nil)
    }
}
