import Foundation
import WireDecoder
import WireJSONCore
import WireShapes
import WireSupport

/// The reporting half of `assertFuzzCampaign`: a seeded campaign over a model's fixtures, run in
/// this process, that fails on every finding its committed regression cases do not already pin.
///
/// This form takes a `Codable` model with the `encoder` of its wire format: an accepted mutant is
/// judged by writing the decoded value back and comparing it with the mutant. Without an encoder
/// (``verifyFuzzCampaign(_:fixtures:count:seed:decoder:mutators:model:record:fixturesDirectory:environment:filePath:)``),
/// any `Decodable` model is judged by a dump of what it decoded instead.
///
/// Fixtures are given by name, as for `assertRoundTrip` (`issue-success` is
/// `Fixtures/issue-success.json`; a missing one names the nearest). Every fixture must seed the
/// campaign: one the model rejects fails the check. Findings are grouped by root cause (outcome
/// and path with indices as `[*]`, whatever the mutator); a root cause that a case under
/// `Fixtures/fuzz-regressions/<model>/` already pins is known (matched by structure, so a
/// reformatted fixture changes nothing). For each new root cause the failure shows its mutators, the path, what was expected and seen, the shrunk document
/// and a line that reproduces it; where the record mode allows writing (locally, not under CI) the
/// shrunk case is saved there as `open`, to review and commit (or to delete once the model is fixed).
///
/// ```swift
/// let failure = verifyFuzzCampaign(Issue.self, fixtures: ["issue-success"], count: 2_000, seed: 7,
///                                  decoder: .foundation(.github), encoder: .github, model: "issue")
/// print(failure?.message ?? "no new findings")
/// ```
/// A mutant that crashes the model's `init(from:)` takes the test process with it (the campaign runs
/// in process); `wirelock fuzz` and `ModelRunner` run campaigns in a worker process instead.
/// - Parameters:
///   - type: the model the mutants are decoded into.
///   - fixtures: fixture names, relative to the fixtures directory, with or without `.json`.
///   - count: how many mutants.
///   - seed: the campaign's seed (same seed, same mutants).
///   - decoder: the decoder the app decodes the model with: `.foundation(JSONDecoder)` (after
///     WireLock's strict validator) or `.wire(WireJSONDecoder)` (one strict decode gives the verdict
///     and the verification report).
///   - encoder: the encoder of the same wire format (the write-back each mutant is judged by).
///   - mutators: the kinds of mutation to apply (default: all of them).
///   - model: the regression folder's name; by default the type's name.
///   - record: whether new cases may be saved (see `RecordMode`; under CI nothing is).
///   - fixturesDirectory: where the fixtures and `fuzz-regressions/` are (default:
///     `WIRELOCK_FIXTURES_DIR`, else the package's `Fixtures/`, found from `filePath`).
///   - environment: the variables read for the record mode, CI and the fixtures directory.
///   - filePath: the calling file (`#filePath`), where the package root is found.
/// - Returns: nil when every finding is pinned by a committed case; otherwise the failure.
public func verifyFuzzCampaign<T: Codable & SendableMetatype>(
    _ type: T.Type, fixtures: [String], count: Int = 2_000, seed: UInt64 = 0,
    decoder: ModelDecoder = .foundation(), encoder: JSONEncoder, mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: StaticString = #filePath
) -> FuzzFailure? {
    let coders = FuzzCampaignCheck.Coders(decoder: JSONDecoder(), encoder: encoder)
    return FuzzCampaignCheck.verify(
        typeName: "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model,
        record: record, fixturesDirectory: fixturesDirectory, environment: environment, filePath: "\(filePath)"
    ) { name in
        FuzzModel.codable(T.self, name: name, decoder: decoder, encoder: { coders.encoder })
    }
}

