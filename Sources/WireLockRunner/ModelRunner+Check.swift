import Foundation
import WireCommandLine
import WireCommands
import WireDecoder
import WireFuzz
import WireGolden
import WireJSON
import WireReaders
import WireSupport

/// `check [<model>] [options]`: every check the runner has, over every model, as `wirelock check`
/// runs it (its `runner` setting). Changes nothing.
struct RunnerCheckCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: "Check every model (or MODEL): fixtures, decoded goldens, reader contract and a fuzz campaign.",
            discussion: """
                For each model: every fixture decodes (a Codable model's round-trips) and every broken one is \
                rejected as its name says; a model that is only Decodable has each fixture's decoded value \
                compared with its decoded golden, GOLDEN/<fixture>.decoded.json; the reader contract the \
                fixtures give is compared with GOLDEN/<model>.reads.json when there is one; and a fuzz \
                campaign (--seed, --count) runs in this process, a finding whose root cause a case under \
                --regressions/<model>/ pins not counting. Nothing is written: record goldens and contracts \
                with the assertions, shrink and save fuzz cases with `fuzz`. With --format json, one \
                document: the models checked and the findings (rule, file, path, message, hint), which is \
                what `wirelock check` reads.

                Exit status: 0 no finding, 1 findings, 2 for a usage error, an unknown model or a model \
                with no fixture.
                """)
    }

    @Argument(help: "Only this model (default: every registered model).") var model: String?
    @Option(
        valueName: "dir", as: .text, default: "golden",
        help: "The golden folder: decoded goldens and reader contracts.")
    var golden: String
    @Option(
        valueName: "dir", as: .text, default: "Fixtures/fuzz-regressions",
        help: "The regressions folder whose cases pin known fuzz findings, one subfolder per model.")
    var regressions: String
    @Option(FuzzCampaignOptions.seed) var seed: UInt64
    @Option(
        "count", short: "n", valueName: "n",
        as: .custom { text in
            if let number = Int(text), number >= 0 { return .success(number) }
            return .failure(.expected("expected a whole number, 0 or more"))
        }, default: 1000,
        help: "Mutants per model (0: no campaign).")
    var count: Int
    @Option(.format(default: .text)) var format: OutputFormat
}

extension ModelRunner {
    /// One problem `check` found, in the fields `wirelock check` reports.
    struct CheckFinding {
        var rule: String
        var file: String
        var path: String?
        var message: String
        var hint: String

        var json: JSONValue {
            var members: [JSONObject.Member] = [
                .init(key: "rule", value: .string(rule)), .init(key: "file", value: .string(file)),
                .init(key: "message", value: .string(message)), .init(key: "hint", value: .string(hint)),
            ]
            if let path { members.append(.init(key: "path", value: .string(path))) }
            return .object(JSONObject(members))
        }
    }

    /// Runs `check`.
    func check(_ command: RunnerCheckCommand, output: (String) -> Void) -> ExitCode {
        var selected = models
        if let name = command.model {
            guard let model = model(named: name, output: output) else { return .failure }
            selected = [model]
        }
        let goldenDirectory = URL(fileURLWithPath: command.golden, isDirectory: true)
        let environment = ["CI": "true"]  // compare only: no golden, pending file or record is written
        let context = GoldenContext(
            filePath: FileManager.default.currentDirectoryPath + "/check", goldenDirectory: goldenDirectory,
            environment: environment)
        var findings: [CheckFinding] = []
        var summaries: [JSONValue] = []
        var lines: [String] = []
        for model in selected {
            let files = GlobPattern.expand(model.fixtures)
            guard !files.isEmpty else {
                reportError(
                    "no fixtures match \(model.fixtures.joined(separator: " ")) for model \(model.name)", output: output
                )
                return .failure
            }
            let before = findings.count
            var good: [URL] = []
            for file in files {
                let url = URL(fileURLWithPath: file)
                let outcome = model.roundTrip(url)
                if outcome.asExpected {
                    if Self.expectedFailure(for: url.lastPathComponent) == nil { good.append(url) }
                    continue
                }
                findings.append(
                    CheckFinding(
                        rule: "model.fixture", file: file, path: nil,
                        message: "\(model.name): \(outcome.summary)"
                            + outcome.details.map { "\n  " + $0 }.joined(),
                        hint: "`\(toolName) roundtrip \(model.name) \(file)` shows it"))
            }
            var goldens = 0
            if let dump = model.decodedDump {
                for url in good {
                    goldens += 1
                    findings += decodedGoldenFindings(
                        dump(url), fixture: url, model: model, environment: environment, context: context)
                }
            }
            let contract = readerContractFindings(model, fixtures: good, goldenDirectory: goldenDirectory)
            findings += contract.findings
            var mutants = 0
            if command.count > 0 {
                let fuzz = fuzzFindings(model, files: files, command: command)
                findings += fuzz.findings
                mutants = fuzz.mutants
            }
            let found = findings.count - before
            summaries.append(
                .object(
                    JSONObject([
                        "name": .string(model.name), "type": .string(model.typeName),
                        "fixtures": .number(JSONNumber(integerLiteral: files.count)),
                        "decodedGoldens": .number(JSONNumber(integerLiteral: goldens)),
                        "readerContract": .bool(contract.checked),
                        "mutants": .number(JSONNumber(integerLiteral: mutants)),
                        "findings": .number(JSONNumber(integerLiteral: found)),
                    ])))
            var parts = [Text.pluralized(files.count, "fixture")]
            if model.decodedDump != nil { parts.append(Text.pluralized(goldens, "decoded golden")) }
            parts.append(contract.checked ? "reader contract" : "no reader contract")
            if command.count > 0 { parts.append("\(Text.pluralized(mutants, "mutant")) (seed \(command.seed))") }
            lines.append(
                "\(found == 0 ? "ok  " : "FAIL") \(model.name) (\(model.typeName)): \(parts.joined(separator: ", "))"
                    + (found == 0 ? "" : ": \(Text.pluralized(found, "finding"))"))
            for finding in findings[before...] {
                lines.append("       \(finding.file): \(finding.rule): \(finding.message)")
            }
        }
        if command.format == .json {
            output(
                CanonicalJSONWriter.text(
                    .object(
                        JSONObject([
                            "models": .array(summaries), "findings": .array(findings.map(\.json)),
                        ]))
                ).dropLast().description)
        } else {
            lines.forEach(output)
            output(
                "\(Text.pluralized(selected.count, "model")): "
                    + (findings.isEmpty ? "no findings" : Text.pluralized(findings.count, "finding")))
        }
        return findings.isEmpty ? .success : .findings
    }

