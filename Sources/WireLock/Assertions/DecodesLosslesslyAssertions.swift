import Foundation
import WireDecoder
import WireGolden
import WireShapes

/// Asserts that `Fixtures/<fixture>.json` decodes as `T` without loss, for models that are only
/// `Decodable` (where `assertRoundTrip` cannot re-encode): the fixture is decoded with
/// `WireJSONDecoder.decodeWithReport` (strict by default), and the assertion fails when the
/// verification report has any entry — a member the model never read, a repeated member name, a
/// number that lost precision, an error an `init(from:)` swallowed with `try?` — one line per entry
/// with its JSON path and `FILE:LINE:COLUMN`. A fixture the model cannot decode fails with the
/// error located in it.
///
/// ```swift
/// @Test func movieResponseIsReadInFull() {
///     assertDecodesLosslessly(Page<MovieResponse>.self, fixture: "API/v3/movies-success")
/// }
/// // movies-extra-field.json: Page<MovieResponse> does not decode losslessly (1 entry):
/// //   movies-extra-field.json:218:7: $.records[1].popularity dropped by MovieResponse
/// ```
/// A failure is recorded with Swift Testing or XCTest at the caller's location.
///
/// - Parameters:
///   - type: the model.
///   - fixture: `Fixtures/<fixture>.json` (an absolute path, or a name ending in `.json`, as is).
///   - decoder: the decoder, configured as the app configures it: `.wire()` (strict acceptance, the
///     default), `.wire(WireJSONDecoder(...))`, or `.foundation(appDecoder)`, whose strategies are
///     copied into a `WireJSONDecoder` (the report needs one).
///   - fixturesDirectory: where fixtures live; by default the `Fixtures/` folder of the package
///     that holds the calling test file.
///   - fileID: the caller's `#fileID`.
///   - filePath: the caller's `#filePath` (also where the fixtures are looked up from).
///   - line: the caller's line.
///   - column: the caller's column.
public func assertDecodesLosslessly<T: Decodable>(
    _ type: T.Type, fixture: String, decoder: ModelDecoder = .wire(), fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(
        verifyDecodesLosslessly(
            type, fixture: fixture, decoder: decoder.wireDecoder, fixturesDirectory: fixturesDirectory,
            filePath: filePath),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
