import Foundation
import Testing
import WireCommands
import WireJSON
import WireLockTestSupport
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Route-table files")
struct RouteTableTests {
    static let table = """
        {
          "routes": [
            {
              "fixture": "movie-success",
              "method": "GET",
              "path": "/api/v3/movie",
              "query": {"sort": "title"},
              "status": 200
            },
            {
              "method": "GET",
              "path": "/api/v3/system/status",
              "sequence": [
                {"headers": {"Retry-After": "3"}, "status": 503},
                {"fixture": "status-success", "status": 200}
              ]
            }
          ]
        }
        """

    @Test func loadsRoutesQueriesAndSequences() throws {
        let table = try RouteTable.parse(Array(Self.table.utf8), file: "routes.json")
        #expect(table.routes.count == 2)
        #expect(table.routes[0].description == "GET /api/v3/movie?sort=title")
        #expect(table.routes[0].answers == [RouteTable.Answer(status: 200, fixture: "movie-success")])
        #expect(
            table.routes[1].answers == [
                RouteTable.Answer(status: 503, headers: ["Retry-After": "3"]),
                RouteTable.Answer(status: 200, fixture: "status-success"),
            ])
        #expect(table.fixtureNames == ["movie-success", "status-success"])
    }

    @Test func writtenFormIsCanonicalAndReadsBackEqual() throws {
        let table = try RouteTable.parse(Array(Self.table.utf8), file: "routes.json")
        let bytes = table.fileBytes
        #expect(try CanonicalJSONWriter.canonicalize(bytes) == bytes)
        #expect(try RouteTable.parse(bytes, file: "again.json") == table)
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var text: String
        var place: String
        var message: String
        var testDescription: String { message }
    }

    static let badFiles: [BadFile] = [
        BadFile(text: "{\"routes\": [}", place: "bad.json:1:13", message: "expected a value"),
        BadFile(text: "[]", place: "bad.json:1:1", message: "expected an object (a route table"),
        BadFile(
            text: "{\"routes\": [{\"method\": 1, \"path\": \"/a\"}]}", place: "bad.json:1:24",
            message: "expected a string (an HTTP method such as \"GET\") at $.routes[0].method"),
        BadFile(
            text: "{\"routes\": [\n  {\"method\": \"GET\", \"path\": \"/a\", \"fixtrue\": \"x\"}]}",
            place: "bad.json:2:35", message: "unknown member \"fixtrue\""),
        BadFile(
            text: "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"sequence\": []}]}",
            place: "bad.json:1:57", message: "expected at least one answer at $.routes[0].sequence"),
        BadFile(
            text: "{\"routes\": [{\"method\": \"GET\", \"path\": \"/a\", \"status\": 42}]}",
            place: "bad.json:1:55", message: "expected an HTTP status code from 100 to 599"),
        BadFile(
            text: "{\"routes\": [{\"method\": \"GET\"}]}", place: "bad.json:1:13",
            message: "expected a string (a path starting with /) at $.routes[0].path"),
        BadFile(
            text: "{\"routes\": [{\"method\": \"get\", \"path\": \"/a\"}]}", place: "bad.json:1:24",
            message: "expected an upper-case HTTP method"),
    ]

    @Test(arguments: badFiles)
    func badFileIsRejectedNamingFileLineColumnAndWhatWasExpected(bad: BadFile) {
        #expect {
            try RouteTable.parse(Array(bad.text.utf8), file: "bad.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(bad.place + ": error: ") && text.contains(bad.message)
        }
    }

    @Test func missingFileIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("absent.json")
        #expect {
            try RouteTable.load(path: path)
        } throws: { error in "\(error)".hasPrefix(path + ": error: cannot be read") }
    }
}

@Suite("Serving a route table")
struct RouteTableServingTests {
    func fixtures() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        _ = try directory.write("movie-success.json", "[{\"id\": 1, \"title\": \"Heat\"}]\n")
        _ = try directory.write("status-success.json", "{\"ok\": true}\n")
        _ = try directory.write("routes.json", RouteTableTests.table)
        return directory
    }

    func get(_ path: String, from server: StubServer) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await server.session.data(from: URL(string: server.baseURL.absoluteString + path)!)
        return (data, try #require(response as? HTTPURLResponse))
    }

    @Test func servesFixturesAndAnswersASequenceInOrder() async throws {
        let directory = try fixtures()
        defer { directory.remove() }
        let server = StubServer()
        try server.serve(
            try RouteTable.load(path: directory.path("routes.json")), fixturesDirectory: directory.url.path)

        let (movies, moviesResponse) = try await get("/api/v3/movie?sort=title", from: server)
        #expect(moviesResponse.statusCode == 200)
        #expect(moviesResponse.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: movies, as: UTF8.self) == "[{\"id\": 1, \"title\": \"Heat\"}]\n")

        let (_, first) = try await get("/api/v3/system/status", from: server)
        #expect(first.statusCode == 503 && first.value(forHTTPHeaderField: "Retry-After") == "3")
        let (body, second) = try await get("/api/v3/system/status", from: server)
        #expect(second.statusCode == 200 && String(decoding: body, as: UTF8.self) == "{\"ok\": true}\n")
        #expect(server.verify().isEmpty)
    }

    @Test func exhaustedSequenceAndUnmatchedRequestFailClosed() async throws {
        let directory = try fixtures()
        defer { directory.remove() }
        let server = StubServer()
        try server.serve(
            try RouteTable.load(path: directory.path("routes.json")), fixturesDirectory: directory.url.path)
        _ = try await get("/api/v3/system/status", from: server)
        _ = try await get("/api/v3/system/status", from: server)
        let exhausted = await #expect(throws: URLError.self) { try await get("/api/v3/system/status", from: server) }
        #expect(exhausted?.localizedDescription.contains("GET /api/v3/system/status") == true)
        // The movie route requires sort=title: without it the request matches nothing.
        await #expect(throws: URLError.self) { try await get("/api/v3/movie", from: server) }
        let kinds = server.verify().map(\.kind)
        #expect(kinds.contains(.exhaustedSequence) && kinds.contains(.unmatchedRequest))
    }

    @Test func missingFixtureFailsBeforeAnyRouteIsRegistered() throws {
        let directory = try fixtures()
        defer { directory.remove() }
        try FileManager.default.removeItem(atPath: directory.path("status-success.json"))
        let server = StubServer()
        let table = try RouteTable.load(path: directory.path("routes.json"))
        #expect {
            try server.serve(table, fixturesDirectory: directory.url.path)
        } throws: { error in "\(error)".contains("status-success.json: error: fixture 'status-success' cannot be read")
        }
        #expect(server.verify().isEmpty)
    }
}
