import WireCommandLine
import WireCommands
import WireLint
import WireSupport

/// `wirelock check`: the one command for CI. Parses its options, runs ``CheckPipeline`` (the
/// library call that reads `wirelock.json` and, in one pass over the fixtures and goldens, checks
/// what `validate`, `fmt --check`, `lint`, `lock --check` and a short `fuzz` campaign check), then
/// renders the findings in one of the report formats and chooses the exit status.
struct CheckCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract:
                "Check fixtures and goldens in one pass: validate, canonical form, the lock file and a fuzz smoke run.",
            discussion: """
                Reads wirelock.json (every setting optional: inputs, default Fixtures; exclude; golden, default \
                golden; fuzz.count and fuzz.seed, default 1000 and 7; check, where each stage runs; baseline; runner; \
                lint, as `wirelock lint` reads it). Without wirelock.json every default applies and the summary \
                says so, with what was not checked. Each input and golden file is read \
                once and checked as `wirelock validate` (format.invalid-json) and `wirelock fmt --check` \
                (format.non-canonical) and `wirelock lint` (secret.*, personal.*, internal.*, naming.*, \
                unreferenced.*) would; the golden folder's lock file and shapes as `wirelock lock --check` \
                (lock.*); and a seeded validator campaign runs over the valid inputs (fuzz.*). When "openapi" \
                names an OpenAPI document and where each reader contract's payload is described ("openapi": \
                {"spec": "api.json", "contracts": {"movie": "GET /api/v3/movie 200"}}), the contracts are held \
                against it as `wirelock contract --openapi` does (openapi.*, on the contract files). With "runner": \
                [PROGRAM, ARGUMENTS...] (a model runner built on ModelRunner, run from the configuration's \
                folder), the runner's `check --format json` adds a models row: each registered model's \
                fixtures (model.fixture), decoded goldens (model.decoded-golden), reader contract \
                (model.reader-contract) and a fuzz campaign of fuzz.count mutants (fuzz.*); a runner that \
                cannot be run or fails is an error. Paths in the report are relative to the configuration's \
                folder. With --format text the findings go to \
                standard output and a table (check, files, findings, time) to standard error.

                Gradual adoption: in wirelock.json, "check": {"fmt": false} turns a stage off (validate, fmt, \
                lint, lock, fuzz, openapi) and {"files": [globs], "exclude": [globs]} scopes it to files; "lint": \
                {"scope": {RULE: ...}} does the same per lint rule or family, and "lint": {"naming": \
                {"pattern": "snake_case"}} sets the file-name convention (resource-scenario, the default; \
                kebab-case; snake_case; or a regular expression).

                Baseline (as SwiftLint's --baseline and --write-baseline): --baseline FILE reads FILE and fails \
                only on findings it does not record; when FILE does not exist yet, today's findings are \
                recorded into it and the run passes. "baseline" in wirelock.json names the file for every run \
                (a missing one is then an error). Findings are matched by rule, file and JSON path (or, with no \
                path, by message), never by line, so `wirelock fmt` keeps a baseline valid. Recorded findings \
                that no longer occur are reported; --write-baseline rewrites the file with today's findings, \
                which shrinks it. Under CI (CI set) no baseline is written. --run-record FILE writes what the \
                run used (commit, the lock line of each format, checksums of the files behind failures).

                Exit status: 0 when nothing is found, 1 when there are findings, 2 for a usage error, an invalid \
                configuration, or a file that cannot be read.
                """)
    }

    @Option(
        "config", valueName: "file", as: .path,
        help:
            "The configuration file (default: wirelock.json beside the nearest Package.swift, else in the working directory; a missing default file means every default). Its folder is the root the settings' paths and the reports' paths are relative to."
    )
    var configPath: RawPath?
    @Option(
        "baseline", valueName: "file", as: .path,
        help:
            "Fail only on findings this baseline file does not record; a file that does not exist yet is written with today's findings (default: wirelock.json's baseline)."
    )
    var baselinePath: RawPath?
    @Flag(
        "write-baseline",
        help:
            "Rewrite the baseline (--baseline, else wirelock.json's) with today's findings: recorded findings that were fixed drop out."
    )
    var writeBaseline: Bool
    @Option(
        "run-record", valueName: "file", as: .path,
        help:
            "Also write a run record to this file: the commit, each format's wirelock.lock line, the SHA-256 of each file behind a failing finding."
    )
    var runRecordPath: RawPath?
    @Option(SharedOptions.reportFormat) var format: ReportFormatChoice
    @Flag(CommonOptions.quiet) var quiet: Bool
    @Argument(
        "path",
        help:
            "Fixture files or folders to check instead of the configuration's inputs (folders are searched for .json, .jsonl and .ndjson files).",
        isRequired: false)
    var paths: [RawPath]

    mutating func validate() throws(UsageError) {
        if paths.contains(where: \.isStandardInput) {
            throw UsageError("check reads files, not standard input ('-')")
        }
        if baselinePath?.isStandardInput == true || runRecordPath?.isStandardInput == true {
            throw UsageError("--baseline and --run-record name files, not standard input or output ('-')")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let result: CheckPipeline.Result
        do throws(ConfigurationFile.LoadError) {
            result = try CheckPipeline.run(
                CheckPipeline.Configuration(
                    configurationFile: configPath, paths: paths, environment: context.environment,
                    baseline: baselinePath, writeBaseline: writeBaseline))
        } catch .invalid(let error) {
            context.diagnose(error.description + "\n")
            return .failure
        } catch {
            context.reportError(error.description)
            return .failure
        }
        for error in result.errors { context.reportError(error) }
        if !result.configurationFound {
            context.diagnose(Self.defaultsNote(result))
        }
        if result.checkedNothing && result.errors.isEmpty {
            let missing = result.missingDefaultInputs.map { "'\($0)'" }.joined(separator: ", ")
            let found =
                missing.isEmpty
                ? "no input file and no golden folder" : "\(missing) does not exist and there is no golden folder"
            context.reportError(
                "nothing was checked: \(found); name your fixture "
                    + "folders in wirelock.json (\"inputs\": [\"Tests/Fixtures\"]) or pass them as arguments")
            return .failure
        }

        let reportContext = ReportContext(
            repositoryRoot: result.root.text, toolVersion: WireLockCommand.version,
            rules: RuleDescription.checkRules + RuleDescription.lintRules + OpenAPIStage.rules)
        // The text report ends with its summary line; --quiet leaves out only the table.
        context.output.write(format.report.render(result.findings, context: reportContext))
        if format == .text && !quiet { context.diagnose(Self.table(result.steps)) }
        if let baseline = result.baseline { context.diagnose(Self.baselineSummary(baseline)) }
        var status: ExitCode = result.errors.isEmpty ? .success : .failure
        status = status.combined(with: result.hasFailingFindings ? .findings : .success)
        if let runRecordPath {
            let root = result.root
            let goldenLock = result.lockFile.flatMap { path -> [UInt8]? in
                guard case .success(let bytes) = FileSystem.readFile(path) else { return nil }
                return bytes
            }
            let record = RunRecord(
                command: "wirelock check", commit: RunRecord.commit(root: root, environment: context.environment),
                status: status.rawValue, findings: result.findings, accepted: result.accepted.count,
                lockFile: goldenLock,
                read: { file in
                    let path = file.hasPrefix("/") ? RawPath(file) : root.appending(file)
                    guard case .success(let bytes) = FileSystem.readFile(path) else { return nil }
                    return bytes
                })
            do throws(AtomicWriteError) {
                try AtomicFile.write(record.fileBytes, to: runRecordPath, options: .rewrite(force: false))
            } catch {
                context.reportError("cannot write the run record: \(error)")
                status = status.combined(with: .failure)
            }
        }
        return status
    }

    /// What a run without a configuration file checked and what it left out.
    static func defaultsNote(_ result: CheckPipeline.Result) -> String {
        var note =
            "wirelock: note: no \(result.configurationFile.displayed): every default applies (inputs Fixtures, golden folder golden, every stage and lint rule)\n"
        guard !result.checkedNothing else { return note }
        for input in result.missingDefaultInputs {
            note += "wirelock: note: not checked: '\(input)' does not exist\n"
        }
        for step in result.steps where step.files == 0 {
            note += "wirelock: note: not checked: \(step.check)\(step.note.map { " (\($0))" } ?? "")\n"
        }
        return note
    }

    /// One or two lines on what the baseline did.
    static func baselineSummary(_ outcome: CheckPipeline.BaselineOutcome) -> String {
        switch outcome {
        case .applied(let file, let accepted, let unmatched):
            var text = "baseline \(file.displayed): \(Text.pluralized(accepted, "recorded finding")) accepted\n"
            if unmatched > 0 {
                let entries =
                    unmatched == 1 ? "1 entry that no longer occurs" : "\(unmatched) entries that no longer occur"
                text +=
                    "baseline \(file.displayed): the baseline has \(entries); run `wirelock check --baseline \(file.displayed) --write-baseline` to shrink it\n"
            }
            return text
        case .written(let file, let entries, let previous):
            let was = previous.map { " (it had \(Text.pluralized($0, "entry", "entries")))" } ?? " (a new file)"
            return "baseline \(file.displayed): recorded \(Text.pluralized(entries, "finding"))\(was)\n"
        }
    }

    /// The summary table: check, files, findings, time (and a note).
    static func table(_ rows: [CheckPipeline.Step]) -> String {
        func milliseconds(_ duration: Duration) -> String {
            let (seconds, attoseconds) = duration.components
            return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
        }
        let header = ["check", "files", "findings", "time"]
        let cells = rows.map { [$0.check, String($0.files), String($0.findings), milliseconds($0.time)] }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max()! }
        func line(_ values: [String], note: String?) -> String {
            var out = values[0].padding(widths[0])
            for column in 1..<values.count {
                out += "  " + String(repeating: " ", count: widths[column] - values[column].count) + values[column]
            }
            if let note { out += "  " + note }
            return out + "\n"
        }
        return line(header, note: nil) + zip(rows, cells).map { line($1, note: $0.note) }.joined()
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
