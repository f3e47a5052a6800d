import Foundation
import Testing
import WireStubTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// README.md's offline test, as shown there (kept in step by hand: change both together).
@Test func moviesLoad() async throws {
    try await withStubServer { server in
        server.stub(.get("/api/v3/movie"), fixture: "movies-success")  // Fixtures/**/movies-success.json
        let (data, _) = try await server.session.data(from: URL(string: "https://api.example.com/api/v3/movie")!)
        #expect(!data.isEmpty)
    }
}
