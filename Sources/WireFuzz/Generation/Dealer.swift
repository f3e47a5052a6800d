import WireJSONCore
import WireSupport

/// The operations of every seed's plans, found a batch of positions at a time and kept (a whole
/// small order at once; for a large one the latest batches). The lock makes a generator safe to
/// share between tasks.
final class Dealer: Sendable {
    /// How much of an order one pass over a seed finds.
    struct Batching: Sendable {
        /// Orders up to this long are found whole, in one pass.
        var whole: Int
        /// The first batch of a longer order; each next one is twice the last, up to `largest`.
        var first: Int
        var largest: Int

        static let standard = Batching(whole: 256, first: 64, largest: 65_536)
    }

    let seeds: [FuzzSeed]
    let plans: [[Plan]]
    let batching: Batching
    /// Per seed and plan: position → operation, and the size of the last batch found.
    private struct Found {
        var operations: [[[Int: MutationOperation]]]
        var lastBatch: [[Int]]
    }

    private let found: Locked<Found>

    init(seeds: [FuzzSeed], plans: [[Plan]], batching: Batching) {
        self.seeds = seeds
        self.plans = plans
        self.batching = batching
        found = Locked(
            Found(operations: plans.map { $0.map { _ in [:] } }, lastBatch: plans.map { $0.map { _ in 0 } }))
    }

    func operation(seed: Int, plan: Int, at position: Int) -> MutationOperation {
        found.withLock { found in
            if let known = found.operations[seed][plan][position] { return known }
            let order = plans[seed][plan]
            let batch: Range<Int>
            if order.total <= batching.whole {
                batch = 0..<order.total
            } else {
                let size = min(batching.largest, max(batching.first, 2 * found.lastBatch[seed][plan]))
                batch = position..<min(order.total, position + size)
                // Keep the batch before this one (a campaign moves forward; shards interleave) and
                // forget older ones, so memory follows the batch size, not the campaign.
                if found.operations[seed][plan].count > 2 * batching.largest { found.operations[seed][plan] = [:] }
                found.lastBatch[seed][plan] = batch.count
            }
            for (position, operation) in Self.resolve(order, of: seeds[seed], positions: Array(batch)) {
                found.operations[seed][plan][position] = operation
            }
            return found.operations[seed][plan][position]!
        }
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
