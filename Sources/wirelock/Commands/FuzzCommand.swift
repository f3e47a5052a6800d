#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WireFuzz
import WireJSON

/// `wirelock fuzz`: derives mutants from fixtures and checks each one against the strict
/// validator (or feeds it to an external decoder with `--exec`), optionally writing them with their
/// expected outcomes as a labelled corpus.
struct FuzzCommand: ParsableCommand {
    enum OutputFormat: String, CaseIterable, Sendable {
        case text
        case json
    }

    static let seed = OptionDefinition.option(
        "seed", valueName: "s", defaultValue: "0",
        help: "The campaign seed, a whole number from 0 to 2^64-1: the same fixtures, seed and count give the same mutants on any machine.")
    static let count = OptionDefinition.option(
        "count", short: "n", valueName: "n", kind: .positiveInteger, defaultValue: "10000",
        help: "How many mutants the whole campaign has (all shards together).")
    static let mutators = OptionDefinition.option(
        "mutators", valueName: "list",
        help: "Comma-separated mutators to use (default: all): " + Mutator.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    static let shard = OptionDefinition.option(
        "shard", valueName: "i/n",
        help: "Run only part I of N of the campaign (mutants k with k % N == I-1), e.g. one CI matrix job each for 1/4 ... 4/4.")
    static let out = OptionDefinition.option(
        "out", short: "o", valueName: "dir",
        help: "Write each mutant to DIR/<hash>.json with its label in DIR/<hash>.label.json (the union of the shards' folders is the whole campaign's).")
    static let exec = OptionDefinition.option(
        "exec", valueName: "command",
        help: "Feed each mutant on standard input to this shell command instead of the validator: a signal is a crash, running past --time-limit a hang, and exit 0 for a mutant that must be rejected a finding.")
    static let timeLimit = OptionDefinition.option(
        "time-limit", valueName: "seconds", kind: .positiveInteger, defaultValue: "5",
        help: "With --exec: seconds a mutant may take before it counts as a hang.")
    static let format = OptionDefinition.option(
        "format", valueName: "format", kind: .choice(OutputFormat.allCases.map(\.rawValue)), defaultValue: "text",
        help: "How to print results: text for people, json for one machine-readable document.")
    static let quiet = OptionDefinition.flag(
        "quiet", short: "q", help: "No progress on standard error.")
    static let paths = ArgumentDefinition(
        "path", help: "Fixtures (.json files, or directories searched recursively for them). Inputs that are not valid JSON are reported and skipped.",
        isRepeating: true)

    static var configuration: CommandConfiguration {
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
                """,
            options: [seed, count, mutators, shard, out, exec, timeLimit, format, SharedOptions.maxDepth, quiet,
                      SharedOptions.allowEmpty],
            arguments: [paths])
    }

    var seed: UInt64
    var count: Int
    var mutatorList: [Mutator]
    var shard: Shard
    var out: RawPath?
    var exec: String?
    var timeLimit: Int
    var format: OutputFormat
    var maxDepth: Int
    var quiet: Bool
    var allowEmpty: Bool
    var paths: [RawPath]

    init(from arguments: ParsedArguments) throws(UsageError) {
        let seedText = arguments.value(Self.seed) ?? "0"
        guard let seed = UInt64(seedText) else {
            throw .invalidValue(seedText, for: Self.seed, expected: "expected a whole number from 0 to 18446744073709551615")
        }
        self.seed = seed
        count = arguments.integer(Self.count) ?? 10000
        if let list = arguments.value(Self.mutators) {
            switch Mutator.parseList(list) {
            case .success(let chosen) where !chosen.isEmpty: mutatorList = chosen
            case .success: throw .invalidValue(list, for: Self.mutators, expected: "expected at least one mutator")
            case .failure(let error): throw .invalidValue(list, for: Self.mutators, expected: error.description)
            }
        } else {
            mutatorList = Mutator.allCases
        }
        if let text = arguments.value(Self.shard) {
            do throws(Shard.ParseError) { shard = try Shard.parse(text) } catch {
                throw .invalidValue(text, for: Self.shard, expected: "expected I/N with 1 <= I <= N, e.g. 2/4")
            }
        } else {
            shard = .whole
        }
        out = arguments.path(Self.out)
        exec = arguments.value(Self.exec)
        timeLimit = arguments.integer(Self.timeLimit) ?? 5
        format = arguments.value(Self.format).flatMap(OutputFormat.init(rawValue:)) ?? .text
        maxDepth = arguments.integer(SharedOptions.maxDepth) ?? JSONParseOptions.strict.maxDepth
        quiet = arguments.flag(Self.quiet)
        allowEmpty = arguments.flag(SharedOptions.allowEmpty)
        paths = arguments.paths(Self.paths)
    }

    func run(in context: CommandContext) -> ExitCode {
        var status = ExitCode.success
        var seeds: [FuzzSeed] = []
        var skipped: [(name: String, reason: String)] = []
        let walker = InputWalker(extensions: ["json"])
        for entry in walker.entries(for: paths) {
            switch entry {
            case .unreadable(let error):
                context.reportError(error.description)
                status = .failure
            case .empty(let directory):
                if !allowEmpty {
                    context.reportError(InputWalker.noInputs(under: directory))
                    status = .failure
                }
            case .input(let input):
                let bytes: [UInt8]
                do throws(JSONInputError) {
                    bytes = input.isStandardInput ? try FileReader.readAll(from: 0, path: InputFile.standardInputPath) : try FileReader.readFile(at: input.path)
                } catch {
                    context.reportError(error.description)
                    status = .failure
                    continue
                }
                do throws(JSONSyntaxError) {
                    seeds.append(try FuzzSeed(name: input.displayPath, bytes: bytes))
                } catch {
                    let reason = "not valid JSON: \(error.reason) (line \(error.location.line), column \(error.location.column))"
                    skipped.append((input.displayPath, reason))   // listed in the report
                }
            }
        }
        let generator = MutantGenerator(seeds: seeds, seed: seed, mutators: mutatorList, maxDepth: maxDepth)
        guard !generator.isEmpty else {
            context.reportError("no valid JSON input to derive mutants from" + (paths.isEmpty ? "" : " in \(paths.map(\.displayed).joined(separator: " "))"))
            return .failure
        }
        if let out {
            GoldenSources.makeParentDirectories(of: out.appending("-"))
            var info = stat()
            guard InputWalker.fileStatus(out, &info), (info.st_mode & S_IFMT) == S_IFDIR else {
                context.reportError("cannot use '\(out.displayed)' as the output folder: \(InputWalker.systemError())")
                return .failure
            }
        }

        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        let total = Array(shard.indices(upTo: count)).count
        func progress(_ done: Int) {
            guard showProgress else { return }
            context.diagnostics.write("\rfuzz: \(done)/\(total) mutants" + (done == total ? "\n" : ""))
            context.diagnostics.flush()
        }
        var writeError: FileWriteError?
        func save(_ mutant: Mutant) -> String? {
            guard let out, writeError == nil else { return nil }
            var first: String?
            for file in LabelledCorpus.files(for: mutant) {
                let path = out.appending(file.name)
                first = first ?? path.displayed
                do throws(FileWriteError) { try CorpusFiles.write(file.bytes, to: path) } catch { writeError = error }
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
            subject = "'\(exec)'"
            let campaign = ExecCampaign(generator: generator, runner: ExecRunner(command: exec, timeLimit: Double(timeLimit)))
            do throws(ExecRunner.ExecError) {
                result = try campaign.run(count: count, shard: shard, each: each, progress: progress)
            } catch {
                context.reportError(error.description)
                return .failure
            }
        } else {
            subject = "the strict validator"
            result = ValidatorCampaign(generator: generator).run(count: count, shard: shard, each: each, progress: progress)
        }
        var findings = result.findings
        for i in findings.indices { findings[i].reproducer = saved[findings[i].index] }
        let report = FuzzReport(subject: subject, seed: seed, count: count, shard: shard, mutators: generator.mutators,
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

/// Writes corpus files: content-addressed, so a file that already exists is left alone; a new one
/// is written to a temporary name (registered with ``TemporaryFiles``, so an interrupted run
/// removes it) and renamed, so no reader sees half a file. (No `fsync` per file: a corpus of
/// 40,000 small files would spend minutes on it, and a lost file is simply regenerated.)
enum CorpusFiles {
    static func write(_ bytes: [UInt8], to path: RawPath) throws(FileWriteError) {
        var info = stat()
        if InputWalker.fileStatus(path, &info) { return }
        guard let (descriptor, temporary) = TemporaryFiles.create(AtomicFileWriter.temporaryTemplate(for: path).bytes) else {
            throw FileWriteError(path: path.displayed, reason: InputWalker.systemError())
        }
        func fail() -> FileWriteError {
            let error = FileWriteError(path: path.displayed, reason: InputWalker.systemError())
            TemporaryFiles.remove(temporary)
            return error
        }
        var start = 0
        while start < bytes.count {
            let n = bytes[start...].withUnsafeBytes { _corpusWrite(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                defer { close(descriptor) }
                throw fail()
            }
            start += n
        }
        // mkstemp made it 0600; a corpus file gets what open(…, 0644) would give.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o644 & ~mask) == 0 else {
            defer { close(descriptor) }
            throw fail()
        }
        guard close(descriptor) == 0, TemporaryFiles.rename(temporary, to: path) else { throw fail() }
    }
}

/// `write(2)`, named apart from ``CorpusFiles/write(_:to:)`` (and portable, unlike `Glibc.write`).
private func _corpusWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
