import Foundation
import WireDecoder
import WireFuzz
import WireGolden
import WireJSONCore
import WireShapes
import WireSupport

/// Fuzzes a model over its fixtures in the test and records a failure for every finding that no
/// committed regression case already pins: each with the mutator, the path, what was expected and
/// seen, the shrunk document and a line that reproduces it. Locally (not under CI) the shrunk new
/// cases are saved under `Fixtures/fuzz-regressions/<model>/` as `open`, to review and commit or
/// to fix; `assertFuzzRegressions` replays them afterwards. See `verifyFuzzCampaign` for the rules.
///
/// This form takes a `Codable` model with the `encoder` of its wire format: an accepted mutant is
/// judged by its write-back. Without `encoder:` any `Decodable` model is judged by a dump of what it
/// decoded (the other form).
///
/// ```swift
/// @Test func issuesSurviveFuzzing() {
///     assertFuzzCampaign(Issue.self, fixtures: ["issue-success", "issues/closed"], count: 2_000, seed: 7,
///                        decoder: .foundation(.github), encoder: .github, model: "issue")
/// }
/// ```
/// - Parameters:
///   - type: the model the mutants are decoded into.
///   - fixtures: fixture names under `Fixtures/` (as for `assertRoundTrip`), with or without `.json`.
///   - count: how many mutants.
///   - seed: the campaign's seed: the same seed gives the same mutants.
///   - decoder: the decoder the app decodes the model with: `.foundation(JSONDecoder)` (after
///     WireLock's strict validator) or `.wire(WireJSONDecoder)` (one strict decode per mutant gives
///     the verdict and the verification report, so the campaign is the cheaper one, in a debug
///     `swift test` too).
///   - encoder: the encoder of the same wire format: the write-back each mutant is judged by.
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
    decoder: ModelDecoder = .foundation(), encoder: JSONEncoder, mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let coders = FuzzCampaignCoders(encoder: encoder)
    runCampaign(
        "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model, record: record,
        fixturesDirectory: fixturesDirectory,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { name in
        FuzzModel.codable(T.self, name: name, decoder: decoder, encoder: { coders.encoder })
    }
}

/// `assertFuzzCampaign` for any `Decodable` model — a response, an event, a webhook — with no
/// encoder: an accepted mutant is judged by a dump of what the model decoded, compared with the dump
/// of the seed's value. What the mutation changed on the wire must change the same way in the
/// dump (a dropped optional becomes `null`, a new string the same string) and nothing else may: a
/// required field defaulted or a wrong type coerced is `silently-accepted`, as a `Codable` model's
/// write-back would show. The reader contract learned from the seeds judges which members count.
///
/// ```swift
/// @Test func webhookDeliveriesSurviveFuzzing() {
///     assertFuzzCampaign(WebhookDelivery.self, fixtures: ["API/v3/webhook-delivery"], count: 2_000, seed: 7,
///                        decoder: .foundation(.sampleAPI))
/// }
/// ```
/// - Parameters:
///   - type: the model the mutants are decoded into.
///   - fixtures: fixture names under `Fixtures/`, with or without `.json`.
///   - count: how many mutants.
///   - seed: the campaign's seed: the same seed gives the same mutants.
///   - decoder: the decoder the app decodes the model with: `.foundation(JSONDecoder)` or
///     `.wire(WireJSONDecoder)`.
///   - mutators: the kinds of mutation to apply (default: all of them).
///   - model: the regression folder's name (default: the type's name).
///   - record: whether new cases may be saved (see `RecordMode`).
///   - fixturesDirectory: where the fixtures and `fuzz-regressions/` are (default: the package's
///     `Fixtures/`).
///   - fileID: the calling file (`#fileID`), where the failure is recorded.
///   - filePath: the calling file (`#filePath`), where the package root is found.
///   - line: the calling line (`#line`).
///   - column: the calling column (`#column`).
public func assertFuzzCampaign<T: Decodable & SendableMetatype>(
    _ type: T.Type, fixtures: [String], count: Int = 2_000, seed: UInt64 = 0,
    decoder: ModelDecoder = .foundation(), mutators: [Mutator] = Mutator.allCases,
    model: String? = nil, record: RecordMode? = nil, fixturesDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    runCampaign(
        "\(T.self)", fixtures: fixtures, count: count, seed: seed, mutators: mutators, model: model, record: record,
        fixturesDirectory: fixturesDirectory,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { name in
        FuzzModel.decodable(T.self, name: name, decoder: decoder)
    }
}

/// The encoder handed to a campaign's `@Sendable` factory. `@unchecked Sendable`: the campaign
/// runs on the calling thread and only encodes with it.
private struct FuzzCampaignCoders: @unchecked Sendable {
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
