/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast generator whose output depends only on its
/// seed, so a campaign gives the same mutants on every machine and every Swift version.
///
/// WireFuzz never uses `Int.random(in:using:)`, whose algorithm is not part of any contract; it
/// draws with ``below(_:)`` instead.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// let pick = rng.below(10)     // the same on every machine
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (multiply-shift, so the draw is the same everywhere).
    /// - Precondition: `bound > 0`.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.below needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Mixes several values into one seed (used to give each fixture and mutator its own stream).
    public static func mix(_ values: UInt64...) -> UInt64 {
        var rng = SplitMix64(seed: 0x5EED)
        var out: UInt64 = 0
        for value in values {
            rng = SplitMix64(seed: rng.next() ^ value)
            out = rng.next()
        }
        return out
    }
}

extension Array {
    /// The elements in an order shuffled by `rng` (Fisher–Yates with ``SplitMix64/below(_:)``).
    func _shuffled(with rng: inout SplitMix64) -> [Element] {
        var copy = self
        guard copy.count > 1 else { return copy }
        for i in stride(from: copy.count - 1, to: 0, by: -1) {
            copy.swapAt(i, rng.below(i + 1))
        }
        return copy
    }
}
