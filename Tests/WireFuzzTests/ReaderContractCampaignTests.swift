import Foundation
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireReaders

@testable import WireFuzz

/// Fuzzing judged by the reader contract (issue 25, Done-when 2) on the GitHub-like sample: wide,
/// null-heavy payloads whose models read a part of them. A mutation of a member the model never
/// reads must decode as the seed does, so it is no finding; real bugs are still found.
@Suite("Campaigns judged by the reader contract")
struct ReaderContractCampaignTests {
    struct Subject: Sendable, CustomStringConvertible {
        var model: FuzzModel
        var fixture: String
        var description: String { "\(model.name) over \(fixture)" }
    }

    static let subjects: [Subject] = [
        Subject(
            model: .codable(
                GitHubRepository.self, name: "repository", decoder: { GitHubSample.decoder },
                encoder: { GitHubSample.encoder }),
            fixture: "repository"),
        Subject(
            model: .codable(
                GitHubSearchResult<GitHubRepository>.self, name: "search", decoder: { GitHubSample.decoder },
                encoder: { GitHubSample.encoder }),
            fixture: "search-repositories"),
        Subject(
            model: .codable(
                [GitHubIssue].self, name: "issues", decoder: { GitHubSample.decoder },
                encoder: { GitHubSample.encoder }),
            fixture: "issues"),
        Subject(
            model: .codable(
                GitHubUser.self, name: "user", decoder: { GitHubSample.decoder }, encoder: { GitHubSample.encoder }),
            fixture: "user-full"),
    ]

    static func seeds(_ name: String) throws -> [FuzzSeed] {
        [try FuzzSeed(name: name + ".json", bytes: Array(GitHubSample.data(name)))]
    }

    /// Findings at a path the model reads nothing at or below.
    static func unread(_ findings: [FuzzFinding], _ contract: ReaderContract) -> [FuzzFinding] {
        findings.filter { !contract.reads(atOrBelow: $0.operation.path) && !$0.operation.path.components.isEmpty }
    }

    @Test(.tags(.heavy), arguments: subjects)
    func noFindingForMembersTheModelDoesNotRead(subject: Subject) throws {
        let seeds = try Self.seeds(subject.fixture)
        let campaign = ModelCampaign(model: subject.model, seeds: seeds, seed: 25)
        let contract = try #require(campaign.readerContract)
        #expect(campaign.skipped.isEmpty, "\(campaign.skipped)")
        let result = campaign.run(count: TestScale.current.count(300))
        let unread = Self.unread(result.findings, contract)
        #expect(
            unread.isEmpty,
            "\(unread.count) findings at unread members: \(unread.prefix(3).map { "\($0.operation): \($0.verdict.seen)" })"
        )
        // What is left is about members the model reads (Foundation's `URL` percent-encodes a
        // string that is no URL: a real finding), one root cause per path, not per mutator.
        let causes = Set(result.findings.map(\.rootCause))
        #expect(causes.allSatisfy { $0.hasPrefix("silently-accepted ") && $0.hasSuffix("url") }, "\(causes)")
    }

    /// The same campaign judged the way campaigns judged before contracts cries wolf on the
    /// members the model never reads (null in the fixture, mutated to another type).
    @Test(.tags(.heavy)) func withoutTheContractUnreadMembersGiveFalseFindings() throws {
        // The user: 8 of its 34 members read, many of the rest null.
        let subject = Self.subjects[3]
        let seeds = try Self.seeds(subject.fixture)
        let judged = ModelCampaign(model: subject.model, seeds: seeds, seed: 25)
        let contract = try #require(judged.readerContract)
        let old = ModelCampaign(model: subject.model, seeds: seeds, seed: 25, judgesByReads: false)
        #expect(old.readerContract == nil)
        // A fixed count, small enough for every scale: the user's payload is small.
        let count = 300
        let before = Self.unread(old.run(count: count).findings, contract)
        #expect(!before.isEmpty, "the old rule found nothing to cry wolf about: the sample is not null-heavy enough")
        #expect(Self.unread(judged.run(count: count).findings, contract).isEmpty)
    }

    @Test func aURLMemberThatAcceptsGarbageIsFound() throws {
        let model = FuzzModel.decodable(
            PlantedGitHubBugs.GarbageURLUser.self, name: "garbage-url", decoder: { GitHubSample.decoder })
        let campaign = ModelCampaign(model: model, seeds: try Self.seeds("user"), seed: 25)
        let result = campaign.run(count: 2_000)
        let found = result.findings.filter { $0.operation.path == [.key("avatar_url")] }
        #expect(!found.isEmpty, "no finding at $.avatar_url: \(result.tally.table())")
        #expect(found.allSatisfy { $0.verdict.outcome == .silentlyAccepted })
    }

    @Test func anUnreadMemberMutationIsExpectedToDecodeAsTheSeed() throws {
        let subject = Self.subjects[0]
        let campaign = ModelCampaign(model: subject.model, seeds: try Self.seeds(subject.fixture), seed: 25)
        let contract = try #require(campaign.readerContract)
        #expect(!contract.reads(atOrBelow: [.key("mirror_url")]))
        let operation = MutationOperation(
            mutator: .wrongType, path: [.key("mirror_url")], variant: "to-bool", edit: .replace(.bool(true)))
        let attempt = try #require(campaign.attempt(operation, on: campaign.generator.seeds[0]))
        #expect(attempt.expectation.unread)
        #expect(attempt.verdict.outcome == .lossless, "\(attempt.verdict)")
        #expect(attempt.expectation.description.contains("does not read $.mirror_url"))
        // A regression case keeps the rule.
        #expect(ModelExpectation(json: attempt.expectation.json()) == attempt.expectation)
    }
}
