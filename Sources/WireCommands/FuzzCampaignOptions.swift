import WireCommandLine
import WireFuzz
import WireSupport

/// The options that describe a fuzz campaign, shared by `wirelock fuzz` and a model runner's
/// `fuzz` (``ModelRunner``): the same words, values, checks and help in both.
package enum FuzzCampaignOptions {
    /// `--seed <s>`: 0 to 2^64-1.
    package static let seed = Option<UInt64>(
        "seed", valueName: "s", as: .wholeNumber, default: 0,
        help:
            "The campaign seed, a whole number from 0 to 2^64-1: the same fixtures, seed and count give the same mutants on any machine."
    )

    /// `-n, --count <n>`.
    package static let count = Option<Int>(
        "count", short: "n", valueName: "n", as: .positiveInteger, default: 10000,
        help: "How many mutants the whole campaign has (all shards together).")

    /// `--mutators <list>`: comma-separated, at least one.
    package static let mutators = Option<[Mutator]>(
        "mutators", valueName: "list",
        as: .custom { text in
            switch Mutator.parseList(text) {
            case .success(let chosen) where !chosen.isEmpty: .success(chosen)
            case .success: .failure(.expected("expected at least one mutator"))
            case .failure(let error): .failure(.expected(error.description))
            }
        }, default: Mutator.allCases, showsDefault: false,
        help: "Comma-separated mutators to use (default: all): "
            + Mutator.allCases.map(\.rawValue).joined(separator: ", ") + ".")

    /// `--shard <i/n>`.
    package static let shard = Option<Shard>(
        "shard", valueName: "i/n",
        as: .custom { text in
            do throws(Shard.ParseError) { return .success(try Shard.parse(text)) } catch {
                return .failure(.expected("expected I/N with 1 <= I <= N, e.g. 2/4"))
            }
        }, default: .whole, showsDefault: false,
        help:
            "Run only part I of N of the campaign (mutants k with k % N == I-1), e.g. one CI matrix job each for 1/4 ... 4/4."
    )

    /// All four, in help order.
    package static let all = [seed.definition, count.definition, mutators.definition, shard.definition]
}

/// The four campaign options as a group a command includes with
/// `@OptionGroup var campaign: FuzzCampaignArguments`: `--seed`, `--count`, `--mutators`, `--shard`.
package struct FuzzCampaignArguments: ParsableArguments, Sendable {
    /// `--seed`.
    @Option(FuzzCampaignOptions.seed) package var seed: UInt64
    /// `--count`.
    @Option(FuzzCampaignOptions.count) package var count: Int
    /// `--mutators`.
    @Option(FuzzCampaignOptions.mutators) package var mutators: [Mutator]
    /// `--shard`.
    @Option(FuzzCampaignOptions.shard) package var shard: Shard

    package init() {}
}