/// `verifyFuzzCampaign` for any `Decodable` model, with no encoder: an accepted mutant is judged by
/// a dump of what the model decoded (`DecodedDump`), compared with the dump of the seed's value.
/// What the mutation changed on the wire must change the same way in the dump, and nothing else
/// may (see ``FuzzModel/decodable(_:name:decoder:maxDepth:)``); the reader contract learned from
/// the seeds judges which members count, as for a `Codable` model. Everything else is as for the
/// form with an encoder.
///
/// ```swift
/// let failure = verifyFuzzCampaign(WebhookDelivery.self, fixtures: ["API/v3/webhook-delivery"], count: 2_000,
///                                  seed: 7, decoder: .foundation(.sampleAPI))
/// ```
/// - Returns: nil when every finding is pinned by a committed case; otherwise the failure.
public func verifyFuzzCampaign<T: Decodable & SendableMetatype>(
    _ type: T.Type, fixtures: [String], count: Int = 2_000, seed: UInt64 = 0,
    decoder: ModelDecoder = .foundation(), mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: StaticString = #filePath
) -> FuzzFailure? {
    FuzzCampaignCheck.verify(
        typeName: "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model,
        record: record, fixturesDirectory: fixturesDirectory, environment: environment, filePath: "\(filePath)"
    ) { name in
        FuzzModel.decodable(T.self, name: name, decoder: decoder)
    }
}

extension FuzzCampaignCheck {
    /// The campaign, the grouping against committed cases and the failure, for a model made by
    /// `makeModel` from the regression folder's name.
    package static func verify(
        typeName: String, fixtures: [String], count: Int, seed: UInt64, mutators: [Mutator], model: String?,
        record: RecordMode?, fixturesDirectory: URL?, environment: [String: String], filePath file: String,
        makeModel: (String) -> FuzzModel
    ) -> FuzzFailure? {
        verifyWithSummary(
            typeName: typeName, fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model,
            record: record, fixturesDirectory: fixturesDirectory, environment: environment, filePath: file,
            makeModel: makeModel
        ).failure
    }

