/// A lazy sequence of decoder inputs: input k is a pure function of k.
public struct DecoderInputSequence: Sequence, Sendable {
    let indices: [Int]
    let make: @Sendable (Int) -> DecoderInput

    /// Inputs at the given indices, made on demand.
    public init<S: Sequence<Int>>(indices: S, make: @escaping @Sendable (Int) -> DecoderInput) {
        self.indices = Array(indices)
        self.make = make
    }

    /// How many inputs.
    public var underestimatedCount: Int { indices.count }

    /// This sequence followed by another.
    public func followed(by other: DecoderInputSequence) -> DecoderInputSequence {
        let n = indices.count
        let first = self
        return DecoderInputSequence(indices: 0..<(n + other.indices.count)) { i in
            i < n ? first.make(first.indices[i]) : other.make(other.indices[i - n])
        }
    }

    /// Makes the inputs in order.
    public struct Iterator: IteratorProtocol {
        let sequence: DecoderInputSequence
        var position = 0
        public mutating func next() -> DecoderInput? {
            guard position < sequence.indices.count else { return nil }
            defer { position += 1 }
            return sequence.make(sequence.indices[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(sequence: self) }
}
