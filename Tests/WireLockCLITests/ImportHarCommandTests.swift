#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport
    import WireStub

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Runs the built `wirelock import-har` on a HAR written for the tests (issue 12, Done-when 4).
    @Suite("wirelock import-har (binary)")
    struct ImportHarCommandTests {
        /// Every secret the capture holds; none may appear in any file written or in the report.
        static let secrets = [
            "SECRET-BEARER-TOKEN", "SECRET-COOKIE", "SECRET-SET-COOKIE", "SECRETKEY123", "secret@example.com",
        ]

        static func header(_ name: String, _ value: String) -> String {
            #"{"name": "\#(name)", "value": "\#(value)"}"#
        }

        static func entry(_ url: String, requestHeaders: [String] = [], status: Int, headers: [String], content: String)
            -> String
        {
            """
            {"_priority": "High", "startedDateTime": "2026-12-01T10:00:00.000Z", "time": 12,
             "request": {"method": "GET", "url": "\(url)", "httpVersion": "HTTP/1.1",
                         "headers": [\(requestHeaders.joined(separator: ", "))], "queryString": [], "cookies": []},
             "response": {"status": \(status), "statusText": "", "headers": [\(headers.joined(separator: ", "))],
                          "content": \(content), "_transferSize": 300},
             "_fromCache": "disk"}
            """
        }

        /// A bearer token and a cookie in the request, Set-Cookie and gzip headers in the response, an
        /// API key in the query, a base64 body, two calls to one URL with different answers, and a body
        /// that is not JSON.
        static let capture: String = {
            let movies = #"[{\"title\":\"Heat\",\"id\":1,\"owner\":{\"email\":\"secret@example.com\"}}]"#
            let ok = Data(#"{"version":"4.0","ok":true}"#.utf8).base64EncodedString()
            let entries = [
                entry(
                    "https://api.example.com/api/v3/movie?api_key=SECRETKEY123&sort=title",
                    requestHeaders: [
                        header("Authorization", "Bearer SECRET-BEARER-TOKEN"),
                        header("Cookie", "session=SECRET-COOKIE"),
                        header("Accept", "application/json"),
                    ],
                    status: 200,
                    headers: [
                        header("Content-Type", "application/json; charset=utf-8"), header("Content-Encoding", "gzip"),
                        header("Content-Length", "999"), header("Set-Cookie", "session=SECRET-SET-COOKIE; HttpOnly"),
                    ],
                    content: #"{"size": 80, "mimeType": "application/json", "text": "\#(movies)"}"#),
                entry(
                    "https://api.example.com/api/v3/system/status", status: 503,
                    headers: [header("Retry-After", "3"), header("Content-Type", "application/json")],
                    content: #"{"size": 16, "mimeType": "application/json", "text": "{\"error\":\"busy\"}"}"#),
                entry(
                    "https://api.example.com/api/v3/system/status", status: 200,
                    headers: [header("Content-Type", "application/json"), header("Content-Encoding", "br")],
                    content: #"{"size": 27, "mimeType": "application/json", "encoding": "base64", "text": "\#(ok)"}"#),
                entry(
                    "https://api.example.com/logo", status: 200, headers: [header("Content-Type", "text/html")],
                    content: #"{"size": 13, "mimeType": "text/html", "text": "<p>logo</p>"}"#),
            ]
            return #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
                + entries.joined(separator: ",\n") + "]}}\n"
        }()

        func importCapture(in directory: TemporaryDirectory) throws -> CommandResult {
            _ = try directory.write("capture.har", Self.capture)
            return try WireLockBinary.run(
                ["import-har", "capture.har", "--out", "fixtures", "--redact", "$..email"], in: directory.url)
        }

        @Test func writesCanonicalRedactedFixturesThatValidateAndFmtAccept() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try importCapture(in: directory)
            #expect(result.status == 0, "\(result)")
            #expect(
                try directory.names(in: "fixtures").sorted() == [
                    "movie-success.json", "routes.json", "status-server-error.json", "status-success.json",
                ])
            #expect(
                result.stdout.contains(
                    "redacted: Authorization header 1, Cookie header 1, api_key query item 1, Set-Cookie header 1, "
                        + "body value at $..email 1"), "\(result)")
            #expect(result.stdout.contains("note: GET /logo: body is not JSON (text/html, 11 bytes)"), "\(result)")

            let validate = try WireLockBinary.run(["validate", "fixtures"], in: directory.url)
            #expect(validate.status == 0, "\(validate)")
            let fmt = try WireLockBinary.run(["fmt", "--check", "fixtures"], in: directory.url)
            #expect(fmt.status == 0, "\(fmt)")

            #expect(
                try directory.readText("fixtures/movie-success.json") == """
                    [
                      {
                        "id": 1,
                        "owner": {
                          "email": "<redacted>"
                        },
                        "title": "Heat"
                      }
                    ]

                    """)
            #expect(
                try directory.readText("fixtures/status-success.json")
                    == "{\n  \"ok\": true,\n  \"version\": \"4.0\"\n}\n")
        }

        @Test func noSecretAndNoEncodingHeaderIsWrittenOrPrinted() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try importCapture(in: directory)
            #expect(result.status == 0, "\(result)")
            for name in try directory.names(in: "fixtures") {
                let text = try directory.readText("fixtures/" + name)
                for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) in \(name)") }
                for dropped in ["Content-Encoding", "Content-Length", "gzip", "\"br\""] {
                    #expect(!text.contains(dropped), "\(dropped) in \(name)")
                }
            }
            for secret in Self.secrets { #expect(!(result.stdout + result.stderr).contains(secret)) }
        }

        @Test func routeTableServesTheFixturesWithRepeatedCallsInOrder() async throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try importCapture(in: directory)
            #expect(result.status == 0, "\(result)")
            let server = StubServer()
            try server.serve(
                try RouteTable.load(path: directory.path("fixtures/routes.json")),
                fixturesDirectory: directory.path("fixtures"))

            func get(_ path: String) async throws -> (String, HTTPURLResponse) {
                let url = URL(string: "https://api.example.com" + path)!
                let (data, response) = try await server.session.data(from: url)
                return (String(decoding: data, as: UTF8.self), try #require(response as? HTTPURLResponse))
            }
            let (movies, moviesResponse) = try await get("/api/v3/movie?sort=title&api_key=ANY")
            #expect(moviesResponse.statusCode == 200 && movies.contains("\"title\": \"Heat\""))
            #expect(moviesResponse.value(forHTTPHeaderField: "Set-Cookie") == "<redacted>")
            let (busy, first) = try await get("/api/v3/system/status")
            #expect(first.statusCode == 503 && first.value(forHTTPHeaderField: "Retry-After") == "3")
            #expect(busy.contains("busy"))
            let (ok, second) = try await get("/api/v3/system/status")
            #expect(second.statusCode == 200 && ok.contains("\"version\": \"4.0\""))
            let (logo, logoResponse) = try await get("/logo")
            #expect(logoResponse.statusCode == 200 && logo.isEmpty)
            #expect(server.verify().isEmpty)
        }

        @Test(arguments: [
            (
                #"{"log": {"entries": {}}}"#,
                "capture.har:1:21: error: expected an array (the HAR entries) at $.log.entries"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET"}, "response": {"status": 200}}]}}"#,
                "capture.har:1:34: error: expected a string (the request's URL) at $.log.entries[0].request.url"
            ),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.test/x"}, "response": {"status": 200, "content": {"encoding": "base64", "text": "%%%"}}}]}}"#,
                "capture.har:1:150: error: expected base64 text"
            ),
            (#"{"log": {"entries": [}}"#, "capture.har:1:22: error: "),
        ])
        func invalidCaptureIsExit2NamingTheSpotAndWritesNothing(text: String, message: String) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try directory.write("capture.har", text)
            let result = try WireLockBinary.run(["import-har", "capture.har", "--out", "fixtures"], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.hasPrefix(message), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("fixtures")))
        }

        @Test func invalidRedactPatternIsAUsageErrorAndWritesNothing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            _ = try directory.write("capture.har", Self.capture)
            let result = try WireLockBinary.run(
                ["import-har", "capture.har", "--out", "fixtures", "--redact", "$.["], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("invalid value '$.[' for '--redact'"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("fixtures")))
        }
    }
#endif
