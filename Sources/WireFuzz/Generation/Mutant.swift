import WireJSONCore
import WireShapes

/// One mutated document: its number in the campaign, the seed it came from, the mutation, its
/// bytes, and what the strict validator must say about it.
public struct Mutant: Sendable {
    /// The mutant's number k in its campaign (a pure function of the seeds, the seed and k).
    public var index: Int
    /// The name of the seed it was derived from.
    public var seedName: String
    /// The position of that seed in the campaign's seed list.
    public var seedIndex: Int
    /// The mutation applied.
    public var operation: MutationOperation
    /// The mutant document.
    public var bytes: [UInt8]
    /// The validator's required verdict.
    public var expectation: ValidatorExpectation

    /// The mutator that made it.
    public var mutator: Mutator { operation.mutator }

    /// The first 16 hex digits of the SHA-256 of ``bytes``: the mutant's file name in a corpus.
    public var contentHash: String { Mutant.contentHash(of: bytes) }

    /// A hash of ``bytes`` for counting the distinct mutants of a run (`Hasher`: seeded per process,
    /// fed the bytes in one block rather than one byte at a time).
    var distinctKey: Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// The first 16 hex digits of the SHA-256 of `bytes`.
    public static func contentHash(of bytes: [UInt8]) -> String {
        String(SHA256.hex(bytes).prefix(16))
    }
}
