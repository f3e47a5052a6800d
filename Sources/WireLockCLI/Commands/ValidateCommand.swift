import WireCommandLine
import WireCommands
import WireJSON
import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wirelock validate`: checks inputs against strict RFC 8259, streaming each one, and reports every
/// error with its file, line, column, JSON path and an excerpt.
struct ValidateCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate",
            abstract: "Check JSON and JSON Lines files against strict RFC 8259.",
            discussion: """
                Every error is reported as FILE:LINE:COLUMN: error: REASON (at JSONPATH), followed by the \
                line of input with a caret under the spot, and a summary line ends the report. Inputs \
                are streamed, so files of any size use little memory.

                Exit status: 0 when every input is valid, 1 when some input is invalid, 2 for a usage \
                error or an input that cannot be read.
                """)
    }

    @Option(.format(default: .text)) var format: OutputFormat
    @OptionGroup var parsing: ParseOptions
    /// Read every input as JSON Lines.
    @Flag(
        "lines",
        help: "Read every input as JSON Lines (one document per line), whatever its name; useful for standard input.")
    var forceLines: Bool
    @Flag(CommonOptions.quiet) var quiet: Bool
    @OptionGroup var inputs: InputOptions
    @Argument("path", help: SharedOptions.paths.help + " Use - for standard input.") var paths: [RawPath]

    var parseOptions: JSONParseOptions { parsing.parseOptions }

    mutating func validate() throws(UsageError) {
        if paths.filter(\.isStandardInput).count > 1 {
            throw UsageError("standard input ('-') can be given only once")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let style = context.outputStyle
        let text = ValidationTextRenderer(style: style, quiet: quiet)
        var tally = ValidationTally()
        var results: [FileValidation] = []
        var unreadable: [JSONInputError] = []
        var status = ExitCode.success

        func failed(_ error: JSONInputError) {
            context.reportError(error.description)
            tally.unreadable += 1
            unreadable.append(error)
        }

        for entry in InputEntry.walk(paths, with: inputs.walker(extensions: InputFile.collectedExtensions)) {
            switch entry {
            case .unreadable(let error):
                failed(error)
            case .empty(let directory):
                if !inputs.allowEmpty {
                    context.reportError(InputWalker.noInputs(under: directory))
                    status = .failure
                }
            case .input(var input):
                if forceLines || (!input.isStandardInput && input.framing == .lines) {
                    input.framing = .lines
                }
                var options = parseOptions
                options.framing = input.framing
                let validator = JSONValidator(options: options)
                let report: JSONValidationReport
                do throws(JSONInputError) {
                    if input.isStandardInput {
                        report = try validator.validate(fileDescriptor: 0, path: InputFile.standardInputPath)
                    } else {
                        // Opened here, from the path's bytes: the validator's own opening takes text.
                        let descriptor = try FileReader.open(input.path)
                        defer { close(descriptor) }
                        report = try validator.validate(fileDescriptor: descriptor, path: input.displayPath)
                    }
                } catch {
                    failed(error)
                    continue
                }
                tally.add(report)
                let result = FileValidation(displayPath: input.displayPath, framing: input.framing, report: report)
                switch format {
                case .text: context.output.write(text.render(result))
                case .json: results.append(result)
                }
            }
        }

        switch format {
        case .text:
            context.output.write(text.summary(tally))
        case .json:
            let document = ValidationJSONRenderer.document(results: results, unreadable: unreadable, tally: tally)
            context.output.write(CanonicalJSONWriter.text(document, style: .pretty))
        }
        return tally.exitCode.combined(with: status)
    }
}
