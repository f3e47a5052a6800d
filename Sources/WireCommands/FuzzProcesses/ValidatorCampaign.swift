import WireFuzz
import WireJSON
import WireSupport

/// The model-independent campaign: each mutant against the strict validator (see
/// ``ValidatorCheck``). Runs in process: the validator is WireLock's own code.
///
/// ```swift
/// let generator = MutantGenerator(seeds: seeds, seed: 7)
/// let campaign = ValidatorCampaign(generator: generator)
/// let result = campaign.run(count: 20_000, shard: try Shard.parse("1/4"))
/// print(result.tally.table())
/// ```
public struct ValidatorCampaign: Sendable {
    /// Where the mutants come from.
    package let generator: MutantGenerator
    /// The validator check.
    package let check: ValidatorCheck

    /// A campaign; the validator uses the generator's depth limit and otherwise `options`.
    public init(generator: MutantGenerator, options: JSONParseOptions = .strict) {
        var options = options
        options.maxDepth = generator.maxDepth
        self.generator = generator
        self.check = ValidatorCheck(options: options)
    }

    /// The verdict on one mutant.
    package func verdict(for mutant: Mutant) -> FuzzVerdict {
        let report = check.validator.validate(mutant.bytes)
        let expected = mutant.expectation.description
        switch (mutant.expectation, report.errors.first) {
        case (.valid, nil):
            return FuzzVerdict(.accepted, expected: expected, seen: "valid")
        case (.valid, let error?):
            return FuzzVerdict(.misclassified, expected: expected, seen: Self.describe(error))
        case (.invalid, nil):
            return FuzzVerdict(.silentlyAccepted, expected: expected, seen: "valid")
        case (.invalid, let error?):
            let seen = Self.describe(error)
            return FuzzVerdict(
                mutant.expectation.mismatch(with: report.errors.first) == nil ? .rejectedAsExpected : .misclassified,
                expected: expected, seen: seen)
        }
    }

    static func describe(_ error: JSONSyntaxError) -> String {
        "\(error.kind.name) at byte \(error.location.offset) (\(error.reason))"
    }

    /// What a run found.
    public typealias Result = FuzzCampaignResult

    /// Runs this shard's part of a campaign of `count` mutants.
    /// - Parameters:
    ///   - count: how many mutants the whole campaign has (every shard is given the same count).
    ///   - shard: which part of them this run takes (``Shard/whole`` by default; `2/4` takes every
    ///     fourth mutant from the second on).
    ///   - each: called with every mutant and its verdict, in order (to write a corpus).
    ///   - progress: called every 256 mutants and after the last with how many have run.
    public func run(
        count: Int, shard: Shard = .whole,
        each: (Mutant, FuzzVerdict) -> Void = { _, _ in }, progress: (Int) -> Void = { _ in }
    ) -> Result {
        CampaignLoop(generator: generator, count: count, shard: shard)
            .run(judge: { mutant throws(Never) in verdict(for: mutant) }, each: each, progress: progress)
    }
}
