import WireCommandLine
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
    static let format = Option<OutputFormat>.format(default: .text)
    static let only = Option<Set<LintCategory>?>(
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
    static let fix = OptionDefinition.flag(
        "fix",
        help:
            "Replace what the secret, personal and internal rules find with placeholders (an unsigned JWT with the same claim keys, user@example.com, 192.0.2.1, api.example.com, <redacted>), changing only those strings; a file is rewritten atomically, and only when it is still valid JSON. The findings left are reported."
    )
    static let paths = ArgumentDefinition(
        "path", help: SharedOptions.paths.help + " Use - for standard input (named <stdin>).", isRepeating: true)

    static var configuration: CommandConfiguration {
        let rules = LintRule.all.map { "  \($0.id): \($0.shortDescription)." }.joined(separator: "\n")
        return CommandConfiguration(
            commandName: "lint",
            abstract: "Check fixtures for secrets, personal data, internal hosts, format, naming and use.",
            discussion: """
                Each finding is reported as FILE:LINE:COLUMN: RULE: MESSAGE (at JSONPATH), then the masked \
                value and how to fix it. Detection follows the JSON structure: values are judged under \
                their key (a HAR {"name": …, "value": …} pair under its name), JSON inside strings and \
                JWT claims are scanned too. Ids, UUIDs, hashes, redaction placeholders and documentation \
                addresses are left alone. Suppressions (a JSON path glob, the value's sha256 and a \
                reason) and disabled rules are read from the "lint" section of wirelock.json at the \
                package root; --format json prints each value's sha256 for them.

                Rules:
                \(rules)

                Exit status: 0 when there are no findings, 1 when there are, 2 for a usage error, an \
                input that cannot be read or an invalid wirelock.json.
                """,
            options: [format.definition, only.definition, fix, CommonOptions.quiet] + InputOptions.options,
            arguments: [paths])
    }

    var format: OutputFormat
    var categories: Set<LintCategory>?
    var quiet: Bool
    var fixes: Bool
    var inputs: InputOptions
    var paths: [RawPath]

    init(from arguments: ParsedArguments) throws(UsageError) {
        format = arguments.value(Self.format)
        categories = arguments.value(Self.only)
        quiet = arguments.flag(CommonOptions.quiet)
        fixes = arguments.flag(Self.fix)
        inputs = InputOptions(from: arguments)
        paths = arguments.paths(Self.paths)
        if paths.filter(\.isStandardInput).count > 1 {
            throw UsageError("standard input ('-') can be given only once")
        }
        if fixes && paths.contains(where: \.isStandardInput) {
            throw UsageError("--fix rewrites files; it cannot fix standard input")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let root = PackageLocation.packageRoot(searchingFrom: PackageLocation.workingDirectory)
        var configuration: LintConfiguration
        switch Self.configuration(root: root) {
        case .success(let read): configuration = read
        case .failure(let problem):
            context.reportError(problem.message)
            return .failure
        }
        configuration.categories = categories

        var status = ExitCode.success
        var results: [Lint.Result] = []
        var unreadable: [JSONInputError] = []
        var files = 0
        /// Fixtures inside the package, for the unreferenced rule: (as displayed, absolute).
        var packageFixtures: [(display: String, absolute: String)] = []
        for entry in InputEntry.walk(paths, with: inputs.walker(extensions: InputFile.collectedExtensions)) {
            switch entry {
            case .unreadable(let error):
                context.reportError(error.description)
                unreadable.append(error)
                status = .failure
            case .empty(let directory):
                if !inputs.allowEmpty {
                    context.reportError(InputWalker.noInputs(under: directory))
                    status = .failure
                }
            case .input(let input):
                var bytes: [UInt8]
                do throws(JSONInputError) {
                    bytes =
                        input.isStandardInput
                        ? try FileReader.readAll(from: 0, path: InputFile.standardInputPath)
                        : try FileReader.readFile(at: input.path)
                } catch {
                    context.reportError(error.description)
                    unreadable.append(error)
                    status = .failure
                    continue
                }
                files += 1
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
        }
        if let root, !packageFixtures.isEmpty, configuration.categories?.contains(.unreferenced) ?? true {
            let index = Self.referenceIndex(root: root)
            let byAbsolute = Dictionary(packageFixtures.map { ($0.absolute, $0.display) }) { first, _ in first }
            // Filtered below by the names as shown, which the configuration's globs are written for.
            let absoluteFindings = index.findings(
                forFixtures: packageFixtures.map(\.absolute), configuration: LintConfiguration(disabled: []))
            for finding in absoluteFindings {
                var shown = finding
                shown.file = byAbsolute[finding.file] ?? finding.file
                if configuration.keeps(shown) { results.append(Lint.Result(finding: shown, valueSHA256: nil)) }
            }
        }

        switch format {
        case .text:
            for result in results { context.output.write(LintTextRenderer.render(result.finding, quiet: quiet)) }
            let filesWithFindings = Set(results.map(\.finding.file)).count
            context.output.write(
                "\(results.count) \(results.count == 1 ? "finding" : "findings") in \(filesWithFindings) of \(files) "
                    + "\(files == 1 ? "file" : "files")\n")
        case .json:
            context.output.write(
                CanonicalJSONWriter.text(LintTextRenderer.document(results, files: files, unreadable: unreadable)))
        }
        return status.combined(with: results.isEmpty ? .success : .findings)
    }

    /// The `lint` section of `wirelock.json` at the package root, or the defaults when there is
    /// no such file or section; an error message naming the file and the setting otherwise.
    static func configuration(root: RawPath?) -> Result<LintConfiguration, LintConfigurationProblem> {
        guard let root else { return .success(LintConfiguration()) }
        let path = root.appending("wirelock.json")
        var info = stat()
        guard FileSystem.status(path, &info) else { return .success(LintConfiguration()) }
        let shown = PackageLocation.relativeToWorkingDirectory(path).displayed
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(LintConfigurationProblem("cannot read '\(shown)': \(error.reason)"))
        }
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONValue.parse(bytes)
        } catch {
            return .failure(LintConfigurationProblem(JSONDiagnostic(error, file: shown).headline))
        }
        guard let section = document["lint"] else { return .success(LintConfiguration()) }
        do throws(LintConfiguration.Error) {
            return .success(try LintConfiguration(json: section))
        } catch {
            return .failure(LintConfigurationProblem("\(shown): \(error)"))
        }
    }

    /// One pass over what may name a fixture: every file under Tests/ and golden/, and every JSON
    /// file under the package whose name contains "route" (route tables).
    static func referenceIndex(root: RawPath) -> LintReferenceIndex {
        var index = LintReferenceIndex()
        var seen = Set<[UInt8]>()
        func add(_ path: RawPath) {
            let absolute = PackageLocation.absolute(path)
            guard seen.insert(absolute.bytes).inserted, case .success(let bytes) = FileSystem.readFile(absolute) else {
                return
            }
            index.add(bytes, from: absolute.text)
        }
        let everything = InputWalker(extensions: [
            "swift", "json", "jsonl", "ndjson", "har", "md", "txt", "yaml", "yml",
        ])
        for entry in everything.entries(for: [root.appending("Tests"), root.appending("golden")]) {
            if case .file(let path, _) = entry { add(path) }
        }
        for entry in InputWalker(extensions: ["json"]).entries(for: [root]) {
            if case .file(let path, _) = entry,
                String(decoding: path.lastComponent, as: UTF8.self).lowercased()
                    .contains("route")
            {
                add(path)
            }
        }
        return index
    }
}

