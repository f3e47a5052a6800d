import Foundation
import WireCommandLine
import WireCommands
import WireDecoderOracle
import WireFuzz
import WireJSON
import WireOracle
import WireSupport

/// `wirelock oracle decoder`: decodes the generic templates and mutants of the given fixtures with
/// `JSONDecoder` and with `WireJSONDecoder` in `.jsonDecoder` acceptance, under the same
/// strategies, and reports every decode on which they differ (value, or error case and coding path).
struct OracleDecoderCommand: ParsableCommand {
    /// A count from 0 up.
    static let count = ValueParser<Int>.custom { text in
        guard let n = Int(text), n >= 0 else { return .failure(.expected("expected a whole number, 0 or more")) }
        return .success(n)
    }
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "decoder",
            abstract:
                "Check WireJSONDecoder against JSONDecoder, decode for decode, over templates and fixture mutants.",
            discussion: """
                Every input is decoded by JSONDecoder and by WireJSONDecoder (acceptance .jsonDecoder) configured \
                with the same strategies. The same value (compared by canonical bytes) or the same error (case, \
                coding path, missing key) is a match; where JSONDecoder's dictionary hash order decides which \
                member fails, JSONDecoder is re-run on the input with that dictionary edited before the candidate's \
                error is accepted. Templates: \(DecoderTemplates.all.map(\.name).joined(separator: ", ")). Mutants come \
                from WireFuzz's mutators and decode into a universal model (null, Bool, Int, Double, String, \
                arrays, objects).

                Exit status: 0 when every decode matched, 1 on any mismatch, 2 for a usage error, an input \
                that cannot be read, or a folder that cannot be written.
                """)
    }

    @Option(
        "templates", valueName: "n", as: Self.count, default: 24_000,
        help:
            "How many generated template documents to decode (spread over the \(DecoderTemplates.all.count) templates; 0 for none)."
    )
    var templateCount: Int
    @Option(
        "mutants", valueName: "n", as: Self.count, default: 20_000,
        help: "How many mutants of the fixtures to decode into the universal model (all shards together).")
    var mutantCount: Int
    @Option(
        valueName: "s", as: .wholeNumber, default: 1,
        help: "The seed of the template documents and of the mutants, 0 to 2^64-1: the same seed gives the same inputs."
    )
    var seed: UInt64
    @Option(FuzzCampaignOptions.shard) var shard: Shard
    @Option(
        short: "o", valueName: "dir", as: .path,
        help:
            "Save each kept mismatch in DIR: <hash>.input (the input's bytes) and <hash>.json (a regression case: template, input, both outcomes)."
    )
    var out: RawPath?
    @Option(
        valueName: "n", as: .positiveInteger, default: 20,
        help: "How many mismatches to print and save (the first ones by input; the counts are always exact).")
    var maxMismatches: Int
    @Option(
        valueName: "n", as: .positiveInteger, default: 1000,
        help:
            "For each fixture that is not JSON: how many byte positions (spread over the file) it is cut after and shortened at."
    )
    var bytePositions: Int
    @Option(.format(default: .text)) var format: OutputFormat
    @Flag(CommonOptions.quiet) var quiet: Bool
    @OptionGroup var inputs: InputOptions
    @Argument(
        "path",
        help:
            "Fixtures whose mutants are decoded (.json and .jsonl files, or directories searched for them); files that are not JSON are decoded as they are and cut or shortened byte by byte.",
        isRequired: false)
    var paths: [RawPath]

    mutating func validate() throws(UsageError) {
        if $mutantCount.isGiven && paths.isEmpty {
            throw UsageError("'--mutants' needs fixtures: give the files or directories to mutate")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        var files: [(name: String, bytes: [UInt8])] = []
        if !paths.isEmpty {
            let complete = InputEntry.readEach(
                paths, with: inputs.walker(extensions: ["json", "jsonl"]), allowEmpty: inputs.allowEmpty,
                context: context
            ) { input, bytes in files.append((input.displayPath, bytes)) }
            if !complete { return .failure }
        }
        if let out, !OutputFolder.prepare(out, context: context) { return .failure }

        let templates = DecoderTemplates.all
        let targets = DecoderTemplates.targets(templates)
        let universal = templates.firstIndex { $0.name == "any-json" }!
        let fixtures = FixtureMutants(files: files, seed: seed, variantsPerFile: bytePositions)
        var corpus = DecoderTemplates.corpus(templates, seed: seed, count: templateCount, shard: shard)
        if !files.isEmpty {
            corpus = corpus.followed(by: fixtures.corpus(count: mutantCount, target: universal, shard: shard))
        }
        let progress = OracleProgress(
            diagnostics: context.diagnostics, enabled: !quiet && context.diagnosticsAreTerminal)
        let report = DecoderOracle(targets: targets, maxMismatches: maxMismatches).run(
            progress.counting(corpus, "oracle decoder", total: corpus.underestimatedCount))
        progress.clear()

        var saved: [Int: String] = [:]
        if let out {
            do throws(AtomicWriteError) { saved = try Self.save(report.mismatches, in: out) } catch {
                context.reportError("cannot save a mismatch in '\(out.displayed)': \(error)")
                return .failure
            }
        }

        let header = OracleDecoderSummary(
            templates: templates.count, templateDocuments: templateCount, mutants: files.isEmpty ? 0 : mutantCount,
            fixtures: files.count, seeds: fixtures.seedNames.count, unparseable: fixtures.unparseable.map(\.name),
            variants: files.isEmpty ? 0 : fixtures.variantCount, seed: seed, shard: shard)
        if format == .json {
            context.output.write(CanonicalJSONWriter.text(header.json(report, saved: saved)))
        } else {
            context.output.write(header.text(report, saved: saved))
        }
        return report.isClean ? .success : .findings
    }

    /// Writes each mismatch as `<hash>.input` (its bytes) and `<hash>.json` (a regression case),
    /// each atomically; returns the case file of each mismatch by index.
    static func save(_ mismatches: [DecoderMismatch], in out: RawPath) throws(AtomicWriteError) -> [Int: String] {
        var saved: [Int: String] = [:]
        for mismatch in mismatches {
            let name = Mutant.contentHash(of: mismatch.input)
            try AtomicFile.write(mismatch.input, to: out.appending(name + ".input"), options: .golden)
            let regression = Array(CanonicalJSONWriter.text(regressionCase(mismatch)).utf8)
            try AtomicFile.write(regression, to: out.appending(name + ".json"), options: .golden)
            saved[mismatch.index] = out.appending(name + ".json").displayed
        }
        return saved
    }

    /// A mismatch as a regression case of `Tests/WireOracleTests/decoder-regressions`.
    static func regressionCase(_ mismatch: DecoderMismatch) -> JSONValue {
        .object(
            JSONObject([
                .init(key: "template", value: .string(mismatch.target)),
                .init(key: "inputHex", value: .string(mismatch.inputHex)),
                .init(key: "input", value: .string(String(decoding: mismatch.input, as: UTF8.self))),
                .init(
                    key: "note",
                    value: .string(
                        "\(mismatch.pair) [\(mismatch.strategies)] from \(mismatch.origin): \(mismatch.reason); "
                            + "JSONDecoder: \(mismatch.check.legacy); candidate: \(mismatch.check.candidate)")),
            ]))
    }
}

