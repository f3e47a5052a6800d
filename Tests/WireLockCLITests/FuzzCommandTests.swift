#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock fuzz`, run as a user would.
    @Suite("wirelock fuzz")
    struct FuzzCommandTests {
        static let root = Repository.root

        func scratch() throws -> URL {
            let url = TemporaryDirectory.uniqueURL("wirelock-fuzz")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        @Test func aValidatorCampaignOverTheFixturesIsClean() throws {
            let result = try WireLockBinary.run(
                [
                    "fuzz", "Fixtures/API/v3/calendar-success.json", "Fixtures/API/v3/calendar-malformed.json",
                    "--seed", "7", "--count", "2000",
                ], in: Self.root)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("skipped Fixtures/API/v3/calendar-malformed.json: not valid JSON"))
            #expect(result.stdoutLines.last == "2000 mutants: 2000 as expected, 0 findings")
            #expect(result.stdout.contains("\ntruncate "))
            #expect(result.stderr.isEmpty, "no progress when standard error is not a terminal")
        }

        @Test func theShardsFoldersTogetherAreTheWholeCampaignsFolder() throws {
            let dir = try scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let common = [
                "fuzz", "Fixtures/API/v3/error-404.json", "Fixtures/API/v3/error-429.json", "--seed", "3", "--count",
                "300",
                "--quiet",
            ]
            #expect(
                try WireLockBinary.run(common + ["--out", dir.appendingPathComponent("whole").path], in: Self.root)
                    .status
                    == 0)
            for i in 1...3 {
                #expect(
                    try WireLockBinary.run(
                        common + ["--shard", "\(i)/3", "--out", dir.appendingPathComponent("shards").path],
                        in: Self.root
                    ).status == 0)
            }
            let whole = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("whole").path)
                .sorted()
            let shards = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("shards").path)
                .sorted()
            #expect(whole == shards)
            #expect(whole.count > 100 && whole.count % 2 == 0)
            for name in whole {
                let a = try Data(contentsOf: dir.appendingPathComponent("whole/\(name)"))
                let b = try Data(contentsOf: dir.appendingPathComponent("shards/\(name)"))
                #expect(a == b, "\(name)")
            }
            let label = try #require(whole.first { $0.hasSuffix(".label.json") })
            let text = try String(contentsOf: dir.appendingPathComponent("whole/\(label)"), encoding: .utf8)
            #expect(text.contains("\"mutator\": ") && text.contains("\"expected\": {"))
        }

        @Test func aCrashingExternalDecoderIsAFindingWithAReproducer() throws {
            let dir = try scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            // Dies by SIGABRT on any input that mentions "wirelock" (the wrong-type and extra-key values).
            let decoder = "grep -q wirelock && kill -ABRT $$; exit 1"
            let result = try WireLockBinary.run(
                [
                    "fuzz", "Fixtures/API/v3/error-429.json", "--count", "30", "--mutators", "wrong-type,truncate",
                    "--exec", decoder, "--out", dir.path, "--format", "json",
                ], in: Self.root)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains(#""outcome": "crash""#))
            #expect(result.stdout.contains("killed by signal 6 (SIGABRT)"))
            let reproducer = try #require(result.stdout.split(separator: "\n").first { $0.contains("\"reproducer\"") })
            let path = String(reproducer.split(separator: "\"")[3])
            let bytes = try String(contentsOfFile: path, encoding: .utf8)
            #expect(bytes.contains("wirelock"))
        }

        @Test func badOptionsAreUsageErrors() throws {
            let shard = try WireLockBinary.run(
                ["fuzz", "Fixtures/API/v3/error-429.json", "--shard", "5/4"], in: Self.root)
            #expect(shard.status == 2)
            #expect(shard.stderr.contains("invalid value '5/4' for '--shard'"))
            let mutators = try WireLockBinary.run(
                ["fuzz", "Fixtures/API/v3/error-429.json", "--mutators", "null,bogus"], in: Self.root)
            #expect(mutators.status == 2)
            #expect(mutators.stderr.contains("unknown mutator 'bogus'"))
            let nothing = try WireLockBinary.run(["fuzz", "Fixtures/API/v3/movies-malformed.json"], in: Self.root)
            #expect(nothing.status == 2)
            #expect(nothing.stderr.contains("no valid JSON input"))
        }
    }
#endif
