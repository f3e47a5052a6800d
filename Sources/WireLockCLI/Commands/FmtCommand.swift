import WireCommandLine
import WireCommands
import WireJSON
import WireSupport
import WireToolSupport

/// `wirelock fmt`: rewrites JSON and JSON Lines files in WireLock's canonical form, atomically, and
/// leaves invalid files untouched.
struct FmtCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "fmt",
            abstract: "Rewrite JSON files in canonical form.",
            discussion: """
                Canonical form: keys sorted by UTF-16 code units, two-space indent, one member or element \
                per line, numbers exactly as written, minimal string escapes, a final newline. JSON Lines \
                files get one compact record per line. A file is rewritten only when its bytes change, \
                through a temporary file renamed over it, keeping its owner and permissions; a read-only \
                file, a file with several hard links and a file whose owner cannot be kept are refused \
                unless --force. Invalid files are reported and left untouched. Hidden .wirelock- \
                temporaries that an interrupted run left beside the files are reported.

                Exit status: 0 on success, 1 when a file is invalid (or, with --check, not canonical), \
                2 for a usage error, a file that cannot be read or written, or a refused rewrite.
                """)
    }

    @Flag(
        help: "Change nothing: list the files that are not in canonical form and exit with status 1 if there are any.")
    var check: Bool
    @Flag(CommonOptions.force) var force: Bool
    @Flag(ParseOptionFlags.allowDuplicateKeys) var allowDuplicateKeys: Bool
    @OptionGroup var inputs: InputOptions
    @Argument(
        "path", help: SharedOptions.paths.help + " Use - alone to read standard input and print its canonical form.")
    var paths: [RawPath]

    var parseOptions: JSONParseOptions { JSONParseOptions(allowDuplicateKeys: allowDuplicateKeys) }

    mutating func validate() throws(UsageError) {
        if paths.contains(where: \.isStandardInput) && paths.count > 1 {
            throw UsageError("standard input ('-') cannot be combined with other paths")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let formatter = CanonicalFormatter(options: parseOptions)
        let renderer = FormatRenderer(style: context.outputStyle, check: check)
        var tally = FormatTally()

        if paths == [RawPath.standardInput] {
            return formatStandardInput(formatter: formatter, renderer: renderer, in: context)
        }

        var stale = StaleTemporaries()
        var status = ExitCode.success
        for entry in InputEntry.walk(paths, with: inputs.walker(extensions: InputFile.collectedExtensions)) {
            let input: InputFile
            switch entry {
            case .input(let found):
                input = found
            case .unreadable(let error):
                context.reportError(error.description)
                tally.unreadable += 1
                continue
            case .empty(let directory):
                if !inputs.allowEmpty {
                    context.reportError(InputWalker.noInputs(under: directory))
                    status = .failure
                }
                continue
            }
            for temporary in stale.newlyFound(besides: input.path) {
                context.reportWarning(StaleTemporaries.warning(temporary))
            }
            let bytes: [UInt8]
            do throws(JSONInputError) {
                bytes = try FileReader.readFile(at: input.path)
            } catch {
                context.reportError(error.description)
                tally.unreadable += 1
                continue
            }
            switch formatter.format(bytes, framing: input.framing, name: input.displayPath) {
            case .invalid(let errors):
                // On standard error: fmt's standard output is the list of files it changed.
                context.diagnose(errors.map { JSONDiagnostic($0, file: input.displayPath).block() }.joined())
                tally.invalid += 1
            case .canonical(let canonical) where canonical == bytes:
                tally.unchanged += 1
            case .canonical(let canonical):
                if !check {
                    do throws(AtomicWriteError) {
                        try AtomicFile.write(
                            canonical, to: input.path, options: .rewrite(force: force, existing: .replaceOnly))
                    } catch {
                        context.reportError(error.description)
                        if error.isRefusal { tally.refused += 1 } else { tally.unwritable += 1 }
                        continue
                    }
                }
                context.output.write(renderer.changed(input.displayPath))
                tally.changed += 1
            }
        }
        context.output.write(renderer.summary(tally))
        return tally.exitCode(check: check).combined(with: status)
    }

    /// `fmt -`: prints the canonical form of standard input (or, with `--check`, only says whether
    /// it already is canonical).
    private func formatStandardInput(
        formatter: CanonicalFormatter, renderer: FormatRenderer,
        in context: CommandContext
    ) -> ExitCode {
        let input = InputFile(path: RawPath.standardInput, framing: .document)
        let bytes: [UInt8]
        do throws(JSONInputError) {
            bytes = try FileReader.readAll(from: 0, path: InputFile.standardInputPath)
        } catch {
            context.reportError(error.description)
            return .failure
        }
        switch formatter.format(bytes, framing: input.framing) {
        case .invalid(let errors):
            context.diagnose(errors.map { JSONDiagnostic($0, file: input.displayPath).block() }.joined())
            return .findings
        case .canonical(let canonical):
            if check {
                guard canonical != bytes else { return .success }
                context.output.write(renderer.changed(input.displayPath))
                return .findings
            }
            context.output.write(String(decoding: canonical, as: UTF8.self))
            return .success
        }
    }
}
