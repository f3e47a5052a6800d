import WireSupport

/// A reproducible, streaming corpus: input `i` is a pure function of `(seed, i)`.
///
/// Nothing is stored: iterating produces inputs one at a time, and ``input(at:)`` or
/// ``shard(_:)`` produce any part without the parts before it, so the same seed gives the same
/// inputs on every machine and in every shard.
///
/// ```swift
/// let corpus = SeededCorpus(seed: 1, count: 10_000) { rng in String(rng.next(below: 1000)) }
/// corpus.input(at: 42)   // always the same string for seed 1
/// ```
public struct SeededCorpus<Input>: Sequence, Sendable {
    /// The seed.
    public let seed: UInt64
    /// The indices this corpus covers (`0..<count`, or a shard of it).
    public let indices: Range<Int>
    /// The Swift expression of the generator (`DateInputFamily.rfc5322`), when it has one: reports
    /// then reproduce input `i` as `DateInputFamily.rfc5322.input(seed: 1, index: i)`.
    public var name: String?
    let make: @Sendable (inout SplitMix64) -> Input

    /// Creates a corpus of `count` inputs.
    ///
    /// - Parameters:
    ///   - seed: The run's seed; input `i` is made from a generator seeded by `seed` and `i`, so
    ///     the same seed gives the same inputs in any order and on any shard.
    ///   - count: How many inputs (a negative count is an empty corpus).
    ///   - make: Builds one input from a generator seeded for its index; it must use only
    ///     that generator (no other randomness) to stay reproducible.
    ///   - name: The generator as a Swift expression, for reports (see ``name``).
    public init(
        seed: UInt64, count: Int, name: String? = nil, make: @escaping @Sendable (inout SplitMix64) -> Input
    ) {
        self.seed = seed
        self.indices = 0..<Swift.max(0, count)
        self.name = name
        self.make = make
    }

    init(seed: UInt64, indices: Range<Int>, name: String?, make: @escaping @Sendable (inout SplitMix64) -> Input) {
        self.seed = seed
        self.indices = indices
        self.name = name
        self.make = make
    }

    /// The input at an absolute index (valid for any index, inside `indices` or not).
    public func input(at index: Int) -> Input {
        var rng = SplitMix64(seed: seed, index: UInt64(truncatingIfNeeded: index))
        return make(&rng)
    }

    /// The part of this corpus at the given absolute indices.
    public func shard(_ range: Range<Int>) -> SeededCorpus {
        SeededCorpus(seed: seed, indices: range.clamped(to: indices), name: name, make: make)
    }

    /// The exact number of inputs: the size of ``indices``.
    public var underestimatedCount: Int { indices.count }

    /// Produces ``input(at:)`` for each index of ``indices`` in order; copies iterate independently.
    public struct Iterator: IteratorProtocol {
        let corpus: SeededCorpus
        var position: Int
        public mutating func next() -> Input? {
            guard position < corpus.indices.upperBound else { return nil }
            defer { position += 1 }
            return corpus.input(at: position)
        }
    }

    /// Starts at the first of ``indices`` (a shard starts at its own lower bound, not 0).
    public func makeIterator() -> Iterator { Iterator(corpus: self, position: indices.lowerBound) }
}

/// A corpus that says what it is and how to rebuild one of its inputs; an oracle's report prints
/// both (the inputs a clean run tried, and a `reproduce:` line per difference).
package protocol DescribedCorpus: Sendable {
    /// `DateInputFamily.rfc5322, seed 1`.
    var corpusDescription: String { get }
    /// `DateInputFamily.rfc5322.input(seed: 1, index: 42)`.
    func reproduction(ofIndex index: Int) -> String
}

extension SeededCorpus: DescribedCorpus {
    package var corpusDescription: String { "\(name ?? "SeededCorpus"), seed \(seed)" }

    package func reproduction(ofIndex index: Int) -> String {
        guard let name else { return "seed \(seed), index \(index)" }
        return "\(name).input(seed: \(seed), index: \(index))"
    }
}
