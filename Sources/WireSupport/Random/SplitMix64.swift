/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seeded generator whose sequence is the
/// same on every machine and every Swift version. The oracle's corpora and the fuzzer's mutants are
/// drawn from it, never from `SystemRandomNumberGenerator` or `Int.random(in:using:)` (whose
/// algorithm is not part of any contract): everything must be reproducible from a seed.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let roll = rng.next(below: 6)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The current state.
    public private(set) var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The generator for input `index` of a corpus seeded with `seed`: independent of every other
    /// index, so any shard of a corpus can be produced without the ones before it.
    public init(seed: UInt64, index: UInt64) {
        var mixer = SplitMix64(seed: seed ^ 0x6A09_E667_F3BC_C908)
        let base = mixer.next()
        state = base &+ index &* 0x9E37_79B9_7F4A_7C15
        _ = next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (by multiply-shift, without modulo bias worth noticing
    /// for the small bounds used here, and identical on every platform).
    /// - Precondition: `bound > 0`.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.next(below:) needs a positive bound")
        return Int((UInt64(bound).multipliedFullWidth(by: next())).high)
    }

    /// A uniform integer in a closed range.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { next(below: 100) < percent }

    /// Mixes several values into one seed (gives each fixture and mutator of a campaign its own stream).
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
