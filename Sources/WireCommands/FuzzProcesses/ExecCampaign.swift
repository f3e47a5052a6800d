import WireFuzz
import WireSupport

#if WIRELOCK_SPAWN
    /// A campaign that feeds each mutant to an external command (``ExecRunner``: a decoder in any
    /// language) and judges how it ends — `wirelock fuzz --exec`.
    ///
    /// ```swift
    /// let campaign = ExecCampaign(generator: MutantGenerator(seeds: seeds, seed: 7),
    ///                             runner: ExecRunner(command: "python3 decode.py", timeLimit: 2))
    /// let result = try campaign.run(count: 2_000)
    /// print(result.tally.table())
    /// ```
    package struct ExecCampaign: Sendable {
        /// Where the mutants come from.
        package let generator: MutantGenerator
        /// The command and its time limit.
        package let runner: ExecRunner

        /// A campaign of `generator`'s mutants through `runner`.
        package init(generator: MutantGenerator, runner: ExecRunner) {
            self.generator = generator
            self.runner = runner
        }

        /// Runs this shard's part of a campaign of `count` mutants, one process per mutant.
        /// - Parameters:
        ///   - count: how many mutants the whole campaign has (every shard is given the same count).
        ///   - shard: which part of them this run takes (``Shard/whole`` by default; `2/4` takes every
        ///     fourth mutant from the second on).
        ///   - each: called with every mutant and its verdict, in order (to write a corpus).
        ///   - progress: called every 16 mutants and after the last with how many have run.
        /// - Throws: ``ExecRunner/ExecError`` when the command cannot be run; the campaign stops there.
        package func run(
            count: Int, shard: Shard = .whole, each: (Mutant, FuzzVerdict) -> Void = { _, _ in },
            progress: (Int) -> Void = { _ in }
        ) throws(ExecRunner.ExecError) -> FuzzCampaignResult {
            try CampaignLoop(generator: generator, count: count, shard: shard, progressInterval: 16)
                .run(
                    judge: { mutant throws(ExecRunner.ExecError) in try runner.verdict(for: mutant) }, each: each,
                    progress: progress)
        }
    }
#endif
