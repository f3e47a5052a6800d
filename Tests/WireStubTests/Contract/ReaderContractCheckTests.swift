#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireCommands
    import WireDecoder
    import WireLockTestSupport
    import WireStub
    import WireReaders

    /// Contract mode judged by what the client reads (issue 25, Done-when 4): a GitHub-like
    /// repository payload, wide and null-heavy, and a model that reads a few of its members. A live
    /// answer that removes or retypes a member the model reads is a finding; one that removes or
    /// retypes a member it never reads is not.
    @Suite(
        "Contract mode by the reader contract (loopback server)",
        .enabled(if: LoopbackServer.python != nil, "python3 is not on PATH: no loopback HTTP server to check against"))
    struct ReaderContractCheckTests {
        struct Owner: Decodable {
            var login: String
            var id: Int
        }

        /// Reads 5 of the fixture's 11 top-level members.
        struct Repository: Decodable {
            var id: Int
            var fullName: String
            var owner: Owner
            var htmlURL: URL
            var description: String?

            enum CodingKeys: String, CodingKey {
                case id, owner, description
                case fullName = "full_name"
                case htmlURL = "html_url"
            }
        }

        static let fixture = """
            {"id": 1296269, "node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5", "name": "Hello-World",
             "full_name": "octocat/Hello-World",
             "owner": {"login": "octocat", "id": 1, "site_admin": false, "type": "User"},
             "html_url": "https://github.com/octocat/Hello-World", "description": null,
             "mirror_url": null, "temp_clone_token": null, "watchers": 80, "archived": false}
            """

        static func contract() throws -> ReaderContract {
            let (_, report) = try WireJSONDecoder().decodeWithReport(Repository.self, from: Data(fixture.utf8))
            return ReaderContract(model: "Repository", fixture: "repository.json", report: report)
        }

        /// The fixture with `edit` applied, as the live answer.
        static func live(_ edit: (inout [String: Any]) -> Void) throws -> String {
            var object = try #require(JSONSerialization.jsonObject(with: Data(fixture.utf8)) as? [String: Any])
            edit(&object)
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }

        func check(live: String, reads: [ReaderContract]) async throws -> ContractCheck.Report {
            let fixtures = try TemporaryDirectory()
            let service = try TemporaryDirectory()
            defer {
                fixtures.remove()
                service.remove()
            }
            _ = try fixtures.write(
                "routes.json",
                #"{"routes": [{"method": "GET", "path": "/repos/octocat/hello", "fixture": "repository"}]}"#)
            _ = try fixtures.write("repository.json", Self.fixture)
            try FileManager.default.createDirectory(
                at: service.url.appendingPathComponent("repos/octocat"), withIntermediateDirectories: true)
            _ = try service.write("repos/octocat/hello", live)
            let server = try LoopbackServer(serving: service.url)
            defer { server.stop() }
            let table = try RouteTable.load(path: fixtures.path("routes.json"))
            return await ContractCheck(baseURL: server.baseURL, readerContracts: reads)
                .run(table, fixturesDirectory: fixtures.url.path)
        }

        @Test func flagsExactlyTheReadMembers() async throws {
            let contract = try Self.contract()
            let live = try Self.live { object in
                object["full_name"] = nil  // read, removed
                object["id"] = "1296269"  // read, retyped
                object["watchers"] = nil  // not read, removed
                object["mirror_url"] = ["href": "x"]  // not read, retyped
                object["archived"] = "no"  // not read, retyped
                var owner = object["owner"] as? [String: Any] ?? [:]
                owner["site_admin"] = nil  // not read, removed
                object["owner"] = owner
            }
            let report = try await check(live: live, reads: [contract])
            #expect(report.findings.map(\.path) == ["$.full_name", "$.id"], "\(report.findings)")
            #expect(report.findings.allSatisfy { $0.kind == .readerContract })
            #expect(report.findings.first?.message.hasPrefix("absent, and the model reads it as required") == true)
            #expect(report.findings.last?.message.hasPrefix("string, and the model accepts number") == true)
            #expect(report.unreadChanges >= 4, "\(report)")

            // Without the contract, the shape alone reports every change.
            let shapeOnly = try await check(live: live, reads: [])
            #expect(
                Set(shapeOnly.findings.compactMap(\.path)).isSuperset(of: ["$.watchers", "$.mirror_url", "$.archived"]))
        }

        @Test func anOptionalReadMemberMayBeNullOrAbsent() async throws {
            let live = try Self.live { object in object["description"] = nil }
            let report = try await check(live: live, reads: [try Self.contract()])
            #expect(report.findings.isEmpty, "\(report.findings)")
        }

        @Test func aContractOfAnotherFixtureDoesNotApply() async throws {
            var other = try Self.contract()
            other.fixtures = ["user.json"]
            let live = try Self.live { object in object["watchers"] = nil }
            let report = try await check(live: live, reads: [other])
            #expect(report.findings.map(\.path) == ["$.watchers"])
        }
    }
#endif
