import Foundation
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

/// One mutator's order on one seed: its groups' sizes (empty ones included, as the catalogue
/// lists them), each group shuffled (Fisher–Yates with SplitMix64, the generator continuing from
/// one group to the next), then dealt one from each non-empty group in turn.
struct Plan: Sendable {
    let mutator: Mutator
    let sizes: [Int]
    /// Operations in all groups.
    let total: Int
    /// The generator's state when each group's shuffle starts.
    let groupStarts: [UInt64]

    /// Nil when the mutator has no mutation on the seed.
    init?(mutator: Mutator, sizes: [Int], rngStart: UInt64) {
        let total = sizes.reduce(0, +)
        guard total > 0 else { return nil }
        self.mutator = mutator
        self.sizes = sizes
        self.total = total
        // A shuffle of n elements draws n - 1 numbers (none for 0 or 1), one step of the state each.
        var starts: [UInt64] = []
        var state = rngStart
        for size in sizes {
            starts.append(state)
            state &+= UInt64(max(0, size - 1)) &* SplitMix64.increment
        }
        groupStarts = starts
    }

    /// Where position `position` of the dealt order comes from: a group, and a position in that
    /// group's shuffled order. Round r deals element r of every group longer than r, in group order.
    func place(_ position: Int) -> (group: Int, shuffled: Int) {
        var active = sizes.indices.filter { sizes[$0] > 0 }
        var round = 0
        var rest = position
        while true {
            let shortest = active.map { sizes[$0] }.min()!
            let block = (shortest - round) * active.count
            if rest < block { return (active[rest % active.count], round + rest / active.count) }
            rest -= block
            round = shortest
            active = active.filter { sizes[$0] > shortest }
        }
    }

    /// The group positions (before shuffling) that end at `shuffled` positions of group `group`.
    func originals(group: Int, shuffled: [Int]) -> [Int: Int] {
        Shuffle.originals(count: sizes[group], start: groupStarts[group], positions: shuffled)
    }
}

/// The operations of every seed's plans, found a batch of positions at a time and kept (a whole
/// small order at once; for a large one the latest batches). The lock makes a generator safe to
/// share between tasks.
final class Dealer: @unchecked Sendable {
    /// How much of an order one pass over a seed finds.
    struct Batching: Sendable {
        /// Orders up to this long are found whole, in one pass.
        var whole: Int
        /// The first batch of a longer order; each next one is twice the last, up to `largest`.
        var first: Int
        var largest: Int

        static let standard = Batching(whole: 4_096, first: 64, largest: 65_536)
    }

    let seeds: [FuzzSeed]
    let plans: [[Plan]]
    let batching: Batching
    private let lock = NSLock()
    /// Per seed and plan: position → operation, and the size of the last batch found.
    private var found: [[[Int: MutationOperation]]]
    private var lastBatch: [[Int]]

    init(seeds: [FuzzSeed], plans: [[Plan]], batching: Batching) {
        self.seeds = seeds
        self.plans = plans
        self.batching = batching
        found = plans.map { $0.map { _ in [:] } }
        lastBatch = plans.map { $0.map { _ in 0 } }
    }

    func operation(seed: Int, plan: Int, at position: Int) -> MutationOperation {
        lock.lock()
        defer { lock.unlock() }
        if let known = found[seed][plan][position] { return known }
        let order = plans[seed][plan]
        let batch: Range<Int>
        if order.total <= batching.whole {
            batch = 0..<order.total
        } else {
            let size = min(batching.largest, max(batching.first, 2 * lastBatch[seed][plan]))
            batch = position..<min(order.total, position + size)
            // Keep the batch before this one (a campaign moves forward; shards interleave) and
            // forget older ones, so memory follows the batch size, not the campaign.
            if found[seed][plan].count > 2 * batching.largest { found[seed][plan] = [:] }
            lastBatch[seed][plan] = batch.count
        }
        for (position, operation) in Self.resolve(order, of: seeds[seed], positions: Array(batch)) {
            found[seed][plan][position] = operation
        }
        return found[seed][plan][position]!
    }

    /// The operations at positions of a plan's dealt order, from one shuffle trace per group and one
    /// pass over the seed.
    static func resolve(_ plan: Plan, of seed: FuzzSeed, positions: [Int]) -> [(Int, MutationOperation)] {
        let places = positions.map { plan.place($0) }
        var shuffledByGroup = [[Int]](repeating: [], count: plan.sizes.count)
        for place in places { shuffledByGroup[place.group].append(place.shuffled) }
        let originals = shuffledByGroup.indices.map { plan.originals(group: $0, shuffled: shuffledByGroup[$0]) }
        let wanted = originals.map { Array($0.values) }
        let operations = MutationCatalogue.operations(plan.mutator, of: seed, at: wanted)
        return zip(positions, places).map { position, place in
            (position, operations[place.group][originals[place.group][place.shuffled]!]!)
        }
    }
}

/// Where elements end up in ``Swift/Array/shuffled(with:)``, without shuffling the whole group
/// when only a few positions are needed.
enum Shuffle {
    /// For a group of `count` shuffled by a generator in state `start`: the original position of
    /// the element at each of `positions` of the shuffled order.
    ///
    /// The shuffle swaps position t with a drawn `r(t) ≤ t` for t from `count - 1` down to 1, draw
    /// number `count - 1 - t` being the generator's output at state `start + (count - t) × γ`. An
    /// element's way back is the swaps undone in reverse order (t = 1, 2, …): from its final position
    /// it goes to `r(t)` when the swap at t is its own, and on to t whenever a later swap draws
    /// where it is. One pass over t follows every wanted position at once. Small groups, or many
    /// positions, are simply shuffled.
    static func originals(count: Int, start: UInt64, positions: [Int]) -> [Int: Int] {
        var out: [Int: Int] = [:]
        guard !positions.isEmpty else { return out }
        if count <= 1 << 16 || positions.count * 64 > count {
            var rng = SplitMix64(seed: start)
            let order = Array(0..<count).shuffled(with: &rng)
            for position in positions { out[position] = order[position] }
            return out
        }
        // Positions being followed, by where they are now (before the swaps not yet undone).
        var at: [Int: [Int]] = [:]
        var marked = [UInt64](repeating: 0, count: count / 64 + 1)
        func mark(_ p: Int) { marked[p >> 6] |= 1 << UInt64(p & 63) }
        func unmark(_ p: Int) { marked[p >> 6] &= ~(1 << UInt64(p & 63)) }
        func isMarked(_ p: Int) -> Bool { marked[p >> 6] & (1 << UInt64(p & 63)) != 0 }
        let waiting = Array(Set(positions)).sorted()
        var next = 0
        if waiting[0] == 0 {
            at[0] = [0]
            mark(0)
            next = 1
        }
        for t in 1..<count {
            var rng = SplitMix64(seed: start &+ UInt64(count - 1 - t) &* SplitMix64.increment)
            let r = rng.next(below: t + 1)
            guard r != t else {
                if next < waiting.count && waiting[next] == t {
                    at[t] = [t]
                    mark(t)
                    next += 1
                }
                continue
            }
            if isMarked(r), let moving = at.removeValue(forKey: r) {
                unmark(r)
                at[t] = moving
                mark(t)
            }
            if next < waiting.count && waiting[next] == t {
                // The element that ends at t came from r.
                at[r, default: []].append(t)
                mark(r)
                next += 1
            }
        }
        for (original, finals) in at {
            for position in finals { out[position] = original }
        }
        return out
    }
}
