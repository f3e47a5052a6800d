import Foundation
import WireGolden
import WireJSONCore

/// Reads `Fixtures/<fixture>.json` through the strict validator, decodes it as `T`, re-encodes it and
/// compares the two canonical documents. The failure names every path where data was lost ("lossy
/// decode: `$.movies[0].imdbId` is in the fixture but not in the re-encoded value"), changed (a date
/// that lost its fractional seconds, `1.0` that became `1`) or appeared.
///
/// - Parameters:
///   - type: the model to decode the fixture into.
///   - fixture: the fixture's name under `Fixtures/`, with or without `.json` (`movie-success`,
///     `API/v3/movies-success`).
///   - decoder: the decoder of the wire format under test (its key, date and data strategies).
///   - encoder: the encoder of the same wire format.
///   - accepting: differences that are expected, each declared by path with its reason.
///   - strictNulls: count a `null` that comes back absent (or the reverse) as a difference even
///     where the model reads the member as optional (by default it is none there).
///   - fixturesDirectory: where the fixtures are (default: `WIRELOCK_FIXTURES_DIR`, else the
///     package's `Fixtures/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`): where the failure is recorded, and where the
///     package root (and with it `Fixtures/` and `golden/`) is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertRoundTrip<T: Codable>(
    _ type: T.Type, fixture: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    accepting: [AcceptedDifference] = [], strictNulls: Bool = false, fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let result = verifyRoundTrip(
        type, fixture: fixture, decoder: decoder, encoder: encoder, accepting: accepting, strictNulls: strictNulls,
        fixturesDirectory: fixturesDirectory, filePath: filePath)
    if case .failure(let failure) = result {
        report(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