/// What a run covered, and its rendering.
struct OracleDecoderSummary {
    var templates: Int
    var templateDocuments: Int
    var mutants: Int
    var fixtures: Int
    var seeds: Int
    var unparseable: [String]
    var variants: Int
    var seed: UInt64
    var shard: Shard

    var coverage: String {
        var text = "\(templateDocuments) documents of \(templates) templates"
        if fixtures > 0 {
            text += ", \(mutants) mutants of \(seeds) fixtures"
            if !unparseable.isEmpty {
                text += " and \(variants) byte variants of \(unparseable.count) that are not JSON"
            }
        }
        text += " (seed \(seed)" + (shard == .whole ? ")" : ", shard \(shard))")
        return text
    }

    func text(_ report: DecoderOracleReport, saved: [Int: String]) -> String {
        var lines = ["oracle decoder: \(coverage)"]
        lines.append("  decodes compared: \(report.compared) (\(report.inputs) inputs)")
        lines.append("  values equal:     \(report.valuesEqual) (\(report.hashOrderValues) by the dictionary rule)")
        lines.append(
            "  errors equal:     \(report.errorsEqualTotal) (\(report.errorsByCase); \(report.hashOrderEqual) by the dictionary rule)"
        )
        lines.append("  mismatches:       \(report.mismatched)")
        for mismatch in report.mismatches {
            lines.append(mismatch.description)
            if let path = saved[mismatch.index] { lines.append("  saved:        \(path)") }
        }
        if report.mismatched > report.mismatches.count {
            lines.append("(\(report.mismatched - report.mismatches.count) more mismatches not shown)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json(_ report: DecoderOracleReport, saved: [Int: String]) -> JSONValue {
        func number(_ n: Int) -> JSONValue { .number(JSONNumber(text: String(n))) }
        let errors = DecodingErrorSummary.Case.allCases.map {
            JSONObject.Member(key: $0.rawValue, value: number(report.errorsEqual[$0] ?? 0))
        }
        let mismatches: [JSONValue] = report.mismatches.map { mismatch in
            var members: [JSONObject.Member] = [
                .init(key: "index", value: number(mismatch.index)),
                .init(key: "origin", value: .string(mismatch.origin)),
                .init(key: "pair", value: .string(mismatch.pair)),
                .init(key: "strategies", value: .string(mismatch.strategies)),
                .init(key: "reason", value: .string(mismatch.reason)),
                .init(key: "inputHex", value: .string(mismatch.inputHex)),
                .init(key: "legacy", value: .string(mismatch.check.legacy.description)),
                .init(key: "candidate", value: .string(mismatch.check.candidate.description)),
            ]
            if let path = saved[mismatch.index] { members.append(.init(key: "saved", value: .string(path))) }
            return .object(JSONObject(members))
        }
        return .object(
            JSONObject([
                .init(key: "coverage", value: .string(coverage)), .init(key: "seed", value: .string(String(seed))),
                .init(key: "shard", value: .string(shard.description)),
                .init(key: "inputs", value: number(report.inputs)),
                .init(key: "compared", value: number(report.compared)),
                .init(key: "valuesEqual", value: number(report.valuesEqual)),
                .init(key: "errorsEqual", value: .object(JSONObject(errors))),
                .init(key: "hashOrderEqual", value: number(report.hashOrderEqual)),
                .init(key: "hashOrderValues", value: number(report.hashOrderValues)),
                .init(key: "mismatched", value: number(report.mismatched)),
                .init(key: "mismatches", value: .array(mismatches)),
            ]))
    }
}
