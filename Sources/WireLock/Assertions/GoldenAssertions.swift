import Foundation
import WireGolden
import WireJSONCore
import WireSupport

/// Encodes a value, canonicalizes it, applies redactions and compares it with `golden/<name>.json`.
///
/// On a mismatch the failure lists the differences path by path, then a compact line diff, and the
/// actual document is left beside the golden as `<name>.actual.json` for review
/// (`wirelock accept` promotes it, `wirelock reject` deletes it; under CI no file is written).
/// What is written when follows `RecordMode`: under CI nothing is, and a `record:` argument
/// other than `.never` fails there, asking for it to be removed.
///
/// Every redaction must match a value (see `Redaction.ifPresent()` for optional members), the
/// name must stay inside the golden directory, and a golden written by two tests with different
/// documents in one run fails the second of them, naming both call sites.
///
/// ```swift
/// @Test func moviePageWireFormat() throws {
///     let page = try JSONDecoder.api.decode(Page<Movie>.self, from: fixture("movies-success"))
///     assertGolden(page, named: "movies-page", encoder: .api, redacting: [.replace("$..apiKey")])
/// }
/// ```
/// A failure is recorded with Swift Testing or XCTest at the caller's location.
///
/// - Parameters:
///   - value: the value to lock; it is encoded with `encoder` and compared as JSON.
///   - name: the golden's name inside the golden directory (`movie`, `movies/page-1`).
///   - encoder: the encoder of the wire format under test.
///   - redactions: the values to replace before comparing and writing (tokens, dates, ids).
///   - record: the record mode for this call (see `RecordMode`); nil leaves it to the trait and
///     the environment.
///   - goldenDirectory: where the goldens are (default: `WIRELOCK_GOLDEN_DIR`, else the package's
///     `golden/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`): where the failure is recorded, and where the
///     package root (and with it `Fixtures/` and `golden/`) is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertGolden<T: Encodable>(
    _ value: T, named name: String, encoder: JSONEncoder = JSONEncoder(), redacting redactions: [Redaction] = [],
    record: RecordMode? = nil, goldenDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    switch GoldenComparison.document(encoding: value, with: encoder, named: name) {
    case .success(let document):
        compareWithGolden(
            document, named: name, redacting: redactions, record: record, goldenDirectory: goldenDirectory, at: site)
    case .failure(let failure):
        report(failure, at: site)
    }
}

/// Compares JSON bytes — a request body a stub server recorded, a response, a file — with
/// `golden/<name>.json` through the same workflow as ``assertGolden(_:named:encoder:redacting:record:goldenDirectory:fileID:filePath:line:column:)``
/// (canonical bytes, record modes, pending `.actual.json` files, redactions). Nil or empty bytes,
/// or bytes that are not JSON, fail with the validator's line and column; nothing is written then.
///
/// ```swift
/// // With WireStubTesting: lock what the client sent.
/// assertGolden(json: server.requests.first?.body, named: "add-movie-request", redacting: [.replace("$.apiKey")])
/// ```
public func assertGolden(
    json bytes: Data?, named name: String, redacting redactions: [Redaction] = [],
    record: RecordMode? = nil, goldenDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let document: JSONValue
    switch GoldenComparison.document(json: bytes, named: name) {
    case .success(let parsed): document = parsed
    case .failure(let failure): return report(failure, at: site)
    }
    compareWithGolden(
        document, named: name, redacting: redactions, record: record, goldenDirectory: goldenDirectory, at: site)
}

/// The part both `assertGolden`s share: the assertion's context (package root, golden directory,
/// run) worked out once, the writer named from it, the comparison, the failure recorded.
private func compareWithGolden(
    _ document: JSONValue, named name: String, redacting redactions: [Redaction], record: RecordMode?,
    goldenDirectory: URL?, at site: CallSite
) {
    let environment = ProcessInfo.processInfo.environment
    let context = GoldenContext(
        filePath: "\(site.filePath)", goldenDirectory: goldenDirectory, environment: environment)
    report(
        GoldenComparison.verify(
            document, named: name, redacting: redactions, record: record, environment: environment,
            writer: site.goldenWriter(in: context), context: context),
        at: site)
}
