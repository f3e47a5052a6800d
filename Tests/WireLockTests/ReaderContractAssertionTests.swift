import Foundation
import Testing
import WireCommands
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireReaders

@testable import WireGolden
@testable import WireLock

/// assertReaderContract's check on the GitHub-like sample: accepted drops, a fixture that gains a
/// member, stale acceptances, grouped reports, the contract file's workflow; and round trips that
/// take `null` for absent where the contract says the member is optional.
@Suite struct ReaderContractAssertionTests {
    static let search = "search-repositories"
    /// What the client does not model in a search page, accepted wholesale per object.
    static let searchDrops = [
        "$.items[*].*": "the client reads 20 of a repository's members; the rest are URL templates and flags",
        "$.items[*].owner.*": "a user's URL templates are not used",
        "$.items[*].license.*": "only key, name and SPDX id are shown",
    ]
    static var wire: WireJSONDecoder { WireJSONDecoder(configuredLike: GitHubSample.decoder) }

    static func verify<T: Decodable>(
        _ type: T.Type, fixtures: [String] = [search], named name: String = "github/search",
        accepting: [String: String] = searchDrops, fixturesDirectory: URL = GitHubSample.fixtures,
        golden: TemporaryDirectory, record: RecordMode = .missing
    ) -> WireLockFailure? {
        verifyReaderContract(
            type, fixtures: fixtures, named: name, decoder: wire, accepting: accepting, record: record,
            fixturesDirectory: fixturesDirectory, goldenDirectory: golden.url, environment: [:])
    }

    /// A fresh golden directory holding a copy of `name`'s contract from `golden` (a second
    /// verification with another contract writes another file: one file, two documents in one run
    /// is what the golden claims refuse).
    static func copy(_ name: String, from golden: TemporaryDirectory) throws -> TemporaryDirectory {
        let copy = try TemporaryDirectory()
        try copy.write(name + ".reads.json", bytes: try golden.read(name + ".reads.json"))
        return copy
    }

    /// The search fixture with one more member in the sixth repository.
    static func searchWithStateReason(in directory: TemporaryDirectory) throws -> URL {
        guard case .object(var page) = try JSONValue.parse(try GitHubSample.data(search)),
            case .array(var items)? = page["items"], case .object(var item) = items[5]
        else { throw CancellationError() }
        item.members.append(.init(key: "state_reason", value: .null))
        items[5] = .object(item)
        page.members = page.members.map { $0.key == "items" ? .init(key: "items", value: .array(items)) : $0 }
        try directory.write("\(search).json", bytes: CanonicalJSONWriter.bytes(.object(page)))
        return directory.url
    }

