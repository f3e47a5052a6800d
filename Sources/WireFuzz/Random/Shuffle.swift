import WireJSONCore
import WireSupport

extension Array {
    /// The elements in an order shuffled by `rng` (Fisher–Yates with ``SplitMix64/next(below:)``).
    func shuffled(with rng: inout SplitMix64) -> [Element] {
        var copy = self
        guard copy.count > 1 else { return copy }
        for i in stride(from: copy.count - 1, to: 0, by: -1) {
            copy.swapAt(i, rng.next(below: i + 1))
        }
        return copy
    }
}

extension SplitMix64 {
    /// How much the state grows per draw (SplitMix64's γ, the 64-bit golden ratio): after d draws
    /// from state s the state is s + d·γ, so draw d of a stream can be made without the ones
    /// before it (see ``Shuffle``).
    static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15
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
