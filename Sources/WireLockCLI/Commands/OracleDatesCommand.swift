import Foundation
import WireCommandLine
import WireJSON
import WireOracle
import WireSupport

/// `wirelock oracle dates`: runs each legacy Foundation date strategy and its `WireDates` twin over
/// generated inputs or the lines of a file, and reports every input on which they differ.
///
/// Inputs stream (a seeded corpus or a file read in chunks), two workers share the comparisons, and
/// the report is the same whatever the scheduling. Twin mismatches fail the run (exit 1), and so does
/// every difference the strict RFC 3339 comparison (`--compare-strict`) finds that no `--intended`
/// declaration takes.
struct OracleDatesCommand: ParsableCommand {
    /// The default corpus size when neither `--generate` nor `--inputs` is given.
    static let defaultCount = 10_000

    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "dates",
            abstract: "Check each fast date strategy against its legacy Foundation parser, input by input.",
            discussion: """
                For each strategy, the legacy (ISO8601DateFormatter, DateFormatter, JSONDecoder's .iso8601, \
                .secondsSince1970, .millisecondsSince1970) and its WireDates twin decode every input; their \
                results are compared as bytes (a Date by the bit pattern of its interval; both rejecting is \
                equal). Differences are counted by class (legacy only accepts, candidate only accepts, both accept \
                with values that differ, by a delta in seconds and ulps), grouped by input shape (digits as d, \
                letters of words as a/A), and each group is shown with its first input, a line that reproduces it \
                and the smallest input that still differs the same way.

                Exit status: 0 when every twin matched its legacy on every input and every strict difference \
                was declared with --intended, 1 otherwise, 2 for a usage error or a file that cannot be read or \
                written.
                """)
    }

    @Option(
        "strategy", valueName: "name", as: .choice(["all"] + LegacyDateStrategy.allCases.map(\.rawValue)),
        default: "all", help: "The strategy to check, or all of them (see --list).")
    var strategyName: String
    @Option(
        "generate", valueName: "n", as: .positiveInteger,
        help:
            "Check n seeded generated inputs: date strings reaching the corners (fractions of 0-12 digits, offsets, leap days, 24:00, junk...), or number texts for the numeric strategies (default: \(Self.defaultCount) when --inputs is not given)."
    )
    var generate: Int?
    @Option(
        "seed", valueName: "s", as: .wholeNumber,
        help: "The generator's seed, 0 to 2^64-1; the same seed gives the same inputs on every machine (default: 1).")
    var seed: UInt64?
    @Option(
        "inputs", valueName: "file", as: .text,
        help: "Check the lines of this file instead, one input per line (read in chunks, never whole).")
    var inputsFile: String?
    @Flag(
        "encoding",
        help: "Also check encoding: the legacy's and the twin's text for n generated instants (with --generate).")
    var checksEncoding: Bool
    @Flag(
        "compare-strict",
        help:
            "Also list the inputs on which strict RFC 3339 (RFC3339.parse) decides differently from each legacy. Expected differences: reported, never a failure."
    )
    var comparesStrict: Bool
    @Option(
        "intended", valueName: "change", as: Self.intendedChange,
        help:
            "With --compare-strict, a difference moving to strict parsing is meant to make, repeatable: candidate-accepts-more, candidate-rejects-more, candidate-accepts=SHAPE, candidate-rejects=SHAPE (a shell pattern over the input's shape), values-within-ulps=N, values-within-seconds=S, rejects-differently. Differences it takes are counted, not failures; one that takes none is reported as stale."
    )
    var intended: [IntendedChange]
    @Option(
        "report", valueName: "file", as: .path,
        help:
            "Also write every comparison's report to this JSON file (classes, counts, examples, toolchain and OS), for 'wirelock oracle compare'."
    )
    var reportFile: RawPath?
    @Option(
        "max-mismatches", valueName: "n", as: .positiveInteger, default: 5,
        help:
            "How many shapes to show per class of difference, each with its first input and its smallest (counts are always exact)."
    )
    var maxMismatches: Int
    @Flag("list", help: "Print the strategy names and the legacy each one twins, then exit.") var listsStrategies: Bool
    @Option(.format(default: .text)) var format: OutputFormat

    var strategies: [LegacyDateStrategy] {
        strategyName == "all"
            ? LegacyDateStrategy.allCases : LegacyDateStrategy(rawValue: strategyName).map { [$0] } ?? []
    }
    var source: OracleDatesSource {
        if let inputsFile { return .file(inputsFile) }
        return .generated(count: generate ?? Self.defaultCount, seed: seed ?? 1)
    }

    mutating func validate() throws(UsageError) {
        if !intended.isEmpty && !comparesStrict {
            throw UsageError("'--intended' declares strict RFC 3339 differences; use it with '--compare-strict'")
        }
        if inputsFile != nil {
            if generate != nil {
                throw UsageError("'--inputs' and '--generate' cannot be combined: check a file or generated inputs")
            }
            if seed != nil {
                throw UsageError("'--seed' applies to generated inputs, not to '--inputs'")
            }
            if checksEncoding {
                throw UsageError("'--encoding' checks generated instants; use it with '--generate', not '--inputs'")
            }
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        if listsStrategies {
            context.output.write(format == .json ? CanonicalJSONWriter.text(Self.listDocument()) : Self.listText())
            return .success
        }
        var lines: LineFileCorpus?
        if case .file(let path) = source {
            do {
                if let problem = Self.unreadable(path) { throw ReadProblem(reason: problem) }
                lines = try LineFileCorpus(path: path)
            } catch {
                let reason = (error as? ReadProblem)?.reason ?? "\(error)"
                context.reportError("cannot read inputs file '\(PathDisplay.escaped(path))': \(reason)")
                return .failure
            }
        }
        let legacy = LegacyDates()
        let options = OracleOptions(examplesPerClass: maxMismatches, groupsShown: maxMismatches)
        let progress = OracleProgress(diagnostics: context.diagnostics, enabled: context.diagnosticsAreTerminal)
        let source = self.source

        /// Runs a decoding oracle over the generated corpus that suits `strategy`, or the file's lines.
        func decode(
            _ oracle: Oracle<String>, _ strategy: LegacyDateStrategy, _ label: String, intended: [IntendedChange] = []
        ) -> OracleReport {
            switch source {
            case .generated(let count, let seed):
                return oracle.run(
                    progress.counting(
                        DateOracles.corpus(for: strategy, seed: seed, count: count),
                        label, total: count), intended: intended, options: options)
            case .file:
                guard let lines else { return oracle.run([String](), intended: intended, options: options) }
                return oracle.run(progress.counting(lines, label, total: nil), intended: intended, options: options)
            }
        }

        var results: [OracleDatesResult] = []
        for strategy in strategies {
            let twin = DateOracles.decoding(strategy, legacy: legacy) { index, input in
                Self.reproduction(source, strategy, index: index, input: input, flag: nil)
            }
            var result = OracleDatesResult(strategy: strategy, decoding: decode(twin, strategy, "\(strategy): decode"))
            if checksEncoding, case .generated(let count, let seed) = source {
                let oracle = Oracle<Double>(
                    name: "encode \(strategy) vs twin",
                    legacy: { legacy.format(Date(timeIntervalSinceReferenceDate: $0), strategy) },
                    candidate: { WireDates.format(Date(timeIntervalSinceReferenceDate: $0), strategy, legacy: legacy) },
                    describe: { "instant \(Date(timeIntervalSinceReferenceDate: $0).oracleDescription)" },
                    reproduce: { index, _ in
                        Self.reproduction(source, strategy, index: index, input: nil, flag: "--encoding")
                    })
                result.encoding = oracle.run(
                    progress.counting(
                        DateInputGenerator.instantCorpus(seed: seed, count: count), "\(strategy): encode", total: count),
                    options: options)
            }
            if comparesStrict && !strategy.isNumeric {
                let oracle = Oracle<String>(
                    name: "decode \(strategy) vs strict RFC 3339",
                    legacy: { legacy.parse($0, strategy) },
                    candidate: { RFC3339.parse($0) },
                    describe: { $0.debugDescription },
                    reproduce: { index, input in
                        Self.reproduction(source, strategy, index: index, input: input, flag: "--compare-strict")
                    })
                result.strict = decode(oracle, strategy, "\(strategy): strict", intended: intended)
            }
            results.append(result)
        }
        progress.clear()
        if let reportFile {
            do {
                let file = OracleReportFile(reports: results.flatMap(\.reports))
                try AtomicFile.write(Array(file.jsonData()), to: reportFile, options: .rewrite(force: true))
            } catch {
                context.reportError("cannot write report '\(reportFile.displayed)': \(error)")
                return .failure
            }
        }
        let renderer = OracleDatesRenderer(source: source, style: context.outputStyle)
        context.output.write(
            format == .json ? CanonicalJSONWriter.text(renderer.json(results)) : renderer.text(results))
        return results.contains { $0.failures > 0 } ? .findings : .success
    }

    private struct ReadProblem: Error { var reason: String }

    /// `--intended`: a declared change in the command line's spelling.
    static let intendedChange = ValueParser<IntendedChange>.custom { text in
        let (word, argument) =
            text.firstIndex(of: "=").map {
                (String(text[..<$0]), String(text[text.index(after: $0)...]))
            } ?? (text, nil)
        switch (word, argument) {
        case ("candidate-accepts-more", nil): return .success(.candidateAcceptsMore)
        case ("candidate-rejects-more", nil): return .success(.candidateRejectsMore)
        case ("rejects-differently", nil): return .success(.rejectsDifferently)
        case ("candidate-accepts", let shape?) where !shape.isEmpty: return .success(.candidateAccepts(shape: shape))
        case ("candidate-rejects", let shape?) where !shape.isEmpty: return .success(.candidateRejects(shape: shape))
        case ("values-within-ulps", let n?) where UInt64(n) != nil: return .success(.valuesWithin(ulps: UInt64(n)!))
        case ("values-within-seconds", let s?) where Double(s).map({ $0 >= 0 && $0.isFinite }) == true:
            return .success(.valuesWithin(seconds: Double(s)!))
        default:
            return .failure(
                .expected(
                    "expected candidate-accepts-more, candidate-rejects-more, candidate-accepts=SHAPE, candidate-rejects=SHAPE, values-within-ulps=N, values-within-seconds=S or rejects-differently"
                ))
        }
    }

    /// Why a path cannot serve as an inputs file, or nil when it can be opened for reading.
    static func unreadable(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return nil
    }

    /// A command line that reproduces input `index`: the corpus up to it (it is the last input
    /// checked), or the file with the line number.
    static func reproduction(
        _ source: OracleDatesSource, _ strategy: LegacyDateStrategy, index: Int,
        input: String?, flag: String?
    ) -> String {
        var words = ["wirelock", "oracle", "dates", "--strategy", strategy.rawValue]
        if let flag { words.append(flag) }
        switch source {
        case .generated(_, let seed):
            words += ["--generate", String(index + 1), "--seed", String(seed)]
            return words.joined(separator: " ") + "   # the last input, #\(index)"
        case .file(let path):
            words += ["--inputs", shellQuoted(path)]
            return words.joined(separator: " ") + "   # line \(index + 1)"
        }
    }

    /// The path as one shell word: as is when it is plain, else in single quotes; a path that
    /// ``PathDisplay`` escapes (control characters) goes in bash's `$'…'`, whose escapes those are,
    /// so the line stays printable and still names the same file.
    static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
                    || "/._-+,:@%=".unicodeScalars.contains($0)
            }
        if plain { return word }
        if PathDisplay.escaped(word) == word {
            return Text.shellQuoted(word)
        }
        return "$'" + PathDisplay.shellEscaped(word) + "'"
    }

    /// `--list`: one strategy per line, with the legacy it twins.
    static func listText() -> String {
        let width = LegacyDateStrategy.allCases.map(\.rawValue.count).max() ?? 0
        return LegacyDateStrategy.allCases.map { strategy in
            strategy.rawValue + String(repeating: " ", count: width - strategy.rawValue.count + 2)
                + strategy.legacySpelling + "\n"
        }.joined()
    }

    /// `--list --format json`: `[{"name": …, "legacy": …, "numeric": …}]`.
    static func listDocument() -> JSONValue {
        .array(
            LegacyDateStrategy.allCases.map { strategy in
                .object(
                    JSONObject([
                        "name": .string(strategy.rawValue), "legacy": .string(strategy.legacySpelling),
                        "numeric": .bool(strategy.isNumeric),
                    ]))
            })
    }
}
