import Foundation
import WireJSONCore
import WireSupport

/// A model's regression corpus: `Fixtures/fuzz-regressions/<model>/<name>.json`, each with a
/// `<name>.meta.json` that says which mutation made it, what was expected, what was seen, the
/// expectation as data (so the case replays without its seed), and a status. A case is one finding
/// group's shrunk mutant: its name (``caseName(of:)``) hashes the bytes together with the group key
/// (mutator, outcome, path with `[*]` for indices), so two findings that shrink to the same bytes
/// are two cases.
///
/// A new finding is matched to the committed cases by structure — its root cause, the bug it is —
/// and never by bytes or mutator (``knownCase(for:in:)``): after `wirelock fmt Fixtures` reorders
/// and re-indents a fixture, the campaign picks other mutants and shrinks them to other bytes, but
/// a committed `silently-accepted $.status` case still covers every finding of that root cause.
///
///
/// - `open`: a known bug kept on purpose; the replay requires that it still happens, and fails
///   once the model is fixed, asking for the status to become `fixed`.
/// - `fixed`: the replay requires the expected outcome, for ever after.
///
/// ```swift
/// let cases = try FuzzRegressions.load(from: URL(fileURLWithPath: "Fixtures/fuzz-regressions/movie"))
/// for problem in FuzzRegressions.replay(cases, model: model) { print(problem) }
/// ```
public enum FuzzRegressions {
    /// One regression case.
    public struct Case: Sendable {
        /// The case's name (the file name without `.json`; see ``FuzzRegressions/caseName(of:)``).
        public var hash: String
        /// The mutant.
        public var bytes: [UInt8]
        /// The metadata.
        public var meta: JSONValue
        /// The expectation, read from the metadata.
        public var expectation: ModelExpectation
        /// Whether the bug is still meant to happen.
        public var isOpen: Bool
        /// The recorded outcome.
        public var outcome: FuzzOutcome
    }

    /// A regression folder that cannot be read, or a case that is malformed.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// The file at fault.
        public var path: String
        /// What is wrong.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The folder of a model's cases under a fixtures folder.
    public static func folder(for model: String, in fixtures: URL) -> URL {
        fixtures.appendingPathComponent("fuzz-regressions").appendingPathComponent(model)
    }

    /// The name of a finding's case: the first 16 hex digits of the SHA-256 of its bytes, a NUL
    /// byte and its ``FuzzFinding/groupKey``. Two findings with the same bytes but another mutator,
    /// outcome or path get different names.
    ///
    /// ```swift
    /// let known = FuzzRegressions.hashes(in: folder).contains(FuzzRegressions.caseName(of: shrunk))
    /// ```
    public static func caseName(of finding: FuzzFinding) -> String {
        Mutant.contentHash(of: finding.bytes + [0] + Array(finding.groupKey.utf8))
    }

    /// The metadata of a finding, as written next to it.
    public static func meta(model: FuzzModel, finding: FuzzFinding, expectation: ModelExpectation) -> JSONValue {
        .object(
            JSONObject([
                "model": .string(model.name),
                "type": .string(model.typeName),
                "mutator": .string(finding.operation.mutator.rawValue),
                "variant": .string(finding.operation.variant),
                "path": .string(finding.operation.path.description),
                "group": .string(finding.groupKey),
                "outcome": .string(finding.verdict.outcome.rawValue),
                "expected": .string(finding.verdict.expected),
                "seen": .string(finding.verdict.seen),
                "expectation": expectation.json(),
                "status": .string("open"),
            ]))
    }

    /// The committed cases of a folder by the root cause they pin (``FuzzFinding/rootCause``:
    /// outcome and path with indices as `[*]`; a root cause with several cases keeps the first by
    /// name). Unreadable or malformed metadata is left out: ``load(from:)`` reports it.
    ///
    /// ```swift
    /// let known = FuzzRegressions.groups(in: folder)
    /// if let name = FuzzRegressions.knownCase(for: finding, in: known) { print("already pinned by \(name)") }
    /// ```
    public static func groups(in folder: URL) -> [String: String] {
        var groups: [String: String] = [:]
        for name in hashes(in: folder).sorted() {
            guard
                let data = FileManager.default.contents(
                    atPath: folder.appendingPathComponent(name + ".meta.json").path),
                let meta = try? JSONValue.parse(Array(data))
            else { continue }
            guard case .string(let outcome)? = meta["outcome"], case .string(let text)? = meta["path"],
                let path = JSONPath.parse(text)
            else { continue }
            let cause = FuzzFinding.rootCause(outcome, path: path)
            if groups[cause] == nil { groups[cause] = name }
        }
        return groups
    }

