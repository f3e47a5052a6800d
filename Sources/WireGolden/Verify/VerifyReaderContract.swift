import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders
import WireShapes
import WireSupport

/// The reporting half of `assertReaderContract` (WireLock): decodes each fixture as `T` with the
/// verification report, folds the reads into a `ReaderContract` and checks three things:
///
/// 1. every member the model drops is accepted by a pattern of `accepting` (pattern → reason);
/// 2. every pattern of `accepting` accepts a drop (a stale one fails, with "did you mean" the wire
///    path when it names a Swift property);
/// 3. the contract is the one recorded in `golden/<name>.reads.json`, written and compared like a
///    golden (record modes, a pending `<name>.reads.actual.json` for `wirelock accept`, never
///    recorded under CI).
///
/// Entries are grouped by folded path (`$.items[*].state_reason`): one line per path with its
/// number of occurrences and the first one's `FILE:LINE:COLUMN`. Errors the model swallowed are
/// not reported: the contract declares those paths lenient.
///
/// ```swift
/// let failure = verifyReaderContract(
///     Repository.self, fixtures: ["github/repository"], named: "github/repository",
///     accepting: ["$.*_url": "URL templates the client builds itself"])
/// ```
/// - Returns: nil when the drops are all accepted, no acceptance is stale and the contract matches
///   its file; otherwise the failure naming each path.
public func verifyReaderContract<T: Decodable>(
    _ type: T.Type, fixtures: [String], named name: String, decoder: WireJSONDecoder = WireJSONDecoder(),
    accepting: [String: String] = [:], record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    goldenDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    filePath: StaticString = #filePath
) -> WireLockFailure? {
    var decoded: [ReaderContractCheck.Decoded] = []
    for fixture in fixtures {
        let url = FixtureFiles.url(fixture, directory: fixturesDirectory, filePath: "\(filePath)")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return FixtureFiles.missing(url, directory: fixturesDirectory, filePath: "\(filePath)")
        }
        let shown = fixture.hasPrefix("/") ? url.lastPathComponent : fixture
        do {
            let report = try decoder.decodeWithReport(T.self, from: data).report
            decoded.append(.init(fixture: shown, file: url.lastPathComponent, report: report))
        } catch {
            return WireLockFailure(
                LosslessDecoding.decodingFailureMessage(
                    T.self, error, data: data, file: url.lastPathComponent, decoder: decoder))
        }
    }
    let context = GoldenContext(filePath: "\(filePath)", goldenDirectory: goldenDirectory, environment: environment)
    return ReaderContractCheck.verify(
        model: "\(T.self)", decoded: decoded, named: name, accepting: accepting, record: record,
        environment: environment, context: context)
}

/// The reader-contract check over decodes already made, and its file workflow.
public enum ReaderContractCheck {
    /// One fixture's decode: the name the contract lists, the file name messages show, the report.
    public struct Decoded: Sendable {
        /// The fixture as the contract lists it (`github/issues`).
        public var fixture: String
        /// The file name locations are shown with (`issues.json`).
        public var file: String
        /// The verification report, reads included.
        public var report: WireDecodingReport

        /// Creates a value.
        public init(fixture: String, file: String, report: WireDecodingReport) {
            self.fixture = fixture
            self.file = file
            self.report = report
        }
    }

    /// The contract the decodes show.
    public static func contract(model: String, decoded: [Decoded]) -> ReaderContract {
        var contract = ReaderContract(model: model)
        for item in decoded { contract.add(item.report, fixture: item.fixture) }
        return contract
    }

    /// `golden/<name>.reads.json` in a golden directory.
    public static func fileURL(named name: String, in directory: URL) -> URL {
        directory.appendingPathComponent(name + ".reads.json")
    }

