import Foundation
import WireJSON

/// The reporting half of ``assertGolden(_:named:encoder:redacting:record:goldenDirectory:fileID:filePath:line:column:)``:
/// does the same work and returns the failure instead of recording it.
public func verifyGolden<T: Encodable>(
    _ value: T, named name: String, encoder: JSONEncoder = JSONEncoder(), redacting redactions: [Redaction] = [],
    record: RecordMode? = nil, goldenDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    filePath: StaticString = #filePath
) -> WireLockFailure? {
    let encoded: Data
    do {
        encoded = try encoder.encode(value)
    } catch {
        return WireLockFailure("could not encode \(T.self) for golden '\(name)': \(error)")
    }
    let actual: JSONValue
    do {
        actual = try JSONValue.parse(encoded)
    } catch {
        return WireLockFailure("the encoder produced invalid JSON for golden '\(name)': \(error)")
    }
    return GoldenComparison.verify(actual, named: name, redacting: redactions, record: record,
                                   goldenDirectory: goldenDirectory, environment: environment, filePath: "\(filePath)")
}

/// The golden workflow over an already-encoded document.
public enum GoldenComparison {
    /// Compares a document with `golden/<name>.json` under the record mode; see ``assertGolden``.
    public static func verify(
        _ document: JSONValue, named name: String, redacting redactions: [Redaction] = [], record: RecordMode? = nil,
        goldenDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        filePath: String = #filePath
    ) -> WireLockFailure? {
        let mode: RecordMode
        if let chosen = record ?? RecordMode.current {
            mode = chosen
        } else {
            do throws(RecordModeError) {
                mode = try RecordMode.fromEnvironment(environment)
            } catch {
                return WireLockFailure(error.description)
            }
        }
        let inCI = RecordMode.isCI(environment)
        let root = GoldenFiles.packageRoot(from: filePath)
        let directory = goldenDirectory ?? GoldenFiles.goldenDirectory(for: filePath, environment: environment)
        let goldenURL = directory.appendingPathComponent(name + ".json")
        let shown = GoldenFiles.display(goldenURL, root: root)
        GoldenFiles.recordTouched(goldenURL, root: root)

        let (redacted, redactionFailures) = Redactor.apply(redactions, to: document)
        if !redactionFailures.isEmpty {
            return WireLockFailure("golden \(shown): redaction failed:\n" + redactionFailures.map { "  " + $0 }.joined(separator: "\n"))
        }
        let actualBytes = CanonicalJSONWriter.bytes(redacted)
        let actualText = String(decoding: actualBytes, as: UTF8.self)

        guard let goldenData = FileManager.default.contents(atPath: goldenURL.path) else {
            if mode == .never {
                return WireLockFailure("""
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
            return WireLockFailure("recorded \(shown); review and re-run")
        }

        let golden: JSONValue
        do {
            golden = try JSONValue.parse(goldenData)
        } catch {
            return WireLockFailure("golden \(shown) is not valid JSON: \(shown):\(error.location.line):\(error.location.column): \(error.reason) (at \(error.path))")
        }
        let goldenCanonical = CanonicalJSONWriter.bytes(golden)
        let pending = GoldenFiles.pendingURL(for: goldenURL)
        if goldenCanonical == actualBytes {
            if [UInt8](goldenData) != goldenCanonical, mode == .all || mode == .failed {
                try? GoldenFiles.writeAtomically(actualBytes, to: goldenURL)
                return WireLockFailure("recorded \(shown) (rewritten in canonical form); review and re-run")
            }
            try? FileManager.default.removeItem(at: pending)   // a stale pending file is resolved
            return nil
        }

        let differences = JSONDiff.differences(expected: golden, actual: redacted)
        let listed = differences.prefix(40).map { "  " + $0.description }
        let more = differences.count > 40 ? ["  … \(differences.count - 40) more differences not shown"] : []
        let lineDiff = LineDiff.unified(old: String(decoding: goldenCanonical, as: UTF8.self), new: actualText,
                                        oldName: shown, newName: "actual")
        var message = "golden \(shown) does not match (\(differences.count) difference\(differences.count == 1 ? "" : "s")):\n"
            + (listed + more).joined(separator: "\n") + "\n\n" + lineDiff

        if mode == .failed || mode == .all {
            do {
                try GoldenFiles.writeAtomically(actualBytes, to: goldenURL)
                try? FileManager.default.removeItem(at: pending)
                return WireLockFailure("recorded \(shown); review and re-run\n\n" + message, differences: differences)
            } catch {
                return WireLockFailure("could not write golden \(shown): \(error)\n\n" + message, differences: differences)
            }
        }
        if inCI {
            message += "\n\n(CI: no pending file written; the actual document is above.)"
        } else {
            do {
                try GoldenFiles.writeAtomically(actualBytes, to: pending)
                message += "\n\npending: \(GoldenFiles.display(pending, root: root)) — `wirelock accept` promotes it, `wirelock reject` deletes it"
            } catch {
                message += "\n\n(could not write the pending file: \(error))"
            }
        }
        return WireLockFailure(message, differences: differences)
    }
}
