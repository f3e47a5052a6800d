import Testing
import WireOracle
import WireTestReporting

/// Runs an oracle and returns its report when any input mismatched, `nil` when all were identical.
///
/// ```swift
/// if let failure = verifyOracle(oracle, over: corpus) { print(failure) }
/// ```
public func verifyOracle<Input: Sendable, Corpus: Sequence>(
    _ oracle: Oracle<Input>, over corpus: Corpus, options: OracleOptions = OracleOptions()
) -> OracleReport? where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
    let report = oracle.run(corpus, options: options)
    return report.isClean ? nil : report
}

/// Runs an oracle and records a test failure listing the first mismatches (input, both outputs,
/// reproduction line) unless every output was byte-identical.
///
/// Records through Swift Testing's `Issue.record` inside a `@Test`, else through `XCTFail`.
///
/// ```swift
/// @Test func newParserMatchesOld() {
///     assertOracle(Oracle(legacy: Old.parse, candidate: New.parse),
///                  over: SeededCorpus(seed: 1, count: 10_000, make: Inputs.one))
/// }
/// ```
/// - Returns: The report, clean or not, for further checks.
@discardableResult
public func assertOracle<Input: Sendable, Corpus: Sequence>(
    _ oracle: Oracle<Input>, over corpus: Corpus, options: OracleOptions = OracleOptions(),
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) -> OracleReport where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
    let report = oracle.run(corpus, options: options)
    if !report.isClean {
        recordTestFailure(
            "oracle found differences\n\(report)",
            at: TestFailureLocation(
                fileID: sourceLocation.fileID, filePath: sourceLocation.filePath,
                line: sourceLocation.line, column: sourceLocation.column,
                xcTestFile: file, xcTestLine: line))
    }
    return report
}