    /// The dropped members no acceptance covers, the stale acceptances and the report's other
    /// entries (repeated names, precision losses), as lines grouped by folded path; empty when
    /// there are none.
    ///
    /// - Returns: the lines and the acceptance patterns that do not parse (as failures).
    public static func findings(decoded: [Decoded], accepting: [String: String]) -> Result<[String], WireLockFailure> {
        var patterns: [(text: String, pattern: JSONPathPattern, reason: String)] = []
        for (text, reason) in accepting.sorted(by: { $0.key < $1.key }) {
            do {
                patterns.append((text, try JSONPathPattern(text), reason))
            } catch {
                return .failure(WireLockFailure("accepted drop: \(error)"))
            }
        }
        var used = Set<String>()
        var groups = EntryGroups()
        var readPaths = Set<String>()
        var dropPaths = Set<String>()
        var uncoveredPaths = Set<String>()
        for item in decoded {
            let report = item.report
            for member in report.droppedMembers {
                let folded = JSONPathPattern(folding: member.path, dictionaries: report.dictionaries)
                dropPaths.insert(folded.description)
                let matching = patterns.filter { $0.pattern.matches(member.path) }
                if !matching.isEmpty {
                    for match in matching { used.insert(match.text) }
                    continue
                }
                uncoveredPaths.insert(folded.description)
                groups.add(
                    "\(folded) dropped by \(member.droppedBy); model it or accept the drop", path: member.path,
                    file: item.file, location: member.location)
            }
            for duplicate in report.duplicateKeys {
                groups.add(
                    "\(JSONPathPattern(folding: duplicate.path, dictionaries: report.dictionaries)) repeated",
                    path: duplicate.path, file: item.file, location: duplicate.location)
            }
            for loss in report.precisionLosses {
                groups.add(
                    "\(JSONPathPattern(folding: loss.path, dictionaries: report.dictionaries)) lost precision as "
                        + "\(loss.type) (\(loss.reason.rawValue))", path: loss.path, file: item.file,
                    location: loss.location)
            }
            for read in report.reads { readPaths.insert(read.pattern.description) }
        }
        var lines = groups.lines
        for accepted in patterns where !used.contains(accepted.text) {
            var line = "stale: accepted drop `\(accepted.text)` (\(accepted.reason)) matches nothing dropped"
            if let read = readPaths.sorted().first(where: { path in
                (try? JSONPathPattern(path)).map { accepted.pattern.matches($0.samplePath) } ?? false
            }) {
                line += "; the model reads \(read)"
            } else {
                // A pattern with a capital letter names a Swift property: offer the wire paths
                // near it. One in wire form is a typo at best: offer only the drops still
                // uncovered, not a read member or a drop another pattern accepts (an acceptance
                // shared between models would get a near but unrelated name on every line).
                let namesProperty = accepted.text.contains { $0.isUppercase }
                let near = Nearest.names(
                    near: accepted.text, among: (namesProperty ? dropPaths.union(readPaths) : uncoveredPaths).sorted(),
                    limit: 2)
                if !near.isEmpty {
                    line +=
                        "; did you mean " + near.map { "`\($0)`" }.joined(separator: " or ") + "?"
                        + (namesProperty ? " (patterns name wire keys, not Swift properties)" : "")
                }
            }
            lines.append(line)
        }
        return .success(lines)
    }

    /// The check over decodes already made (see `verifyReaderContract`).
    package static func verify(
        model: String, decoded: [Decoded], named name: String, accepting: [String: String], record: RecordMode?,
        environment: [String: String], context: GoldenContext
    ) -> WireLockFailure? {
        if let problem = GoldenFiles.problem(withName: name) {
            return WireLockFailure(problem + "; nothing was written")
        }
        let findings: [String]
        switch Self.findings(decoded: decoded, accepting: accepting) {
        case .success(let lines): findings = lines
        case .failure(let failure): return failure
        }
        let contract = contract(model: model, decoded: decoded)
        let fileFailure = compareWithFile(
            contract, decoded: decoded, named: name, record: record, environment: environment, context: context)
        guard !findings.isEmpty else { return fileFailure }
        let head =
            "\(model): reader contract '\(name)' has \(Text.pluralized(findings.count, "finding")):\n"
            + findings.map { "  " + $0 }.joined(separator: "\n")
        return WireLockFailure(head + (fileFailure.map { "\n\n" + $0.message } ?? ""))
    }

