import Foundation
import Testing

@testable import WireStub

@Suite("Route matching")
struct RouteMatchingTests {
    private func parts(
        _ method: String, _ url: String, headers: [String: String] = [:], body: Data? = nil
    ) -> RecordedRequest {
        RecordedRequest(method: method, url: URL(string: url)!, headers: headers, body: body, channel: .session)
    }

    @Test func pathParametersBindOneDecodedSegment() {
        let route = StubRoute.get("/api/v3/movie/{id}/files/{name}")
        let bound = route.pathParameters(parts("GET", "https://h.test/api/v3/movie/42/files/a%20b.mkv"))
        #expect(bound == ["id": "42", "name": "a b.mkv"])
        #expect(route.pathParameters(parts("GET", "https://h.test/api/v3/movie/42")) == nil)
        #expect(route.pathParameters(parts("GET", "https://h.test/api/v3/movie/42/files/x/y")) == nil)
    }

    @Test func queryIsDecodedExactlyOnce() {
        let route = StubRoute.get("/search").query("term", "a b")
        #expect(route.misses(parts("GET", "https://h.test/search?term=a%20b")).isEmpty)
        let doubly = route.misses(parts("GET", "https://h.test/search?term=a%2520b"))
        #expect(doubly == [.query(name: "term", expected: "a b", actual: "a%20b")])
    }

    @Test func queryInThePathStringIsARequirement() {
        let route = StubRoute.get("/api/v3/movie?page=2&sort")
        #expect(route.path == "/api/v3/movie")
        #expect(route.misses(parts("GET", "https://h.test/api/v3/movie?sort=title&page=2")).isEmpty)
        #expect(
            route.misses(parts("GET", "https://h.test/api/v3/movie?page=2")) == [
                .query(name: "sort", expected: nil, actual: nil)
            ])
    }

    @Test func headerNamesCompareCaseInsensitively() {
        let route = StubRoute.get("/x").header("Accept", "application/json").header("X-Api-Version", nil)
        let request = parts("GET", "https://h.test/x", headers: ["accept": "application/json", "x-api-version": "3"])
        #expect(route.misses(request).isEmpty)
        #expect(
            route.misses(parts("GET", "https://h.test/x", headers: ["Accept": "text/html"])) == [
                .header(name: "Accept", expected: "application/json", actual: "text/html"),
                .header(name: "X-Api-Version", expected: nil, actual: nil),
            ])
    }

    @Test func everyDimensionThatMissesIsNamed() {
        let route = StubRoute.post("/a").host("api.example.com").body("a JSON object") {
            $0?.first == UInt8(ascii: "{")
        }
        let misses = route.misses(parts("GET", "https://other.example.com/b", body: Data("[]".utf8)))
        #expect(
            misses == [
                .method(expected: "POST", actual: "GET"),
                .host(expected: "api.example.com", actual: "other.example.com"),
                .path(expected: "/a", actual: "/b"),
                .body(requirement: "a JSON object"),
            ])
    }

    @Test func unmatchedMessageListsRoutesAndTheClosestMiss() {
        let routes: [StubRoute] = [.post("/api/v3/series"), .get("/api/v3/movie").query("term", "a b")]
        let request = parts("GET", "https://h.test/api/v3/movie?term=a%2520b")
        let message = StubRouter.unmatchedMessage(for: request, routes: routes)
        #expect(
            message == """
                WireStub: no route matches GET https://h.test/api/v3/movie?term=a%2520b
                routes (2):
                  POST /api/v3/series
                  GET /api/v3/movie?term=a b
                closest: GET /api/v3/movie?term=a b, missed on query item 'term': expected 'a b', got 'a%20b'
                """)
    }

    @Test func describesItself() {
        let route = StubRoute.get("/m/{id}").host("API.example.com").query("page", "2").header("Accept", nil)
        #expect(route.description == "GET api.example.com/m/{id}?page=2 [Accept: *]")
        #expect(StubRoute.any("m").description == "* /m")
    }
}
