import WireJSON

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
