import Foundation
import WireJSONCore
import WireSupport

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
