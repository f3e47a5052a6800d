#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireCommands
    import WireSupport
    import WireFuzz
    import WireJSON
    import WireSupport
    import WireToolSupport

    /// The command-line layer's typed options: each kind of value is parsed and checked once, while the
    /// command line is read, and a bad value is a usage error that names the option.
    private enum Speed: String, CaseIterable, Sendable {
        case fast
        case slow
    }

    private enum Typed {
        static let depth = Option<Int>("depth", valueName: "n", as: .positiveInteger, default: 512, help: "Depth.")
        static let limit = Option<Int?>("limit", valueName: "n", as: .positiveInteger, help: "Limit.")
        static let seed = FuzzCampaignOptions.seed
        static let speed = Option<Speed>("speed", valueName: "speed", as: .choice, default: .fast, help: "Speed.")
        static let word = Option<String?>("word", valueName: "w", as: .choice(["one", "two"]), help: "Word.")
        static let out = Option<RawPath?>("out", valueName: "dir", as: .path, help: "Out.")
        static let format = Option<OutputFormat>.format(default: .text)
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "typed", abstract: "",
                options: [
                    depth.definition, limit.definition, seed.definition, speed.definition, word.definition,
                    out.definition, format.definition, CommonOptions.exclude.definition,
                ]
                    + FuzzCampaignOptions.all.filter { $0.name != "seed" })
        }
    }

    private func parse(_ words: [String], raw: [[UInt8]]? = nil) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(words, raw: raw, for: Typed.configuration)
    }

    @Suite("Typed options")
    struct TypedOptionTests {
        @Test func absentOptionsHaveTheirTypedDefaults() throws {
            let parsed = try parse([])
            #expect(parsed.value(Typed.depth) == 512)
            #expect(parsed.value(Typed.limit) == nil)
            #expect(parsed.value(Typed.seed) == 0)
            #expect(parsed.value(Typed.speed) == .fast)
            #expect(parsed.value(Typed.word) == nil)
            #expect(parsed.value(Typed.out) == nil)
            #expect(parsed.value(Typed.format) == .text)
            #expect(parsed.value(FuzzCampaignOptions.count) == 10000)
            #expect(parsed.value(FuzzCampaignOptions.mutators) == Mutator.allCases)
            #expect(parsed.value(FuzzCampaignOptions.shard) == .whole)
            #expect(parsed.values(CommonOptions.exclude).isEmpty)
            #expect(!parsed.isGiven(Typed.depth))
        }

        @Test func givenValuesArriveTyped() throws {
            let parsed = try parse([
                "--depth", "7", "--limit=3", "--seed", "18446744073709551615", "--speed", "slow",
                "--word", "two", "--out", "dir/x", "--format", "json", "-n", "12",
                "--mutators", "truncate,null", "--shard", "2/4",
            ])
            #expect(parsed.value(Typed.depth) == 7)
            #expect(parsed.value(Typed.limit) == 3)
            #expect(parsed.value(Typed.seed) == UInt64.max)
            #expect(parsed.value(Typed.speed) == .slow)
            #expect(parsed.value(Typed.word) == "two")
            #expect(parsed.value(Typed.out) == RawPath("dir/x"))
            #expect(parsed.value(Typed.format) == .json)
            #expect(parsed.value(FuzzCampaignOptions.count) == 12)
            #expect(parsed.value(FuzzCampaignOptions.mutators) == [.truncate, .null])
            #expect(parsed.value(FuzzCampaignOptions.shard) == (try Shard.parse("2/4")))
            #expect(parsed.isGiven(Typed.depth))
        }

        /// A path keeps the exact bytes of its word, so a name that is not UTF-8 can be opened.
        @Test func aPathKeepsItsBytes() throws {
            let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".json".utf8)
            let parsed = try parse(["--out", "ignored"], raw: [Array("--out".utf8), name])
            #expect(parsed.value(Typed.out)?.bytes == name)
            let inline = try parse(["--out=ignored"], raw: [Array("--out=".utf8) + name])
            #expect(inline.value(Typed.out)?.bytes == name)
        }

        @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
            let parsed = try parse(["--exclude", "*-malformed*", "--exclude=.cache", "--depth", "2", "--depth", "3"])
            #expect(parsed.values(CommonOptions.exclude) == [GlobPattern("*-malformed*"), GlobPattern(".cache")])
            #expect(parsed.value(Typed.depth) == 3, "a single-valued option keeps the last one")
        }

        @Test(arguments: [
            (["--depth", "zero"], "invalid value 'zero' for '--depth': expected a positive whole number"),
            (["--depth", "0"], "invalid value '0' for '--depth': expected a positive whole number"),
            (["--depth=-2"], "invalid value '-2' for '--depth': expected a positive whole number"),
            (["--limit", "1.5"], "invalid value '1.5' for '--limit': expected a positive whole number"),
            (
                ["--seed", "-1"],
                "invalid value '-1' for '--seed': expected a whole number from 0 to 18446744073709551615"
            ),
            (
                ["--seed", "18446744073709551616"],
                "invalid value '18446744073709551616' for '--seed': expected a whole number from 0 to 18446744073709551615"
            ),
            (["--speed", "warp"], "invalid value 'warp' for '--speed': expected one of fast, slow"),
            (["--word", "three"], "invalid value 'three' for '--word': expected one of one, two"),
            (["--format", "xml"], "invalid value 'xml' for '--format': expected one of text, json"),
            (["-n", "none"], "invalid value 'none' for '--count': expected a positive whole number"),
            (["--mutators", ""], "invalid value '' for '--mutators': expected at least one mutator"),
            (["--shard", "0/2"], "invalid value '0/2' for '--shard': expected I/N with 1 <= I <= N, e.g. 2/4"),
            (["--shard", "3/2"], "invalid value '3/2' for '--shard': expected I/N with 1 <= I <= N, e.g. 2/4"),
            (["--out"], "missing value for '--out'"),
            (["--exclude"], "missing value for '--exclude'"),
        ])
        func aBadValueNamesTheOptionAndWhatWasExpected(words: [String], message: String) {
            #expect(throws: UsageError(message)) { try parse(words) }
        }

        @Test func anUnknownMutatorIsNamed() throws {
            do throws(UsageError) {
                _ = try parse(["--mutators", "truncate,frob"])
                Issue.record("an unknown mutator was accepted")
            } catch {
                #expect(error.message.hasPrefix("invalid value 'truncate,frob' for '--mutators': "))
                #expect(error.message.contains("frob"))
            }
        }

        @Test func helpShowsAllowedValuesAndTypedDefaults() {
            #expect(Typed.speed.definition.fullHelp == "Speed. (values: fast, slow) (default: fast)")
            #expect(Typed.depth.definition.fullHelp == "Depth. (default: 512)")
            #expect(Typed.limit.definition.fullHelp == "Limit.")
            #expect(
                Typed.format.definition.fullHelp
                    == "How to print results: text for people, json for one machine-readable document. (values: text, json) (default: text)"
            )
        }

        /// The shared groups are declared once: every command that takes them shows the same words.
        @Test func sharedOptionsAreOneDeclaration() {
            #expect(
                ParseOptionFlags.all.map(\.name) == ["allow-duplicate-keys", "allow-comments", "max-depth", "engine"])
            #expect(InputOptions.options.map(\.name) == ["exclude", "allow-empty"])
            #expect(FuzzCampaignOptions.all.map(\.name) == ["seed", "count", "mutators", "shard"])
            #expect(CommonOptions.quiet.helpLabel == "-q, --quiet")
        }
    }

    /// A command that only holds subcommands gets its parsing and a `run` that prints its help.
    @Suite("Command groups")
    struct CommandGroupTests {
        private struct Leaf: ParsableCommand {
            static var about: CommandConfiguration {
                CommandConfiguration(commandName: "leaf", abstract: "A leaf.")
            }
        }

        private struct Group: CommandGroup {
            static var about: CommandConfiguration {
                CommandConfiguration(commandName: "group", abstract: "Holds a leaf.", subcommands: [Leaf.self])
            }
        }

        @Test func aGroupRunsByPrintingItsHelp() throws {
            let output = BufferSink()
            let context = CommandContext(
                output: output, diagnostics: BufferSink(), environment: [:], outputIsTerminal: false)
            let group = try Group.parse(from: ParsedArguments())
            #expect(group.run(in: context) == .success)
            #expect(output.text == HelpFormatter.help(for: Group.configuration, path: ["group"]))
            #expect(output.text.contains("SUBCOMMANDS:\n  leaf"))
        }

        @Test func aGroupWithoutASubcommandIsAUsageError() {
            guard case .usageError(let error) = CommandParser.parse([], root: Group.self).action else {
                Issue.record("expected a usage error")
                return
            }
            #expect(error.message == "missing subcommand")
        }

        @Test func aToolNameReplacesTheRootsName() {
            let invocation = CommandParser.parse(["leaf", "--help"], root: Group.self, toolName: "my-models")
            #expect(invocation.commandPath == ["my-models", "leaf"])
        }
    }
#endif
