import Dispatch
import Foundation
import WireOracle
import WireSupport

/// A named group of pairs that every input of it is decoded by: a template decoded under several
/// strategies, or the universal model.
public struct DecoderTarget: Sendable {
    /// The target's name (`date-iso8601`, `any-json`).
    public var name: String
    /// Its pairs.
    public var pairs: [DecoderPair]

    /// Creates a target.
    public init(name: String, pairs: [DecoderPair]) {
        self.name = name
        self.pairs = pairs
    }
}

/// One input of a decoder oracle run: bytes, the target that decodes them, and where they came from.
public struct DecoderInput: Sendable {
    /// The position of the target in the run's target list.
    public var target: Int
    /// The document.
    public var bytes: [UInt8]
    /// Where it came from, for reports.
    public var origin: String

    /// Creates an input.
    public init(target: Int, bytes: [UInt8], origin: String) {
        self.target = target
        self.bytes = bytes
        self.origin = origin
    }
}

/// Runs the decoder oracle: every input decoded by every pair of its target, on both sides, on
/// `workers` threads taking fixed blocks of a lazily read corpus. The report (counts, which
/// mismatches, their order) is the same whatever the scheduling.
///
/// ```swift
/// let targets = DecoderTemplates.targets()
/// let report = DecoderOracle(targets: targets).run(DecoderTemplates.corpus(seed: 1, count: 10_000))
/// print(report)     // 10000 inputs, … decodes compared: …, 0 mismatches
/// ```
public struct DecoderOracle: Sendable {
    /// The targets inputs refer to.
    public var targets: [DecoderTarget]
    /// Threads, at most 2 by default.
    public var workers: Int
    /// Inputs per block.
    public var blockSize: Int
    /// How many mismatches the report keeps.
    public var maxMismatches: Int

    /// Creates a run.
    public init(
        targets: [DecoderTarget], workers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount),
        blockSize: Int = 256, maxMismatches: Int = 50
    ) {
        self.targets = targets
        self.workers = workers
        self.blockSize = blockSize
        self.maxMismatches = maxMismatches
    }

    /// Checks one input against every pair of its target.
    public func check(_ input: DecoderInput, index: Int, into report: inout DecoderOracleReport) {
        report.inputs += 1
        for pair in targets[input.target].pairs {
            let check = pair.check(input.bytes)
            report.count(check.verdict)
            if check.verdict.isMismatch && report.mismatches.count < maxMismatches {
                report.mismatches.append(
                    DecoderMismatch(
                        index: index, origin: input.origin, target: targets[input.target].name, pair: pair.name,
                        strategies: pair.strategies.name,
                        input: input.bytes, check: check))
            }
        }
    }

    /// Runs every input of `corpus` (read once, from one thread at a time).
    ///
    /// - Parameters:
    ///   - corpus: the inputs, each with the target it is decoded into.
    ///   - progress: called after each block with the inputs done so far (from a worker thread).
    public func run<Corpus: Sequence>(
        _ corpus: Corpus, progress: (@Sendable (Int) -> Void)? = nil
    ) -> DecoderOracleReport where Corpus.Element == DecoderInput, Corpus.Iterator: SendableMetatype {
        let feeder = BlockFeeder(corpus.makeIterator(), blockSize: max(1, blockSize))
        let total = Locked(DecoderOracleReport())
        let limit = max(0, maxMismatches)
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            var block: [DecoderInput] = []
            while let start = feeder.next(into: &block) {
                var part = DecoderOracleReport()
                for (offset, input) in block.enumerated() { check(input, index: start + offset, into: &part) }
                let done = total.withLock { total in
                    total.merge(part, limit: limit)
                    return total.inputs
                }
                progress?(done)
            }
        }
        return total.withLock { $0 }
    }
}
