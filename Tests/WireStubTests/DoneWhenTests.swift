import Foundation
import Testing
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The issue's "Done when 1" test, exactly as a newcomer writes it (only the FoundationNetworking
// import above, which Linux needs for URLSession, is added).
@Test func moviesAreFetched() async throws {
    let server = StubServer()
    server.stub(.get("/api/v3/movie"), status: 200, json: #"[{"id": 1, "title": "Heat"}]"#)
    let (data, response) = try await server.session.data(from: server.baseURL.appending(path: "api/v3/movie"))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).contains("Heat"))
    #expect(server.requests.count == 1 && server.requests[0].method == "GET")
}
