import Foundation
import Testing
import WireDecoder
import WireLock
import WireLockTestSupport
import WireReaders

/// The GitHub-like sample's reader contracts, locked in `Tests/Fixtures/GitHubSample/golden` (the
/// OpenAPI checks of `Tests/WireOpenAPITests` and `Scripts/openapi-github.sh` read them there): a
/// model that starts or stops reading a member fails here, and is recorded again for review.
@Suite struct GitHubSampleContractTests {
    static let golden = GitHubSample.fixtures.appendingPathComponent("golden")
    static var wire: WireJSONDecoder { WireJSONDecoder(configuredLike: GitHubSample.decoder) }
    /// The members each model leaves unread, accepted wholesale per object (the models read a few
    /// of a GitHub payload's members, as real client models do).
    static let repositoryDrops = [
        "$.*": "the client reads what it models; URL templates and flags are not used",
        "$.owner.*": "a user's URL templates are not used",
        "$.license.*": "only key, name and SPDX id are shown",
    ]

    @Test func repository() {
        assertReaderContract(
            GitHubRepository.self, fixtures: ["repository"], named: "repository", decoder: .wire(Self.wire),
            accepting: Self.repositoryDrops, fixturesDirectory: GitHubSample.fixtures, goldenDirectory: Self.golden)
    }

    @Test func searchRepositories() {
        assertReaderContract(
            GitHubSearchResult<GitHubRepository>.self, fixtures: ["search-repositories"], named: "search-repositories",
            decoder: .wire(Self.wire),
            accepting: [
                "$.items[*].*": "as a repository's",
                "$.items[*].owner.*": "as a repository's owner's",
                "$.items[*].license.*": "as a repository's license's",
            ], fixturesDirectory: GitHubSample.fixtures,
            goldenDirectory: Self.golden)
    }

    @Test func issues() {
        assertReaderContract(
            [GitHubIssue].self, fixtures: ["issues"], named: "issues", decoder: .wire(Self.wire),
            accepting: [
                "$[*].*": "the client reads what it models; URL templates and flags are not used",
                "$[*].user.*": "a user's URL templates are not used",
                "$[*].assignees.*": "a single assignee's URL templates",
                "$[*].assignees[*].*": "each assignee's URL templates",
                "$[*].labels[*].*": "a label's URL and description are not shown",
                "$[*].pull_request.*": "only the pull request's page is linked",
            ],
            fixturesDirectory: GitHubSample.fixtures, goldenDirectory: Self.golden)
    }

    @Test func user() {
        assertReaderContract(
            GitHubProfile.self, fixtures: ["user", "user-full"], named: "user", decoder: .wire(Self.wire),
            accepting: ["$.*": "a user's URL templates and counts are not used"],
            fixturesDirectory: GitHubSample.fixtures, goldenDirectory: Self.golden)
    }
}
