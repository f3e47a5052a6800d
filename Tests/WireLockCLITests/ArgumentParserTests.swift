#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireSupport

    @testable import WireLockCLI

    /// A command used only to exercise the parser: one of each kind of declaration.
    private struct ProbeCommand: ParsableCommand {
        static let verbose = OptionDefinition.flag("verbose", short: "v", help: "Talk more.")
        static let dryRun = OptionDefinition.flag("dry-run", short: "d", help: "Change nothing.")
        static let level = Option<Int?>(
            "level", short: "l", valueName: "n", as: .positiveInteger,
            help: "How hard to try.")
        static let mode = Option<String>(
            "mode", valueName: "mode", as: .choice(["fast", "slow"]),
            default: "fast", help: "How to go.")
        static let name = Option<String?>("name", short: "n", valueName: "name", as: .text, help: "What to call it.")
        static let inputs = ArgumentDefinition("input", help: "What to read.", isRepeating: true)

        static var about: CommandConfiguration {
            CommandConfiguration(
                commandName: "probe", abstract: "Probe the parser.",
                options: [verbose, dryRun, level.definition, mode.definition, name.definition],
                arguments: [inputs])
        }

        func run(in context: CommandContext) -> ExitCode { .success }
    }

    private func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(words, for: ProbeCommand.configuration)
    }

    /// The message of the usage error `words` cause, or nil when they parse.
    private func problem(_ words: [String]) -> String? {
        do throws(UsageError) {
            _ = try parse(words)
            return nil
        } catch {
            return error.message
        }
    }

    @Suite("Argument parser")
    struct ArgumentParserTests {
        @Test func flagsAreSetOnlyWhenGiven() throws {
            let parsed = try parse(["--verbose", "a"])
            #expect(parsed.flag(ProbeCommand.verbose))
            #expect(!parsed.flag(ProbeCommand.dryRun))
            #expect(parsed.values(ProbeCommand.inputs) == ["a"])
        }

        @Test func optionTakesTheNextWordAsItsValue() throws {
            let parsed = try parse(["--name", "heat", "--level", "3", "a.json"])
            #expect(parsed.value(ProbeCommand.name) == "heat")
            #expect(parsed.value(ProbeCommand.level) == 3)
            #expect(parsed.values(ProbeCommand.inputs) == ["a.json"])
        }

        @Test func optionTakesAValueAfterAnEqualsSign() throws {
            let parsed = try parse(["--mode=slow", "--name=a=b", "x"])
            #expect(parsed.value(ProbeCommand.mode) == "slow")
            #expect(parsed.value(ProbeCommand.name) == "a=b")
        }

        @Test func emptyValueAfterEqualsSignIsAValue() throws {
            #expect(try parse(["--name=", "x"]).value(ProbeCommand.name) == "")
        }

        @Test func absentOptionFallsBackToItsDefault() throws {
            let parsed = try parse(["x"])
            #expect(parsed.value(ProbeCommand.mode) == "fast")
            #expect(parsed.value(ProbeCommand.name) == nil)
            #expect(parsed.value(ProbeCommand.level) == nil)
        }

        @Test func lastValueWinsWhenAnOptionRepeats() throws {
            #expect(try parse(["--mode", "slow", "--mode", "fast", "x"]).value(ProbeCommand.mode) == "fast")
        }

        @Test func shortSpellings() throws {
            let parsed = try parse(["-vd", "-l", "2", "-nheat", "x"])
            #expect(parsed.flag(ProbeCommand.verbose))
            #expect(parsed.flag(ProbeCommand.dryRun))
            #expect(parsed.value(ProbeCommand.level) == 2)
            #expect(parsed.value(ProbeCommand.name) == "heat")
        }

        @Test func optionsAndPositionalsMayInterleave() throws {
            let parsed = try parse(["a", "--verbose", "b", "--name", "n", "c"])
            #expect(parsed.values(ProbeCommand.inputs) == ["a", "b", "c"])
            #expect(parsed.flag(ProbeCommand.verbose))
        }

        @Test func doubleDashEndsOptions() throws {
            let parsed = try parse(["--verbose", "--", "--dry-run", "-v", "--help", "-"])
            #expect(parsed.flag(ProbeCommand.verbose))
            #expect(!parsed.flag(ProbeCommand.dryRun))
            #expect(parsed.values(ProbeCommand.inputs) == ["--dry-run", "-v", "--help", "-"])
        }

        @Test func singleDashIsAPositionalValue() throws {
            #expect(try parse(["-", "--verbose"]).values(ProbeCommand.inputs) == ["-"])
        }

        @Test(arguments: [
            (["--frob", "x"], "unknown option '--frob'"),
            (["--frob=1", "x"], "unknown option '--frob'"),
            (["-z", "x"], "unknown option '-z'"),
            (["-vz", "x"], "unknown option '-z'"),
            (["x", "--name"], "missing value for '--name'"),
            (["--name", "--verbose", "x"], "missing value for '--name'"),
            (["-n"], "missing value for '--name'"),
            (["--level", "abc", "x"], "invalid value 'abc' for '--level': expected a positive whole number"),
            (["--level", "0", "x"], "invalid value '0' for '--level': expected a positive whole number"),
            (["--level", "-3", "x"], "invalid value '-3' for '--level': expected a positive whole number"),
            (["--level=2.5", "x"], "invalid value '2.5' for '--level': expected a positive whole number"),
            (["--mode", "warp", "x"], "invalid value 'warp' for '--mode': expected one of fast, slow"),
            (["--verbose=yes", "x"], "'--verbose' does not take a value"),
            (["--verbose"], "missing argument '<input>'"),
            ([], "missing argument '<input>'"),
        ])
        func usageErrorsNameTheProblem(words: [String], message: String) {
            #expect(problem(words) == message)
        }

        @Test func extraPositionalIsRejectedWhenNothingRepeats() {
            let configuration = CommandConfiguration(
                commandName: "one", abstract: "", arguments: [ArgumentDefinition("file", help: "")])
            #expect(throws: UsageError("unexpected argument 'b'")) {
                try ArgumentParser.parse(["a", "b"], for: configuration)
            }
        }

        @Test func optionalPositionalMayBeAbsent() throws {
            let configuration = CommandConfiguration(
                commandName: "one", abstract: "", arguments: [ArgumentDefinition("file", help: "", isRequired: false)])
            #expect(try ArgumentParser.parse([], for: configuration).values(configuration.arguments[0]) == [])
        }
    }

    @Suite("Command tree")
    struct CommandTreeTests {
        private func action(_ words: [String]) -> Invocation.Action {
            CommandParser.parse(words, root: WireLockCommand.self).action
        }

        @Test func selectsValidateWithTypedValues() throws {
            let invocation = CommandParser.parse(
                ["validate", "--format=json", "--max-depth", "7", "--allow-comments", "--lines", "-q", "a.json", "-"],
                root: WireLockCommand.self)
            #expect(invocation.commandPath == ["wirelock", "validate"])
            guard case .run(let command) = invocation.action, let validate = command as? ValidateCommand else {
                Issue.record("expected to run validate, got \(invocation.action)")
                return
            }
            #expect(validate.format == .json)
            #expect(validate.parseOptions.maxDepth == 7)
            #expect(validate.parseOptions.allowComments)
            #expect(!validate.parseOptions.allowDuplicateKeys)
            #expect(validate.forceLines)
            #expect(validate.quiet)
            #expect(validate.paths == ["a.json", "-"])
        }

        @Test func validateDefaultsAreStrict() throws {
            guard case .run(let command) = action(["validate", "x"]), let validate = command as? ValidateCommand else {
                Issue.record("expected to run validate")
                return
            }
            #expect(validate.format == .text)
            #expect(validate.parseOptions == .strict)
            #expect(!validate.forceLines && !validate.quiet)
        }

        @Test func selectsFmt() throws {
            guard case .run(let command) = action(["fmt", "--check", "--allow-duplicate-keys", "d"]),
                let fmt = command as? FmtCommand
            else {
                Issue.record("expected to run fmt")
                return
            }
            #expect(fmt.check)
            #expect(fmt.parseOptions.allowDuplicateKeys)
            #expect(fmt.paths == ["d"])
        }

        @Test(arguments: [
            (["--help"], ["wirelock"]),
            (["-h"], ["wirelock"]),
            (["help"], ["wirelock"]),
            (["help", "validate"], ["wirelock", "validate"]),
            (["help", "fmt"], ["wirelock", "fmt"]),
            (["validate", "--help"], ["wirelock", "validate"]),
            (["validate", "a.json", "-h"], ["wirelock", "validate"]),
            (["validate", "--frob", "--help"], ["wirelock", "validate"]),
            (["fmt", "--help"], ["wirelock", "fmt"]),
        ])
        func helpRequests(words: [String], path: [String]) {
            let invocation = CommandParser.parse(words, root: WireLockCommand.self)
            guard case .showHelp = invocation.action else {
                Issue.record("expected help for \(words), got \(invocation.action)")
                return
            }
            #expect(invocation.commandPath == path)
        }

        @Test func helpAfterDoubleDashIsAPath() {
            guard case .run(let command) = action(["validate", "--", "--help"]) else {
                Issue.record("expected to run validate")
                return
            }
            #expect((command as? ValidateCommand)?.paths == ["--help"])
        }

        @Test func versionFlag() {
            guard case .showVersion(let text) = action(["--version"]) else {
                Issue.record("expected the version")
                return
            }
            #expect(text == "wirelock 0.1.0")
        }

        @Test(arguments: [
            ([], "missing subcommand"),
            (["frob"], "unknown subcommand 'frob'"),
            (["help", "frob"], "unknown subcommand 'frob'"),
            (["--frob"], "unknown option '--frob'"),
            (["validate", "--version", "x"], "unknown option '--version'"),
            (["validate", "-", "-"], "standard input ('-') can be given only once"),
            (["fmt", "-", "a.json"], "standard input ('-') cannot be combined with other paths"),
            (["fmt", "--format", "json", "a.json"], "unknown option '--format'"),
        ])
        func usageErrors(words: [String], message: String) {
            guard case .usageError(let error) = action(words) else {
                Issue.record("expected a usage error for \(words)")
                return
            }
            #expect(error.message == message)
        }

        @Test func exitCodesAreNamedAndOrdered() {
            #expect(ExitCode.success.rawValue == 0)
            #expect(ExitCode.findings.rawValue == 1)
            #expect(ExitCode.failure.rawValue == 2)
            #expect(ExitCode.findings.combined(with: .failure) == .failure)
            #expect(ExitCode.success.combined(with: .findings) == .findings)
        }
    }

    @Suite("Help text")
    struct HelpTextTests {
        @Test(arguments: ["validate", "fmt"])
        func helpListsEveryOptionAndArgument(name: String) throws {
            let configuration = try #require(WireLockCommand.configuration.subcommand(named: name)).configuration
            let help = HelpFormatter.help(for: configuration, path: ["wirelock", name])
            #expect(help.hasPrefix("OVERVIEW: " + configuration.abstract))
            #expect(help.contains("USAGE: wirelock \(name) "))
            for option in configuration.options {
                #expect(help.contains(option.helpLabel), "help lacks \(option.longSpelling)")
                #expect(help.contains(String(option.help.prefix(20))), "help lacks the text of \(option.longSpelling)")
            }
            for argument in configuration.arguments {
                #expect(help.contains("<\(argument.name)>"))
            }
            #expect(help.contains("-h, --help"))
        }

        @Test func validateHelpShowsValuesAndDefaults() {
            let help = HelpFormatter.help(for: ValidateCommand.configuration, path: ["wirelock", "validate"])
            #expect(help.contains("--format <format>"))
            #expect(help.contains("(values: text, json)"))
            #expect(help.contains("(default: 512)"))
            #expect(help.contains("-q, --quiet"))
        }

        @Test func rootHelpListsSubcommandsAndVersion() {
            let help = HelpFormatter.help(for: WireLockCommand.configuration, path: ["wirelock"])
            #expect(help.contains("USAGE: wirelock <subcommand>"))
            #expect(help.contains("  validate  "))
            #expect(help.contains("  fmt  "))
            #expect(help.contains("--version"))
        }

        @Test func helpLinesFitEightyColumns() {
            for configuration in [
                WireLockCommand.configuration, ValidateCommand.configuration, FmtCommand.configuration,
            ] {
                let help = HelpFormatter.help(for: configuration, path: ["wirelock", configuration.commandName])
                for line in help.split(separator: "\n") {
                    #expect(line.count <= HelpFormatter.width, "too wide: \(line)")
                }
            }
        }

        @Test func usageErrorTextNamesProblemUsageAndHelp() {
            let text = HelpFormatter.usageError(
                .unknownOption("--frob"), configuration: FmtCommand.configuration,
                path: ["wirelock", "fmt"])
            #expect(
                text == """
                    wirelock: error: unknown option '--frob'
                    Usage: wirelock fmt [--check] [--force] [--allow-duplicate-keys]
                                        [--exclude <glob>] [--allow-empty] <path> ...
                    See 'wirelock fmt --help' for more information.

                    """)
        }

        @Test func wrapBreaksAtWordsAndIndents() {
            let text = HelpFormatter.wrap("one two three four", indent: "  ", width: 12)
            #expect(text == "  one two\n  three four")
        }
    }
#endif
