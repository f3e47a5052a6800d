import Foundation
import SampleAPI
import WireHTTP
import WireStub

/// `wirelock-sample client`: MediaClient against a local StubServer (nothing leaves the machine),
/// one call per kind of ending, each printed as its value or its WireFailure.
enum ClientDemo {
    static func run(output: (String) -> Void) async -> Int32 {
        let server = StubServer(fixtures: "API/v3")
        server.stub(.get("/api/v3/movie"), .sequence([.fixture("movies-success"), .fixture("movies-wrong-type")]))
        server.stub(.get("/api/v3/movie/{id}"), fixture: "error-404", status: 404)
        server.stub(.get("/api/v3/calendar"), fixture: "error-429", status: 429, headers: ["Retry-After": "30"])
        server.stub(.get("/api/v3/series"), .failure(.timedOut))
        let client = MediaClient(session: server.session, baseURL: server.baseURL)
        func show(_ call: String, _ body: () async throws(WireFailure) -> String) async {
            do { output("\(call): \(try await body())") } catch { output("\(call): \(headline(error))") }
        }
        await show("movies()") { () async throws(WireFailure) in "\(try await client.movies().records.count) movies" }
        await show("movies() again") { () async throws(WireFailure) in "\(try await client.movies().records.count)" }
        await show("movie(id: 999999)") { () async throws(WireFailure) in try await client.movie(id: 999_999).title }
        await show("calendar(…)") { () async throws(WireFailure) in
            "\(try await client.calendar(start: Date(), end: Date().addingTimeInterval(86_400)).count)"
        }
        await show("series()") { () async throws(WireFailure) in "\(try await client.series().count)" }
        let problems = server.verify()
        for problem in problems { output("stub problem: \(problem)") }
        return problems.isEmpty ? 0 : 1
    }

    /// The failure on one line: an HTTP error body is shown by its status and Retry-After only.
    static func headline(_ failure: WireFailure) -> String {
        guard case .http(let status, _, let retryAfter) = failure else { return "\(failure)" }
        return "HTTP \(status)" + (retryAfter.map { ", retry after \(Int($0.delay(now: Date()))) s" } ?? "")
    }
}
