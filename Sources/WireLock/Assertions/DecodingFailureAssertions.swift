import Foundation
import WireDecoder
import WireDiagnostics
import WireGolden
import WireJSONCore
import WireReaders

/// Asserts that decoding `Fixtures/<fixture>.json` as `T` fails with the given category at the given
/// JSON path (in wire keys, also under `convertFromSnakeCase`) — for `-malformed`, `-wrong-type` and
/// `-missing-field` fixtures.
///
/// The strict validator reads the bytes first: `.syntax` means **it** rejects them (located with
/// line and column, not by Foundation's message), whatever the app's decoder would do — Foundation
/// reads a byte order mark, for one. To require that the app itself refuses a payload, expect
/// `.decoderRejects`: the app's decoder is then asked alone. A failure says which of the two judged.
///
/// ```swift
/// assertDecodingFails(Page<Movie>.self, fixture: "API/v3/movies-wrong-type", as: .typeMismatch, at: "$.records[1].year")
/// assertDecodingFails(Movie.self, fixture: "movie-truncated", as: .decoderRejects, at: "$", decoder: .api)
/// ```
public func assertDecodingFails<T: Decodable>(
    _ type: T.Type, fixture: String, as kind: DecodingFailureKind, at path: String,
    decoder: JSONDecoder = JSONDecoder(),
    fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(
        verifyDecodingFails(
            type, fixture: fixture, as: kind, at: path, decoder: decoder,
            fixturesDirectory: fixturesDirectory, filePath: filePath),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
