import Foundation
import WireCommandLine
import WireCommands
import WireDecoderOracle
import WireFuzz
import WireJSON
import WireSupport
import WireToolSupport

/// `oracle-decoder [<model>] [<glob> ...] [options]`.
struct RunnerOracleDecoderCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "oracle-decoder",
            abstract: "Decode mutants of each model's fixtures with JSONDecoder and WireJSONDecoder, and compare.",
            discussion: """
                Each model's registered decoder gives the strategies; WireJSONDecoder (acceptance .jsonDecoder) \
                is configured alike. Every mutant of the model's fixtures (WireFuzz's mutators; fixtures that \
                are not JSON are decoded as they are) is decoded into the model by both, and the outcomes must \
                be the same value (by canonical re-encoding) or the same error (case, coding path, missing key).

                Exit status: 0 when every decode matched, 1 on any mismatch, 2 for a usage error, an unknown \
                model or a model without fixtures.
                """)
    }

    @Argument(help: "Only this model (default: every registered model).") var model: String?
    @Argument(
        "glob", help: "With a model: only the files matching these patterns, instead of the model's fixtures.",
        isRequired: false)
    var globs: [String]
    @Option(
        valueName: "n", as: .positiveInteger, default: 20_000,
        help: "How many mutants of each model's fixtures to decode (all shards together).")
    var mutants: Int
    @Option(
        valueName: "s", as: .wholeNumber, default: 1,
        help: "The mutants' seed, 0 to 2^64-1: the same fixtures and seed give the same mutants.")
    var seed: UInt64
    @Option(FuzzCampaignOptions.shard) var shard: Shard
    @Option(
        valueName: "n", as: .positiveInteger, default: 20,
        help: "How many mismatches to print (the first ones by input; the counts are always exact).")
    var maxMismatches: Int
    @Option(.format(default: .text)) var format: OutputFormat
}

extension ModelRunner {
    /// The oracle pair of a registered model: its decoder's strategies on both sides.
    static func decoderPair<T: Codable & SendableMetatype>(_ type: T.Type, name: String, decoder: JSONDecoder)
        -> DecoderPair
    {
        DecoderPair.codable(
            T.self, name: "\(name) (\(T.self))", strategies: DecoderStrategies(name: name, copying: decoder))
    }

    func oracleDecoder(_ command: RunnerOracleDecoderCommand, output: (String) -> Void) -> ExitCode {
        var selected = models
        if let name = command.model {
            guard let model = model(named: name, output: output) else { return .failure }
            selected = [model]
        }
        var targets: [DecoderTarget] = []
        var corpus = DecoderInputSequence(indices: 0..<0) { _ in preconditionFailure("empty") }
        var lines: [String] = []
        for model in selected {
            let patterns = command.globs.isEmpty ? model.fixtures : command.globs
            let files = GlobPattern.expand(patterns)
            guard !files.isEmpty else {
                reportError(
                    "no fixtures match \(patterns.joined(separator: " ")) for model \(model.name)", output: output)
                return .failure
            }
            var contents: [(name: String, bytes: [UInt8])] = []
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    reportError("cannot read '\(file)'", output: output)
                    return .failure
                }
                contents.append((file, Array(data)))
            }
            let mutants = FixtureMutants(files: contents, seed: command.seed, variantsPerFile: 1000)
            corpus = corpus.followed(
                by: mutants.corpus(count: command.mutants, target: targets.count, shard: command.shard))
            targets.append(DecoderTarget(name: model.name, pairs: [model.decoderPair()]))
            lines.append(
                "  \(model.name): \(mutants.seedNames.count) fixtures mutated, "
                    + "\(mutants.unparseable.count) not JSON (\(mutants.variantCount) byte variants)")
        }
        let report = DecoderOracle(targets: targets, maxMismatches: command.maxMismatches).run(corpus)
        if command.format == .json {
            output(String(CanonicalJSONWriter.text(Self.json(report, models: targets.map(\.name))).dropLast()))
        } else {
            output(
                "oracle-decoder: \(command.mutants) mutants per model (seed \(command.seed), shard \(command.shard))")
            for line in lines { output(line) }
            output("  decodes compared: \(report.compared)")
            output("  values equal:     \(report.valuesEqual) (\(report.hashOrderValues) by the dictionary rule)")
            output(
                "  errors equal:     \(report.errorsEqualTotal) (\(report.errorsByCase); "
                    + "\(report.hashOrderEqual) by the dictionary rule)")
            output("  mismatches:       \(report.mismatched)")
            for mismatch in report.mismatches { output(mismatch.description) }
            if report.mismatched > report.mismatches.count {
                output("(\(report.mismatched - report.mismatches.count) more mismatches not shown)")
            }
        }
        return report.isClean ? .success : .findings
    }

    static func json(_ report: DecoderOracleReport, models: [String]) -> JSONValue {
        func number(_ n: Int) -> JSONValue { .number(JSONNumber(text: String(n))) }
        return .object(
            JSONObject([
                .init(key: "models", value: .array(models.map { .string($0) })),
                .init(key: "compared", value: number(report.compared)),
                .init(key: "valuesEqual", value: number(report.valuesEqual)),
                .init(key: "errorsEqual", value: number(report.errorsEqualTotal)),
                .init(key: "hashOrderEqual", value: number(report.hashOrderEqual)),
                .init(key: "hashOrderValues", value: number(report.hashOrderValues)),
                .init(key: "mismatched", value: number(report.mismatched)),
                .init(
                    key: "mismatches",
                    value: .array(
                        report.mismatches.map { mismatch in
                            .object(
                                JSONObject([
                                    .init(key: "model", value: .string(mismatch.pair)),
                                    .init(key: "origin", value: .string(mismatch.origin)),
                                    .init(key: "reason", value: .string(mismatch.reason)),
                                    .init(key: "input", value: .string(DecoderMismatch.render(mismatch.input))),
                                    .init(key: "legacy", value: .string(mismatch.check.legacy.description)),
                                    .init(key: "candidate", value: .string(mismatch.check.candidate.description)),
                                ]))
                        })),
            ]))
    }
}
