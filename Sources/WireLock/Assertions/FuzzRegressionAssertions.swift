import Foundation
import WireFuzz
import WireGolden
import WireJSONCore

/// Replays a model's fuzz regression cases, `Fixtures/fuzz-regressions/<model>/`, and records a
/// failure for each case that does not behave as its status says: a `fixed` case must now give the
/// expected outcome; an `open` case (a known bug kept on purpose) must still reproduce — when it
/// stops, the failure asks for its status to become `fixed`. Open crashes and hangs are not replayed
/// in process. No cases at all is a failure too (a wrong model name or folder). The check itself is
/// WireFuzz's `verifyFuzzRegressions`, which returns the failure instead of recording it.
///
/// ```swift
/// @Test func movieFuzzRegressions() {
///     assertFuzzRegressions(Page<Movie>.self, model: "movie", decoder: .api, encoder: .api)
/// }
/// ```
/// - Parameters:
///   - type: the model the cases are decoded into.
///   - model: the model's name, as registered with WireLockRunner's `ModelRunner` (the folder's name).
///   - decoder: the decoder of the wire format under test (its key, date and data strategies).
///   - encoder: the encoder of the same wire format.
///   - fixturesDirectory: where `fuzz-regressions/` is (default: the package's `Fixtures/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`): where the failure is recorded, and where the
///     package root (and with it `Fixtures/` and `golden/`) is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertFuzzRegressions<T: Codable & SendableMetatype>(
    _ type: T.Type, model: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(
        verifyFuzzRegressions(
            type, model: model, decoder: decoder, encoder: encoder,
            fixturesDirectory: fixturesDirectory, filePath: filePath),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