    /// The committed case that already pins `finding`'s bug, matched by structure (its root
    /// cause: outcome and path with indices as `[*]`), or nil for a new finding. The bytes play no
    /// part, so a reformatted seed does not turn a known bug into a new one.
    public static func knownCase(for finding: FuzzFinding, in groups: [String: String]) -> String? {
        groups[finding.rootCause]
    }

    /// The names of the cases already in a folder (empty when it does not exist).
    public static func hashes(in folder: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".meta.json") }.map { String($0.dropLast(".meta.json".count)) })
    }

    /// Saves a finding (atomically, creating the folder) as the case ``caseName(of:)``. An existing
    /// case with the same name is left as it is (its status may have been edited).
    /// - Returns: the path of the mutant file.
    /// - Throws: when a file cannot be written.
    @discardableResult
    public static func save(_ finding: FuzzFinding, expectation: ModelExpectation, model: FuzzModel, in folder: URL)
        throws -> String
    {
        let hash = caseName(of: finding)
        let file = folder.appendingPathComponent(hash + ".json")
        let metaFile = folder.appendingPathComponent(hash + ".meta.json")
        if FileManager.default.fileExists(atPath: metaFile.path) { return file.path }
        // The one atomic writer makes the folder (and names the step and path when it cannot).
        try AtomicFile.write(finding.bytes, to: RawPath(file.path), options: .golden)
        try AtomicFile.write(
            CanonicalJSONWriter.bytes(meta(model: model, finding: finding, expectation: expectation)),
            to: RawPath(metaFile.path), options: .golden)
        return file.path
    }

    /// Every case in a folder, by name (none when the folder does not exist).
    /// - Throws: ``LoadError`` for an unreadable file or malformed metadata.
    public static func load(from folder: URL) throws(LoadError) -> [Case] {
        var cases: [Case] = []
        for hash in hashes(in: folder).sorted() {
            let file = folder.appendingPathComponent(hash + ".json")
            let metaFile = folder.appendingPathComponent(hash + ".meta.json")
            guard let bytes = FileManager.default.contents(atPath: file.path),
                let metaBytes = FileManager.default.contents(atPath: metaFile.path)
            else {
                throw LoadError(path: file.path, reason: "cannot read the case or its metadata")
            }
            guard let meta = try? JSONValue.parse(Array(metaBytes)),
                let expectationJSON = meta["expectation"], let expectation = ModelExpectation(json: expectationJSON),
                case .string(let status)? = meta["status"], status == "open" || status == "fixed",
                case .string(let outcomeName)? = meta["outcome"], let outcome = FuzzOutcome(rawValue: outcomeName)
            else {
                throw LoadError(
                    path: metaFile.path,
                    reason: "expected canonical JSON with expectation, status (open or fixed) and outcome")
            }
            cases.append(
                Case(
                    hash: hash, bytes: Array(bytes), meta: meta, expectation: expectation, isOpen: status == "open",
                    outcome: outcome))
        }
        return cases
    }

    /// Replays one case against a model.
    /// - Returns: nil when the case behaves as its status says, else what is wrong.
    /// An open crash or hang is not replayed: it would take the test process down with it.
    public static func replay(_ regression: Case, model: FuzzModel) -> String? {
        if regression.isOpen && (regression.outcome == .crash || regression.outcome == .hang) { return nil }
        let decoded = model.decode(regression.bytes)
        var tree: JSONValue?
        if case .accepted(_?, nil, _) = decoded { tree = try? JSONValue.parse(regression.bytes) }
        var verdict = regression.expectation.judge(decoded, mutant: tree)
        // As the campaign judged it: an acceptance is looked at again through the report.
        if case .accepted = decoded, !verdict.outcome.isFinding,
            let report = model.verdictReport(regression.bytes)
        {
            verdict = ModelCampaign.refine(
                verdict, report: report, at: regression.expectation.path, member: nil, seedSwallowed: [])
        }
        if regression.isOpen {
            if verdict.outcome == regression.outcome { return nil }
            if !verdict.outcome.isFinding {
                return
                    "\(regression.hash): the open \(regression.outcome.rawValue) case now behaves as expected (\(verdict.seen)); set its status to \"fixed\""
            }
            return
                "\(regression.hash): expected the open \(regression.outcome.rawValue) case to reproduce, got \(verdict.outcome.rawValue): \(verdict.seen)"
        }
        if verdict.outcome.isFinding {
            return
                "\(regression.hash): regressed: \(verdict.outcome.rawValue), expected \(verdict.expected), seen \(verdict.seen)"
        }
        return nil
    }
}
