import WireSupport

/// What a campaign run found: the same for every campaign (validator, model in process, model in a
/// worker process, `--exec` command).
public struct FuzzCampaignResult: Sendable {
    /// Counts per mutator.
    public var tally = FuzzTally()
    /// The findings, in mutant order (not shrunk).
    public var findings: [FuzzFinding] = []
    /// How many different mutant documents ran (see `DistinctMutants`).
    public var distinct = 0

    init() {}
}

/// The one campaign loop: mutant `k` for every `k` of the shard, in order, judged, counted per
/// mutator, counted once more if its bytes are new, kept when its verdict is a finding, handed to
/// the observer, with progress every `progressInterval` mutants and after the last.
///
/// Only how a verdict is reached differs between campaigns: the validator in process, the model in
/// process, a worker process, an external command (the last two can fail as a whole, which ends
/// the run with their error).
package struct CampaignLoop {
    package let generator: MutantGenerator
    package let count: Int
    package let shard: Shard
    package var progressInterval = 256

    package init(generator: MutantGenerator, count: Int, shard: Shard, progressInterval: Int = 256) {
        self.generator = generator
        self.count = count
        self.shard = shard
        self.progressInterval = progressInterval
    }

    package func run<Failure: Error>(
        judge: (Mutant) throws(Failure) -> FuzzVerdict,
        each: (Mutant, FuzzVerdict) -> Void = { _, _ in },
        progress: (Int) -> Void
    ) throws(Failure) -> FuzzCampaignResult {
        var result = FuzzCampaignResult()
        guard !generator.isEmpty else { return result }
        var distinct = DistinctMutants()
        var done = 0
        for k in shard.indices(upTo: count) {
            let mutant = generator.mutant(k)
            let verdict = try judge(mutant)
            result.tally.add(mutant.mutator, verdict)
            distinct.insert(mutant)
            if verdict.outcome.isFinding {
                result.findings.append(
                    FuzzFinding(
                        index: k, seedName: mutant.seedName, operation: mutant.operation,
                        verdict: verdict, bytes: mutant.bytes))
            }
            each(mutant, verdict)
            done += 1
            if done % progressInterval == 0 { progress(done) }
        }
        if done % progressInterval != 0 { progress(done) }
        result.distinct = distinct.count
        return result
    }
}

/// Counts the different mutant documents of one run by a 64-bit hash of their bytes (`Hasher`, fed
/// each document in one block). Two different documents with the same hash would count once: about
/// n² / 2⁶⁵ for n mutants (3 · 10⁻⁸ for a million). Nothing else is kept, so a campaign over a 50 MB
/// fixture does not hold its mutants.
struct DistinctMutants {
    private var seen = Set<Int>()

    var count: Int { seen.count }

    mutating func insert(_ mutant: Mutant) {
        seen.insert(mutant.distinctKey)
    }
}
