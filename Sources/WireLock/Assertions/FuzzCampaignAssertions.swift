import Foundation
import WireDecoder
import WireFuzz
import WireGolden
import WireJSON
import WireSupport

/// Fuzzes a model over its fixtures in the test and records a failure for every finding that no
/// committed regression case already pins: each with the mutator, the path, what was expected and
/// seen, the shrunk document and a line that reproduces it. Locally (not under CI) the shrunk new
/// cases are saved under `Fixtures/fuzz-regressions/<model>/` as `open`, to review and commit or
/// to fix; `assertFuzzRegressions` replays them afterwards. See `verifyFuzzCampaign` for the rules.
///
/// ```swift
/// @Test func issuesSurviveFuzzing() {
///     assertFuzzCampaign(Issue.self, fixtures: ["issue-success", "issues/closed"], count: 2_000, seed: 7,
///                        decoder: .github, encoder: .github, model: "issue")
/// }
/// ```
/// - Parameters:
///   - type: the model the mutants are decoded into.
///   - fixtures: fixture names under `Fixtures/` (as for `assertRoundTrip`), with or without `.json`.
///   - count: how many mutants.
///   - seed: the campaign's seed: the same seed gives the same mutants.
///   - decoder: the decoder of the wire format under test (its key, date and data strategies).
///   - encoder: the encoder of the same wire format.
///   - mutators: the kinds of mutation to apply (default: all of them).
///   - model: the regression folder's name (default: the type's name).
///   - record: whether new cases may be saved (see `RecordMode`).
///   - fixturesDirectory: where the fixtures and `fuzz-regressions/` are (default: the package's
///     `Fixtures/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`): where the failure is recorded, and where the
///     package root (and with it `Fixtures/` and `golden/`) is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertFuzzCampaign<T: Codable & SendableMetatype>(
    _ type: T.Type, fixtures: [String], count: Int = 2_000, seed: UInt64 = 0,
    decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(), mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let coders = FuzzCampaignCoders(decoder: decoder, encoder: encoder)
    runCampaign(
        "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model, record: record,
        fixturesDirectory: fixturesDirectory,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { name in
        FuzzModel.codable(T.self, name: name, decoder: { coders.decoder }, encoder: { coders.encoder })
    }
}

/// `assertFuzzCampaign` for a model the app decodes with `WireJSONDecoder`: each mutant is decoded
/// once, by the decoder the app ships (strict), and that decode gives both the verdict and the
/// verification report, so the campaign is cheaper than a `JSONDecoder` one, in a debug
/// `swift test` too. Parameters and failures as for the `JSONDecoder` form.
///
/// ```swift
/// @Test func issuesSurviveFuzzing() {
///     assertFuzzCampaign(Issue.self, fixtures: ["issue-success"], count: 2_000, seed: 7,
///                        decoder: WireJSONDecoder(configuredLike: .github), encoder: .github)
/// }
/// ```
public func assertFuzzCampaign<T: Codable & SendableMetatype>(
    _ type: T.Type, fixtures: [String], count: Int = 2_000, seed: UInt64 = 0,
    decoder: WireJSONDecoder, encoder: JSONEncoder = JSONEncoder(), mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let coders = FuzzCampaignCoders(decoder: JSONDecoder(), encoder: encoder)
    runCampaign(
        "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model, record: record,
        fixturesDirectory: fixturesDirectory,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { name in
        FuzzModel.codable(T.self, name: name, wireDecoder: { decoder }, encoder: { coders.encoder })
    }
}

/// The coders handed to a campaign's `@Sendable` factories. `@unchecked Sendable`: the campaign
/// runs on the calling thread and only decodes and encodes with them.
private struct FuzzCampaignCoders: @unchecked Sendable {
    let decoder: JSONDecoder
    let encoder: JSONEncoder
}

/// Runs the campaign and records its failure, or prints the tally of a campaign that passed (a
/// passing campaign says how much it checked, as a failing one does).
private func runCampaign(
    _ typeName: String, fixtures: [String], count: Int, seed: UInt64, mutators: [Mutator], model: String?,
    record: RecordMode?, fixturesDirectory: URL?, at site: CallSite, makeModel: (String) -> FuzzModel
) {
    let outcome = FuzzCampaignCheck.verifyWithSummary(
        typeName: typeName, fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model,
        record: record, fixturesDirectory: fixturesDirectory, environment: ProcessInfo.processInfo.environment,
        filePath: "\(site.filePath)", makeModel: makeModel)
    if outcome.failure == nil { print("wirelock: " + outcome.summary) }
    report(outcome.failure, at: site)
}
