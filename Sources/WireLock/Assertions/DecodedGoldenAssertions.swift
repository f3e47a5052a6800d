import Foundation
import WireGolden
import WireShapes

/// Locks what a model decodes: decodes `Fixtures/<fixture>.json` as `T` and compares a canonical
/// dump of the value with `golden/<name>.decoded.json`. For models that are only `Decodable`
/// (responses, events, webhooks), where `assertGolden` has nothing to encode.
///
/// The dump lists stored properties by name (a property wrapper by its wrapped value), enum cases
/// with their values, optionals as `null`, and dates exactly: RFC 3339 with every digit of the
/// `Double` and its bit pattern, so a refactor of date decoding that moves an instant by one ulp
/// fails here. The golden goes through `assertGolden`'s workflow: record modes, a pending
/// `<name>.decoded.actual.json` for `wirelock accept`/`reject`, redactions at paths of the dump,
/// orphans, and a line `<name> decoded=<sha256>` in `golden/wirelock.lock`.
///
/// ```swift
/// @Test func libraryEventDecodes() {
///     assertDecodedGolden(LibraryEvent.self, fixture: "API/v3/library-event", named: "library-event",
///                         decoder: .foundation(.sampleAPI))
/// }
/// // golden golden/library-event.decoded.json does not match (1 difference):
/// //   $.records[0].notification.sentAt (golden → actual): 2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp
/// ```
/// A failure is recorded with Swift Testing or XCTest at the caller's location.
///
/// - Parameters:
///   - type: the model.
///   - fixture: `Fixtures/<fixture>.json` (an absolute path, or a name ending in `.json`, as is).
///   - name: the golden's name inside the golden directory (`library-event` is
///     `golden/library-event.decoded.json`).
///   - decoder: the decoder the app decodes the model with: `.foundation(JSONDecoder)` or
///     `.wire(WireJSONDecoder)` (default: a strict `WireJSONDecoder`).
///   - redactions: values to replace before comparing and writing, at paths of the dump (Swift
///     property names).
///   - record: the record mode for this call (see `RecordMode`); nil leaves it to the trait and the
///     environment.
///   - fixturesDirectory: where fixtures live (default: the package's `Fixtures/`).
///   - goldenDirectory: where the goldens are (default: `WIRELOCK_GOLDEN_DIR`, else the package's
///     `golden/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`): where the failure is recorded, and where the
///     package root (and with it `Fixtures/` and `golden/`) is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertDecodedGolden<T: Decodable>(
    _ type: T.Type, fixture: String, named name: String, decoder: ModelDecoder = .wire(),
    redacting redactions: [Redaction] = [], record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    goldenDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let environment = ProcessInfo.processInfo.environment
    let context = GoldenContext(filePath: "\(filePath)", goldenDirectory: goldenDirectory, environment: environment)
    report(
        verifyDecodedGolden(
            T.self, fixture: fixture, named: name, decoder: decoder, redacting: redactions, record: record,
            fixturesDirectory: fixturesDirectory, goldenDirectory: goldenDirectory, environment: environment,
            writer: site.goldenWriter(in: context), filePath: filePath),
        at: site)
}
