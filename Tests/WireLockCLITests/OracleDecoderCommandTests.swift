#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireFuzz
    import WireJSON
    import WireLockTestSupport
    import WireDecoderOracle
    import WireOracle
    import WireSupport

    @testable import WireLockCLI

    /// `wirelock oracle decoder` and `wirelock-sample oracle-decoder`, run as built binaries.
    @Suite("wirelock oracle decoder (binary)")
    struct OracleDecoderEndToEndTests {
        @Test func aRunOverShapesAndFixturesHasNoMismatchAndSaysWhatItCompared() throws {
            let result = try WireLockBinary.run(
                [
                    "oracle", "decoder", "--templates", "480", "--mutants", "300", "--byte-positions", "20",
                    "Fixtures/invalid",
                ],
                in: Repository.root)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "")
            let lines = result.stdoutLines
            // Fixtures/invalid: 6 files; 2 parse once repeated names and comments are allowed (they seed
            // mutants), 4 do not (each decoded as it is, and cut after / shortened at 20 positions).
            #expect(
                lines.first
                    == "oracle decoder: 480 documents of 24 templates, 300 mutants of 2 fixtures and 164 byte variants of 4 that are not JSON (seed 1)"
            )
            #expect(lines.dropFirst().first?.hasSuffix("(944 inputs)") == true, "\(lines)")
            #expect(lines.last == "  mismatches:       0")
        }

        @Test func theJSONSummaryHasTheCounts() throws {
            let result = try WireLockBinary.run(["oracle", "decoder", "--templates", "48", "--format", "json"])
            #expect(result.status == 0, "\(result)")
            let summary = try JSONValue.parse(result.stdout)
            #expect(summary["inputs"] == .number(48))
            #expect(summary["mismatched"] == .number(0))
            #expect(summary["mismatches"] == .array([]))
            guard case .number(let compared)? = summary["compared"], let n = compared.intValue else {
                Issue.record("no count of decodes compared: \(result.stdout)")
                return
            }
            #expect(n > 48)
        }

        @Test(arguments: [
            (["oracle", "decoder", "--mutants", "5"], "'--mutants' needs fixtures"),
            (["oracle", "decoder", "--templates", "-1"], "--templates"),
            (["oracle", "decoder", "--shard", "3/2"], "--shard"),
            (["oracle", "decoder", "--templates", "1", "Fixtures/no-such-file.json"], "no-such-file.json"),
        ])
        func usageAndInputErrorsExitTwoAndNameTheProblem(arguments: [String], mentions: String) throws {
            let result = try WireLockBinary.run(arguments, in: Repository.root)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains(mentions), "\(result)")
        }

        @Test func anOutFolderThatCannotBeMadeExitsTwo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = try directory.write("plain-file", "x")
            let result = try WireLockBinary.run(["oracle", "decoder", "--templates", "1", "--out", file + "/sub"])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("cannot use"), "\(result)")
        }

        @Test func theSampleRunnerComparesEveryModel() throws {
            let result = try WireLockBinary.run(
                ["oracle-decoder", "--mutants", "200"], in: Repository.root, executable: "wirelock-sample")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.first == "oracle-decoder: 200 mutants per model (seed 1, shard 1/1)")
            #expect(
                result.stdoutLines.dropFirst().prefix(6).map { String($0.prefix { $0 != ":" }) }
                    == ["  movie", "  series", "  calendar", "  sync-record", "  error", "  rate-limit"])
            #expect(result.stdoutLines.last == "  mismatches:       0")
            let unknown = try WireLockBinary.run(
                ["oracle-decoder", "nomodel"], in: Repository.root, executable: "wirelock-sample")
            #expect(unknown.status == 2, "\(unknown)")
        }
    }

    /// The parts of the command that a clean run never reaches: saving mismatches and exit 1.
    @Suite("wirelock oracle decoder (mismatches)")
    struct OracleDecoderMismatchTests {
        /// A mismatch from a real run of a deliberately wrong candidate (it adds one to every Int).
        static func mismatch() throws -> DecoderMismatch {
            let pair = DecoderPair(
                name: "Int",
                legacy: { bytes in
                    DecodeOutcome(decoding: { try JSONDecoder().decode(Int.self, from: Data(bytes)) }) {
                        Array("\($0)".utf8)
                    }
                },
                candidate: { bytes in
                    DecodeOutcome(decoding: { try JSONDecoder().decode(Int.self, from: Data(bytes)) }) {
                        Array("\($0 + 1)".utf8)
                    }
                })
            let report = DecoderOracle(targets: [DecoderTarget(name: "top-level", pairs: [pair])])
                .run([
                    DecoderInput(target: 0, bytes: [0xFF, 0x31], origin: "one"),
                    DecoderInput(target: 0, bytes: Array("7".utf8), origin: "two"),
                ])
            #expect(report.mismatched == 1)
            return try #require(report.mismatches.first)
        }

        @Test func eachMismatchIsSavedAsItsBytesAndAReplayableCase() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let mismatch = try Self.mismatch()
            let saved = try OracleDecoderCommand.save([mismatch], in: RawPath(directory.url.path))
            let name = Mutant.contentHash(of: Array("7".utf8))
            #expect(try directory.names() == [name + ".input", name + ".json"])
            #expect(saved == [1: directory.path(name + ".json")])
            #expect(try directory.read(name + ".input") == Array("7".utf8))
            let regression = try JSONValue.parse(try directory.read(name + ".json"))
            #expect(regression["template"] == .string("top-level"))
            #expect(regression["inputHex"] == .string("37"))
            guard case .string(let note)? = regression["note"] else {
                Issue.record("no note: \(regression)")
                return
            }
            #expect(note.contains("JSONDecoder: value \"7\"; candidate: value \"8\""), "\(note)")
        }

        @Test func aReportWithMismatchesRendersThemAndTheirFiles() throws {
            let mismatch = try Self.mismatch()
            var report = DecoderOracleReport()
            report.mismatched = 1
            report.mismatches = [mismatch]
            let summary = OracleDecoderSummary(
                templates: 1, templateDocuments: 2, mutants: 0, fixtures: 0, seeds: 0, unparseable: [], variants: 0,
                seed: 1,
                shard: .whole)
            let text = summary.text(report, saved: [1: "out/x.json"])
            #expect(
                text.contains("  mismatches:       1\n#1 Int [strategies: default] from two: the values differ\n"),
                "\(text)")
            #expect(text.hasSuffix("  saved:        out/x.json\n"), "\(text)")
        }
    }
#endif
