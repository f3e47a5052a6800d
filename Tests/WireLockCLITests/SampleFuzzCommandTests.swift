#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// `wirelock-sample fuzz`, run as a user would: the campaign runs in a worker process (the same
    /// binary started again), findings are shrunk and saved, and saved findings no longer fail a run.
    @Suite("wirelock-sample fuzz")
    struct SampleFuzzCommandTests {
        static let root = Repository.root

        /// Runs the `wirelock-sample` built next to `wirelock`, from the package root (its fixture
        /// globs are relative), with output in files so no pipe can fill up.
        func sample(_ arguments: [String]) throws -> CommandResult {
            try WireLockBinary.run(arguments, in: Self.root, executable: "wirelock-sample")
        }

        @Test func aCleanModelExitsZero() throws {
            let result = try sample(["fuzz", "error", "--seed", "7", "--count", "400", "--out", "/tmp/wirelock-unused"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.last == "400 mutants: 400 as expected, 0 findings")
        }

        @Test func findingsAreShrunkSavedAndThenKnown() throws {
            let out = TemporaryDirectory.uniqueURL("wirelock-regressions")
            defer { try? FileManager.default.removeItem(at: out) }
            let arguments = [
                "fuzz", "rate-limit", "--seed", "7", "--count", "300", "--mutators", "drop-key", "--out", out.path,
            ]
            let first = try sample(arguments)
            #expect(first.status == 1, "\(first)")
            #expect(first.stdout.contains("FINDING silently-accepted"))
            #expect(first.stdout.contains("the model decoded 60"))
            #expect(first.stdout.contains("(new: review it, fix the model or commit the case)"))
            let saved = try FileManager.default.contentsOfDirectory(
                atPath: out.appendingPathComponent("rate-limit").path)
            #expect(saved.contains { $0.hasSuffix(".meta.json") })
            // The smallest document that still shows the dropped retryAfter being defaulted: only the
            // required message is left.
            #expect(
                saved.contains { name in
                    name.hasSuffix(".json") && !name.hasSuffix(".meta.json")
                        && (try? String(contentsOf: out.appendingPathComponent("rate-limit/\(name)"), encoding: .utf8))
                            == #"{"message":"Too Many Requests"}"#
                })
            // Dropping retryAfter and dropping status both shrink to that document: two groups, two
            // cases, each with its own metadata.
            #expect(first.stdoutLines.last == "300 mutants: 200 as expected, 100 findings in 2 groups")
            let cases = saved.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".meta.json") }
            #expect(cases.count == 2, "\(saved)")
            let paths = cases.compactMap { name -> String? in
                let meta = out.appendingPathComponent("rate-limit/" + name.dropLast(".json".count) + ".meta.json")
                return (try? String(contentsOf: meta, encoding: .utf8))?.split(separator: "\n").first {
                    $0.hasPrefix("  \"path\"")
                }.map(String.init)
            }
            #expect(Set(paths) == [#"  "path": "$.retryAfter","#, #"  "path": "$.status","#])
            let second = try sample(arguments)
            #expect(second.status == 0, "\(second)")
            #expect(
                second.stdoutLines.last
                    == "300 mutants: 200 as expected, 100 findings in 2 groups (100 matching committed regressions)")
            #expect(second.stdout.contains("matching committed regressions"))
        }

        /// The runner's help is generated from its declarations (the command-line layer's), like
        /// `wirelock`'s: overview, usage, options, the exit status, and the registered models.
        @Test(arguments: [
            (["fuzz", "--help"], "USAGE: wirelock-sample fuzz [--seed <s>] [--count <n>]"),
            (["fuzz", "rate-limit", "-h"], "USAGE: wirelock-sample fuzz [--seed <s>] [--count <n>]"),
            (["help", "fuzz"], "USAGE: wirelock-sample fuzz [--seed <s>] [--count <n>]"),
            (["roundtrip", "--help"], "USAGE: wirelock-sample roundtrip [<model>] [<glob> ...]"),
            (["roundtrip", "-h"], "USAGE: wirelock-sample roundtrip [<model>] [<glob> ...]"),
            (["list", "--help"], "USAGE: wirelock-sample list"),
            (["help"], "USAGE: wirelock-sample <subcommand>"),
            (["--help"], "USAGE: wirelock-sample <subcommand>"),
        ])
        func helpPrintsUsageAndExitsZero(arguments: [String], usage: String) throws {
            let result = try sample(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.first?.hasPrefix("OVERVIEW: ") == true, "\(result)")
            #expect(result.stdoutLines.contains { $0.hasPrefix(usage) }, "\(result)")
            #expect(
                result.stdoutLines.last
                    == "MODELS: movie, series, calendar, sync-record, error, rate-limit, webhook-delivery")
            if arguments.contains("fuzz") {
                #expect(result.stdout.contains("--seed <s>"))
                #expect(result.stdout.contains("Exit status: 0 no new finding, 1 new findings"))
            }
            if arguments.contains("roundtrip") {
                #expect(result.stdout.contains("Exit status: 0 every fixture as expected"))
            }
            #expect(!result.stdout.contains("__fuzz-worker"), "the worker command is hidden")
        }

        @Test func helpForAnUnknownCommandExitsTwo() throws {
            let result = try sample(["help", "frobnicate"])
            #expect(result.status == 2)
            #expect(result.stdoutLines.first == "wirelock-sample: error: unknown subcommand 'frobnicate'")
        }

        @Test func usageErrorsExitTwo() throws {
            let unknown = try sample(["fuzz", "no-such-model"])
            #expect(unknown.status == 2)
            #expect(unknown.stdout.contains("unknown model 'no-such-model'"))
            let shard = try sample(["fuzz", "error", "--shard", "0/2"])
            #expect(shard.status == 2)
            #expect(
                shard.stdoutLines.first
                    == "wirelock-sample: error: invalid value '0/2' for '--shard': expected I/N with 1 <= I <= N, e.g. 2/4"
            )
            let count = try sample(["fuzz", "error", "--count", "zero"])
            #expect(count.status == 2)
            #expect(
                count.stdoutLines.first
                    == "wirelock-sample: error: invalid value 'zero' for '--count': expected a positive whole number")
        }
    }
#endif
