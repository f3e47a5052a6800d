#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireGolden
    import WireDecoder
    import WireJSON
    import WireLockTestSupport
    import WireShapes
    import WireCommands
    import WireStub

    /// Contract mode against a real HTTP server on 127.0.0.1 (issue 12, Done-when 5).
    @Suite(
        "Contract mode (loopback server)",
        .enabled(if: LoopbackServer.python != nil, "python3 is not on PATH: no loopback HTTP server to check against"))
    struct ContractCheckTests {
        static let routes = """
            {"routes": [
              {"method": "GET", "path": "/api/v3/movie", "fixture": "movie-success"},
              {"method": "GET", "path": "/api/v3/movie/{id}", "fixture": "movie-success"}
            ]}
            """
        static let fixture = #"[{"id": 1, "title": "Heat", "year": 1995}]"#

        /// Runs the check with `live` as the body the service sends for `/api/v3/movie`.
        func check(live: String, record: Bool = false, redactions: [JSONPathPattern] = []) async throws
            -> ContractCheck.Report
        {
            let fixtures = try TemporaryDirectory()
            let service = try TemporaryDirectory()
            defer {
                fixtures.remove()
                service.remove()
            }
            _ = try fixtures.write("routes.json", Self.routes)
            _ = try fixtures.write("movie-success.json", Self.fixture)
            try FileManager.default.createDirectory(
                at: service.url.appendingPathComponent("api/v3"), withIntermediateDirectories: true)
            _ = try service.write("api/v3/movie", live)
            let server = try LoopbackServer(serving: service.url)
            defer { server.stop() }
            let table = try RouteTable.load(path: fixtures.path("routes.json"))
            return await ContractCheck(baseURL: server.baseURL, record: record, redactions: redactions)
                .run(table, fixturesDirectory: fixtures.url.path)
        }

        @Test func matchingLiveResponsePasses() async throws {
            // Other values, same shape.
            let report = try await check(live: #"[{"id": 7, "title": "Ronin", "year": 1998}]"#)
            #expect(report.findings.isEmpty, "\(report.findings)")
            #expect(report.checked == 1)
            #expect(
                report.skipped == ["GET /api/v3/movie/{id}: the path has {parameters}; give the table a concrete path"])
        }

        @Test func removedMemberFailsNamingThePathAndTheRule() async throws {
            let report = try await check(live: #"[{"id": 7, "year": 1998}]"#)
            #expect(report.findings.count == 1, "\(report.findings)")
            let finding = try #require(report.findings.first)
            #expect(finding.kind == .shapeChanged && finding.path == "$[*].title" && finding.rule == .memberRemoved)
            #expect(finding.description.hasPrefix("GET /api/v3/movie: $[*].title: member-removed: "))
        }

        @Test func addedMemberIsReportedToo() async throws {
            let report = try await check(live: #"[{"id": 7, "title": "Ronin", "year": 1998, "rating": 7.2}]"#)
            #expect(report.findings.map(\.path) == ["$[*].rating"])
            #expect(report.findings.map(\.rule) == [.requiredMemberAdded])
        }

        @Test func invalidLiveBodyIsReportedWithItsLocation() async throws {
            let report = try await check(live: "[{\"id\": 7,\n  \"title\": }]")
            #expect(report.findings.map(\.kind) == [.invalidJSON])
            #expect(report.findings.first?.path == "line 2, column 12")
        }

        @Test func missingLiveRouteIsAStatusFinding() async throws {
            let fixtures = try TemporaryDirectory()
            let service = try TemporaryDirectory()
            defer {
                fixtures.remove()
                service.remove()
            }
            _ = try fixtures.write("movie-success.json", Self.fixture)
            let server = try LoopbackServer(serving: service.url)
            defer { server.stop() }
            let table = RouteTable(routes: [
                .init(method: "GET", path: "/api/v3/movie", answers: [.init(status: 200, fixture: "movie-success")])
            ])
            let report = await ContractCheck(baseURL: server.baseURL).run(table, fixturesDirectory: fixtures.url.path)
            #expect(report.findings.first?.kind == .status)
            #expect(report.findings.first?.message == "expected status 200, got 404")
        }

        @Test func recordReturnsTheLiveBodyRedactedAndCanonicalOnlyWhenAsked() async throws {
            let live = #"[{"title":"Ronin","id":7,"year":1998}]"#
            #expect(try await check(live: live).recorded.isEmpty)
            let report = try await check(live: live, record: true, redactions: [try JSONPathPattern("$[*].title")])
            #expect(report.recorded.map(\.name) == ["movie-success"])
            #expect(
                report.recorded.first.map { String(decoding: $0.bytes, as: UTF8.self) }
                    == "[\n  {\n    \"id\": 7,\n    \"title\": \"<redacted>\",\n    \"year\": 1998\n  }\n]\n")
        }
    }

    @Suite("Contract mode is off by default")
    struct ContractSwitchTests {
        @Test func baseURLComesOnlyFromTheVariable() {
            #expect(ContractCheck.baseURL(from: [:]) == nil)
            #expect(ContractCheck.baseURL(from: [ContractCheck.baseURLVariable: ""]) == nil)
            #expect(ContractCheck.baseURL(from: [ContractCheck.baseURLVariable: "not a url"]) == nil)
            #expect(
                ContractCheck.baseURL(from: [ContractCheck.baseURLVariable: "https://api.example.com/v3"])
                    == URL(string: "https://api.example.com/v3"))
        }
    }
#endif