    /// ``verify(typeName:fixtures:count:seed:mutators:model:record:fixturesDirectory:environment:filePath:makeModel:)``
    /// and, passing or not, the campaign's tally in one line (what `assertFuzzCampaign` prints when
    /// it passes).
    package static func verifyWithSummary(
        typeName: String, fixtures: [String], count: Int, seed: UInt64, mutators: [Mutator], model: String?,
        record: RecordMode?, fixturesDirectory: URL?, environment: [String: String], filePath file: String,
        makeModel: (String) -> FuzzModel
    ) -> (failure: FuzzFailure?, summary: String) {
        func failed(_ message: String) -> (failure: FuzzFailure?, summary: String) {
            (FuzzFailure(message), message)
        }
        let root = PackageLocation.packageRoot(ofFile: file)
        let directory =
            fixturesDirectory
            ?? URL(fileURLWithPath: PackageLocation.fixturesDirectory(ofFile: file, environment: environment))
        let modelName = model ?? FuzzCampaignCheck.folderName(for: typeName)
        guard !fixtures.isEmpty else { return failed("fuzz campaign of \(typeName): no fixtures given") }
        guard count > 0 else { return failed("fuzz campaign of \(typeName): count must be positive, got \(count)") }

        var seeds: [FuzzSeed] = []
        for name in fixtures {
            let url = URL(fileURLWithPath: FixturePaths.path(name, directory: directory.path))
            let shown = url.lastPathComponent == name || name.hasSuffix(".json") ? name : name + ".json"
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return failed(FixturePaths.problem(path: url.path, directory: directory.path))
            }
            do throws(JSONSyntaxError) {
                seeds.append(try FuzzSeed(name: shown, bytes: Array(data)))
            } catch {
                return failed(
                    "\(JSONDiagnostic(error, file: shown).headline); "
                        + "a fixture that is not valid JSON cannot seed a fuzz campaign")
            }
        }
        let fuzzModel = makeModel(modelName)
        let campaign = ModelCampaign(model: fuzzModel, seeds: seeds, seed: seed, mutators: mutators)
        if !campaign.skipped.isEmpty {
            return failed(
                "fuzz campaign of \(typeName): "
                    + campaign.skipped.map { "fixture \($0.name) cannot seed it: \($0.reason)" }.joined(separator: "; ")
            )
        }
        guard !campaign.generator.isEmpty else {
            return failed(
                "fuzz campaign of \(typeName): the fixtures give no mutants for the mutators \(mutators.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let result = campaign.run(count: count)

        let folder = FuzzRegressions.folder(for: modelName, in: directory)
        let shownFolder = PackageLocation.relative(folder.standardizedFileURL.path, to: root) + "/"
        let known = FuzzRegressions.groups(in: folder)
        var groups: [(key: String, first: FuzzFinding, count: Int, mutators: [Mutator])] = []
        var index: [String: Int] = [:]
        var knownGroups = 0
        for finding in result.findings {
            let key = finding.rootCause
            if let at = index[key] {
                groups[at].count += 1
                if !groups[at].mutators.contains(finding.operation.mutator) {
                    groups[at].mutators.append(finding.operation.mutator)
                }
                continue
            }
            index[key] = groups.count
            groups.append((key, finding, 1, [finding.operation.mutator]))
        }
        let fresh = groups.filter { FuzzRegressions.knownCase(for: $0.first, in: known) == nil }
        knownGroups = groups.count - fresh.count
        let heading =
            "fuzz campaign of \(typeName) (seed \(seed), \(Text.pluralized(count, "mutant")) of "
            + "\(seeds.map(\.name).joined(separator: ", ")))"
        let pinned =
            knownGroups > 0
            ? "; \(knownGroups) more root cause\(knownGroups == 1 ? " is" : "s are") already pinned in \(shownFolder)"
            : ""
        guard !fresh.isEmpty else {
            let known =
                knownGroups > 0
                ? "; their \(Text.pluralized(knownGroups, "root cause")) \(knownGroups == 1 ? "is" : "are") pinned in "
                    + shownFolder : ""
            return (nil, heading + ": no new findings; " + FuzzCampaignCheck.summary(result.tally) + known)
        }

        // New cases are saved only where the record mode lets tests write (never under CI).
        var saveNote: String?
        var maySave = false
        switch RecordMode.decide(explicit: record, environment: environment) {
        case .success(let decision):
            maySave = decision.mode != .never
            if !maySave { saveNote = "record mode never\(decision.inCI ? " (CI)" : ""): no case was saved" }
        case .failure(let failure): saveNote = failure.message
        }

        var out =
            heading + ": " + Self.newFindings(fresh.reduce(0) { $0 + $1.count }, rootCauses: fresh.count)
            + pinned + "\n"
        for (number, group) in fresh.enumerated() {
            var finding = group.first
            var expectation = campaign.expectation(finding.index)
            if finding.verdict.outcome != .crash && finding.verdict.outcome != .hang {
                let shrunk = campaign.shrink(finding.index)
                if shrunk.finding.verdict.outcome == finding.verdict.outcome { (finding, expectation) = shrunk }
            }
            var saved: String?
            if maySave {
                do {
                    try FuzzRegressions.save(finding, expectation: expectation, model: fuzzModel, in: folder)
                    saved =
                        shownFolder + FuzzRegressions.caseName(of: finding)
                        + ".json (open): fix the model, or commit the case to pin the bug"
                } catch {
                    saved = "not saved: \(error)"
                }
            }
            out +=
                "\n"
                + FuzzCampaignCheck.describe(
                    finding, number: number + 1, count: group.count, typeName: typeName, seed: seed, saved: saved,
                    mutators: group.mutators)
        }
        if let saveNote { out += "\n(\(saveNote))\n" }
        out += "\n" + result.tally.table()
        return (FuzzFailure(out), heading + ": " + FuzzCampaignCheck.summary(result.tally))
    }
}

/// Rendering of `verifyFuzzCampaign`'s findings.
public enum FuzzCampaignCheck {
    /// The coders handed to a campaign, for its `@Sendable` factories. `@unchecked Sendable`: the
    /// campaign runs on the calling thread only and never configures them, it only decodes and
    /// encodes with them.
    struct Coders: @unchecked Sendable {
        let decoder: JSONDecoder
        let encoder: JSONEncoder
    }

