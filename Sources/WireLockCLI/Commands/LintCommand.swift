import WireCommandLine
import WireCommands
import WireJSON
import WireLint
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wirelock lint`: fixture hygiene. Reports secrets, personal data, internal hosts, invalid,
/// non-canonical or duplicate-key JSON, badly named files and fixtures nothing uses, each with its
/// file, line, column, JSON path, stable rule id and a fix hint; never prints a secret.
struct LintCommand: ParsableCommand {
    static var about: CommandConfiguration {
        let rules = LintRule.all.map { "  \($0.id): \($0.shortDescription)." }.joined(separator: "\n")
        return CommandConfiguration(
            commandName: "lint",
            abstract: "Check fixtures for secrets, personal data, internal hosts, format, naming and use.",
            discussion: """
                Each finding is reported as FILE:LINE:COLUMN: RULE: MESSAGE, then its JSON path, how to \
                fix it and the masked value (--quiet: one line each, the path in it). Detection follows the JSON structure: values are judged under \
                their key (a HAR {"name": …, "value": …} pair under its name), JSON inside strings and \
                JWT claims are scanned too. Ids, UUIDs, hashes, redaction placeholders and documentation \
                addresses are left alone. Suppressions (a JSON path glob, the value's sha256 and a \
                reason) and disabled rules are read from the "lint" section of wirelock.json at the \
                package root (as `wirelock check` reads it); --format json prints each value's sha256 \
                for them. Every --format is rendered as `wirelock check` renders it.

                Rules:
                \(rules)

                Exit status: 0 when there are no findings, 1 when there are, 2 for a usage error, an \
                input that cannot be read or an invalid wirelock.json.
                """)
    }

    @Option(SharedOptions.reportFormat) var format: ReportFormatChoice
    @Option(
        "only", valueName: "category,...",
        as: .custom(describe: { $0.map(\.rawValue).sorted().joined(separator: ",") }) { text in
            var categories = Set<LintCategory>()
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let category = LintCategory(rawValue: String(word)) else {
                    let names = LintCategory.allCases.map(\.rawValue).joined(separator: ", ")
                    return .failure(.expected("expected a comma-separated list of \(names)"))
                }
                categories.insert(category)
            }
            return .success(categories)
        },
        help:
            "Run only these rule families: secret, personal, internal, format, naming, unreferenced (comma-separated)."
    )
    var categories: Set<LintCategory>?
    @Flag(
        "fix",
        help:
            "Replace what the secret, personal and internal rules find with placeholders (an unsigned JWT with the same claim keys, user@example.com, 192.0.2.1, api.example.com, <redacted>), changing only those strings; a file is rewritten atomically, and only when it is still valid JSON. The findings left are reported."
    )
    var fixes: Bool
    @Flag(CommonOptions.quiet) var quiet: Bool
    @OptionGroup var inputs: InputOptions
    @Argument("path", help: SharedOptions.paths.help + " Use - for standard input (named <stdin>).")
    var paths: [RawPath]

    mutating func validate() throws(UsageError) {
        if paths.filter(\.isStandardInput).count > 1 {
            throw UsageError("standard input ('-') can be given only once")
        }
        if fixes && paths.contains(where: \.isStandardInput) {
            throw UsageError("--fix rewrites files; it cannot fix standard input")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        guard let found = ConfigurationFile.load(given: nil, in: context) else { return .failure }
        // Fixtures are judged unreferenced only inside a package, whose tests could name them.
        let root = PackageLocation.packageRoot(searchingFrom: PackageLocation.workingDirectory)
        var configuration = found.configuration.lint
        configuration.categories = categories

        var status = ExitCode.success
        var results: [Lint.Result] = []
        /// Fixtures inside the package, for the unreferenced rule: (as displayed, absolute).
        var packageFixtures: [(display: String, absolute: String)] = []
        let complete = InputEntry.readEach(
            paths, with: inputs.walker(extensions: InputFile.collectedExtensions), allowEmpty: inputs.allowEmpty,
            context: context
        ) { input, read in
            var bytes = read
            if fixes, let outcome = Lint.fix(bytes, file: input.displayPath, configuration: configuration) {
                do throws(AtomicWriteError) {
                    try AtomicFile.write(
                        outcome.bytes, to: input.path, options: .rewrite(force: false, existing: .replaceOnly))
                    bytes = outcome.bytes
                    let count = outcome.fixedCount
                    context.diagnose("\(input.displayPath): fixed \(count) \(count == 1 ? "value" : "values")\n")
                } catch {
                    context.reportError(error.description)
                    status = .failure
                }
            }
            var fileResults = Lint.results(in: bytes, file: input.displayPath, configuration: configuration)
            if input.isStandardInput {
                fileResults.removeAll { $0.finding.family == LintCategory.naming.rawValue }
            } else if let root {
                let absolute = PackageLocation.absolute(input.path)
                if absolute.bytes.starts(with: root.withTrailingSlash.bytes) {
                    packageFixtures.append((input.displayPath, absolute.text))
                }
            }
            results += fileResults
        }
        if !complete { status = .failure }
        var findings = results.map(\.reportedFinding)
        if let root, !packageFixtures.isEmpty {
            findings += LintReferenceIndex.unreferencedFindings(
                packageFixtures, root: root, configuration: configuration)
        }
        if quiet && format == .text {
            // One line per finding: the path joins the message, the hint and the snippet are left out.
            findings = findings.map { finding in
                var short = Finding(
                    ruleID: finding.ruleID, severity: finding.severity, file: finding.file, region: finding.region,
                    message: finding.message)
                if let path = finding.path, !path.components.isEmpty { short.message += " (at \(path))" }
                return short
            }
        }
        let reportContext = ReportContext(
            repositoryRoot: PackageLocation.absolute(found.root).text, toolVersion: WireLockCommand.version,
            rules: RuleDescription.lintRules)
        context.output.write(format.report.render(findings, context: reportContext))
        return status.combined(with: findings.isEmpty ? .success : .findings)
    }
}
