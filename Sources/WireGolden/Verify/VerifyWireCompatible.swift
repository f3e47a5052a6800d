import Foundation
import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders
import WireShapes
import WireSupport

/// One compatibility problem found by `assertWireCompatible` (WireLock).
public struct WireCompatibilityProblem: Hashable, Sendable, CustomStringConvertible {
    /// The golden the problem was found with, relative to the golden directory.
    public var golden: String
    /// The direction it breaks (`backward` or `forward`).
    public var direction: CompatibilityDirection
    /// The rule and path.
    public var change: WireChange

    public var description: String { "\(golden): \(direction): \(change.rule) at \(change.path): \(change.detail)" }
}

/// The reporting half of `assertWireCompatible` (WireLock).
public func verifyWireCompatible<T: Codable>(
    _ type: T.Type, withGolden name: String, direction: CompatibilityDirection = .both,
    decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(), goldenDirectory: URL? = nil,
    reads: ReaderContract? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: StaticString = #filePath
) -> WireLockFailure? {
    let context = GoldenContext(filePath: "\(filePath)", goldenDirectory: goldenDirectory, environment: environment)
    let directory = context.directory
    // The goldens read here are asserted too: `wirelock golden --orphans` must not list them.
    for golden in WireCompatibility.goldens(named: name, in: directory) {
        GoldenFiles.recordTouched(directory.appendingPathComponent(golden.path), root: context.root)
    }
    switch WireCompatibility.check(
        type, withGolden: name, in: directory, direction: direction, decoder: decoder, encoder: encoder, reads: reads)
    {
    case .failure(let failure):
        return failure
    case .success(let problems) where problems.isEmpty:
        return nil
    case .success(let problems):
        let listed = problems.prefix(40).map { "  " + $0.description }
        let more = problems.count > 40 ? ["  … \(problems.count - 40) more"] : []
        return WireLockFailure(
            "\(T.self) is not wire-compatible with golden '\(name)' (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
                + (listed + more).joined(separator: "\n"))
    }
}

/// Compatibility checks of a model against a format's goldens.
public enum WireCompatibility {
    /// The goldens of format `name` in `directory`: `<name>.json` and every `.json` under `<name>/`.
    public static func goldens(named name: String, in directory: URL) -> [(path: String, bytes: [UInt8])] {
        var out: [(path: String, bytes: [UInt8])] = []
        let fm = FileManager.default
        if let data = fm.contents(atPath: directory.appendingPathComponent(name + ".json").path) {
            out.append((name + ".json", [UInt8](data)))
        }
        let folder = directory.appendingPathComponent(name)
        if let walker = fm.enumerator(atPath: folder.path) {
            for case let relative as String in walker {
                let path = name + "/" + relative
                guard GoldenCatalog.formatName(forRelativePath: path) == name,
                    let data = fm.contents(atPath: folder.appendingPathComponent(relative).path)
                else { continue }
                out.append((path, [UInt8](data)))
            }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// Runs the checks and returns every problem (empty: compatible), or a failure when the goldens
    /// cannot be read.
    public static func check<T: Codable>(
        _ type: T.Type, withGolden name: String, in directory: URL,
        direction: CompatibilityDirection, decoder: JSONDecoder,
        encoder: JSONEncoder, reads: ReaderContract? = nil
    ) -> Result<[WireCompatibilityProblem], WireLockFailure> {
        let files = goldens(named: name, in: directory)
        guard !files.isEmpty else {
            let formats = Set(
                GoldenRuns.goldens(in: directory).compactMap { url -> String? in
                    GoldenCatalog.formatName(forRelativePath: GoldenFiles.display(url, root: directory))
                })
            let near = Nearest.names(near: name, among: formats.sorted())
            let hint = near.isEmpty ? "" : "; nearest formats: " + near.joined(separator: ", ")
            return .failure(
                WireLockFailure(
                    "no goldens for format '\(name)' in \(directory.path) (looked for \(name).json and \(name)/*.json)\(hint)"
                ))
        }
        let format: GoldenFormat
        do {
            guard let found = try GoldenCatalog.formats(from: files).first else {
                return .failure(WireLockFailure("no goldens for format '\(name)' in \(directory.path)"))
            }
            format = found
        } catch {
            return .failure(WireLockFailure("golden \(error)"))
        }
        let oldShape = format.shape()
        var problems: [WireCompatibilityProblem] = []
        for (file, sample) in zip(files, format.samples) {
            let decoded: T
            do {
                decoded = try decoder.decode(T.self, from: Data(file.bytes))
            } catch {
                let failure = DecodingFailure(error, decoder: decoder, document: sample.document)
                var change = backwardChange(for: failure, oldShape: oldShape)
                change.detail += DecodingExplanation.place(of: error, in: Data(file.bytes), decoder: decoder)
                problems.append(WireCompatibilityProblem(golden: sample.path, direction: .backward, change: change))
                continue
            }
            guard direction.contains(.forward) else { continue }
            let encoded: JSONValue
            do {
                encoded = try JSONValue.parse(try encoder.encode(decoded))
            } catch {
                return .failure(WireLockFailure("\(sample.path): \(T.self) could not be encoded: \(error)"))
            }
            for change in oldShape.violations(of: encoded) {
                // An old reader that never reads the path cannot break on it (its reader contract).
                if let reads,
                    !ReaderScope.touchesReads(change.path, [reads]) || ReaderScope.copes(with: change, [reads])
                {
                    continue
                }
                problems.append(WireCompatibilityProblem(golden: sample.path, direction: .forward, change: change))
            }
        }
        // A golden the new model cannot decode breaks backward compatibility; when only forward
        // was asked for, it still means nothing could be checked for that golden, so it is kept.
        return .success(problems)
    }

    /// Names the rule behind a decoding failure, using the old shape at the failing path.
    static func backwardChange(for failure: DecodingFailure, oldShape: WireShape) -> WireChange {
        let path = JSONPathPattern(folding: failure.path)
        let old = oldShape[path]
        let rule: WireRule
        switch failure.kind {
        // A key the goldens never had is a new required member; one they have only sometimes
        // (optional in the old shape) was made required.
        case .missingKey: rule = old == nil ? .requiredMemberAdded : .memberMadeRequired
        case .typeMismatch: rule = .typeChanged
        case .missingValue: rule = .nullabilityRemoved
        case .invalidValue:
            if let format = old?.string?.format, format == .dateTime || format == .date {
                rule = .dateFormatChanged
            } else if old?.string?.enumValues != nil {
                rule = .enumValueRemoved
            } else {
                rule = .valueRejected
            }
        case .syntax, .decoderRejects: rule = .valueRejected
        }
        let shown =
            old.map {
                " (the golden has \($0.string?.formatDescription ?? $0.kinds.sorted().map(\.rawValue).joined(separator: " | ")) there)"
            } ?? ""
        return WireChange(
            path: path, rule: rule, breaks: .backward,
            detail:
                "the new model cannot decode the golden: \(failure.kind.rawValue): \(failure.detail)\(rule == .requiredMemberAdded || rule == .memberMadeRequired ? "" : shown)"
        )
    }
}
