import WireJSON

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

    /// Per seed: the mutators that have mutations there, each with its dealing order.
    private let plans: [[(Mutator, [MutationOperation])]]

    /// Prepares the campaign (enumerates and orders every seed's mutations once).
    /// - Parameters:
    ///   - seeds: well-formed documents; seeds without any mutation for the enabled mutators are
    ///     kept but yield nothing (see ``productiveSeeds``).
    ///   - seed: the campaign seed.
    ///   - mutators: which mutators to use (all by default), in any order.
    ///   - maxDepth: the depth limit of the validator under test.
    public init(seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator] = Mutator.allCases,
                maxDepth: Int = JSONParseOptions.strict.maxDepth) {
        let enabled = Mutator.allCases.filter(mutators.contains)
        let productive = seeds.filter { candidate in
            enabled.contains { !_MutationCatalogue.groups($0, of: candidate).allSatisfy(\.isEmpty) }
        }
        self.seeds = productive
        self.seed = seed
        self.mutators = enabled
        self.maxDepth = maxDepth
        plans = productive.map { fuzzSeed in
            enabled.compactMap { mutator -> (Mutator, [MutationOperation])? in
                var rng = SplitMix64(seed: SplitMix64.mix(seed, fuzzSeed.digest, UInt64(Mutator.allCases.firstIndex(of: mutator)!)))
                let groups = _MutationCatalogue.groups(mutator, of: fuzzSeed).map { $0._shuffled(with: &rng) }.filter { !$0.isEmpty }
                guard !groups.isEmpty else { return nil }
                var order: [MutationOperation] = []
                let longest = groups.map(\.count).max() ?? 0
                for i in 0..<longest {
                    for group in groups where i < group.count { order.append(group[i]) }
                }
                return (mutator, order)
            }
        }
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
        plans.reduce(0) { $0 + $1.reduce(0) { $0 + $1.1.count } }
    }

    /// The mutation that mutant number `k` applies, and its seed's position.
    /// - Precondition: ``isEmpty`` is false.
    public func operation(_ k: Int) -> (seedIndex: Int, operation: MutationOperation) {
        let seedIndex = k % seeds.count
        let local = k / seeds.count
        let plan = plans[seedIndex]
        let (_, order) = plan[local % plan.count]
        let position = local / plan.count
        let operation = order[position % order.count]
        let round = position / order.count
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
        return Mutant(index: k, seedName: fuzzSeed.name, seedIndex: seedIndex, operation: operation,
                      bytes: bytes, expectation: expectation)
    }
}