    /// A fixture's dump compared with its decoded golden, `<golden>/<fixture>.decoded.json`.
    func decodedGoldenFindings(
        _ dump: Result<JSONValue, WireLockFailure>, fixture: URL, model: Model, environment: [String: String],
        context: GoldenContext
    ) -> [CheckFinding] {
        let name = fixture.deletingPathExtension().lastPathComponent
        let shown = GoldenFiles.display(GoldenKind.decoded.url(named: name, in: context.directory), root: context.root)
        let hint =
            "lock it in a test with assertDecodedGolden(\(model.typeName).self, fixture: …, named: \"\(name)\"), "
            + "review the change and commit it"
        let document: JSONValue
        switch dump {
        case .success(let value): document = value
        case .failure(let failure):
            return [
                CheckFinding(rule: "model.fixture", file: fixture.path, path: nil, message: failure.message, hint: hint)
            ]
        }
        guard
            let failure = GoldenComparison.verify(
                document, named: name, redacting: [], record: .never, environment: environment,
                writer: GoldenWriter(test: "check \(model.name)", location: "check"), context: context, kind: .decoded,
                claiming: false)
        else { return [] }
        guard !failure.differences.isEmpty else {
            let headline = failure.message.split(separator: "\n").first.map(String.init) ?? failure.message
            return [CheckFinding(rule: "model.decoded-golden", file: shown, path: nil, message: headline, hint: hint)]
        }
        return failure.differences.map { difference in
            CheckFinding(
                rule: "model.decoded-golden", file: shown, path: difference.path.description,
                message: "\(model.name) decodes \(fixture.lastPathComponent) differently: "
                    + GoldenKind.decoded.describe(difference),
                hint: hint)
        }
    }

    /// The reader contract the good fixtures give, compared with `<golden>/<model>.reads.json` when
    /// there is one.
    func readerContractFindings(_ model: Model, fixtures: [URL], goldenDirectory: URL) -> (
        findings: [CheckFinding], checked: Bool
    ) {
        let url = ReaderContractCheck.fileURL(named: model.name, in: goldenDirectory)
        guard let data = FileManager.default.contents(atPath: url.path) else { return ([], false) }
        let file =
            url.path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(url.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : url.path
        let hint = "review the change; assertReaderContract records the new contract for `wirelock accept`"
        let recorded: ReaderContract
        do {
            recorded = try ReaderContract(parsing: [UInt8](data), file: file)
        } catch {
            return (
                [CheckFinding(rule: "model.reader-contract", file: file, path: nil, message: "\(error)", hint: hint)],
                true
            )
        }
        var contract = ReaderContract(model: model.typeName)
        for fixture in fixtures {
            guard let bytes = FileManager.default.contents(atPath: fixture.path),
                let report = (try? model.fuzzModel.decodeWithReport(Array(bytes))) ?? nil
            else { continue }
            contract.add(report, fixture: fixture.deletingPathExtension().lastPathComponent)
        }
        let findings = contract.changes(from: recorded).map { change in
            CheckFinding(
                rule: "model.reader-contract", file: file, path: nil,
                message: "\(model.name) reads differently from its contract: \(change)", hint: hint)
        }
        return (findings, true)
    }

    /// A campaign over the model's fixtures, in this process: each new root cause (none of the
    /// model's committed cases pins it) is a finding.
    func fuzzFindings(_ model: Model, files: [String], command: RunnerCheckCommand) -> (
        findings: [CheckFinding], mutants: Int
    ) {
        let seeds = files.compactMap { file -> FuzzSeed? in
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            return try? FuzzSeed(name: file, bytes: Array(data))
        }
        let campaign = ModelCampaign(model: model.fuzzModel, seeds: seeds, seed: command.seed)
        guard !campaign.generator.isEmpty else { return ([], 0) }
        let result = campaign.run(count: command.count)
        let known = FuzzRegressions.groups(
            in: URL(fileURLWithPath: command.regressions).appendingPathComponent(model.name))
        var seen = Set<String>()
        var findings: [CheckFinding] = []
        for finding in result.findings where FuzzRegressions.knownCase(for: finding, in: known) == nil {
            guard seen.insert(finding.rootCause).inserted else { continue }
            findings.append(
                CheckFinding(
                    rule: "fuzz.\(finding.verdict.outcome.rawValue)", file: finding.seedName,
                    path: finding.operation.path.description,
                    message: "\(model.name): mutant #\(finding.index) (\(finding.operation)): expected "
                        + "\(finding.verdict.expected), seen \(finding.verdict.seen)",
                    hint: "`\(toolName) fuzz \(model.name) --seed \(command.seed) --count \(command.count)` shrinks "
                        + "and saves it"))
        }
        return (findings, result.tally.total.mutants)
    }
}
