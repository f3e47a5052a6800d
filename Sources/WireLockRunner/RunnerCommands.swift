import WireCommandLine
import WireCommands
import WireFuzz
import WireSupport

// The commands of a model runner, declared on the command-line layer like `wirelock`'s: parsing,
// usage lines, `--help` and usage errors all come from these declarations. The runner dispatches
// on the parsed command itself (it needs its registered models), so none implements `run(in:)`.

/// The root: `TOOL <subcommand>`; the tool's own name replaces `commandName` when parsed.
struct RunnerRootCommand: CommandGroup {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "model-runner",
            abstract: "Check an app's models against their fixtures: round trips, decoded goldens and fuzz campaigns.",
            subcommands: [
                RunnerRoundTripCommand.self, RunnerFuzzCommand.self, RunnerCheckCommand.self, RunnerListCommand.self,
                RunnerFuzzWorkerCommand.self, RunnerExplainCommand.self, RunnerOracleDecoderCommand.self,
            ])
    }
}

/// `roundtrip [<model>] [<glob> ...]`.
struct RunnerRoundTripCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "roundtrip",
            abstract: "Round-trip every fixture of every model (or of MODEL, or the files matching GLOB).",
            discussion: """
                Fixtures named -malformed, -wrong-type or -missing-field must be rejected with that kind of \
                error; every other fixture must survive decode and re-encode without loss, up to the \
                differences the model accepts (each one is listed with its reason).

                Exit status: 0 every fixture as expected, 1 some fixture failed (or a pattern matched no \
                file), 2 for a usage error or an unknown model.
                """)
    }

    @Argument(help: "Only this model (default: every registered model).") var model: String?
    @Argument(
        "glob", help: "With a model: only the files matching these patterns, instead of the model's fixtures.",
        isRequired: false)
    var globs: [String]
}

/// `fuzz <model> [<glob> ...] [options]`.
struct RunnerFuzzCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "fuzz",
            abstract: "Run a fuzz campaign over a model's fixtures, in a worker process.",
            discussion: """
                Mutants of the model's fixtures (or of the files matching GLOB) are decoded in a worker \
                process and judged: each must be rejected with the right kind of error at the mutated path, \
                or accepted without loss. Findings are grouped by root cause (outcome, path); one per root cause is \
                shrunk and saved as a regression case under --out; a finding whose case is already there \
                does not fail the run.

                Exit status: 0 no new finding, 1 new findings (saved for review), 2 for a usage error, an \
                unknown model, no fixture, a worker that fails, or a case that cannot be saved.
                """)
    }

    @Argument(help: "The model whose fixtures are mutated.") var model: String
    @Argument(
        "glob", help: "Only the files matching these patterns, instead of the model's fixtures.", isRequired: false)
    var globs: [String]
    @OptionGroup var campaign: FuzzCampaignArguments
    @Option(
        short: "o", valueName: "dir", as: .text, default: "Fixtures/fuzz-regressions",
        help: "The regressions folder: one subfolder per model, a case per group of findings.")
    var out: String
    @Option(
        valueName: "seconds", as: .positiveInteger, default: 5,
        help: "Seconds a mutant may take in the worker before it counts as a hang.")
    var timeLimit: Int
    @Option(.format(default: .text)) var format: OutputFormat
    @Flag(CommonOptions.quiet) var quiet: Bool
    @Flag(help: "No worker process: faster, but a crash ends the run.") var inProcess: Bool

    var seed: UInt64 { campaign.seed }
    var count: Int { campaign.count }
    var mutators: [Mutator] { campaign.mutators }
    var shard: Shard { campaign.shard }

    /// The words that rebuild the same campaign (model, fixtures, seed, mutators) in a worker.
    var campaignArguments: [String] {
        [model] + globs + ["--seed", String(seed), "--mutators", mutators.map(\.rawValue).joined(separator: ",")]
    }
}

/// The hidden command a fuzz worker is started with: the campaign's words, as `fuzz` takes them.
struct RunnerFuzzWorkerCommand: ParsableCommand {
    static var about: CommandConfiguration {
        var configuration = RunnerFuzzCommand.about
        configuration.commandName = ModelRunner.workerCommand
        configuration.abstract = "Serve a fuzz campaign's mutants to the parent process (started by fuzz)."
        configuration.isHidden = true
        return configuration
    }

    /// The campaign, declared by `fuzz`'s own options and arguments.
    @OptionGroup var campaign: RunnerFuzzCommand
}

/// `list`.
struct RunnerListCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: "List the registered models: name, Swift type and fixture patterns, one per line.",
            discussion: "Exit status: 0.")
    }
}
