import Foundation

// A GitHub-like API client's models, written for WireLock's tests (not copied from any client):
// they read a small part of wide, null-heavy payloads, as real client models do. The payloads are
// in Tests/Fixtures/GitHubSample (made by its generate.py): a repository with 89 members of which
// the model reads 20, a search page of 120 repositories, 110 issues whose `assignees` is one
// object or an array (read with a `try?` union), URL members everywhere, and dates in a custom
// `DateFormatter` format. Shared by the reader-contract tests and the fuzz tests.

/// Where the GitHub-like sample lives and how its client decodes.
public enum GitHubSample {
    /// `Tests/Fixtures/GitHubSample`: `repository.json`, `search-repositories.json`,
    /// `issues.json`, `user.json`, `user-full.json`.
    public static var fixtures: URL { Repository.url("Tests/Fixtures/GitHubSample") }

    /// A fixture's URL (`GitHubSample.fixture("issues")`).
    public static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name + ".json") }

    /// A fixture's bytes.
    public static func data(_ name: String) throws -> Data { try Data(contentsOf: fixture(name)) }

    /// The client's date format: `2024-05-01T08:30:00Z`, through a `DateFormatter` (a custom
    /// formatter, not `.iso8601`). A new one each time: a shared `DateFormatter` is not `Sendable`
    /// on Darwin (issue 37).
    public static var dateFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter
    }

    /// The client's decoder: explicit snake_case coding keys, dates through ``dateFormatter``.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(dateFormatter)
        return decoder
    }

    /// The client's encoder (the same date format).
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .formatted(dateFormatter)
        return encoder
    }
}

/// A user as the client reads it: 7 of the 18 to 32 members the API sends.
public struct GitHubUser: Codable, Hashable, Sendable {
    public var login: String
    public var id: Int
    public var avatarURL: URL
    public var htmlURL: URL
    public var type: String
    public var siteAdmin: Bool
    public var name: String?

    enum CodingKeys: String, CodingKey {
        case login, id, type, name
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case siteAdmin = "site_admin"
    }
}

/// `user.json`: a user with its nullable profile members, which the model reads as optionals.
public struct GitHubProfile: Codable, Hashable, Sendable {
    public var login: String
    public var id: Int
    public var avatarURL: URL
    public var htmlURL: URL
    public var type: String
    public var siteAdmin: Bool
    public var name: String?
    public var email: String?
    public var bio: String?
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case login, id, type, name, email, bio
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case siteAdmin = "site_admin"
        case createdAt = "created_at"
    }
}

/// A repository's license.
public struct GitHubLicense: Codable, Hashable, Sendable {
    public var key: String
    public var name: String
    public var spdxID: String?

    enum CodingKeys: String, CodingKey {
        case key, name
        case spdxID = "spdx_id"
    }
}

/// A repository as the client reads it: 20 of its 85 to 89 members.
public struct GitHubRepository: Codable, Hashable, Sendable {
    public var id: Int
    public var name: String
    public var fullName: String
    public var owner: GitHubUser
    public var isPrivate: Bool
    public var htmlURL: URL
    public var description: String?
    public var fork: Bool
    public var homepage: URL?
    public var language: String?
    public var stargazersCount: Int
    public var forksCount: Int
    public var openIssuesCount: Int
    public var defaultBranch: String
    public var topics: [String]?
    public var license: GitHubLicense?
    public var createdAt: Date
    public var updatedAt: Date
    public var pushedAt: Date?
    public var permissions: [String: Bool]?

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, fork, homepage, language, topics, license, permissions
        case fullName = "full_name"
        case isPrivate = "private"
        case htmlURL = "html_url"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
    }
}

/// A page of search results.
public struct GitHubSearchResult<Item: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Item]

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }
}

/// An issue label.
public struct GitHubLabel: Codable, Hashable, Sendable {
    public var id: Int
    public var name: String
    public var color: String
}

/// The pull request an issue stands for.
public struct GitHubPullRequestLink: Codable, Hashable, Sendable {
    public var htmlURL: URL

    enum CodingKeys: String, CodingKey {
        case htmlURL = "html_url"
    }
}

/// An issue. `assignees` is one user object or an array of them on the wire, read with the
/// `try?` union idiom (try the object, else the array).
public struct GitHubIssue: Codable, Hashable, Sendable {
    public var id: Int
    public var number: Int
    public var title: String
    public var state: String
    public var user: GitHubUser
    public var labels: [GitHubLabel]
    public var assignees: [GitHubUser]
    public var comments: Int
    public var body: String?
    public var htmlURL: URL
    public var createdAt: Date
    public var closedAt: Date?
    public var pullRequest: GitHubPullRequestLink?

    enum CodingKeys: String, CodingKey {
        case id, number, title, state, user, labels, assignees, comments, body
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case closedAt = "closed_at"
        case pullRequest = "pull_request"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        number = try container.decode(Int.self, forKey: .number)
        title = try container.decode(String.self, forKey: .title)
        state = try container.decode(String.self, forKey: .state)
        user = try container.decode(GitHubUser.self, forKey: .user)
        labels = try container.decode([GitHubLabel].self, forKey: .labels)
        if let one = try? container.decode(GitHubUser.self, forKey: .assignees) {
            assignees = [one]
        } else {
            assignees = try container.decode([GitHubUser].self, forKey: .assignees)
        }
        comments = try container.decode(Int.self, forKey: .comments)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        htmlURL = try container.decode(URL.self, forKey: .htmlURL)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
        pullRequest = try container.decodeIfPresent(GitHubPullRequestLink.self, forKey: .pullRequest)
    }
}

/// Models with a planted bug each, for checks that must still find real bugs on this sample.
public enum PlantedGitHubBugs {
    /// A user whose `avatar_url` accepts garbage: any string becomes a URL (a non-URL becomes
    /// `about:blank`), so a broken server value goes unnoticed.
    public struct GarbageURLUser: Decodable, Hashable, Sendable {
        public var login: String
        public var avatarURL: URL

        enum CodingKeys: String, CodingKey {
            case login
            case avatarURL = "avatar_url"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            login = try container.decode(String.self, forKey: .login)
            let text = (try? container.decode(String.self, forKey: .avatarURL)) ?? ""
            avatarURL = URL(string: text) ?? URL(string: "about:blank")!
        }
    }

    /// An issue model that forgot `state`: it drops a member it should read (every issue looks
    /// open to the app).
    public struct IssueDroppingState: Decodable, Hashable, Sendable {
        public var id: Int
        public var number: Int
        public var title: String
        public var isOpen: Bool { true }

        enum CodingKeys: String, CodingKey {
            case id, number, title
        }
    }
}
