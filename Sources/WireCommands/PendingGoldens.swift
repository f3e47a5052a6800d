import Foundation
import WireDecoder
import WireGolden
import WireJSON
import WireReaders

/// The review workflow over pending files (`<name>.actual.json`, left beside a golden by a failed
/// assertion): list them, accept them (promote over the golden) or reject them (delete).
///
/// ```swift
/// for pending in PendingGoldens.list(in: goldenDirectory) {
///     print(PendingGoldens.diff(pending))
///     try PendingGoldens.accept(pending)
/// }
/// ```
package enum PendingGoldens {
    /// A pending file and the golden it would replace.
    package struct Pending: Sendable, Hashable {
        /// The pending file, `<name>.actual.json`.
        package var pendingURL: URL
        /// The golden beside it, `<name>.json`; it may not exist yet (a new golden).
        package var goldenURL: URL
    }

    /// Every pending file under `directory`, recursively, sorted by path.
    package static func list(in directory: URL) -> [Pending] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [Pending] = []
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(".actual.json") {
            if let golden = GoldenFiles.goldenURL(forPending: url) {
                found.append(Pending(pendingURL: url, goldenURL: golden))
            }
        }
        return found.sorted { $0.pendingURL.path < $1.pendingURL.path }
    }

    /// The pending entry for a path given on the command line: the pending file itself or its golden.
    package static func pending(for path: URL) -> Pending? {
        if let golden = GoldenFiles.goldenURL(forPending: path) {
            return FileManager.default.fileExists(atPath: path.path)
                ? Pending(pendingURL: path, goldenURL: golden) : nil
        }
        let pending = GoldenFiles.pendingURL(for: path)
        return FileManager.default.fileExists(atPath: pending.path)
            ? Pending(pendingURL: pending, goldenURL: path) : nil
    }

    /// The path-level differences and the line diff between the golden (empty if new) and the pending
    /// document.
    package static func diff(_ pending: Pending, root: URL? = nil) -> String {
        let newData = FileManager.default.contents(atPath: pending.pendingURL.path) ?? Data()
        let oldData = FileManager.default.contents(atPath: pending.goldenURL.path)
        let name = GoldenFiles.display(pending.goldenURL, root: root)
        guard let oldData else { return "new golden \(name):\n" + String(decoding: newData, as: UTF8.self) }
        var lines: [String] = []
        if let old = try? JSONValue.parse(oldData), let new = try? JSONValue.parse(newData) {
            let kind = GoldenKind.of(fileName: pending.goldenURL.lastPathComponent)
            lines = JSONDiff.differences(expected: old, actual: new).map { "  " + kind.describe($0) }
        }
        return "\(name):\n" + lines.joined(separator: "\n") + "\n"
            + LineDiff.unified(
                old: String(decoding: oldData, as: UTF8.self), new: String(decoding: newData, as: UTF8.self),
                oldName: name, newName: GoldenFiles.display(pending.pendingURL, root: root))
    }

    /// Promotes a pending file over its golden (atomically), after checking it is valid JSON.
    /// - Throws: ``WireLockFailure`` when the pending file is not valid JSON (it is then left as it
    ///   is), or a ``FileWriteError`` naming the step, path and system reason (the golden is then
    ///   intact).
    package static func accept(_ pending: Pending) throws {
        guard let data = FileManager.default.contents(atPath: pending.pendingURL.path) else {
            throw WireLockFailure("cannot read \(pending.pendingURL.path)")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw WireLockFailure("\(JSONDiagnostic(error, file: pending.pendingURL.path).headline); not accepted")
        }
        // A reader contract keeps its own layout (one line per path), and must be one.
        if GoldenCatalog.readerContractName(forRelativePath: pending.goldenURL.lastPathComponent) != nil {
            let contract: ReaderContract
            do {
                contract = try ReaderContract(parsing: [UInt8](data), file: pending.pendingURL.path)
            } catch {
                throw WireLockFailure("\(error); not accepted")
            }
            try GoldenFiles.writeAtomically(contract.bytes, to: pending.goldenURL)
            try FileWriteError.delete(pending.pendingURL)
            return
        }
        try GoldenFiles.writeAtomically(CanonicalJSONWriter.bytes(value), to: pending.goldenURL)
        try FileWriteError.delete(pending.pendingURL)
    }

    /// Deletes a pending file.
    /// - Throws: ``FileWriteError`` with the path and the system's reason.
    package static func reject(_ pending: Pending) throws {
        try FileWriteError.delete(pending.pendingURL)
    }

    /// Golden files under `directory` that no assertion touched in the last run recorded under
    /// `root/.wirelock/runs` (see ``GoldenRuns``). Nil when no run has been recorded.
    package static func orphans(in directory: URL, root: URL) -> [URL]? {
        guard let run = GoldenRuns.latest(root: root) else { return nil }
        return GoldenRuns.orphans(in: directory, run: run, root: root)
    }
}