    /// Compares `contract` with its file under the record mode: nil when they say the same.
    package static func compareWithFile(
        _ contract: ReaderContract, decoded: [Decoded], named name: String, record: RecordMode?,
        environment: [String: String], context: GoldenContext
    ) -> WireLockFailure? {
        let decision: RecordMode.Decision
        switch RecordMode.decide(explicit: record, environment: environment) {
        case .success(let value): decision = value
        case .failure(let failure):
            return WireLockFailure(failure.message + " (reader contract '\(name)'; nothing was written)")
        }
        let mode = decision.mode
        let url = fileURL(named: name, in: context.directory)
        let shown = GoldenFiles.display(url, root: context.root)
        let bytes = contract.bytes
        if let earlier = GoldenClaims.claim(
            url, hash: SHA256.hex(SHA256.hash(bytes)), writer: context.defaultWriter, root: context.root,
            runKey: context.runKey)
        {
            return WireLockFailure(GoldenClaims.message(golden: shown, earlier: earlier, writer: context.defaultWriter))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if mode == .never {
                return WireLockFailure(
                    """
                    missing reader contract \(shown) (record mode: never\(decision.inCI ? ", CI" : ""); nothing was \
                    written). It would contain:
                    \(contract.text)Record it locally (WIRELOCK_RECORD=missing), review it, and commit it.
                    """)
            }
            do {
                try GoldenFiles.writeAtomically(bytes, to: url)
            } catch {
                return WireLockFailure("could not write reader contract \(shown): \(error)")
            }
            return WireLockFailure("recorded \(shown) (\(contract)); review and re-run")
        }
        let recorded: ReaderContract
        do {
            recorded = try ReaderContract(parsing: [UInt8](data), file: shown)
        } catch {
            return WireLockFailure("reader contract \(error)")
        }
        let pending = GoldenFiles.pendingURL(for: url)
        if recorded == contract {
            if [UInt8](data) != bytes, mode == .all || mode == .failed {
                do {
                    try GoldenFiles.writeAtomically(bytes, to: url)
                } catch {
                    return WireLockFailure("could not rewrite reader contract \(shown): \(error)")
                }
                return WireLockFailure("recorded \(shown) (rewritten in canonical form); review and re-run")
            }
            try? FileWriteError.delete(pending)
            return nil
        }
        var message = changeMessage(contract, recorded: recorded, decoded: decoded, shown: shown)
        if mode == .failed || mode == .all {
            do {
                try GoldenFiles.writeAtomically(bytes, to: url)
                try? FileWriteError.delete(pending)
                return WireLockFailure("recorded \(shown); review and re-run\n\n" + message)
            } catch {
                return WireLockFailure("could not write reader contract \(shown): \(error)\n\n" + message)
            }
        }
        if decision.inCI {
            message += "\n\n(CI: no pending file written.)"
        } else {
            do {
                try GoldenFiles.writeAtomically(bytes, to: pending)
                message +=
                    "\n\npending: \(GoldenFiles.display(pending, root: context.root)) — `wirelock accept` promotes it, "
                    + "`wirelock reject` deletes it"
            } catch {
                message += "\n\n(could not write the pending file: \(error))"
            }
        }
        return WireLockFailure(message)
    }

    /// `reader contract golden/x.reads.json changed (2 paths):`, one line per change with the first
    /// place it shows (`issues.json:14:7, 120 occurrences`), then the fixture list if it changed.
    static func changeMessage(
        _ contract: ReaderContract, recorded: ReaderContract, decoded: [Decoded], shown: String
    ) -> String {
        let changes = contract.changes(from: recorded)
        var places: [JSONPathPattern: (first: String, count: Int)] = [:]
        func note(_ path: JSONPathPattern, _ file: String, _ location: JSONSourceLocation, count: Int = 1) {
            if let known = places[path] {
                places[path] = (known.first, known.count + count)
            } else {
                places[path] = ("\(file):\(location.line):\(location.column)", count)
            }
        }
        let wanted = Set(changes.map(\.path))
        for item in decoded {
            for member in item.report.droppedMembers {
                let path = JSONPathPattern(folding: member.path, dictionaries: item.report.dictionaries)
                if wanted.contains(path) { note(path, item.file, member.location) }
            }
            for read in item.report.reads where wanted.contains(read.pattern) {
                note(read.pattern, item.file, read.location, count: read.count)
            }
        }
        var lines = changes.map { change -> String in
            guard let place = places[change.path] else { return "  " + change.description }
            let count = place.count == 1 ? "" : ", \(Text.pluralized(place.count, "occurrence"))"
            return "  \(change.description) [\(place.first)\(count)]"
        }
        if contract.fixtures != recorded.fixtures {
            lines.append(
                "  fixtures: \(recorded.fixtures.joined(separator: ", ")) → \(contract.fixtures.joined(separator: ", "))"
            )
        }
        if contract.model != recorded.model { lines.append("  model: \(recorded.model) → \(contract.model)") }
        return "reader contract \(shown) changed (\(Text.pluralized(lines.count, "difference"))):\n"
            + lines.joined(separator: "\n")
    }
}

/// Report entries grouped by their message (which names the folded path): one line per group,
/// with the first occurrence's place and, when there are more, how many.
struct EntryGroups {
    private var order: [String] = []
    private var groups: [String: (path: JSONPath, file: String, location: JSONSourceLocation, count: Int)] = [:]

    mutating func add(_ message: String, path: JSONPath, file: String, location: JSONSourceLocation) {
        if let known = groups[message] {
            groups[message]?.count = known.count + 1
        } else {
            order.append(message)
            groups[message] = (path, file, location, 1)
        }
    }

    var isEmpty: Bool { order.isEmpty }

    /// `issues.json:14:7: $.items[*].state_reason dropped by Issue; … (120 occurrences, first $.items[0].state_reason)`.
    var lines: [String] {
        order.map { message in
            let group = groups[message]!
            let place = "\(group.file):\(group.location.line):\(group.location.column)"
            let more = group.count == 1 ? "" : " (\(Text.pluralized(group.count, "occurrence")), first \(group.path))"
            return "\(place): \(message)\(more)"
        }
    }
}
