import Testing
import WireOracle
import WireTestReporting

/// Runs an oracle and returns its report when a difference was not declared intended, `nil` when
/// every output was identical or every difference intended.
///
/// ```swift
/// if let failure = verifyOracle(oracle, over: corpus, intended: [.candidateAcceptsMore]) { print(failure) }
/// ```
///
/// - Parameters:
///   - oracle: The legacy and the candidate.
///   - corpus: The inputs.
///   - intended: The differences the migration means to make (see `IntendedChange`).
///   - options: Workers, examples, groups shown and shrinking.
/// - Returns: The report when it does not pass, else `nil`.
public func verifyOracle<Input: Sendable, Corpus: Sequence>(
    _ oracle: Oracle<Input>, over corpus: Corpus, intended: [IntendedChange] = [],
    options: OracleOptions = OracleOptions()
) -> OracleReport? where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
    let report = oracle.run(corpus, intended: intended, options: options)
    return report.passes ? nil : report
}

/// Runs an oracle and records a test failure with the report (counts per class, the unintended
/// differences grouped by input shape, each group's first input and its smallest, and what each
/// declaration took) unless every difference was declared intended.
///
/// A declaration that took nothing is stale: it is named in the report, and recorded as a warning
/// (Swift Testing 6.3 and later) when the run passes.
///
/// Records through Swift Testing's `Issue.record` inside a `@Test`, else through `XCTFail`.
///
/// ```swift
/// @Test func newParserMatchesOld() {
///     assertOracle(Oracle(legacy: Old.parse, candidate: New.parse),
///                  over: DateInputFamily.iso8601.corpus(seed: 1, count: 10_000),
///                  intended: [.candidateAcceptsMore])
/// }
/// ```
///
/// - Parameters:
///   - oracle: The legacy and the candidate.
///   - corpus: The inputs.
///   - intended: The differences the migration means to make.
///   - options: Workers, examples, groups shown and shrinking.
///   - fileID: Where the failure is recorded (the caller's, by default), as every WireLock
///     assertion takes it.
///   - filePath: The file XCTest records the failure in.
///   - line: The line the failure is recorded at.
///   - column: The column the failure is recorded at.
/// - Returns: The report, passing or not, for further checks.
@discardableResult
public func assertOracle<Input: Sendable, Corpus: Sequence>(
    _ oracle: Oracle<Input>, over corpus: Corpus, intended: [IntendedChange] = [],
    options: OracleOptions = OracleOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> OracleReport where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
    let report = oracle.run(corpus, intended: intended, options: options)
    let location = TestFailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !report.passes {
        recordTestFailure("oracle found \(report.unintended) unintended differences\n\(report)", at: location)
    } else if !report.staleDeclarations.isEmpty {
        recordTestWarning(
            "oracle: stale intended changes (they matched nothing): "
                + report.staleDeclarations.joined(separator: ", ") + "\n\(report)", at: location)
    }
    return report
}

/// Records a warning: a Swift Testing issue of severity `.warning` (Swift 6.3 and later), shown in
/// the results without failing the test. XCTest has no warnings, nor has Swift Testing before 6.3:
/// there nothing is recorded, and the report (which names stale declarations) is where to look.
func recordTestWarning(_ message: String, at location: TestFailureLocation) {
    #if compiler(>=6.3)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: location.sourceLocation)
        }
    #endif
}
