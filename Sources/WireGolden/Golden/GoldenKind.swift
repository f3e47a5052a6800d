import Foundation
import WireDates
import WireJSONCore
import WireSupport

/// What a golden file holds, and so how it is named and how a difference reads. One workflow
/// (record modes, pending `.actual.json` files, claims, orphans, `wirelock accept`) runs over every
/// kind; a new kind of golden is a value of this type, not a copy of the workflow.
///
/// ```swift
/// GoldenKind.decoded.url(named: "library-event", in: golden)   // golden/library-event.decoded.json
/// ```
package struct GoldenKind: Sendable {
    /// How the file's name ends after the golden's name: `.json`, `.decoded.json`.
    package var suffix: String
    /// One difference as a line of the failure message.
    package var describe: @Sendable (JSONDifference) -> String
    /// Whether a golden named with a folder (`requests/post`) is a sample of that folder's wire
    /// format, as `wirelock lock` groups them.
    package var joinsFolderFormat: Bool

    /// A value as its encoder writes it: `golden/<name>.json`, a sample of a wire format.
    package static let encoded = GoldenKind(suffix: ".json", describe: { $0.description }, joinsFolderFormat: true)

    /// What a model decoded, dumped by `DecodedDump`: `golden/<name>.decoded.json`, locked on its
    /// own line of the lock file. A changed date reads as both instants, Δ seconds and ulps.
    package static let decoded = GoldenKind(
        suffix: GoldenCatalog.decodedSuffix, describe: describeDecoded, joinsFolderFormat: false)

    /// The kind of a golden or pending file, by its name.
    package static func of(fileName: String) -> GoldenKind {
        fileName.hasSuffix(GoldenCatalog.decodedSuffix) || fileName.hasSuffix(".decoded.actual.json")
            ? .decoded : .encoded
    }

    /// The golden called `name` in `directory`.
    package func url(named name: String, in directory: URL) -> URL {
        directory.appendingPathComponent(name + suffix)
    }

    /// `$.sentAt (golden → actual): 2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ
    /// -1.1920928955078125e-07 s, 1 ulp` for two dumped dates; the usual line for anything else.
    static func describeDecoded(_ difference: JSONDifference) -> String {
        guard case .changed(.string(let golden), .string(let actual)) = difference.change,
            let old = ExactInstant(rendered: golden), let new = ExactInstant(rendered: actual)
        else { return difference.description }
        let instants = InstantDifference(expected: old.secondsSinceReference, actual: new.secondsSinceReference)
        return "\(difference.path) (golden → actual): \(instants.rendered)"
    }
}
