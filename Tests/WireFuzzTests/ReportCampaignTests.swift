import Foundation
import SampleAPI
import Testing
import WireCommands
import WireDecoder
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// Model campaigns and the verification report: an accepted mutant whose wrongly typed value the
/// model swallowed is `silently-accepted`; an injected or renamed member left unread is a counted
/// note, not a finding.
@Suite("Model campaigns read the verification report")
struct ReportCampaignTests {
    /// The operation `mutator`/`variant` at `path` of `fuzzSeed`.
    func operation(_ fuzzSeed: FuzzSeed, _ mutator: Mutator, _ variant: String, at path: JSONPath) throws
        -> MutationOperation
    {
        try #require(
            MutationCatalogue.groups(mutator, of: fuzzSeed).joined().first { $0.variant == variant && $0.path == path })
    }

    func verdict(_ model: FuzzModel, _ fuzzSeed: FuzzSeed, _ operation: MutationOperation) throws -> FuzzVerdict {
        let campaign = ModelCampaign(model: model, seeds: [fuzzSeed], seed: 1)
        return try #require(campaign.attempt(operation, on: fuzzSeed)).verdict
    }

    // MARK: On the sample's models (these need the real decoder's report).

    @Test("a Decodable-only RateLimitNotice that swallows a wrongly typed retryAfter is silently accepted")
    func decodableOnlyModelSwallowingAWrongTypeIsAFinding() throws {
        let model = FuzzModel.decodable(RateLimitNotice.self, name: "rate-limit", decoder: { .sampleAPI })
        let fixture = try fixtureSeed("API/v3/error-429.json")
        let mutation = try operation(fixture, .wrongType, "to-bool", at: [.key("retryAfter")])
        let seen = try verdict(model, fixture, mutation)
        // The dump shows the model's fallback where the wire has `true`, as a write-back would.
        #expect(seen.outcome == .silentlyAccepted, "\(seen)")
        #expect(
            seen.seen.hasPrefix("accepted: at $.retryAfter the wire has true, the model decoded $.retryAfter as "),
            "\(seen)")
        // The report names the swallowed error too, for an acceptance the dump cannot fault.
        let bytes = try #require(mutation.apply(to: fixture, maxDepth: model.maxDepth)).0
        let report = try #require(try model.decodeWithReport(bytes))
        #expect(report.swallowedErrors.map(\.path.description) == ["$.retryAfter"])
    }

    @Test("a member injected into a Movie record is accepted and noted as dropped")
    func anInjectedMemberIsNotedNotFound() throws {
        let model = FuzzModel.codable(Page<Movie>.self, name: "movie", decoder: { .sampleAPI }, encoder: { .sampleAPI })
        let fixture = try fixtureSeed("API/v3/movies-success.json")
        let record: JSONPath = [.key("records"), .index(0)]
        let mutation = try #require(
            MutationCatalogue.groups(.extraKey, of: fixture).joined().first { $0.path == record })
        let seen = try verdict(model, fixture, mutation)
        #expect(seen.outcome == .lossless, "\(seen)")
        guard case .add(let key, _) = mutation.edit else {
            Issue.record("extra-key is not an added member: \(mutation)")
            return
        }
        #expect(seen.droppedMember == record.appending(key: key), "\(seen)")
    }

    @Test("a campaign over the sample movie model counts the dropped members and stays deterministic")
    func campaignCountsDroppedMembersDeterministically() throws {
        let model = FuzzModel.codable(Page<Movie>.self, name: "movie", decoder: { .sampleAPI }, encoder: { .sampleAPI })
        let campaign = ModelCampaign(
            model: model, seeds: [try fixtureSeed("API/v3/movies-success.json")], seed: 7, mutators: [.extraKey])
        let first = campaign.run(count: 40)
        let second = campaign.run(count: 40)
        #expect(first.tally == second.tally)
        #expect(first.findings.isEmpty)
        // Every extra-key mutant adds a member Movie does not model.
        #expect(first.tally.total.droppedMembers == 40, "\(first.tally.json())")
    }

    @Test("a saved swallowed-error finding replays as still open, judged by the same report rule")
    func aSwallowedErrorCaseReplaysAsOpen() throws {
        let model = FuzzModel.decodable(RateLimitNotice.self, name: "rate-limit", decoder: { .sampleAPI })
        let fixture = try fixtureSeed("API/v3/error-429.json")
        let campaign = ModelCampaign(model: model, seeds: [fixture], seed: 1, mutators: [.wrongType])
        let mutation = try operation(fixture, .wrongType, "to-bool", at: [.key("retryAfter")])
        let attempt = try #require(campaign.attempt(mutation, on: fixture))
        let finding = FuzzFinding(
            index: 0, seedName: fixture.name, operation: mutation, verdict: attempt.verdict, bytes: attempt.bytes)
        let folder = TemporaryDirectory.uniqueURL("wirelock-swallowed")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try FuzzRegressions.save(finding, expectation: attempt.expectation, model: model, in: folder)
        let cases = try FuzzRegressions.load(from: folder)
        #expect(cases.map(\.outcome) == [.silentlyAccepted])
        #expect(cases.first.map { FuzzRegressions.replay($0, model: model) } == .some(nil), "the open case reproduces")
    }

    // MARK: The rule itself, on hand-built reports (independent of the decoder).

    static let notice = #"{"message": "m", "retryAfter": 30, "status": 429}"#

    @Test("refine: a swallowed error at or below the mutated path makes the acceptance a finding")
    func refineTurnsASwallowedErrorIntoAFinding() throws {
        let fuzzSeed = try seed(Self.notice)
        let mutation = try operation(fuzzSeed, .wrongType, "to-string", at: [.key("status")])
        let at = JSONSourceLocation(offset: 40, line: 1, column: 41)
        let report = WireDecodingReport(swallowedErrors: [
            .init(path: [.key("status")], expected: "Int", found: #"a string "x""#, location: at)
        ])
        let lossless = FuzzVerdict(.lossless, expected: "typeMismatch at $.status, or lossless", seen: "lossless")
        let refined = ModelCampaign.refine(lossless, report: report, operation: mutation, seedSwallowed: [])
        #expect(refined.outcome == .silentlyAccepted)
        #expect(refined.expected == lossless.expected)
        #expect(
            refined.seen == #"accepted, but the model swallowed an error: $.status: expected Int, found a string "x""#)
        // The seed itself already swallows there: not the mutation's doing.
        #expect(
            ModelCampaign.refine(lossless, report: report, operation: mutation, seedSwallowed: [[.key("status")]])
                == lossless)
        // Swallowed elsewhere: not at or below the mutated value.
        let elsewhere = try #require(
            MutationCatalogue.groups(.wrongType, of: fuzzSeed).joined().first { $0.path == [.key("message")] })
        #expect(ModelCampaign.refine(lossless, report: report, operation: elsewhere, seedSwallowed: []) == lossless)
    }

    @Test("refine: only the renamed or injected member is noted, not what the seed already drops")
    func refineNotesOnlyTheMutatedMember() throws {
        let fuzzSeed = try seed(Self.notice)
        let rename = try #require(
            MutationCatalogue.groups(.renameKey, of: fuzzSeed).joined().first { $0.path == [.key("retryAfter")] })
        guard case .rename(let name) = rename.edit else {
            Issue.record("rename-key is not a rename: \(rename)")
            return
        }
        let at = JSONSourceLocation(offset: 17, line: 1, column: 18)
        let renamed: JSONPath = [.key(name)]
        let lossless = FuzzVerdict(.lossless, expected: "missingKey at $.retryAfter, or lossless", seen: "lossless")
        let dropsIt = WireDecodingReport(droppedMembers: [.init(path: renamed, droppedBy: "Notice", location: at)])
        #expect(
            ModelCampaign.refine(lossless, report: dropsIt, operation: rename, seedSwallowed: []).droppedMember
                == renamed)
        let dropsOther = WireDecodingReport(droppedMembers: [
            .init(path: [.key("popularity")], droppedBy: "Notice", location: at)
        ])
        #expect(ModelCampaign.refine(lossless, report: dropsOther, operation: rename, seedSwallowed: []) == lossless)
    }

    @Test("the note is counted per mutator, merged, in the JSON tally, and printed above the summary line")
    func droppedMembersAreCountedAndReported() {
        var tally = FuzzTally()
        tally.add(.extraKey, FuzzVerdict(.lossless, expected: "", seen: "", droppedMember: [.key("x")]))
        tally.add(.extraKey, FuzzVerdict(.lossless, expected: "", seen: ""))
        var other = FuzzTally()
        other.add(.renameKey, FuzzVerdict(.accepted, expected: "", seen: "", droppedMember: [.key("y")]))
        tally.merge(other)
        #expect(tally.rows[.extraKey]?.droppedMembers == 1)
        #expect(tally.total.droppedMembers == 2)
        #expect(tally.total.findingCount == 0)
        let json = tally.json()
        #expect(json["total"]?["droppedMembers"] == .number(JSONNumber(integerLiteral: 2)))
        let report = FuzzReport(
            subject: "model m (M)", seed: 1, count: 3, shard: .whole, mutators: [.extraKey, .renameKey],
            seeds: ["s"], tally: tally, findings: [], distinct: 3)
        let lines = report.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the text ends in a newline")
        #expect(lines.dropLast().last == "3 mutants: 3 as expected, 0 findings", "the summary stays the last line")
        #expect(
            lines.contains(
                "note: 2 accepted mutants had an injected or renamed member the model does not read (not a finding)"),
            "\(lines)")
        // Without dropped members there is no note, and no key in the JSON.
        var quiet = FuzzTally()
        quiet.add(.extraKey, FuzzVerdict(.lossless, expected: "", seen: ""))
        #expect(quiet.json()["total"]?["droppedMembers"] == nil)
    }

    // Worker processes and --exec commands: macOS and Linux only.
    #if WIRELOCK_SPAWN
        @Test("the worker protocol carries the dropped member as a fifth field")
        func workerLinesCarryTheDroppedMember() throws {
            let campaign = ModelCampaign(
                model: .codable(Item.self, name: "item"), seeds: [try seed(#"{"id": 1, "name": "a", "note": "x"}"#)],
                seed: 5)
            let worker = [
                "/bin/sh", "-c",
                #"while read k; do printf '%s\tlossless\tany\tfine\t$.extra\n' "$k"; done"#,
            ]
            let result = try ChildProcessCampaign(campaign: campaign, workerCommand: worker, timeLimit: 5, batchSize: 4)
                .run(count: 6)
            #expect(result.tally.total.mutants == 6)
            #expect(result.tally.total.droppedMembers == 6)
        }
    #endif
}
