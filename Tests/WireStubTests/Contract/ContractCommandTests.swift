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

#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock contract` against a loopback service that answers only with its API key.
    @Suite(
        "wirelock contract with credentials (binary)",
        .enabled(if: LoopbackServer.python != nil, "python3 is not on PATH: no loopback HTTP server to check against"))
    struct ContractCredentialCommandTests {
        static let key = "5f0e1d2c3b4a69788796a5b4c3d2e1f0"

        @Test func theKeyComesFromTheEnvironmentIsMaskedAndNeverWritten() throws {
            let fixtures = try TemporaryDirectory()
            let service = try TemporaryDirectory()
            defer {
                fixtures.remove()
                service.remove()
            }
            _ = try fixtures.write(
                "routes.json",
                #"{"credentials": {"headers": {"X-Api-Key": "RADARR_API_KEY"}}, "#
                    + #""routes": [{"method": "GET", "path": "/status", "fixture": "status-success"}]}"#)
            _ = try fixtures.write("status-success.json", #"{"version": "5.0"}"#)
            _ = try service.write("status", #"{"version": "5.1", "echo": "\#(Self.key)"}"#)
            let server = try LoopbackServer(serving: service.url, requiring: ("X-Api-Key", Self.key))
            defer { server.stop() }
            let base = server.baseURL.absoluteString

            let unset = try WireLockBinary.run(
                ["contract", "routes.json", "--base-url", base], in: fixtures.url, environment: ["RADARR_API_KEY": ""])
            #expect(unset.status == 2, "\(unset)")
            #expect(unset.stderr.contains("header X-Api-Key from $RADARR_API_KEY"), "\(unset)")

            let checked = try WireLockBinary.run(
                ["contract", "routes.json", "--base-url", base, "--record"], in: fixtures.url,
                environment: ["RADARR_API_KEY": Self.key])
            #expect(checked.status == 1, "\(checked)")  // the live body has a member the fixture lacks
            #expect(checked.stdout.contains("sent header X-Api-Key = <$RADARR_API_KEY>"), "\(checked)")
            #expect(checked.stdout.contains("$.echo: required-member-added"), "\(checked)")
            #expect(!checked.stdout.contains(Self.key) && !checked.stderr.contains(Self.key), "\(checked)")
            let recorded = try fixtures.readText("status-success.json")
            #expect(recorded.contains(#""echo": "<$RADARR_API_KEY>""#), "\(recorded)")
            for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.url.path) {
                #expect(!(try fixtures.readText(name)).contains(Self.key), "\(name) holds the key")
            }
        }
    }
#endif
