import Dispatch
import Foundation
import WireSupport

/// Runs a `legacy` and a `candidate` implementation over a corpus and compares their outputs as
/// bytes (see ``OracleOutput``).
///
/// The corpus is any `Sequence`, read once and lazily: it is cut into fixed-size blocks that the
/// workers take in turn, so a run over 10⁷ generated inputs holds only `workers × blockSize`
/// inputs at a time. Results are merged by input index, so the report (counts, which mismatches,
/// their order) is the same whatever the scheduling.
///
/// ```swift
/// let oracle = Oracle<String>(
///     name: "price parser",
///     legacy: { LegacyPrice.parse($0) },
///     candidate: { FastPrice.parse($0) })
/// let report = oracle.run(["1.00", "1,5", ""])
/// if !report.isClean { print(report) }
/// ```
///
/// The two functions must be safe to call from two threads at once.
public struct Oracle<Input: Sendable>: Sendable {
    /// A short name for the pair, used in reports (`iso8601 vs fast iso8601`).
    public var name: String
    let legacy: @Sendable (Input) -> OracleOutcome
    let candidate: @Sendable (Input) -> OracleOutcome
    let describe: @Sendable (Input) -> String
    let reproduce: @Sendable (Int, Input) -> String

    /// Creates an oracle from two functions with the same output type.
    ///
    /// - Parameters:
    ///   - name: The pair's name in reports.
    ///   - legacy: The reference implementation. `nil` or a thrown error counts as a rejection.
    ///   - candidate: The implementation under test.
    ///   - describe: How an input is printed; `String(reflecting:)` by default.
    ///   - reproduce: A line that reproduces one mismatch (for example a CLI invocation), given the
    ///     input's index in the corpus and the input. By default `input #index: <input>`.
    public init<Output: OracleOutput & SendableMetatype>(
        name: String = "legacy vs candidate",
        legacy: @escaping @Sendable (Input) throws -> Output?,
        candidate: @escaping @Sendable (Input) throws -> Output?,
        describe: (@Sendable (Input) -> String)? = nil,
        reproduce: (@Sendable (Int, Input) -> String)? = nil
    ) {
        self.name = name
        self.legacy = { input in OracleOutcome(catching: { try legacy(input) }) }
        self.candidate = { input in OracleOutcome(catching: { try candidate(input) }) }
        let describe = describe ?? { String(reflecting: $0) }
        self.describe = describe
        self.reproduce = reproduce ?? { index, input in "input #\(index): \(describe(input))" }
    }

    /// Compares the two sides on one input.
    ///
    /// - Returns: `nil` when the outputs are byte-identical, else the mismatch.
    public func check(_ input: Input, index: Int = 0) -> OracleMismatch? {
        let a = legacy(input)
        let b = candidate(input)
        if a.matches(b) { return nil }
        return OracleMismatch(
            index: index, input: describe(input), legacy: a, candidate: b,
            reproduction: reproduce(index, input))
    }

    /// Runs both sides over every input of `corpus`.
    ///
    /// - Parameters:
    ///   - corpus: The inputs; iterated exactly once, from one thread at a time.
    ///   - options: Workers, block size, and how many mismatches the report keeps.
    /// - Returns: The report; ``OracleReport/isClean`` when every output was identical.
    public func run<Corpus: Sequence>(_ corpus: Corpus, options: OracleOptions = OracleOptions()) -> OracleReport
    where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
        let feeder = BlockFeeder(corpus.makeIterator(), blockSize: max(1, options.blockSize))
        let collector = MismatchCollector(limit: max(0, options.maxMismatches))
        let workers = max(1, options.workers)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var block: [Input] = []
            block.reserveCapacity(options.blockSize)
            while let start = feeder.next(into: &block) {
                var found: [OracleMismatch] = []
                var mismatched = 0
                for (offset, input) in block.enumerated() {
                    if let mismatch = check(input, index: start + offset) {
                        mismatched += 1
                        if found.count < options.maxMismatches { found.append(mismatch) }
                    }
                }
                collector.add(checked: block.count, mismatched: mismatched, found: found)
            }
        }
        let totals = collector.totals
        return OracleReport(
            name: name, checked: totals.checked, mismatched: totals.mismatched,
            firstMismatches: totals.mismatches)
    }
}
