import Foundation
import WireJSON
import WireLockCore

/// Asserts that decoding `Fixtures/<fixture>.json` as `T` fails with the given category at the given
/// JSON path — for `-malformed`, `-wrong-type` and `-missing-field` fixtures. A syntax error is
/// located by the strict validator (line and column), not by Foundation's message.
///
/// ```swift
/// assertDecodingFails(Page<Movie>.self, fixture: "API/v3/movies-wrong-type", as: .typeMismatch, at: "$.records[1].year")
/// ```
public func assertDecodingFails<T: Decodable>(
    _ type: T.Type, fixture: String, as kind: DecodingFailureKind, at path: String, decoder: JSONDecoder = JSONDecoder(),
    fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(verifyDecodingFails(type, fixture: fixture, as: kind, at: path, decoder: decoder,
                               fixturesDirectory: fixturesDirectory, filePath: filePath),
           at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
