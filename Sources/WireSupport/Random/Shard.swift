/// One part of a campaign split for a CI matrix: shard `index` of `count` (1-based) takes the
/// mutants whose number k satisfies `k % count == index - 1`, so the shards of one campaign never
/// overlap and together leave nothing out.
///
/// ```swift
/// let shard = try Shard.parse("2/4")      // the second of four
/// shard.indices(upTo: 10)                 // 1, 5, 9
/// ```
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1 to ``count``.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The whole campaign as one shard.
    public static let whole = Shard(uncheckedIndex: 1, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// A shard; nil unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses `I/N`.
    /// - Throws: ``ParseError`` naming the text and what was expected.
    public static func parse(_ text: String) throws(ParseError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), let shard = Shard(index: i, count: n)
        else {
            throw ParseError(text: text)
        }
        return shard
    }

    /// A `--shard` value that is not `I/N` with `1 <= I <= N`.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text given.
        public var text: String
        public var description: String { "invalid shard '\(text)': expected I/N with 1 <= I <= N, e.g. 2/4" }
    }

    /// Whether mutant number `k` belongs to this shard.
    public func contains(_ k: Int) -> Bool { k % count == index - 1 }

    /// This shard's mutant numbers among `0..<total`, in increasing order.
    public func indices(upTo total: Int) -> StrideTo<Int> {
        stride(from: index - 1, to: max(total, index - 1), by: count)
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }
}