    @Test func passesWithAcceptedDropsOnceTheContractIsRecorded() throws {
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        let first = try #require(Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden))
        #expect(first.message.hasPrefix("recorded "), "\(first.message)")
        #expect(
            first.message.hasSuffix(
                "github/search.reads.json (GitHubSearchResult<GitHubRepository>: 36 paths read, 77 dropped, from 1 fixture); review and re-run"
            ))
        #expect(Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden) == nil)
        let text = try golden.readText("github/search.reads.json")
        // A member null in some fixtures' objects and a URL in others, read as an optional URL.
        #expect(
            text.contains(
                #""$.items[*].homepage": {"absent":true,"kinds":["string"],"methods":["decodeIfPresent"],"null":true,"types":["URL"]}"#
            ))
        #expect(
            text.contains(
                #""$.items[*].created_at": {"forms":["custom:rfc3339"],"kinds":["string"],"methods":["decode","singleValue"],"types":["Date","String"]}"#
            ))
        #expect(text.contains(#""$.items[*].temp_clone_token","#))
    }

    @Test func aFixtureThatGainsAMemberFailsNamingThePath() throws {
        let golden = try TemporaryDirectory()
        let fixtures = try TemporaryDirectory()
        defer {
            golden.remove()
            fixtures.remove()
        }
        _ = Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden)
        let second = try Self.copy("github/search", from: golden)
        let third = try Self.copy("github/search", from: golden)
        defer {
            second.remove()
            third.remove()
        }
        let gained = try Self.searchWithStateReason(in: fixtures)
        // Accepted by the wildcard, but the contract changed: the new member is named for review.
        let failure = try #require(
            Self.verify(GitHubSearchResult<GitHubRepository>.self, fixturesDirectory: gained, golden: second))
        #expect(failure.message.contains("reader contract "), "\(failure.message)")
        #expect(
            failure.message.contains(
                "  $.items[*].state_reason: a fixture has it and nothing reads it (newly dropped) [search-repositories.json:"
            ),
            "\(failure.message)")
        #expect(failure.message.contains("pending: "))
        #expect(FileManager.default.fileExists(atPath: second.path("github/search.reads.actual.json")))
        // Without an acceptance covering it, it is also an unaccepted drop, with its place.
        var narrow = Self.searchDrops
        narrow["$.items[*].*"] = nil
        let unaccepted = try #require(
            Self.verify(
                GitHubSearchResult<GitHubRepository>.self, accepting: narrow, fixturesDirectory: gained,
                golden: third))
        #expect(
            unaccepted.message.contains(
                "$.items[*].state_reason dropped by GitHubRepository; model it or accept the drop"),
            "\(unaccepted.message)")
    }

    @Test func aHundredElementArrayReportsAtMostTwoLinesPerPath() throws {
        let data = try GitHubSample.data(Self.search)
        let report = try Self.wire.decodeWithReport(GitHubSearchResult<GitHubRepository>.self, from: data).report
        #expect(report.droppedMembers.count > 6_000)
        let distinct = Set(report.droppedMembers.map { JSONPathPattern(folding: $0.path).description })
        #expect(distinct.count == 77)
        // The lossless report: one line per distinct path, plus the headline.
        let lossless = LosslessDecoding.message(
            for: report, type: "GitHubSearchResult<GitHubRepository>", file: "search-repositories.json")
        let lines = lossless.split(separator: "\n")
        #expect(lines.count - 1 <= 2 * distinct.count, "\(lines.count) lines")
        #expect(lines.count - 1 == distinct.count)
        #expect(
            lines[0]
                == "search-repositories.json: GitHubSearchResult<GitHubRepository> does not decode losslessly (\(report.droppedMembers.count) entries at 77 paths):"
        )
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "$.items[0].mirror_url dropped by GitHubRepository — and 119 more at $.items[*].mirror_url")
            })
        // The contract check with no acceptance: one line per path too.
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        let failure = try #require(
            Self.verify(GitHubSearchResult<GitHubRepository>.self, accepting: [:], golden: golden))
        let findings = failure.message.split(separator: "\n").filter { $0.contains("dropped by") }
        #expect(findings.count == distinct.count)
        #expect(
            findings.contains {
                $0.contains(
                    "$.items[*].mirror_url dropped by GitHubRepository; model it or accept the drop (120 occurrences, first $.items[0].mirror_url)"
                )
            })
    }

    @Test(arguments: [
        ("$.items[*].fullName", "did you mean `$.items[*].full_name`"),
        ("$.items[*].nodeId", "did you mean `$.items[*].node_id`"),
        ("$.items[*].stargazers_count", "the model reads $.items[*].stargazers_count"),
    ])
    func aStaleAcceptanceFailsWithTheWireKey(pattern: String, hint: String) throws {
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        var accepting = Self.searchDrops
        accepting[pattern] = "a reason"
        _ = Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden)
        let failure = try #require(
            Self.verify(GitHubSearchResult<GitHubRepository>.self, accepting: accepting, golden: golden))
        #expect(
            failure.message.contains("stale: accepted drop `\(pattern)` (a reason) matches nothing dropped; \(hint)"),
            "\(failure.message)")
    }

    /// A stale snake_case pattern (an acceptance shared between models, a member the server no
    /// longer sends) is a wire key already: "did you mean" offers only drops that no acceptance
    /// covers (a typo), never a member the model reads or another accepted drop, and no hint
    /// about Swift properties.
    @Test func aStaleWireKeyPatternSuggestsOnlyUncoveredDrops() throws {
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        _ = Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden)
        var shared = Self.searchDrops
        shared["$.items[*].owner.blobs_url"] = "shared with the repository model"
        let failure = try #require(
            Self.verify(GitHubSearchResult<GitHubRepository>.self, accepting: shared, golden: golden))
        let lines = failure.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines.contains(
                "stale: accepted drop `$.items[*].owner.blobs_url` (shared with the repository model) matches nothing dropped"
            ),
            "\(failure.message)")
        var typo = Self.searchDrops
        typo["$.items[*].owner.*"] = nil
        typo["$.items[*].owner.gists_urls"] = "a typo"
        let typoFailure = try #require(
            Self.verify(GitHubSearchResult<GitHubRepository>.self, accepting: typo, golden: golden))
        let typoLines = typoFailure.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            typoLines.contains(
                "stale: accepted drop `$.items[*].owner.gists_urls` (a typo) matches nothing dropped; did you mean `$.items[*].owner.gists_url`?"
            ),
            "\(typoFailure.message)")
    }

    @Test func aTryUnionIsALenientReaderNotASwallowedError() throws {
        let data = try GitHubSample.data("issues")
        let report = try Self.wire.decodeWithReport([GitHubIssue].self, from: data).report
        // The lossless report lists the swallowed errors of the union ...
        #expect(report.swallowedErrors.count > 30)
        // ... the contract declares the path lenient and the check does not report them.
        let contract = ReaderContract(model: "[GitHubIssue]", fixture: "issues", report: report)
        let assignees = try #require(contract.entries[try JSONPathPattern("$[*].assignees")])
        #expect(assignees.lenient)
        #expect(assignees.kinds == [.array, .object])
        #expect(assignees.types == ["Array<GitHubUser>", "GitHubUser"])
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        let accepting = [
            "$[*].*": "unmodelled", "$..user.*": "URL templates", "$[*].labels[*].*": "unmodelled",
            "$[*].assignees.*": "URL templates", "$[*].assignees[*].*": "URL templates",
            "$[*].pull_request.*": "unmodelled",
        ]
        _ = Self.verify(
            [GitHubIssue].self, fixtures: ["issues"], named: "github/issues", accepting: accepting, golden: golden)
        #expect(
            Self.verify(
                [GitHubIssue].self, fixtures: ["issues"], named: "github/issues", accepting: accepting, golden: golden)
                == nil)
    }

    @Test func aModelThatStopsReadingAMemberFailsNamingIt() throws {
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        let accepting = ["$[*].*": "unmodelled"]
        _ = Self.verify([GitHubIssue].self, fixtures: ["issues"], named: "issues", accepting: accepting, golden: golden)
        let second = try Self.copy("issues", from: golden)
        defer { second.remove() }
        let failure = try #require(
            Self.verify(
                [PlantedGitHubBugs.IssueDroppingState].self, fixtures: ["issues"], named: "issues",
                accepting: accepting, golden: second))
        #expect(
            failure.message.contains("  $[*].state: no longer read (was string (String; decode))"), "\(failure.message)"
        )
        // One line for the change, not a second one for its consequence (the member is dropped now).
        #expect(!failure.message.contains("  $[*].state: a fixture has it and nothing reads it (newly dropped)"))
        #expect(failure.message.contains("model: Array<GitHubIssue> → Array<IssueDroppingState>"))
    }

    @Test func underCINothingIsWrittenAndAMissingContractFails() throws {
        let golden = try TemporaryDirectory()
        defer { golden.remove() }
        let failure = try #require(
            verifyReaderContract(
                GitHubSearchResult<GitHubRepository>.self, fixtures: [Self.search], named: "github/search",
                decoder: Self.wire, accepting: Self.searchDrops, fixturesDirectory: GitHubSample.fixtures,
                goldenDirectory: golden.url, environment: ["CI": "true"]))
        #expect(failure.message.hasPrefix("missing reader contract "), "\(failure.message)")
        #expect(try golden.names().isEmpty)
    }

    @Test func acceptingAPendingContractKeepsItsLayoutAndReviewNamesThePath() throws {
        let golden = try TemporaryDirectory()
        let fixtures = try TemporaryDirectory()
        defer {
            golden.remove()
            fixtures.remove()
        }
        _ = Self.verify(GitHubSearchResult<GitHubRepository>.self, golden: golden)
        let second = try Self.copy("github/search", from: golden)
        defer { second.remove() }
        _ = Self.verify(
            GitHubSearchResult<GitHubRepository>.self, fixturesDirectory: try Self.searchWithStateReason(in: fixtures),
            golden: second)
        let pending = try #require(
            PendingGoldens.pending(for: second.url.appendingPathComponent("github/search.reads.json")))
        let review = PendingGoldens.review(pending)
        #expect(review.lineDiff.contains(#"+    "$.items[*].state_reason","#), "\(review.lineDiff)")
        try PendingGoldens.accept(pending)
        let accepted = try second.read("github/search.reads.json")
        #expect(try ReaderContract(parsing: accepted, file: "search.reads.json").bytes == accepted)
        #expect(String(decoding: accepted, as: UTF8.self).contains(#""$.items[*].id": {"forms":["integer"],"#))
        #expect(!FileManager.default.fileExists(atPath: second.path("github/search.reads.actual.json")))
    }

    // MARK: Round trips

    static let userDrops = [
        AcceptedDifference("$.node_id", because: "GraphQL ids are not used"),
        AcceptedDifference("$.gravatar_id", because: "always empty"),
    ]

    @Test func nullsOfOptionalMembersRoundTripByDefault() throws {
        let result = verifyRoundTrip(
            GitHubProfile.self, fixture: "user", decoder: GitHubSample.decoder, encoder: GitHubSample.encoder,
            accepting: Self.userDrops, fixturesDirectory: GitHubSample.fixtures)
        let outcome = try result.get()
        #expect(outcome.nullsAsAbsent.map(\.path.description) == ["$.bio", "$.email", "$.name"])
    }

    @Test func nullsOfOptionalMembersFailUnderStrictNulls() throws {
        let result = verifyRoundTrip(
            GitHubProfile.self, fixture: "user", decoder: GitHubSample.decoder, encoder: GitHubSample.encoder,
            accepting: Self.userDrops, strictNulls: true, fixturesDirectory: GitHubSample.fixtures)
        guard case .failure(let failure) = result else {
            Issue.record("a strict round trip with nulls passed")
            return
        }
        #expect(failure.message.contains("does not round-trip losslessly (3 differences)"), "\(failure.message)")
        #expect(
            failure.message.contains(
                "lossy decode: `$.email` is in the fixture but not in the re-encoded value (the fixture has null)"))
    }

    @Test func aStaleRoundTripAcceptanceSuggestsTheWireKey() throws {
        let result = verifyRoundTrip(
            GitHubProfile.self, fixture: "user", decoder: GitHubSample.decoder, encoder: GitHubSample.encoder,
            accepting: Self.userDrops + [AcceptedDifference("$.avatarUrl", because: "a typo")],
            fixturesDirectory: GitHubSample.fixtures)
        guard case .failure(let failure) = result else {
            Issue.record("a stale acceptance passed")
            return
        }
        #expect(failure.message.contains("did you mean `$.avatar_url`?"), "\(failure.message)")
    }
}
