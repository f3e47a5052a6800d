import Foundation
import SampleAPI
import Testing
import WireFuzz
import WireJSON
import WireLockTestSupport

@testable import WireLock

/// `assertFuzzCampaign` in a user's package: fixtures by name, readable findings, committed cases
/// known, new cases saved only where the record mode allows.
@Suite("assertFuzzCampaign")
struct FuzzCampaignAssertionTests {
    static let fixtures = Repository.root.appendingPathComponent("Fixtures")

    /// A fixtures folder holding only the rate-limit body (no regression cases yet).
    func freshFixtures() throws -> URL {
        let dir = TemporaryDirectory.uniqueURL("wirelock-fuzz-assert")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("API/v3/error-429.json"),
            to: dir.appendingPathComponent("error-429.json"))
        return dir
    }

    /// Issue 25: a passing campaign said nothing, not even how much it checked. Its one-line
    /// summary (what `assertFuzzCampaign` prints when it passes) counts mutants and outcomes and
    /// names the root causes committed cases pin.
    @Test func aPassingCampaignSaysWhatItChecked() {
        let outcome = FuzzCampaignCheck.verifyWithSummary(
            typeName: "RateLimitNotice", fixtures: ["API/v3/error-429"], count: 2_000, seed: 7,
            mutators: Mutator.allCases, model: "rate-limit", record: nil, fixturesDirectory: Self.fixtures,
            environment: ci, filePath: "\(#filePath)"
        ) { name in
            FuzzModel.codable(RateLimitNotice.self, name: name, decoder: { .sampleAPI }, encoder: { .sampleAPI })
        }
        #expect(outcome.failure == nil)
        #expect(
            outcome.summary.hasPrefix(
                "fuzz campaign of RateLimitNotice (seed 7, 2000 mutants of API/v3/error-429.json): no new findings; "
                    + "2000 mutants: 1642 as expected ("), "\(outcome.summary)")
        #expect(outcome.summary.contains("358 findings (silently-accepted 358)"), "\(outcome.summary)")
        #expect(
            outcome.summary.hasSuffix("; their 2 root causes are pinned in Fixtures/fuzz-regressions/rate-limit/"),
            "\(outcome.summary)")
    }

    @Test func findingsTheCommittedCasesPinPass() {
        #expect(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["API/v3/error-429"], count: 3_000, seed: 7,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, model: "rate-limit",
                fixturesDirectory: Self.fixtures,
                environment: ci) == nil)
    }

    @Test func newFindingsAreReadable() throws {
        let dir = try freshFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let failure = try #require(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["error-429"], count: 3_000, seed: 7,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, model: "rate-limit",
                record: .never, fixturesDirectory: dir, environment: local))
        let text = failure.message
        #expect(
            text.hasPrefix("fuzz campaign of RateLimitNotice (seed 7, 3000 mutants of error-429.json): "), "\(text)")
        // One root cause per path and outcome, with every mutator that reached it.
        #expect(text.contains("findings with 2 new root causes"), "\(text)")
        #expect(
            text.contains("wrong-type, drop-key, null, rename-key, numbers at $.retryAfter: silently-accepted"),
            "\(text)")
        #expect(text.contains(" at $.status: silently-accepted"), "\(text)")
        #expect(text.contains(#"   seen:      accepted: at $.retryAfter the wire has "#), "\(text)")
        #expect(text.contains("   expected:  typeMismatch at $.retryAfter, or lossless"), "\(text)")
        #expect(text.contains(#"   reproduce: try decoder.decode(RateLimitNotice.self, from: Data(#""#), "\(text)")
        #expect(text.contains("   document:  {"), "\(text)")
        #expect(text.contains("(record mode never: no case was saved)"), "\(text)")
        #expect(!text.contains("[123, 34"), "no raw byte dump")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("fuzz-regressions").path))
    }

    /// One finding reads in the singular (seen on octokit.swift: "1 findings with 1 new root cause";
    /// and a one-mutant campaign said "1 mutants of").
    @Test func oneFindingIsOneFinding() throws {
        let dir = try freshFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The first one-mutant campaign (a null) that finds something: `retryAfter` or `status` defaulted.
        let failure = try #require(
            (0..<40).lazy.compactMap { seed in
                verifyFuzzCampaign(
                    RateLimitNotice.self, fixtures: ["error-429"], count: 1, seed: UInt64(seed),
                    decoder: .foundation(.sampleAPI), encoder: .sampleAPI, mutators: [.null], model: "rate-limit",
                    record: .never, fixturesDirectory: dir, environment: local)
            }.first)
        #expect(
            failure.message.contains(", 1 mutant of error-429.json): 1 finding with 1 new root cause\n"),
            "\(failure.message)")
    }

    @Test func locallyNewCasesAreSavedAndTheNextRunKnowsThem() throws {
        let dir = try freshFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try #require(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["error-429"], count: 3_000, seed: 7,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, model: "rate-limit",
                fixturesDirectory: dir, environment: local))
        #expect(first.message.contains("(open): fix the model, or commit the case to pin the bug"), "\(first.message)")
        let saved = try FileManager.default.contentsOfDirectory(
            atPath: dir.appendingPathComponent("fuzz-regressions/rate-limit").path)
        // One case per root cause: `retryAfter` and `status` defaulted, whichever mutator did it.
        #expect(saved.filter { $0.hasSuffix(".meta.json") }.count == 2, "\(saved)")
        // Another seed picks other mutants; their root causes are pinned now.
        #expect(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["error-429"], count: 3_000, seed: 8,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, model: "rate-limit",
                fixturesDirectory: dir, environment: local) == nil)
    }

    @Test func underCINothingIsSaved() throws {
        let dir = try freshFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let failure = try #require(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["error-429"], count: 1_000, seed: 7,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, model: "rate-limit",
                fixturesDirectory: dir, environment: ci))
        #expect(failure.message.contains("(record mode never (CI): no case was saved)"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("fuzz-regressions").path))
    }

    @Test func aMistypedFixtureNameNamesTheNearest() throws {
        let failure = try #require(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["API/v3/error-492"], count: 10,
                decoder: .foundation(.sampleAPI), encoder: .sampleAPI, fixturesDirectory: Self.fixtures,
                environment: ci))
        #expect(
            failure.message.contains("nearest: ") && failure.message.contains("API/v3/error-429"), "\(failure.message)")
    }

    @Test func aFixtureTheModelRejectsCannotSeedTheCampaign() throws {
        let failure = try #require(
            verifyFuzzCampaign(
                RateLimitNotice.self, fixtures: ["API/v3/error-429", "API/v3/movies-success"],
                count: 10, decoder: .foundation(.sampleAPI), encoder: .sampleAPI,
                fixturesDirectory: Self.fixtures, environment: ci))
        #expect(
            failure.message.contains("fixture API/v3/movies-success.json cannot seed it: the model rejects it"),
            "\(failure.message)")
    }

    /// A strict model whose wire keys are snake_case: with rejections reported at wire keys they
    /// match the mutated member, so nothing is misclassified. What is left is real:
    /// `convertFromSnakeCase` also reads other spellings of a key (`avatarUrl`, `Avatar_url`).
    @Test func aSnakeCaseModelIsJudgedAtItsWireKeys() throws {
        struct Issue: Codable {
            var number: Int
            var htmlUrl: String
            var user: User
            struct User: Codable {
                var login: String
                var avatarUrl: String
                var siteAdmin: Bool
            }
        }
        let text =
            #"{"html_url": "https://example.com/1", "number": 1, "user": {"avatar_url": "https://example.com/a", "login": "octocat", "site_admin": false}}"#
        let model = FuzzModel.codable(
            Issue.self, name: "issue",
            decoder: {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return decoder
            },
            encoder: {
                let encoder = JSONEncoder()
                encoder.keyEncodingStrategy = .convertToSnakeCase
                return encoder
            })
        let result = ModelCampaign(
            model: model, seeds: [try FuzzSeed(name: "issue.json", bytes: Array(text.utf8))], seed: 3
        ).run(count: 2_000)
        #expect(
            result.tally.total.findings[.misclassified] == nil,
            "\(result.findings.filter { $0.verdict.outcome == .misclassified }.prefix(3))")
        let groups = Set(result.findings.map(\.groupKey))
        #expect(
            groups == [
                "rename-key silently-accepted $.html_url", "rename-key silently-accepted $.user.avatar_url",
                "rename-key silently-accepted $.user.site_admin",
            ], "\(groups)")
        // Spellings that convertFromSnakeCase maps back onto the key: `avatarUrl`, `Avatar_url`.
        #expect(
            Set(result.findings.map(\.operation.variant)).isSubset(of: ["camelCase", "first-letter-case"]),
            "\(Set(result.findings.map(\.operation.variant)))")
    }

    @Test func theAssertionRecordsAtTheCaller() throws {
        let dir = try freshFixtures()
        defer { try? FileManager.default.removeItem(at: dir) }
        let line = #line + 2
        withKnownIssue {
            assertFuzzCampaign(
                RateLimitNotice.self, fixtures: ["error-429"], count: 500, seed: 7, decoder: .foundation(.sampleAPI),
                encoder: .sampleAPI, model: "rate-limit", record: .never, fixturesDirectory: dir)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("silently-accepted")
        }
    }

    @Test func aFindingPrintsInWords() throws {
        let model = FuzzModel.codable(
            RateLimitNotice.self, name: "rate-limit", decoder: { .sampleAPI }, encoder: { .sampleAPI })
        let seed = try FuzzSeed(
            name: "error-429.json",
            bytes: Array(Data(contentsOf: Self.fixtures.appendingPathComponent("API/v3/error-429.json"))))
        let finding = try #require(ModelCampaign(model: model, seeds: [seed], seed: 7).run(count: 500).findings.first)
        let text = "\(finding)"
        #expect(text.hasPrefix("silently-accepted: "), "\(text)")
        #expect(text.contains("document {"), "\(text)")
    }
}
