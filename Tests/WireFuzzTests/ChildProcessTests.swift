#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    @testable import WireCommands
    import WireJSON
    import WireLockTestSupport
    import WireSupport

    @testable import WireFuzz

    /// The worker protocol against stand-in workers written in shell: one that dies by a signal on a
    /// given mutant, one that stops answering. The parent must report the mutant in flight, keep its
    /// reproducer, start a new worker and go on.
    @Suite("Child-process campaigns")
    struct ChildProcessTests {
        static func campaign() throws -> ModelCampaign {
            ModelCampaign(
                model: .codable(Item.self, name: "item"), seeds: [try seed(#"{"id": 1, "name": "a", "note": "x"}"#)],
                seed: 5)
        }

        /// A worker that answers every mutant number with `accepted`, except `crashAt`, where it
        /// kills itself with SIGSEGV, or `hangAt`, where it sleeps.
        static func worker(crashAt: Int = -1, hangAt: Int = -1) -> [String] {
            [
                "/bin/sh", "-c",
                """
                while read k; do
                  if [ "$k" = \(crashAt) ]; then kill -SEGV $$; fi
                  if [ "$k" = \(hangAt) ]; then sleep 30; fi
                  printf '%s\\taccepted\\tany\\tfine\\n' "$k"
                done
                """,
            ]
        }

        @Test func aCrashingDecoderIsReportedWithAReproducerAndTheRunGoesOn() throws {
            let campaign = try Self.campaign()
            let runner = ChildProcessCampaign(
                campaign: campaign, workerCommand: Self.worker(crashAt: 7), timeLimit: 5, batchSize: 4)
            let result = try runner.run(count: 20)
            #expect(result.tally.total.mutants == 20, "every mutant judged, before and after the crash")
            #expect(result.findings.map(\.index) == [7])
            let crash = try #require(result.findings.first)
            #expect(crash.verdict.outcome == .crash)
            #expect(crash.verdict.seen == "the decoder died: signal 11 (SIGSEGV)")
            #expect(crash.bytes == campaign.generator.mutant(7).bytes)

            // The reproducer is saved like any other regression case.
            let folder = TemporaryDirectory.uniqueURL("wirelock-crash")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = try FuzzRegressions.save(
                crash, expectation: campaign.expectation(7), model: campaign.model, in: folder)
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == crash.bytes)
            let cases = try FuzzRegressions.load(from: folder)
            #expect(cases.map(\.outcome) == [.crash])
            #expect(
                FuzzRegressions.replay(cases[0], model: campaign.model) == nil,
                "open crashes are not replayed in process")
        }

        @Test func twoFindingsWithTheSameBytesAreTwoCases() throws {
            let campaign = try Self.campaign()
            let mutant = campaign.generator.mutant(3)
            let verdict = FuzzVerdict(.silentlyAccepted, expected: "missingKey", seen: "accepted")
            var first = FuzzFinding(
                index: 3, seedName: mutant.seedName, operation: mutant.operation, verdict: verdict,
                bytes: Array(#"{"id":1}"#.utf8))
            first.operation.path = [.key("name")]
            var second = first
            second.operation.path = [.key("note")]
            #expect(FuzzRegressions.caseName(of: first) != FuzzRegressions.caseName(of: second))
            var sameGroup = first
            sameGroup.index = 9
            #expect(
                FuzzRegressions.caseName(of: first) == FuzzRegressions.caseName(of: sameGroup),
                "the name depends on bytes and group only")

            let folder = TemporaryDirectory.uniqueURL("wirelock-same-bytes")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FuzzRegressions.save(first, expectation: campaign.expectation(3), model: campaign.model, in: folder)
            try FuzzRegressions.save(second, expectation: campaign.expectation(3), model: campaign.model, in: folder)
            #expect(
                FuzzRegressions.hashes(in: folder) == [
                    FuzzRegressions.caseName(of: first), FuzzRegressions.caseName(of: second),
                ])
            let paths = try FuzzRegressions.load(from: folder).compactMap { $0.meta["path"] }
            #expect(Set(paths) == [.string("$.name"), .string("$.note")], "each case keeps its own metadata")
        }

        @Test func aWorkerThatStopsAnsweringIsAHang() throws {
            let campaign = try Self.campaign()
            let runner = ChildProcessCampaign(
                campaign: campaign, workerCommand: Self.worker(hangAt: 2), timeLimit: 1, batchSize: 8)
            let result = try runner.run(count: 6)
            #expect(result.tally.total.mutants == 6)
            #expect(result.findings.map(\.verdict.outcome) == [.hang])
            #expect(result.findings.map(\.index) == [2])
        }

        @Test func shardsRunOnlyTheirMutants() throws {
            let campaign = try Self.campaign()
            let runner = ChildProcessCampaign(campaign: campaign, workerCommand: Self.worker(crashAt: 4), timeLimit: 5)
            let result = try runner.run(count: 12, shard: try Shard.parse("2/4"))
            #expect(result.tally.total.mutants == 3)  // 1, 5, 9
            #expect(result.findings.isEmpty, "mutant 4 belongs to shard 1/4")
        }

        @Test func anExternalCommandThatCrashesOrAcceptsIsAFinding() throws {
            let generator = MutantGenerator(
                seeds: [try seed(#"{"id": 1}"#)], seed: 1, mutators: [.emptyBody, .extraKey])
            let empty = try #require((0..<4).map(generator.mutant).first { $0.mutator == .emptyBody })
            let extra = try #require((0..<4).map(generator.mutant).first { $0.mutator == .extraKey })
            let segv = ExecRunner(command: "kill -SEGV $$", timeLimit: 5)
            #expect(try segv.verdict(for: extra).outcome == .crash)
            let acceptAll = ExecRunner(command: "cat > /dev/null", timeLimit: 5)
            #expect(try acceptAll.verdict(for: empty).outcome == .silentlyAccepted, "exit 0 for an empty body")
            #expect(try acceptAll.verdict(for: extra).outcome == .accepted)
            let rejectAll = ExecRunner(command: "exit 3", timeLimit: 5)
            let rejected = try rejectAll.verdict(for: empty)
            #expect(rejected.outcome == .rejectedAsExpected && rejected.seen == "exit 3")
            #expect(rejected.expected.hasPrefix("non-zero exit (empty-input at byte "))
            let slow = ExecRunner(command: "sleep 10", timeLimit: 1)
            #expect(try slow.verdict(for: extra).outcome == .hang)
            #expect(throws: ExecRunner.ExecError.self) { try ExecRunner(command: "no-such-command-wirelock").run([]) }
        }
    }

    /// A worker's reply to `shrink` carries the shrunk mutant in hex: one line of many megabytes,
    /// arriving 64 KiB at a time. Each read used to search the whole line again from its start.
    @Suite("Worker lines")
    struct LineReaderTests {
        @Test func longLinesAndShortOnesAreReadWhole() throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let long = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
            let writeEnd = fds[1]
            let writer = Thread {
                FileSystem.writeAll(Array("first\n".utf8) + long + Array("\nlast\n".utf8), to: writeEnd)
                close(writeEnd)
            }
            writer.start()
            var reader = LineReader(descriptor: fds[0])
            #expect(reader.next() == "first")
            let line = reader.next()
            #expect(line?.utf8.count == long.count)
            #expect(line?.utf8.allSatisfy { $0 == UInt8(ascii: "a") } == true)
            #expect(reader.next() == "last")
            #expect(reader.next() == nil)
            close(fds[0])
        }
    }
#endif
