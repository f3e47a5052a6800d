import Foundation
import WireJSONCore
import WireShapes
import WireSupport

/// The reporting half of `assertGolden` (WireLock):
/// does the same work and returns the failure instead of recording it.
///
/// ```swift
/// if let failure = verifyGolden(movie, named: "movie", encoder: .api) { print(failure.message) }
/// ```
/// - Parameters:
///   - value: the value to lock; it is encoded with `encoder` and compared as JSON (member order
///     and whitespace do not count).
///   - name: the golden's name inside the golden directory (`movie`, `movies/page-1`); a name that
///     would leave it (`..`, an absolute path) fails.
///   - encoder: the encoder of the wire format under test (its key, date and data strategies).
///   - redactions: the values to replace before comparing and writing (tokens, dates, ids).
///   - record: the record mode for this call; under CI anything but `.never` fails (see `RecordMode`).
///   - goldenDirectory: where the goldens are; by default `WIRELOCK_GOLDEN_DIR`, else `golden/`
///     beside the nearest `Package.swift` above `filePath` (see ``GoldenFiles``).
///   - environment: the variables read for the record mode, CI and the golden directory.
///   - writer: who asserts, for telling two tests that write one golden apart; by default the
///     calling file and function.
///   - filePath: the calling file (`#filePath`): the package root and the writer's name.
///   - function: the calling function (`#function`), part of the default writer.
///   - line: the calling line (`#line`), shown with the default writer.
/// - Returns: nil when the golden matches; otherwise the failure: a mismatch with its differences,
///   a recorded golden, a redaction that failed or matched nothing, a clash with another test
///   writing the same golden, or a write error in words.
public func verifyGolden<T: Encodable>(
    _ value: T, named name: String, encoder: JSONEncoder = JSONEncoder(), redacting redactions: [Redaction] = [],
    record: RecordMode? = nil, goldenDirectory: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    writer: GoldenWriter? = nil,
    filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line
) -> WireLockFailure? {
    let actual: JSONValue
    switch GoldenComparison.document(encoding: value, with: encoder, named: name) {
    case .success(let document): actual = document
    case .failure(let failure): return failure
    }
    let context = GoldenContext(filePath: "\(filePath)", goldenDirectory: goldenDirectory, environment: environment)
    let caller =
        writer ?? GoldenWriter(test: "\(context.shownFile) \(function)", location: "\(context.shownFile):\(line)")
    return GoldenComparison.verify(
        actual, named: name, redacting: redactions, record: record, environment: environment, writer: caller,
        context: context)
}

/// The golden workflow over an already-encoded document.
public enum GoldenComparison {
    /// Compares a document with `golden/<name>.json` under the record mode; see `assertGolden`.
    ///
    /// ```swift
    /// let document = try JSONValue.parse(#"{"id": 1}"#)
    /// let failure = GoldenComparison.verify(document, named: "item")
    /// ```
    /// - Parameters:
    ///   - document: the encoded value, as JSON.
    ///   - name: the golden's name inside the golden directory; a name that would leave it fails.
    ///   - redactions: the values to replace before comparing and writing.
    ///   - record: the record mode for this call (nil: the `.recordMode` trait, else
    ///     `WIRELOCK_RECORD`, else `.missing` locally and `.never` under CI; see `RecordMode`).
    ///   - goldenDirectory: where the goldens are; by default found from `filePath` and
    ///     `environment` (see ``GoldenFiles``).
    ///   - environment: the variables read for the record mode, CI and the golden directory.
    ///   - writer: who asserts (see ``GoldenWriter``); by default the calling file.
    ///   - filePath: the calling file: the package root, and the default writer.
    /// - Returns: nil when the golden matches, else the failure (see `verifyGolden`).
    public static func verify(
        _ document: JSONValue, named name: String, redacting redactions: [Redaction] = [], record: RecordMode? = nil,
        goldenDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        writer: GoldenWriter? = nil, filePath: String = #filePath
    ) -> WireLockFailure? {
        let context = GoldenContext(filePath: filePath, goldenDirectory: goldenDirectory, environment: environment)
        return verify(
            document, named: name, redacting: redactions, record: record, environment: environment,
            writer: writer ?? context.defaultWriter, context: context)
    }

    /// `value` encoded with `encoder` and parsed, or the failure that says why it could not be.
    package static func document<T: Encodable>(
        encoding value: T, with encoder: JSONEncoder, named name: String
    ) -> Result<JSONValue, WireLockFailure> {
        let encoded: Data
        do {
            encoded = try encoder.encode(value)
        } catch {
            return .failure(WireLockFailure("could not encode \(T.self) for golden '\(name)': \(error)"))
        }
        do {
            return .success(try JSONValue.parse(encoded))
        } catch {
            return .failure(WireLockFailure("the encoder produced invalid JSON for golden '\(name)': \(error)"))
        }
    }

    /// JSON bytes (a recorded request body, a response) parsed strictly, or the failure that says
    /// why they cannot be compared: nil or empty, or not JSON (with the validator's line and column).
    package static func document(json bytes: Data?, named name: String) -> Result<JSONValue, WireLockFailure> {
        guard let bytes, !bytes.isEmpty else {
            return .failure(
                WireLockFailure("no JSON to compare with golden '\(name)' (nil or empty); nothing was written"))
        }
        do {
            return .success(try JSONValue.parse(bytes))
        } catch {
            return .failure(
                WireLockFailure(
                    "the bytes are not JSON (golden '\(name)'; nothing was written): "
                        + JSONDiagnostic(error, file: "json").headline))
        }
    }

