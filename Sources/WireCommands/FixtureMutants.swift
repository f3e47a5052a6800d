import Foundation
import WireDecoderOracle
import WireFuzz
import WireJSON
import WireSupport

/// Mutants of fixture files, as decoder oracle inputs. (Public, though WireCommands is internal:
/// the decoder benchmark, a separate package, uses it.)
///
/// Every file that parses as JSON (strictly, or with repeated names and comments allowed, so
/// `movie-duplicate-key.json` and `calendar-with-comment.json` seed mutants too) is a seed of
/// WireFuzz's mutation engine: mutant k is `MutantGenerator.mutant(k)`, the same on every
/// machine and in every shard. A file that does not parse at all (truncated, a trailing comma,
/// `NaN`, Latin-1) cannot seed structural mutants; it is decoded as it is and as each of its
/// byte-level variants (cut after each byte, each byte left out), which come after the mutants.
///
/// ```swift
/// let mutants = try FixtureMutants(files: [("movies-success.json", bytes)], seed: 1)
/// let corpus = mutants.corpus(count: 10_000, target: 0)
/// ```
public struct FixtureMutants: Sendable {
    /// The mutation engine over the parseable files (nil when none parses).
    public let generator: MutantGenerator?
    /// The files that did not parse, by name, with their bytes.
    public let unparseable: [(name: String, bytes: [UInt8])]
    /// At most this many byte positions per unparseable file.
    let positionsPerFile: Int

    /// Prepares the mutants of some files.
    ///
    /// - Parameters:
    ///   - files: names (for reports) and bytes.
    ///   - seed: the campaign seed.
    ///   - mutators: the mutators used (all by default).
    ///   - variantsPerFile: at most this many byte positions of each unparseable file are cut at and
    ///     left out (spread evenly over the file; every position by default).
    public init(
        files: [(name: String, bytes: [UInt8])], seed: UInt64, mutators: [Mutator] = Mutator.allCases,
        variantsPerFile: Int = .max
    ) {
        self.positionsPerFile = max(1, variantsPerFile)
        var seeds: [FuzzSeed] = []
        var rest: [(name: String, bytes: [UInt8])] = []
        var lenient = JSONParseOptions.strict
        lenient.allowDuplicateKeys = true
        lenient.allowComments = true
        for file in files {
            if let seed = try? FuzzSeed(name: file.name, bytes: file.bytes) {
                seeds.append(seed)
            } else if let seed = try? FuzzSeed(name: file.name, bytes: file.bytes, options: lenient) {
                seeds.append(seed)
            } else {
                rest.append(file)
            }
        }
        let generator = MutantGenerator(seeds: seeds, seed: seed, mutators: mutators)
        self.generator = generator.isEmpty ? nil : generator
        unparseable = rest
    }

    /// The names of the files that seed mutants.
    public var seedNames: [String] { generator?.productiveSeeds ?? [] }

    /// How many byte-level variants the unparseable files give (each file: itself, and two per byte).
    public var variantCount: Int { unparseable.reduce(0) { $0 + 1 + 2 * positions($1.bytes.count) } }

    /// How many byte positions of a file of `count` bytes are used.
    func positions(_ count: Int) -> Int { min(count, positionsPerFile) }

    /// The byte position used as the file's `j`-th (evenly spread).
    func position(_ j: Int, of count: Int) -> Int {
        let n = positions(count)
        return n == count ? j : j * count / n
    }

    /// Variant `v` of the unparseable files: the file, a cut after byte i, or byte i left out.
    public func variant(_ v: Int) -> (origin: String, bytes: [UInt8]) {
        var rest = v
        for file in unparseable {
            let n = 1 + 2 * positions(file.bytes.count)
            if rest < n {
                if rest == 0 { return ("\(file.name) as it is", file.bytes) }
                let i = position((rest - 1) / 2, of: file.bytes.count)
                if (rest - 1) % 2 == 0 { return ("\(file.name) cut after byte \(i)", Array(file.bytes[...i])) }
                var bytes = file.bytes
                bytes.remove(at: i)
                return ("\(file.name) without byte \(i)", bytes)
            }
            rest -= n
        }
        preconditionFailure("variant \(v) out of range")
    }

    /// `count` mutants (those of `shard`), then every byte-level variant of the unparseable files
    /// (those of `shard` too, numbered after the mutants), as inputs of target `target`.
    public func corpus(count: Int, target: Int, shard: Shard = .whole) -> DecoderInputSequence {
        let generator = self.generator
        let mutantCount = generator == nil ? 0 : max(0, count)
        let total = mutantCount + variantCount
        return DecoderInputSequence(indices: shard.indices(upTo: total)) { k in
            if k < mutantCount, let generator {
                let mutant = generator.mutant(k)
                return DecoderInput(
                    target: target, bytes: mutant.bytes,
                    origin: "mutant \(k) (\(mutant.mutator.rawValue)) of \(mutant.seedName)")
            }
            let (origin, bytes) = variant(k - mutantCount)
            return DecoderInput(target: target, bytes: bytes, origin: origin)
        }
    }
}
