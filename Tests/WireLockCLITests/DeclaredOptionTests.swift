#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireSupport

    @testable import WireLockCLI

    /// Options shared by several commands, declared once as a group.
    private struct Walk: ParsableArguments {
        @Option("exclude", valueName: "glob", as: .text, help: "Skip these.") var excludes: [String]
        @Flag(help: "Accept no input.") var allowEmpty: Bool

        mutating func validate() throws(UsageError) {
            if excludes.contains("") { throw UsageError("'--exclude' needs a pattern") }
        }
    }

    /// A command declaring each kind of property once: the parser, the usage line and the help are
    /// generated from these declarations alone.
    private struct Copy: ParsableCommand {
        static var about: CommandConfiguration {
            CommandConfiguration(commandName: "copy", abstract: "Copy files.")
        }

        @Option(short: "o", valueName: "dir", as: .path, help: "Where to write.") var out: RawPath
        @Option(valueName: "n", as: .positiveInteger, default: 512, help: "The deepest nesting.") var maxDepth: Int
        @Option(valueName: "name", as: .text, help: "What to call it.") var label: String?
        @Flag(short: "q", help: "Print less.") var quiet: Bool
        @OptionGroup var walk: Walk
        @Argument(help: "The first file.") var source: RawPath
        @Argument("more", help: "Further files.", isRequired: false) var others: [String]

        mutating func validate() throws(UsageError) {
            if quiet && label != nil { throw UsageError("'--quiet' and '--label' cannot be combined") }
        }

        func run(in context: CommandContext) -> ExitCode { .success }
    }

    /// The root of a one-command tool.
    private struct Tool: CommandGroup {
        static var about: CommandConfiguration {
            CommandConfiguration(commandName: "tool", abstract: "A tool.", subcommands: [Copy.self])
        }
    }

    /// The parsed command, or the usage error the words cause.
    private func parse(_ words: [String]) -> Result<Copy, UsageError> {
        switch CommandParser.parse(["copy"] + words, root: Tool.self).action {
        case .run(let command as Copy): .success(command)
        case .usageError(let error): .failure(error)
        default: .failure(UsageError("not a run"))
        }
    }

    /// The usage error of `words`, or nil when they parse.
    private func problem(_ words: [String]) -> String? {
        guard case .failure(let error) = parse(words) else { return nil }
        return error.message
    }

    @Suite("Options declared once")
    struct DeclaredOptionTests {
        @Test func aMissingRequiredOptionIsAGeneratedUsageError() {
            #expect(problem(["a.json"]) == "missing '--out <dir>'")
            #expect(problem(["-o", "x"]) == "missing argument '<source>'")
            #expect(problem(["-o", "x", "a.json"]) == nil)
        }

        @Test func theUsageErrorShowsTheRequiredOptionWithoutBrackets() {
            let invocation = CommandParser.parse(["copy", "a.json"], root: Tool.self)
            guard case .usageError(let error) = invocation.action else {
                Issue.record("expected a usage error")
                return
            }
            let text = HelpFormatter.usageError(error, configuration: invocation.configuration, path: ["tool", "copy"])
            #expect(
                text == """
                    tool: error: missing '--out <dir>'
                    Usage: tool copy --out <dir> [--max-depth <n>] [--label <name>] [--quiet]
                                     [--exclude <glob>] [--allow-empty] <source> [<more> ...]
                    See 'tool copy --help' for more information.

                    """)
        }

        @Test func eachDeclarationAppearsOnceInTheHelpWithItsNameFromTheProperty() {
            let help = HelpFormatter.help(for: Copy.configuration, path: ["tool", "copy"])
            #expect(help.contains("  -o, --out <dir>         Where to write.\n"))
            #expect(help.contains("  --max-depth <n>         The deepest nesting. (default: 512)\n"))
            #expect(help.contains("  -q, --quiet             Print less.\n"))
            #expect(help.contains("  --exclude <glob>        Skip these.\n"))
            #expect(help.contains("  --allow-empty           Accept no input.\n"))
            #expect(help.contains("  <source>                The first file.\n"))
            #expect(help.components(separatedBy: "--max-depth").count == 3, "usage line and list: \(help)")
            #expect(
                Copy.configuration.options.map(\.name) == [
                    "out", "max-depth", "label", "quiet", "exclude", "allow-empty",
                ])
            #expect(Copy.configuration.arguments.map(\.name) == ["source", "more"])
        }

        @Test func absentOptionsHaveTheirDefaults() throws {
            let copy = try parse(["--out", "x", "a.json"]).get()
            #expect(copy.out == RawPath("x"))
            #expect(copy.maxDepth == 512)
            #expect(!copy.$maxDepth.isGiven)
            #expect(copy.label == nil)
            #expect(!copy.quiet)
            #expect(copy.walk.excludes.isEmpty)
            #expect(!copy.walk.allowEmpty)
            #expect(copy.source == RawPath("a.json"))
            #expect(copy.others.isEmpty)
        }

        @Test func givenValuesArriveTyped() throws {
            let copy = try parse(["a.json", "b", "c", "-qo", "out", "--max-depth=7", "--allow-empty"]).get()
            #expect(copy.out == RawPath("out"))
            #expect(copy.maxDepth == 7)
            #expect(copy.$maxDepth.isGiven)
            #expect(copy.quiet)
            #expect(copy.walk.allowEmpty)
            #expect(copy.source == RawPath("a.json"))
            #expect(copy.others == ["b", "c"])
        }

        @Test func aRepeatedOptionKeepsEveryValueInOrderAndASingleOneTheLast() throws {
            let copy = try parse(["-o", "a", "--exclude", "x", "s", "--exclude=y", "-o", "b", "--exclude", "x"]).get()
            #expect(copy.walk.excludes == ["x", "y", "x"])
            #expect(copy.out == RawPath("b"))
        }

        @Test func badValuesNameTheirOption() {
            #expect(
                problem(["-o", "x", "s", "--max-depth", "0"])
                    == "invalid value '0' for '--max-depth': expected a positive whole number")
            #expect(problem(["-o", "x", "s", "--quiet=1"]) == "'--quiet' does not take a value")
            #expect(problem(["-o"]) == "missing value for '--out'")
        }

        @Test func validationRunsForTheCommandAndItsGroups() {
            #expect(problem(["-o", "x", "s", "-q", "--label", "l"]) == "'--quiet' and '--label' cannot be combined")
            #expect(problem(["-o", "x", "s", "--exclude", ""]) == "'--exclude' needs a pattern")
        }

        @Test(arguments: [
            ("maxDepth", "max-depth"), ("out", "out"), ("allowDuplicateKeys", "allow-duplicate-keys"),
            ("baseURL", "base-url"), ("parseURLText", "parse-url-text"), ("URL", "url"),
            ("level2Cache", "level2-cache"),
        ])
        func aPropertyNameBecomesAnOptionName(_ property: String, _ option: String) {
            #expect(Declarations.optionName(forProperty: property) == option)
        }

        /// The wirelock commands whose required options and arguments used to be checked by hand:
        /// the parser now says what is missing, and the tool exits with status 2.
        @Test(arguments: [
            (["import-har", "capture.har"], "missing '--out <dir>'"),
            (["import-har", "--out", "fixtures"], "missing argument '<capture>'"),
            (["explain", "payload.json"], "missing '--error <text>'"),
            (["explain", "--error", "text"], "missing argument '<payload>'"),
            (["contract"], "expected the route-table file, or --openapi SPEC"),
            (["contract", "--base-ur", "x", "routes.json"], "unknown option '--base-ur'"),
        ])
        func wirelocksRequiredDeclarationsAreReportedByTheParser(_ words: [String], _ message: String) {
            let output = BufferSink()
            let diagnostics = BufferSink()
            let context = CommandContext(
                output: output, diagnostics: diagnostics, environment: [:], outputIsTerminal: false)
            let status = WireLockCommand.main(words, context: context)
            #expect(status == .failure)
            #expect(output.text == "")
            #expect(diagnostics.text.hasPrefix("wirelock: error: \(message)\nUsage: wirelock \(words[0]) "))
        }
    }
#endif
