import Foundation
import WireDecoder
import WireGolden
import WireShapes

/// Asserts that a model's reader contract — what its `init(from:)` reads from the wire, learnt by
/// decoding `fixtures` with `WireJSONDecoder.decodeWithReport` — is the one locked in
/// `golden/<name>.reads.json`, and that every member it drops is accepted by a pattern.
///
/// It fails, naming each folded path (`$.items[*].state_reason`) once with its number of
/// occurrences and the first one's `FILE:LINE:COLUMN`, when:
/// - the model starts or stops reading a path, or a path's kinds, optionality, Swift types, date
///   or number forms or lenience change (the contract file differs; a pending
///   `<name>.reads.actual.json` is left for `wirelock accept`, except under CI);
/// - a fixture has a member nobody reads that no pattern of `accepting` covers (the server added
///   `state_reason`: model it, or accept the drop with a reason);
/// - an acceptance covers nothing (stale), with "did you mean" the wire path when it names a
///   Swift property;
/// - a fixture cannot be read or decoded (the error located in it).
///
/// The file is written like a golden: on the first run (`.missing`, the local default) it is
/// recorded and the test fails once for review; under CI nothing is written. Errors the model
/// swallows (`try?` unions, defaults) are declared in the contract as lenient, not reported.
///
/// ```swift
/// @Test func repositoryReaderContract() {
///     assertReaderContract(
///         Repository.self, fixtures: ["github/repository", "github/search-repositories"],
///         named: "github/repository",
///         accepting: ["$..*_url": "URL templates: the client builds its own URLs",
///                     "$..node_id": "GraphQL ids are not used"])
/// }
/// ```
/// - Parameters:
///   - type: the model.
///   - fixtures: fixture names under `Fixtures/` (or absolute paths); the contract is the union
///     of what they show.
///   - name: the contract's name in the golden directory: `golden/<name>.reads.json`.
///   - decoder: the decoder, configured as the app configures it: `.wire()` (strict, the default),
///     `.wire(WireJSONDecoder(...))`, or `.foundation(appDecoder)`, whose strategies and user info
///     are copied into a `WireJSONDecoder` so the contract is learnt as the app decodes.
///   - accepting: dropped paths that are expected, as JSON path patterns (`$.items[*].node_id`,
///     `$..*_url`) with the reason.
///   - record: the record mode for this call (see `RecordMode`).
///   - fixturesDirectory: where fixtures live (default: the package's `Fixtures/`).
///   - goldenDirectory: where the contract file lives (default: the package's `golden/`).
///   - fileID: the caller's `#fileID`.
///   - filePath: the caller's `#filePath` (also where the package is found from).
///   - line: the caller's line.
///   - column: the caller's column.
public func assertReaderContract<T: Decodable>(
    _ type: T.Type, fixtures: [String], named name: String, decoder: ModelDecoder = .wire(),
    accepting: [String: String] = [:], record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    goldenDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    report(
        verifyReaderContract(
            type, fixtures: fixtures, named: name, decoder: decoder.wireDecoder, accepting: accepting, record: record,
            fixturesDirectory: fixturesDirectory, goldenDirectory: goldenDirectory, filePath: filePath),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
