import WireCommandLine
import WireCommands
import WireFuzz
import WireJSON
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wirelock fuzz`: derives mutants from fixtures and checks each one against the strict
/// validator (or feeds it to an external decoder with `--exec`), optionally writing them with their
/// expected outcomes as a labelled corpus.
struct FuzzCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "fuzz",
            abstract: "Derive mutants from fixtures and check that each is rejected or accepted as it must be.",
            discussion: """
                Mutators: truncate (at token boundaries, inside strings, escapes, numbers, literals and multi-byte \
                UTF-8), wrong-type, drop-key, rename-key, null, duplicate-key, extra-key, numbers, strings, \
                depth and empty-body. Syntax mutants must be rejected by the strict validator with the expected \
                kind of error inside the mutated bytes; structural mutants must stay valid JSON. At the end a \
                table gives, per mutator, the mutants, how many were as expected, and the findings by kind.

                Exit status: 0 when every mutant was as expected, 1 when there are findings, 2 for a usage \
                error, an input that cannot be read, no valid input, or a folder or command that cannot be used.
                """)
    }

    @OptionGroup var campaign: FuzzCampaignArguments
    @Option(
        short: "o", valueName: "dir", as: .path,
        help:
            "Write each mutant to DIR/<hash>.json with its label in DIR/<hash>.label.json (the union of the shards' folders is the whole campaign's)."
    )
    var out: RawPath?
    @Option(
        valueName: "command", as: .text,
        help:
            "Feed each mutant on standard input to this shell command instead of the validator: a signal is a crash, running past --time-limit a hang, and exit 0 for a mutant that must be rejected a finding."
    )
    var exec: String?
    @Option(
        valueName: "seconds", as: .positiveInteger, default: 5,
        help: "With --exec: seconds a mutant may take before it counts as a hang.")
    var timeLimit: Int
    @Option(.format(default: .text)) var format: OutputFormat
    @Option(ParseOptionFlags.maxDepth) var maxDepth: Int
    @Flag(CommonOptions.quiet) var quiet: Bool
    @OptionGroup var inputs: InputOptions
    @Argument(
        "path",
        help:
            "Fixtures (.json files, or directories searched recursively for them). Inputs that are not valid JSON are reported and skipped."
    )
    var paths: [RawPath]

    var seed: UInt64 { campaign.seed }
    var count: Int { campaign.count }
    var mutatorList: [Mutator] { campaign.mutators }
    var shard: Shard { campaign.shard }

    func run(in context: CommandContext) -> ExitCode {
        var status = ExitCode.success
        var seeds: [FuzzSeed] = []
        var skipped: [(name: String, reason: String)] = []
        let complete = InputEntry.readEach(
            paths, with: inputs.walker(extensions: ["json"]), allowEmpty: inputs.allowEmpty, context: context
        ) { input, bytes in
            do throws(JSONSyntaxError) {
                seeds.append(try FuzzSeed(name: input.displayPath, bytes: bytes))
            } catch {
                // listed in the report
                skipped.append((input.displayPath, "not valid JSON: " + JSONDiagnostic(error).inline))
            }
        }
        if !complete { status = .failure }
        let generator = MutantGenerator(seeds: seeds, seed: seed, mutators: mutatorList, maxDepth: maxDepth)
        guard !generator.isEmpty else {
            context.reportError(
                "no valid JSON input to derive mutants from"
                    + (paths.isEmpty ? "" : " in \(paths.map(\.displayed).joined(separator: " "))"))
            return .failure
        }
        if let out, !OutputFolder.prepare(out, context: context) { return .failure }

        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        let total = Array(shard.indices(upTo: count)).count
        func progress(_ done: Int) {
            guard showProgress else { return }
            context.diagnostics.write("\rfuzz: \(done)/\(total) mutants" + (done == total ? "\n" : ""))
            context.diagnostics.flush()
        }
        var writeError: AtomicWriteError?
        func save(_ mutant: Mutant) -> String? {
            guard let out, writeError == nil else { return nil }
            var first: String?
            for file in LabelledCorpus.files(for: mutant) {
                let path = out.appending(file.name)
                first = first ?? path.displayed
                do throws(AtomicWriteError) { try AtomicFile.write(file.bytes, to: path, options: .corpus) } catch {
                    writeError = error
                }
            }
            return first
        }

        // A finding's reproducer is the corpus file its mutant was written to, if any.
        var saved: [Int: String] = [:]
        func each(_ mutant: Mutant, _ verdict: FuzzVerdict) {
            if let path = save(mutant), verdict.outcome.isFinding { saved[mutant.index] = path }
        }
        let subject: String
        let result: FuzzCampaignResult
        if let exec {
            #if WIRELOCK_SPAWN
                subject = "'\(exec)'"
                let campaign = ExecCampaign(
                    generator: generator, runner: ExecRunner(command: exec, timeLimit: Double(timeLimit)))
                do throws(ExecRunner.ExecError) {
                    result = try campaign.run(count: count, shard: shard, each: each, progress: progress)
                } catch {
                    context.reportError(error.description)
                    return .failure
                }
            #else
                context.reportError("--exec '\(exec)': this platform cannot start processes")
                return .failure
            #endif
        } else {
            subject = "the strict validator"
            result = ValidatorCampaign(generator: generator).run(
                count: count, shard: shard, each: each, progress: progress)
        }
        var findings = result.findings
        for i in findings.indices { findings[i].reproducer = saved[findings[i].index] }
        let report = FuzzReport(
            subject: subject, seed: seed, count: count, shard: shard, mutators: generator.mutators,
            seeds: generator.productiveSeeds, skipped: skipped, tally: result.tally, findings: findings,
            distinct: result.distinct)
        if let writeError {
            context.reportError(writeError.description)
            status = .failure
        }
        switch format {
        case .text: context.output.write(report.text())
        case .json: context.output.write(CanonicalJSONWriter.text(report.json()))
        }
        return status.combined(with: report.hasFindings ? .findings : .success)
    }
}
