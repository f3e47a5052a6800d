import Foundation
import WireJSONCore
import WireSupport

/// Derives a campaign's mutants from its seeds, deterministically: mutant number k is a pure
/// function of the seeds' bytes, the campaign seed, the mutator list and k — the same on every
/// machine, in any order, in any shard.
///
/// Mutant k comes from seed `k % seeds.count`; within that seed, its mutators (those with at least
/// one mutation there) take turns, and each mutator deals its mutations in an order shuffled by
/// the campaign seed, one group (variant or truncation place) after another. After the last
/// mutation of a mutator its order starts over, with other values where the mutation carries one
/// (another wrong-type value, another huge number, another unknown member); mutations without a
/// value (a truncation, a dropped key) repeat, so a long campaign on a small fixture repeats some
/// mutants (its report says how many were distinct).
///
/// Preparing a campaign counts each seed's mutations in one pass; the mutations themselves are
/// found when a mutant needs them, a batch of positions of a mutator's order at a time, so a
/// 50 MB fixture with tens of millions of possible mutations costs memory for its tree and a few
/// batches, not for every mutation.
///
/// ```swift
/// let generator = MutantGenerator(seeds: [seed], seed: 7)
/// for k in Shard.whole.indices(upTo: 1000) {
///     let mutant = generator.mutant(k)
///     // mutant.bytes, mutant.expectation, mutant.operation
/// }
/// ```
public struct MutantGenerator: Sendable {
    /// The seeds, in campaign order.
    public let seeds: [FuzzSeed]
    /// The campaign seed.
    public let seed: UInt64
    /// The mutators enabled.
    public let mutators: [Mutator]
    /// The validator's depth limit (for ``Mutator/depth``).
    public let maxDepth: Int

    /// Per seed: the mutators that have mutations there, with their groups and where their orders
    /// come from; and the operations found so far.
    private let dealer: Dealer

    /// Prepares the campaign (counts every seed's mutations once).
    /// - Parameters:
    ///   - seeds: well-formed documents; seeds without any mutation for the enabled mutators are
    ///     kept but yield nothing (see ``productiveSeeds``).
    ///   - seed: the campaign seed.
    ///   - mutators: which mutators to use (all by default), in any order.
    ///   - maxDepth: the depth limit of the validator under test.
    public init(
        seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator] = Mutator.allCases,
        maxDepth: Int = JSONParseOptions.strict.maxDepth
    ) {
        self.init(seeds: seeds, seed: seed, mutators: mutators, maxDepth: maxDepth, batching: .standard)
    }

    /// As the public initializer, with the batch sizes given (tests make them small, so that small
    /// fixtures go through the batched path too).
    init(seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator], maxDepth: Int, batching: Dealer.Batching) {
        let enabled = Mutator.allCases.filter(mutators.contains)
        var productive: [FuzzSeed] = []
        var plans: [[Plan]] = []
        for candidate in seeds {
            let sizes = MutationCatalogue.groupSizes(enabled, of: candidate)
            let seedPlans = enabled.compactMap { mutator -> Plan? in
                let start = SplitMix64.mix(seed, candidate.digest, UInt64(Mutator.allCases.firstIndex(of: mutator)!))
                return Plan(mutator: mutator, sizes: sizes[mutator]!, rngStart: start)
            }
            guard !seedPlans.isEmpty else { continue }
            productive.append(candidate)
            plans.append(seedPlans)
        }
        self.seeds = productive
        self.seed = seed
        self.mutators = enabled
        self.maxDepth = maxDepth
        dealer = Dealer(seeds: productive, plans: plans, batching: batching)
        productiveSeeds = productive.map(\.name)
    }

    /// The names of the seeds that yield mutants (a seed yields none when, say, only `truncate` is
    /// enabled and its root is a number).
    public let productiveSeeds: [String]

    /// Whether there is anything to generate.
    public var isEmpty: Bool { seeds.isEmpty }

    /// How many different mutations the seeds have (a campaign of this many mutants has no repeats
    /// when every seed has the same number of mutations per mutator).
    public var distinctMutations: Int {
        dealer.plans.reduce(0) { $0 + $1.reduce(0) { $0 + $1.total } }
    }

    /// The mutation that mutant number `k` applies, and its seed's position.
    /// - Precondition: ``isEmpty`` is false.
    public func operation(_ k: Int) -> (seedIndex: Int, operation: MutationOperation) {
        let seedIndex = k % seeds.count
        let local = k / seeds.count
        let plans = dealer.plans[seedIndex]
        let planIndex = local % plans.count
        let total = plans[planIndex].total
        let position = local / plans.count
        let operation = dealer.operation(seed: seedIndex, plan: planIndex, at: position % total)
        let round = position / total
        guard round > 0 else { return (seedIndex, operation) }
        var rng = SplitMix64(seed: SplitMix64.mix(seed, seeds[seedIndex].digest, UInt64(k)))
        return (seedIndex, operation.varied(round: round, rng: &rng))
    }

    /// Mutant number `k`.
    /// - Precondition: ``isEmpty`` is false.
    public func mutant(_ k: Int) -> Mutant {
        let (seedIndex, operation) = operation(k)
        let fuzzSeed = seeds[seedIndex]
        // Every catalogued operation applies to its own seed.
        let (bytes, expectation) = operation.apply(to: fuzzSeed, maxDepth: maxDepth)!
        return Mutant(
            index: k, seedName: fuzzSeed.name, seedIndex: seedIndex, operation: operation,
            bytes: bytes, expectation: expectation)
    }
}