    /// ``verify(_:named:redacting:record:goldenDirectory:environment:writer:filePath:)`` in a
    /// context already worked out (the assertions make one per call and name the writer from it).
    package static func verify(
        _ document: JSONValue, named name: String, redacting redactions: [Redaction], record: RecordMode?,
        environment: [String: String], writer caller: GoldenWriter, context: GoldenContext,
        kind: GoldenKind = .encoded, claiming: Bool = true
    ) -> WireLockFailure? {
        if let problem = GoldenFiles.problem(withName: name) {
            return WireLockFailure(problem + "; nothing was written")
        }
        let decision: RecordMode.Decision
        switch RecordMode.decide(explicit: record, environment: environment) {
        case .success(let value): decision = value
        case .failure(let failure): return WireLockFailure(failure.message + " (golden '\(name)'; nothing was written)")
        }
        let mode = decision.mode
        let inCI = decision.inCI
        let root = context.root
        let goldenURL = kind.url(named: name, in: context.directory)
        let shown = GoldenFiles.display(goldenURL, root: root)
        // A name with a folder joins that folder's format: the record message says so.
        let joins =
            kind.joinsFolderFormat ? GoldenCatalog.folderFormatNote(forGoldenNamed: name).map { ", " + $0 } ?? "" : ""
        TouchedGoldens.shared.note(shown, root: context.bookkeepingRoot)

        let (redacted, redactionFailures) = Redactor.apply(redactions, to: document)
        if !redactionFailures.isEmpty {
            return WireLockFailure(
                "golden \(shown): redaction failed; nothing was written:\n"
                    + redactionFailures.map { "  " + $0 }.joined(separator: "\n"))
        }
        let actualBytes = CanonicalJSONWriter.bytes(redacted)
        let actualText = String(decoding: actualBytes, as: UTF8.self)

        // A comparison that never writes (a runner's `check`) claims nothing.
        if claiming,
            let earlier = GoldenClaims.claim(
                goldenURL, hash: SHA256.hex(SHA256.hash(actualBytes)), writer: caller, root: context.bookkeepingRoot,
                runKey: context.runKey)
        {
            return WireLockFailure(GoldenClaims.message(golden: shown, earlier: earlier, writer: caller))
        }

        guard let goldenData = FileManager.default.contents(atPath: goldenURL.path) else {
            if mode == .never {
                return WireLockFailure(
                    """
                    missing golden \(shown) (record mode: never\(inCI ? ", CI" : ""); nothing was written). \
                    It would contain:
                    \(actualText)
                    Record it locally (WIRELOCK_RECORD=missing), review it, and commit it.
                    """)
            }
            do {
                try GoldenFiles.writeAtomically(actualBytes, to: goldenURL)
            } catch {
                return WireLockFailure("could not write golden \(shown): \(error)")
            }
            return WireLockFailure("recorded \(shown)\(joins); review and re-run")
        }

        let golden: JSONValue
        do {
            golden = try JSONValue.parse(goldenData)
        } catch {
            return WireLockFailure("golden \(shown) is not valid JSON: \(JSONDiagnostic(error, file: shown).headline)")
        }
        let goldenCanonical = CanonicalJSONWriter.bytes(golden)
        let pending = GoldenFiles.pendingURL(for: goldenURL)
        if goldenCanonical == actualBytes {
            if [UInt8](goldenData) != goldenCanonical, mode == .all || mode == .failed {
                do {
                    try GoldenFiles.writeAtomically(actualBytes, to: goldenURL)
                } catch {
                    return WireLockFailure("could not rewrite golden \(shown) in canonical form: \(error)")
                }
                return WireLockFailure("recorded \(shown) (rewritten in canonical form)\(joins); review and re-run")
            }
            try? FileWriteError.delete(pending)  // a stale pending file is resolved
            return nil
        }

        let differences = JSONDiff.differences(expected: golden, actual: redacted)
        let listed = differences.prefix(40).map { "  " + kind.describe($0) }
        let more = differences.count > 40 ? ["  … \(differences.count - 40) more differences not shown"] : []
        let lineDiff = LineDiff.unified(
            old: String(decoding: goldenCanonical, as: UTF8.self), new: actualText,
            oldName: shown, newName: "actual")
        var message =
            "golden \(shown) does not match (\(differences.count) difference\(differences.count == 1 ? "" : "s")):\n"
            + (listed + more).joined(separator: "\n") + "\n\n" + lineDiff

        if mode == .failed || mode == .all {
            do {
                try GoldenFiles.writeAtomically(actualBytes, to: goldenURL)
                try? FileWriteError.delete(pending)
                return WireLockFailure(
                    "recorded \(shown)\(joins); review and re-run\n\n" + message, differences: differences)
            } catch {
                return WireLockFailure(
                    "could not write golden \(shown): \(error)\n\n" + message, differences: differences)
            }
        }
        if inCI {
            message += "\n\n(CI: no pending file written; the actual document is above.)"
        } else {
            do {
                try GoldenFiles.writeAtomically(actualBytes, to: pending)
                message +=
                    "\n\npending: \(GoldenFiles.display(pending, root: root)) — `wirelock accept` promotes it, `wirelock reject` deletes it"
            } catch {
                message += "\n\n(could not write the pending file: \(error))"
            }
        }
        return WireLockFailure(message, differences: differences)
    }
}
