import WireJSON

extension Array {
    /// The elements in an order shuffled by `rng` (Fisher–Yates with ``SplitMix64/next(below:)``).
    func _shuffled(with rng: inout SplitMix64) -> [Element] {
        var copy = self
        guard copy.count > 1 else { return copy }
        for i in stride(from: copy.count - 1, to: 0, by: -1) {
            copy.swapAt(i, rng.next(below: i + 1))
        }
        return copy
    }
}