    /// A regression folder's name for a type: `Page<Movie>` → `Page-Movie`.
    static func folderName(for typeName: String) -> String {
        var out = ""
        for scalar in typeName.unicodeScalars {
            let allowed =
                CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "_"
            if allowed { out.unicodeScalars.append(scalar) } else if !out.hasSuffix("-") { out += "-" }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "model" : out
    }

    /// One finding, readably: the mutator and path, what was expected and seen, the shrunk document
    /// and a line that reproduces it.
    ///
    /// ```swift
    /// print(FuzzCampaignCheck.describe(finding, number: 1, count: 12, typeName: "Issue", seed: 7, saved: nil))
    /// ```
    ///   - mutators: every mutator whose mutants share the finding's root cause (the finding's own
    ///     when empty).
    public static func describe(
        _ finding: FuzzFinding, number: Int, count: Int, typeName: String, seed: UInt64, saved: String?,
        mutators: [Mutator] = []
    ) -> String {
        let site = finding.operation.offset.map { "byte \($0)" } ?? "\(finding.operation.path)"
        let kinds =
            mutators.count > 1 ? mutators.map(\.rawValue).joined(separator: ", ") : finding.operation.mutator.rawValue
        var lines = [
            "\(number). \(kinds) at \(site): \(finding.verdict.outcome.rawValue) "
                + "(\(count == 1 ? "1 mutant" : "\(count) mutants like it"); shown: mutant \(finding.index) of seed "
                + "\(seed), \(finding.operation.mutator.rawValue) variant \(finding.operation.variant), from "
                + "\(finding.seedName))"
        ]
        lines.append("   expected:  \(finding.verdict.expected)")
        lines.append("   seen:      \(finding.verdict.seen)")
        let size =
            finding.originalSize.map { "\(finding.bytes.count) bytes, shrunk from \($0)" }
            ?? "\(finding.bytes.count) bytes"
        lines.append("   document:  \(shownDocument(finding.bytes)) (\(size))")
        lines.append("   reproduce: \(reproduction(finding.bytes, typeName: typeName))")
        if let saved { lines.append("   saved:     \(saved)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The headline's count: `1 finding with 1 new root cause`, `358 findings with 2 new root causes`.
    package static func newFindings(_ findings: Int, rootCauses: Int) -> String {
        Text.pluralized(findings, "finding") + " with " + Text.pluralized(rootCauses, "new root cause")
    }

    /// A tally in one line: `2,000 mutants: 1,412 as expected (lossless 980, rejected-as-expected 432), 0 findings`.
    package static func summary(_ tally: FuzzTally) -> String {
        let total = tally.total
        let expected = FuzzOutcome.allCases.filter { !$0.isFinding }.compactMap { outcome in
            total.outcomes[outcome].map { "\(outcome.rawValue) \($0)" }
        }
        let found = FuzzOutcome.findings.compactMap { outcome in
            total.findings[outcome].map { "\(outcome.rawValue) \($0)" }
        }
        return "\(total.mutants) mutants: \(total.asExpected) as expected"
            + (expected.isEmpty ? "" : " (\(expected.joined(separator: ", ")))")
            + ", \(total.findingCount) finding\(total.findingCount == 1 ? "" : "s")"
            + (found.isEmpty ? "" : " (\(found.joined(separator: ", ")))")
    }

    /// The bytes as a string when they are UTF-8, else nil.
    static func text(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    /// The document as text, cut after 300 characters; bytes that are not UTF-8 text in hex.
    static func shownDocument(_ bytes: [UInt8]) -> String {
        guard let text = text(bytes), !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) else {
            return "bytes " + Text.hex(bytes.prefix(120), separator: " ") + (bytes.count > 120 ? " …" : "")
        }
        let flat = text.replacingOccurrences(of: "\n", with: "⏎")
        return flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
    }

    /// A line that decodes the document again: a raw string literal for text, a byte array else.
    static func reproduction(_ bytes: [UInt8], typeName: String) -> String {
        let literal: String
        if let text = text(bytes), !text.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            var hashes = "#"
            while text.contains("\"" + hashes) { hashes += "#" }
            literal = "Data(\(hashes)\"\(text)\"\(hashes).utf8)"
        } else {
            literal =
                "Data([" + bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "])"
        }
        return "try decoder.decode(\(typeName).self, from: \(literal))"
    }
}

extension FuzzFinding: CustomStringConvertible {
    /// A finding in words, instead of its raw bytes: `silently-accepted: wrong-type to-string at
    /// $.status (mutant 38, from error-429.json): expected typeMismatch at $.status, or lossless;
    /// seen accepted: …; document {"status":"wirelock"}`.
    public var description: String {
        "\(verdict.outcome.rawValue): \(operation) (mutant \(index), from \(seedName)): expected \(verdict.expected); "
            + "seen \(verdict.seen); document \(FuzzCampaignCheck.shownDocument(bytes))"
    }
}