/// An error reading `wirelock.json`, already worded for standard error.
struct LintConfigurationProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Renders lint findings: `FILE:LINE:COLUMN: RULE: MESSAGE (at PATH)`, the masked value and the
/// fix (text), or one JSON document.
enum LintTextRenderer {
    static func render(_ finding: Finding, quiet: Bool) -> String {
        var head = finding.file
        if let region = finding.region { head += ":\(region.line):\(region.column)" }
        var line = "\(head): \(finding.ruleID): \(finding.message)"
        if let path = finding.path { line += " (at \(path))" }
        line += "\n"
        guard !quiet else { return line }
        if let snippet = finding.snippet { line += "    value: \(snippet)\n" }
        if let hint = finding.hint { line += "    fix: \(hint)\n" }
        return line
    }

    static func document(_ results: [Lint.Result], files: Int, unreadable: [JSONInputError]) -> JSONValue {
        let findings: [JSONValue] = results.map { result in
            let finding = result.finding
            var members: [JSONObject.Member] = [
                .init(key: "rule", value: .string(finding.ruleID)),
                .init(key: "severity", value: .string(finding.severity.rawValue)),
                .init(key: "file", value: .string(finding.file)),
                .init(key: "message", value: .string(finding.message)),
            ]
            if let region = finding.region {
                members += [
                    .init(key: "line", value: .number(JSONNumber(integerLiteral: region.line))),
                    .init(key: "column", value: .number(JSONNumber(integerLiteral: region.column))),
                    .init(key: "endLine", value: .number(JSONNumber(integerLiteral: region.endLine))),
                    .init(key: "endColumn", value: .number(JSONNumber(integerLiteral: region.endColumn))),
                ]
            }
            if let path = finding.path { members.append(.init(key: "path", value: .string(path.description))) }
            if let hint = finding.hint { members.append(.init(key: "hint", value: .string(hint))) }
            if let snippet = finding.snippet { members.append(.init(key: "snippet", value: .string(snippet))) }
            if let hash = result.valueSHA256 { members.append(.init(key: "sha256", value: .string(hash))) }
            return .object(JSONObject(members))
        }
        return .object(
            JSONObject([
                .init(key: "findings", value: .array(findings)),
                .init(key: "findingCount", value: .number(JSONNumber(integerLiteral: results.count))),
                .init(key: "fileCount", value: .number(JSONNumber(integerLiteral: files))),
                .init(
                    key: "unreadable",
                    value: .array(
                        unreadable.map {
                            .object(
                                JSONObject([
                                    .init(key: "path", value: .string($0.path)),
                                    .init(key: "reason", value: .string($0.reason)),
                                ]))
                        })),
            ]))
    }
}
