import Foundation
import WireJSON
import WireLockCore

/// Reads `Fixtures/<fixture>.json` through the strict validator, decodes it as `T`, re-encodes it and
/// compares the two canonical documents. The failure names every path where data was lost ("lossy
/// decode: `$.movies[0].imdbId` is in the fixture but not in the re-encoded value"), changed (a date
/// that lost its fractional seconds, `1.0` that became `1`) or appeared.
///
/// - Parameter accepting: differences that are expected, each declared by path with its reason.
public func assertRoundTrip<T: Codable>(
    _ type: T.Type, fixture: String, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(),
    accepting: [AcceptedDifference] = [], fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let result = verifyRoundTrip(
        type, fixture: fixture, decoder: decoder, encoder: encoder, accepting: accepting,
        fixturesDirectory: fixturesDirectory, filePath: filePath)
    if case .failure(let failure) = result {
        report(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
