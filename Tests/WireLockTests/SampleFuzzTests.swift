import Foundation
import SampleAPI
import Testing
import WireFuzz
import WireJSON
import WireLock
import WireLockTestSupport

/// Every sample model's fuzz campaign (20,000 mutants under the full `WIRELOCK_TEST_SCALE`, 2,000
/// under the quick one; seed 7, in process): the real models give no
/// finding at all; the deliberately lenient `RateLimitNotice` gives only findings that its committed
/// regression cases already hold. The same campaigns run from `make demo` (shorter) and from
/// `wirelock-sample fuzz` (in a worker process).
@Suite("Sample fuzz campaigns")
struct SampleFuzzTests {
    struct Subject: Sendable, CustomStringConvertible {
        var model: FuzzModel
        var fixtures: String
        var description: String { model.name }
    }

    static let subjects: [Subject] = [
        Subject(
            model: .codable(
                Page<SampleAPI.Movie>.self, name: "movie", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            fixtures: "movies-"),
        Subject(
            model: .codable([Series].self, name: "series", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            fixtures: "series-"),
        Subject(
            model: .codable([CalendarEntry].self, name: "calendar", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            fixtures: "calendar-"),
        Subject(
            model: .codable(SyncRecord.self, name: "sync-record", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            fixtures: "sync-record-"),
        Subject(
            model: .codable(APIErrorBody.self, name: "error", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            fixtures: "error-"),
    ]

    static let fixtures = Repository.root.appendingPathComponent("Fixtures")

    static func seeds(_ prefix: String) throws -> [FuzzSeed] {
        let folder = fixtures.appendingPathComponent("API/v3")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .compactMap { name in
                try? FuzzSeed(name: name, bytes: Array(Data(contentsOf: folder.appendingPathComponent(name))))
            }
    }

    @Test(.tags(.heavy), arguments: subjects)
    func sampleModelsHaveNoFindings(subject: Subject) throws {
        let campaign = ModelCampaign(model: subject.model, seeds: try Self.seeds(subject.fixtures), seed: 7)
        #expect(!campaign.generator.isEmpty)
        let count = TestScale.current.count(20_000)
        let result = campaign.run(count: count)
        #expect(result.tally.total.mutants == count)
        #expect(result.findings.isEmpty, "\(result.findings.prefix(3).map { "\($0.operation): \($0.verdict.seen)" })")
    }

    @Test func theLenientModelsFindingsAreAllCommittedRegressions() throws {
        let model = FuzzModel.codable(
            RateLimitNotice.self, name: "rate-limit", decoder: { .sampleAPI }, encoder: { .sampleAPI })
        let campaign = ModelCampaign(model: model, seeds: try Self.seeds("error-429"), seed: 7)
        let result = campaign.run(count: 20_000)
        #expect(result.tally.total.findings[.silentlyAccepted] ?? 0 > 1000)
        let committed = FuzzRegressions.hashes(in: FuzzRegressions.folder(for: "rate-limit", in: Self.fixtures))
        var groups: [String: FuzzFinding] = [:]
        for finding in result.findings where groups[finding.groupKey] == nil { groups[finding.groupKey] = finding }
        #expect(groups.count == 10)
        var pinned: Set<String> = []
        for finding in groups.values {
            let shrunk = campaign.shrink(finding.index).finding
            #expect(shrunk.verdict.outcome == .silentlyAccepted)
            let name = FuzzRegressions.caseName(of: shrunk)
            #expect(committed.contains(name), "\(finding.operation) is not a committed regression")
            pinned.insert(name)
        }
        // Every group has its own case, and there is no case without a group.
        #expect(pinned.count == 10)
        #expect(committed == pinned)
    }

    @Test func rateLimitRegressionsReplay() {
        assertFuzzRegressions(RateLimitNotice.self, model: "rate-limit", decoder: .sampleAPI, encoder: .sampleAPI)
    }

    @Test func aFixedModelTurnsOpenCasesIntoFailures() {
        // APIErrorBody rejects what RateLimitNotice let through, so every open case now behaves as
        // expected, and the replay asks for the cases to be marked fixed.
        let failure = verifyFuzzRegressions(
            APIErrorBody.self, model: "rate-limit", decoder: .sampleAPI, encoder: .sampleAPI)
        #expect(failure?.message.contains("now behaves as expected") == true)
        #expect(failure?.message.contains("set its status to \"fixed\"") == true)
    }

    @Test func aMissingFolderIsAFailure() {
        let failure = verifyFuzzRegressions(RateLimitNotice.self, model: "no-such-model")
        #expect(failure?.message.hasPrefix("no fuzz regression cases in") == true)
    }
}
