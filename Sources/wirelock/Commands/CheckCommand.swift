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
                golden; fuzz.count and fuzz.seed, default 1000 and 7; lint, as `wirelock lint` reads it). Each input and golden file is read \
                once and checked as `wirelock validate` (format.invalid-json) and `wirelock fmt --check` \
                (format.non-canonical) and `wirelock lint` (secret.*, personal.*, internal.*, naming.*, \
                unreferenced.*) would; the golden folder's lock file and shapes as `wirelock lock --check` \
                (lock.*); and a seeded validator campaign runs over the valid inputs (fuzz.*). Paths in the \
                report are relative to the configuration's folder. With --format text the findings go to \
                standard output and a table (check, files, findings, time) to standard error.

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
    }

    func run(in context: CommandContext) -> ExitCode {
        let result: CheckPipeline.Result
        do throws(ConfigurationFile.LoadError) {
            result = try CheckPipeline.run(
                CheckPipeline.Configuration(
                    configurationFile: configPath, paths: paths, environment: context.environment))
        } catch .invalid(let error) {
            context.diagnose(error.description + "\n")
            return .failure
        } catch {
            context.reportError(error.description)
            return .failure
        }
        for error in result.errors { context.reportError(error) }

        let reportContext = ReportContext(
            repositoryRoot: result.root.text, toolVersion: WireLockCommand.version,
            rules: RuleDescription.checkRules + RuleDescription.lintRules)
        // The text report ends with its summary line; --quiet leaves out only the table.
        context.output.write(format.report.render(result.findings, context: reportContext))
        if format == .text && !quiet { context.diagnose(Self.table(result.steps)) }
        let status: ExitCode = result.errors.isEmpty ? .success : .failure
        return status.combined(with: result.hasFailingFindings ? .findings : .success)
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
