import Testing
import WireCommands
import WireJSON
import WireSupport

@testable import WireFuzz

/// The one campaign loop behind the four campaigns (validator, model in process, model in a worker
/// process, `--exec` command): the same mutants, counted the same way, whichever way a verdict is
/// reached. Before it, the `--exec` loop counted distinct mutants by a SHA-256 prefix in a set of
/// strings and the other three by `Hasher`; the figure must be the number of different byte
/// sequences, which the tests count exactly here, by keeping the bytes.
@Suite("Campaign loop")
struct CampaignLoopTests {
    static func campaign() throws -> ModelCampaign {
        ModelCampaign(
            model: .codable(Item.self, name: "item"),
            seeds: [try seed(#"{"id": 1, "name": "a", "note": "x"}"#), try seed(#"[1, {"a": null}]"#)], seed: 11)
    }

    /// The number of different mutant documents among the shard's mutants, counted from their bytes.
    static func exactDistinct(_ generator: MutantGenerator, count: Int, shard: Shard = .whole) -> Int {
        Set(shard.indices(upTo: count).map { generator.mutant($0).bytes }).count
    }

    @Test func theInProcessCampaignsCountDistinctMutantsExactly() throws {
        let campaign = try Self.campaign()
        let exact = Self.exactDistinct(campaign.generator, count: 1_000)
        #expect(exact > 100 && exact < 1_000, "the sample must repeat some mutants and not others (\(exact))")
        #expect(campaign.run(count: 1_000).distinct == exact)
        #expect(ValidatorCampaign(generator: campaign.generator).run(count: 1_000).distinct == exact)
    }

    // Worker processes and --exec commands: macOS and Linux only.
    #if WIRELOCK_SPAWN
        @Test func theFourCampaignsAgreeOnWhatRanAndHowManyWereDistinct() throws {
            let campaign = try Self.campaign()
            let count = 24
            let exact = Self.exactDistinct(campaign.generator, count: count)
            let results: [(String, FuzzCampaignResult)] = [
                ("validator", ValidatorCampaign(generator: campaign.generator).run(count: count)),
                ("model", campaign.run(count: count)),
                (
                    "worker",
                    try ChildProcessCampaign(
                        campaign: campaign, workerCommand: ChildProcessTests.worker(),
                        timeLimit: 5, batchSize: 5
                    ).run(count: count)
                ),
                (
                    "exec",
                    try ExecCampaign(
                        generator: campaign.generator, runner: ExecRunner(command: "cat > /dev/null", timeLimit: 5)
                    )
                    .run(count: count)
                ),
            ]
            for (name, result) in results {
                #expect(result.distinct == exact, "\(name)")
                #expect(result.tally.total.mutants == count, "\(name)")
                #expect(result.tally.total.asExpected + result.tally.total.findingCount == count, "\(name)")
            }
            let perMutator = results.map { $0.1.tally.rows.mapValues(\.mutants) }
            #expect(perMutator.allSatisfy { $0 == perMutator[0] }, "the same mutants per mutator")
        }
    #endif

    @Test func eachMutantIsHandedOverInOrderWithItsVerdict() throws {
        let campaign = try Self.campaign()
        var seen: [Int] = []
        var findings: [Int] = []
        let shard = try Shard.parse("2/3")
        let result = ValidatorCampaign(generator: campaign.generator).run(
            count: 40, shard: shard,
            each: { mutant, verdict in
                seen.append(mutant.index)
                if verdict.outcome.isFinding { findings.append(mutant.index) }
            })
        #expect(seen == Array(shard.indices(upTo: 40)))
        #expect(result.findings.map(\.index) == findings)
        #expect(result.distinct == Self.exactDistinct(campaign.generator, count: 40, shard: shard))
    }

    @Test(arguments: [
        (count: 10, interval: 4, calls: [4, 8, 10]), (count: 8, interval: 4, calls: [4, 8]),
        (count: 3, interval: 256, calls: [3]), (count: 0, interval: 16, calls: []),
    ])
    func progressComesEveryIntervalAndAfterTheLast(count: Int, interval: Int, calls: [Int]) throws {
        let campaign = try Self.campaign()
        var reported: [Int] = []
        let loop = CampaignLoop(generator: campaign.generator, count: count, shard: .whole, progressInterval: interval)
        _ = loop.run(
            judge: { mutant throws(Never) in campaign.verdict(for: mutant) }, progress: { reported.append($0) })
        #expect(reported == calls)
    }

    // Worker processes and --exec commands: macOS and Linux only.
    #if WIRELOCK_SPAWN
        @Test func aJudgeThatFailsEndsTheRunWithItsError() throws {
            let campaign = try Self.campaign()
            let exec = ExecCampaign(
                generator: campaign.generator, runner: ExecRunner(command: "no-such-command-wirelock", timeLimit: 5))
            var handed = 0
            #expect(throws: ExecRunner.ExecError.self) { try exec.run(count: 5, each: { _, _ in handed += 1 }) }
            #expect(handed == 0, "the failing mutant is not handed over")
        }
    #endif

    @Test func noSeedsIsAnEmptyRun() {
        let empty = MutantGenerator(seeds: [], seed: 1)
        var reported: [Int] = []
        let result = ValidatorCampaign(generator: empty).run(count: 100, progress: { reported.append($0) })
        #expect(result.tally.total.mutants == 0 && result.distinct == 0 && result.findings.isEmpty)
        #expect(reported.isEmpty)
    }
}
