#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock contract` run as the built binary against the loopback server.
    @Suite(
        "wirelock contract (binary)",
        .enabled(if: LoopbackServer.python != nil, "python3 is not on PATH: no loopback HTTP server to check against"))
    struct ContractCommandTests {
        @Test func isOffWithoutABaseURL() throws {
            let result = try WireLockBinary.run(
                ["contract", "routes.json"], environment: ["WIRELOCK_CONTRACT_BASE_URL": ""])
            #expect(result.status == 2)
            #expect(result.stderr.contains("contract mode is off: give --base-url or set WIRELOCK_CONTRACT_BASE_URL"))
        }

        @Test func removedMemberIsExit1NamingPathAndRuleAndRecordRewritesTheFixture() throws {
            let fixtures = try TemporaryDirectory()
            let service = try TemporaryDirectory()
            defer {
                fixtures.remove()
                service.remove()
            }
            _ = try fixtures.write(
                "routes.json", #"{"routes": [{"method": "GET", "path": "/movie", "fixture": "movie-success"}]}"#)
            _ = try fixtures.write("movie-success.json", #"{"id": 1, "title": "Heat"}"#)
            _ = try service.write("movie", #"{"id": 2}"#)
            let server = try LoopbackServer(serving: service.url)
            defer { server.stop() }

            let check = try WireLockBinary.run(
                ["contract", "routes.json"], in: fixtures.url,
                environment: ["WIRELOCK_CONTRACT_BASE_URL": server.baseURL.absoluteString])
            #expect(check.status == 1, "\(check)")
            #expect(check.stdout.contains("routes.json: GET /movie: $.title: member-removed: "), "\(check)")
            #expect(try fixtures.readText("movie-success.json") == #"{"id": 1, "title": "Heat"}"#)

            let record = try WireLockBinary.run(
                ["contract", "routes.json", "--base-url", server.baseURL.absoluteString, "--record"], in: fixtures.url)
            #expect(record.stdout.contains("recorded "), "\(record)")
            #expect(try fixtures.readText("movie-success.json") == "{\n  \"id\": 2\n}\n")
            let again = try WireLockBinary.run(
                ["contract", "routes.json", "--base-url", server.baseURL.absoluteString], in: fixtures.url)
            #expect(again.status == 0, "\(again)")
        }
    }
#endif
