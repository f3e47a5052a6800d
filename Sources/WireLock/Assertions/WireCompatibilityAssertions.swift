import Foundation
import WireDecoder
import WireGolden
import WireJSONCore
import WireReaders
import WireShapes

/// Asserts that a (refactored) model still speaks the wire format its goldens lock.
///
/// - **backward** (new reader, old payload): `T` decodes every golden of the format
///   (`golden/<name>.json` and every `.json` under `golden/<name>/`);
/// - **forward** (old reader, new payload): what `T` encodes (for each decoded golden) conforms to
///   the shape inferred from the goldens, i.e. an old reader would accept it.
///
/// Failures name the golden, the direction, the rule (`required-member-added`, `type-changed`,
/// `date-format-changed`, …) and the path.
///
/// With `reads` (the old model's reader contract, `golden/<name>.reads.json`), forward changes are
/// judged for that reader: a path it never reads, or an absence or `null` it copes with, breaks
/// nothing — so a model that drops members of a wide payload is not blamed for not writing them.
///
/// ```swift
/// @Test func movieStaysCompatible() {
///     assertWireCompatible(MovieV2.self, withGolden: "movie", direction: .both,
///                          decoder: .api, encoder: .api)
/// }
/// ```
public func assertWireCompatible<T: Codable>(
    _ type: T.Type, withGolden name: String, direction: CompatibilityDirection = .both,
    decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(), goldenDirectory: URL? = nil,
    reads: ReaderContract? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(
        verifyWireCompatible(
            type, withGolden: name, direction: direction, decoder: decoder, encoder: encoder,
            goldenDirectory: goldenDirectory, reads: reads, filePath: filePath),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
