// The real-model workload: models and generated payloads shaped like a large public REST API
// (GitHub's v3): objects of 5–80 members of which a model reads 4–26, many of them nullable,
// URL members, nested user, owner and repository objects, arrays of 30–250 elements, documents from
// ~1.5 KB to ~1.3 MB, and the date strategies apps use with it.
//
// One file, two readers: WireOracleTests (the decoder oracle runs over its fixtures' mutants) and
// the decoder benchmark, whose Benchmarks/Sources/wirelock-decoder-bench/RESTWorkload.swift is a
// symbolic link to this file. Written for WireLock, modelled on the shapes of a public client's
// models and fixtures, not copied from them.

import Foundation
import WireCommands
import WireDecoder
import WireDecoderOracle
import WireOracle

// MARK: Date strategies

/// The date strategies apps configure for this kind of API, each on both decoders.
enum RESTDateStyle: String, CaseIterable, Sendable {
    /// `.formatted(DateFormatter)` with `yyyy-MM-dd'T'HH:mm:ssZ` (en_US_POSIX, GMT).
    case formattedZone = "formatted-rfc3339-Z"
    /// `.formatted(DateFormatter)` with `yyyy'-'MM'-'dd'T'HH':'mm':'ss'Z'` (a quoted `Z`), the
    /// pattern of a widely used GitHub client.
    case formattedLiteralZ = "formatted-rfc3339-literal-Z"
    /// `.iso8601`.
    case iso8601 = "iso8601"
    /// `.custom` with a closure calling an `ISO8601DateFormatter` (`.withInternetDateTime`).
    case customISO8601Formatter = "custom-ISO8601DateFormatter"
    /// `.secondsSince1970` (the payload's dates are integers).
    case secondsSince1970 = "seconds-since-1970"
    /// `.millisecondsSince1970` (the payload's dates are integers of milliseconds).
    case millisecondsSince1970 = "milliseconds-since-1970"

    /// The `DateFormatter` of the `.formatted` styles, set up as apps set it up.
    static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter
    }

    /// The `dateFormat` of a `.formatted` style; nil for the others.
    var format: String? {
        switch self {
        case .formattedZone: "yyyy-MM-dd'T'HH:mm:ssZ"
        case .formattedLiteralZ: "yyyy'-'MM'-'dd'T'HH':'mm':'ss'Z'"
        default: nil
        }
    }

    /// The strategy as the app writes it for `JSONDecoder`. Each call makes its own formatter.
    func strategy() -> JSONDecoder.DateDecodingStrategy {
        switch self {
        case .formattedZone, .formattedLiteralZ:
            return .formatted(Self.formatter(format ?? ""))
        case .iso8601:
            return .iso8601
        case .customISO8601Formatter:
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            let box = UncheckedFormatter(formatter: formatter)
            return .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = box.formatter.date(from: text) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an RFC 3339 date.")
                }
                return date
            }
        case .secondsSince1970:
            return .secondsSince1970
        case .millisecondsSince1970:
            return .millisecondsSince1970
        }
    }

    /// A `JSONDecoder` configured with this style.
    func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy()
        return decoder
    }

    /// How an instant (whole seconds since 1970) is written in the payload.
    func json(_ seconds: Int) -> RESTJSON {
        switch self {
        case .secondsSince1970: return .int(seconds)
        case .millisecondsSince1970: return .int(seconds * 1000)
        default: return .string(RESTDateStyle.rfc3339(seconds))
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for whole seconds since 1970 (proleptic Gregorian, UTC).
    static func rfc3339(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60))Z"
    }
}

/// An `ISO8601DateFormatter` captured by a `@Sendable` closure: it is only read (parsing does not
/// change it), as apps share theirs.
final class UncheckedFormatter: @unchecked Sendable {
    let formatter: ISO8601DateFormatter
    init(formatter: ISO8601DateFormatter) { self.formatter = formatter }
}

// MARK: Models (what a client reads)

/// A user as clients model it: a few members every user object has, and the profile's members
/// as optionals (present in `GET /users/{login}`, absent from the users nested in other objects).
struct RESTUser: Codable, Sendable {
    var login: String
    var id: Int
    var avatarURL: URL
    var htmlURL: URL
    var type: String
    var siteAdmin: Bool
    var name: String?
    var company: String?
    var bio: String?
    var publicRepos: Int?
    var followers: Int?
    var createdAt: Date?
    var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case login, id, type, name, company, bio, followers
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case siteAdmin = "site_admin"
        case publicRepos = "public_repos"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

struct RESTLicense: Codable, Sendable {
    var key: String
    var name: String
    var spdxID: String?
    var url: URL?

    enum CodingKeys: String, CodingKey {
        case key, name, url
        case spdxID = "spdx_id"
    }
}

struct RESTRepository: Codable, Sendable {
    var id: Int
    var name: String
    var fullName: String
    var owner: RESTUser
    var isPrivate: Bool
    var htmlURL: URL
    var repositoryDescription: String?
    var isFork: Bool
    var createdAt: Date
    var updatedAt: Date
    var pushedAt: Date?
    var homepage: String?
    var size: Int
    var stargazersCount: Int
    var language: String?
    var forksCount: Int
    var openIssuesCount: Int
    var license: RESTLicense?
    var defaultBranch: String
    var topics: [String]?

    enum CodingKeys: String, CodingKey {
        case id, name, owner, homepage, size, language, license, topics
        case fullName = "full_name"
        case isPrivate = "private"
        case htmlURL = "html_url"
        case repositoryDescription = "description"
        case isFork = "fork"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
    }
}

struct RESTLabel: Codable, Sendable {
    var id: Int
    var url: URL
    var name: String
    var color: String
    var labelDescription: String?

    enum CodingKeys: String, CodingKey {
        case id, url, name, color
        case labelDescription = "description"
    }
}

struct RESTMilestone: Codable, Sendable {
    var id: Int
    var number: Int
    var title: String
    var state: String
    var dueOn: Date?
    var createdAt: Date
    var closedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, number, title, state
        case dueOn = "due_on"
        case createdAt = "created_at"
        case closedAt = "closed_at"
    }
}

struct RESTIssue: Codable, Sendable {
    var id: Int
    var number: Int
    var htmlURL: URL
    var title: String
    var user: RESTUser
    var labels: [RESTLabel]
    var state: String
    var isLocked: Bool
    var assignee: RESTUser?
    var assignees: [RESTUser]
    var milestone: RESTMilestone?
    var comments: Int
    var createdAt: Date
    var updatedAt: Date
    var closedAt: Date?
    var body: String?
    var authorAssociation: String
    var pullRequest: PullRequestLink?

    struct PullRequestLink: Codable, Sendable {
        var url: URL
        var htmlURL: URL?
        var mergedAt: Date?

        enum CodingKeys: String, CodingKey {
            case url
            case htmlURL = "html_url"
            case mergedAt = "merged_at"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, number, title, user, labels, state, assignee, assignees, milestone, comments, body
        case htmlURL = "html_url"
        case isLocked = "locked"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
        case authorAssociation = "author_association"
        case pullRequest = "pull_request"
    }
}

struct RESTBranch: Codable, Sendable {
    var label: String
    var ref: String
    var sha: String
    var user: RESTUser?
    var repo: RESTRepository?
}

struct RESTPullRequest: Codable, Sendable {
    var id: Int
    var number: Int
    var url: URL
    var htmlURL: URL
    var diffURL: URL
    var state: String
    var isLocked: Bool
    var title: String
    var user: RESTUser
    var body: String?
    var labels: [RESTLabel]
    var createdAt: Date
    var updatedAt: Date
    var closedAt: Date?
    var mergedAt: Date?
    var mergeCommitSHA: String?
    var assignee: RESTUser?
    var requestedReviewers: [RESTUser]
    var head: RESTBranch
    var base: RESTBranch
    var isDraft: Bool?
    var merged: Bool?
    var comments: Int?
    var additions: Int?
    var deletions: Int?
    var changedFiles: Int?

    enum CodingKeys: String, CodingKey {
        case id, number, url, state, title, user, body, labels, assignee, head, base, merged, comments, additions,
            deletions
        case htmlURL = "html_url"
        case diffURL = "diff_url"
        case isLocked = "locked"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
        case mergedAt = "merged_at"
        case mergeCommitSHA = "merge_commit_sha"
        case requestedReviewers = "requested_reviewers"
        case isDraft = "draft"
        case changedFiles = "changed_files"
    }
}

// MARK: Payloads

/// A JSON value of a generated payload, written as GitHub writes it (two-space indentation).
indirect enum RESTJSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([RESTJSON])
    case object([(String, RESTJSON)])

    func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): RESTJSON.quote(value, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (position, element) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                element.write(into: &out, indent: indent + 2)
                out += position == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (position, member) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                RESTJSON.quote(member.0, into: &out)
                out += ": "
                member.1.write(into: &out, indent: indent + 2)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    var text: String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }
}

/// A small deterministic generator (SplitMix64), so every run and machine sees the same payloads.
struct RESTRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// The generated documents and the model each is decoded into.
enum RESTPayload: String, CaseIterable, Sendable {
    /// One user (`GET /users/{login}`), ~1.5 KB: 33 members, 13 read.
    case user = "user"
    /// One pull request with its head and base repositories, ~28 KB: 48 members, 26 read.
    case pullRequest = "pull-request"
    /// 30 repositories (`GET /orgs/{org}/repos`), 80 members each of which the model reads 20:
    /// the widest.
    case repositories = "repositories-30"
    /// 100 issues (`GET /repos/{owner}/{repo}/issues`), ~0.5 MB: 28–30 members each, 18 read.
    case issues = "issues-100"
    /// 250 issues, ~1.3 MB.
    case issuesLarge = "issues-250"

    /// The document, written for `style`'s dates; the same bytes for the same arguments.
    func bytes(_ style: RESTDateStyle, seed: UInt64 = 27) -> [UInt8] {
        var random = RESTRandom(state: seed &+ UInt64(RESTPayload.allCases.firstIndex(of: self) ?? 0))
        let json: RESTJSON
        switch self {
        case .user: json = RESTPayload.user(&random, style, full: true)
        case .pullRequest: json = RESTPayload.pullRequest(&random, style)
        case .repositories: json = .array((0..<30).map { _ in RESTPayload.repository(&random, style) })
        case .issues: json = .array((0..<100).map { _ in RESTPayload.issue(&random, style) })
        case .issuesLarge: json = .array((0..<250).map { _ in RESTPayload.issue(&random, style) })
        }
        return Array(json.text.utf8)
    }

    /// Decodes `data` as this payload's model with `decode` and returns how many top-level records
    /// it held.
    func decodeCount(_ data: Data, _ decode: RESTDecode) throws -> (count: Int, value: Any) {
        switch self {
        case .user:
            let user = try decode.run(RESTUser.self, data)
            return (1, user)
        case .pullRequest:
            let pull = try decode.run(RESTPullRequest.self, data)
            return (1, pull)
        case .repositories:
            let repositories = try decode.run([RESTRepository].self, data)
            return (repositories.count, repositories)
        case .issues, .issuesLarge:
            let issues = try decode.run([RESTIssue].self, data)
            return (issues.count, issues)
        }
    }

    // MARK: Generators

    static let words = [
        "swift", "json", "decoder", "lock", "wire", "client", "server", "stream", "cache", "index", "render", "graph",
        "token", "queue", "merge", "patch", "build", "test", "docs", "core", "kit", "sdk", "api", "cli",
    ]
    static let languages = ["Swift", "Objective-C", "C", "C++", "Rust", "Go", "Python", "Ruby", "Shell", "Kotlin"]

    static func login(_ random: inout RESTRandom) -> String {
        random.pick(words) + "-" + random.pick(words) + String(random.below(1000))
    }

    static func instant(_ random: inout RESTRandom) -> Int {
        1_200_000_000 + random.below(560_000_000)
    }

    static func sentence(_ random: inout RESTRandom, words count: Int) -> String {
        (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
    }

    static func user(_ random: inout RESTRandom, _ style: RESTDateStyle, full: Bool = false) -> RESTJSON {
        let login = login(&random)
        let id = 1 + random.below(90_000_000)
        let api = "https://api.github.com/users/\(login)"
        var members: [(String, RESTJSON)] = [
            ("login", .string(login)),
            ("id", .int(id)),
            ("node_id", .string("MDQ6VXNlcj" + String(id, radix: 36))),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(id)?v=4")),
            ("gravatar_id", .string("")),
            ("url", .string(api)),
            ("html_url", .string("https://github.com/\(login)")),
            ("followers_url", .string(api + "/followers")),
            ("following_url", .string(api + "/following{/other_user}")),
            ("gists_url", .string(api + "/gists{/gist_id}")),
            ("starred_url", .string(api + "/starred{/owner}{/repo}")),
            ("subscriptions_url", .string(api + "/subscriptions")),
            ("organizations_url", .string(api + "/orgs")),
            ("repos_url", .string(api + "/repos")),
            ("events_url", .string(api + "/events{/privacy}")),
            ("received_events_url", .string(api + "/received_events")),
            ("type", .string(random.chance(90) ? "User" : "Organization")),
            ("user_view_type", .string("public")),
            ("site_admin", .bool(random.chance(2))),
        ]
        if full {
            members += [
                ("name", random.chance(80) ? .string(sentence(&random, words: 2)) : .null),
                ("company", random.chance(50) ? .string("@" + random.pick(words)) : .null),
                ("blog", .string(random.chance(50) ? "https://\(login).dev" : "")),
                ("location", random.chance(60) ? .string(sentence(&random, words: 2)) : .null),
                ("email", .null),
                ("hireable", random.chance(30) ? .bool(true) : .null),
                ("bio", random.chance(50) ? .string(sentence(&random, words: 8)) : .null),
                ("twitter_username", random.chance(30) ? .string(login) : .null),
                ("public_repos", .int(random.below(300))),
                ("public_gists", .int(random.below(80))),
                ("followers", .int(random.below(20_000))),
                ("following", .int(random.below(500))),
                ("created_at", style.json(instant(&random))),
                ("updated_at", style.json(instant(&random))),
            ]
        }
        return .object(members)
    }

    static func license(_ random: inout RESTRandom) -> RESTJSON {
        let (key, name, spdx) = random.pick([
            ("mit", "MIT License", "MIT"), ("apache-2.0", "Apache License 2.0", "Apache-2.0"),
            ("bsd-3-clause", "BSD 3-Clause \"New\" or \"Revised\" License", "BSD-3-Clause"),
            ("other", "Other", "NOASSERTION"),
        ])
        return .object([
            ("key", .string(key)), ("name", .string(name)), ("spdx_id", .string(spdx)),
            ("url", key == "other" ? .null : .string("https://api.github.com/licenses/\(key)")),
            ("node_id", .string("MDc6TGljZW5zZT" + String(random.below(99)))),
        ])
    }

    static func repository(_ random: inout RESTRandom, _ style: RESTDateStyle) -> RESTJSON {
        let owner = login(&random)
        let name = random.pick(words) + "-" + random.pick(words)
        let full = owner + "/" + name
        let api = "https://api.github.com/repos/\(full)"
        let id = 1 + random.below(900_000_000)
        let created = instant(&random)
        let stars = random.below(40_000)
        let forks = random.below(5_000)
        let issues = random.below(700)
        var members: [(String, RESTJSON)] = [
            ("id", .int(id)),
            ("node_id", .string("MDEwOlJlcG9zaXRvcnk" + String(id, radix: 36))),
            ("name", .string(name)),
            ("full_name", .string(full)),
            ("private", .bool(random.chance(5))),
            ("owner", user(&random, style)),
            ("html_url", .string("https://github.com/\(full)")),
            ("description", random.chance(85) ? .string(sentence(&random, words: 4 + random.below(14))) : .null),
            ("fork", .bool(random.chance(20))),
            ("url", .string(api)),
        ]
        for (member, suffix) in [
            ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"),
            ("collaborators_url", "/collaborators{/collaborator}"),
            ("teams_url", "/teams"), ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
            ("events_url", "/events"), ("assignees_url", "/assignees{/user}"), ("branches_url", "/branches{/branch}"),
            ("tags_url", "/tags"), ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
            ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"), ("statuses_url", "/statuses/{sha}"),
            ("languages_url", "/languages"), ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
            ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"),
            ("commits_url", "/commits{/sha}"),
            ("git_commits_url", "/git/commits{/sha}"), ("comments_url", "/comments{/number}"),
            ("issue_comment_url", "/issues/comments{/number}"), ("contents_url", "/contents/{+path}"),
            ("compare_url", "/compare/{base}...{head}"), ("merges_url", "/merges"),
            ("archive_url", "/{archive_format}{/ref}"), ("downloads_url", "/downloads"),
            ("issues_url", "/issues{/number}"),
            ("pulls_url", "/pulls{/number}"), ("milestones_url", "/milestones{/number}"),
            ("notifications_url", "/notifications{?since,all,participating}"), ("labels_url", "/labels{/name}"),
            ("releases_url", "/releases{/id}"), ("deployments_url", "/deployments"),
        ] {
            members.append((member, .string(api + suffix)))
        }
        members += [
            ("created_at", style.json(created)),
            ("updated_at", style.json(created + random.below(100_000_000))),
            ("pushed_at", random.chance(95) ? style.json(created + random.below(100_000_000)) : .null),
            ("git_url", .string("git://github.com/\(full).git")),
            ("ssh_url", .string("git@github.com:\(full).git")),
            ("clone_url", .string("https://github.com/\(full).git")),
            ("svn_url", .string("https://github.com/\(full)")),
            ("homepage", random.chance(40) ? .string("https://\(name).dev") : .null),
            ("size", .int(random.below(200_000))),
            ("stargazers_count", .int(stars)),
            ("watchers_count", .int(stars)),
            ("language", random.chance(85) ? .string(random.pick(languages)) : .null),
            ("has_issues", .bool(true)),
            ("has_projects", .bool(random.chance(50))),
            ("has_downloads", .bool(true)),
            ("has_wiki", .bool(random.chance(60))),
            ("has_pages", .bool(random.chance(20))),
            ("has_discussions", .bool(random.chance(20))),
            ("forks_count", .int(forks)),
            ("mirror_url", .null),
            ("archived", .bool(random.chance(5))),
            ("disabled", .bool(false)),
            ("open_issues_count", .int(issues)),
            ("license", random.chance(80) ? license(&random) : .null),
            ("allow_forking", .bool(true)),
            ("is_template", .bool(random.chance(3))),
            ("web_commit_signoff_required", .bool(false)),
            ("topics", .array((0..<random.below(6)).map { _ in .string(random.pick(words)) })),
            ("visibility", .string("public")),
            ("forks", .int(forks)),
            ("open_issues", .int(issues)),
            ("watchers", .int(stars)),
            ("default_branch", .string(random.chance(70) ? "main" : "master")),
            (
                "permissions",
                .object([
                    ("admin", .bool(false)), ("maintain", .bool(false)), ("push", .bool(random.chance(30))),
                    ("triage", .bool(random.chance(30))), ("pull", .bool(true)),
                ])
            ),
        ]
        return .object(members)
    }

    static func label(_ random: inout RESTRandom, repository api: String) -> RESTJSON {
        let name = random.pick(["bug", "enhancement", "documentation", "good first issue", "question", "wontfix"])
        let id = 1 + random.below(900_000_000)
        return .object([
            ("id", .int(id)),
            ("node_id", .string("MDU6TGFiZWw" + String(id, radix: 36))),
            ("url", .string(api + "/labels/" + name.replacingOccurrences(of: " ", with: "%20"))),
            ("name", .string(name)),
            ("color", .string(String(random.below(0xFF_FFFF), radix: 16))),
            ("default", .bool(random.chance(50))),
            ("description", random.chance(70) ? .string(sentence(&random, words: 5)) : .null),
        ])
    }

    static func milestone(_ random: inout RESTRandom, _ style: RESTDateStyle, repository api: String) -> RESTJSON {
        let number = 1 + random.below(40)
        let id = 1 + random.below(9_000_000)
        let created = instant(&random)
        let closed = random.chance(40)
        return .object([
            ("url", .string(api + "/milestones/\(number)")),
            (
                "html_url",
                .string(
                    api.replacingOccurrences(of: "api.github.com/repos", with: "github.com") + "/milestone/\(number)")
            ),
            ("labels_url", .string(api + "/milestones/\(number)/labels")),
            ("id", .int(id)),
            ("node_id", .string("MDk6TWlsZXN0b25l" + String(id, radix: 36))),
            ("number", .int(number)),
            ("title", .string("v\(random.below(9)).\(random.below(20))")),
            ("description", random.chance(50) ? .string(sentence(&random, words: 10)) : .null),
            ("creator", user(&random, style)),
            ("open_issues", .int(random.below(50))),
            ("closed_issues", .int(random.below(200))),
            ("state", .string(closed ? "closed" : "open")),
            ("created_at", style.json(created)),
            ("updated_at", style.json(created + random.below(10_000_000))),
            ("due_on", random.chance(50) ? style.json(created + random.below(20_000_000)) : .null),
            ("closed_at", closed ? style.json(created + random.below(30_000_000)) : .null),
        ])
    }

    static func issue(_ random: inout RESTRandom, _ style: RESTDateStyle) -> RESTJSON {
        let repository = login(&random) + "/" + random.pick(words)
        let api = "https://api.github.com/repos/\(repository)"
        let number = 1 + random.below(60_000)
        let id = 1 + random.below(2_000_000_000)
        let created = instant(&random)
        let closed = random.chance(30)
        let isPull = random.chance(25)
        let assignee = random.chance(40) ? user(&random, style) : RESTJSON.null
        let issueAPI = api + "/issues/\(number)"
        var members: [(String, RESTJSON)] = [
            ("url", .string(issueAPI)),
            ("repository_url", .string(api)),
            ("labels_url", .string(issueAPI + "/labels{/name}")),
            ("comments_url", .string(issueAPI + "/comments")),
            ("events_url", .string(issueAPI + "/events")),
            ("html_url", .string("https://github.com/\(repository)/\(isPull ? "pull" : "issues")/\(number)")),
            ("id", .int(id)),
            ("node_id", .string("I_kwDO" + String(id, radix: 36))),
            ("number", .int(number)),
            ("title", .string(sentence(&random, words: 3 + random.below(9)))),
            ("user", user(&random, style)),
            ("labels", .array((0..<random.below(4)).map { _ in label(&random, repository: api) })),
            ("state", .string(closed ? "closed" : "open")),
            ("locked", .bool(random.chance(3))),
            ("assignee", assignee),
            ("assignees", { if case .null = assignee { return .array([]) } else { return .array([assignee]) } }()),
            ("milestone", random.chance(30) ? milestone(&random, style, repository: api) : .null),
            ("comments", .int(random.below(60))),
            ("created_at", style.json(created)),
            ("updated_at", style.json(created + random.below(50_000_000))),
            ("closed_at", closed ? style.json(created + random.below(60_000_000)) : .null),
            ("author_association", .string(random.pick(["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"]))),
            ("active_lock_reason", .null),
        ]
        if isPull {
            members.append(("draft", .bool(random.chance(15))))
            members.append(
                (
                    "pull_request",
                    .object([
                        ("url", .string(api + "/pulls/\(number)")),
                        ("html_url", .string("https://github.com/\(repository)/pull/\(number)")),
                        ("diff_url", .string("https://github.com/\(repository)/pull/\(number).diff")),
                        ("patch_url", .string("https://github.com/\(repository)/pull/\(number).patch")),
                        (
                            "merged_at",
                            closed && random.chance(70) ? style.json(created + random.below(60_000_000)) : .null
                        ),
                    ])
                ))
        }
        members += [
            ("body", random.chance(80) ? .string(sentence(&random, words: 20 + random.below(160))) : .null),
            (
                "reactions",
                .object(
                    [("url", .string(issueAPI + "/reactions")), ("total_count", .int(random.below(30)))]
                        + ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"].map {
                            ($0, RESTJSON.int(random.below(10)))
                        })
            ),
            ("timeline_url", .string(issueAPI + "/timeline")),
            ("performed_via_github_app", .null),
            ("state_reason", closed ? .string("completed") : .null),
        ]
        return .object(members)
    }

    static func branch(_ random: inout RESTRandom, _ style: RESTDateStyle) -> RESTJSON {
        let repo = repository(&random, style)
        let ref = random.pick(["main", "feature/" + random.pick(words), "fix/" + random.pick(words)])
        return .object([
            ("label", .string(login(&random) + ":" + ref)),
            ("ref", .string(ref)),
            ("sha", .string((0..<5).map { _ in String(random.next() & 0xFF_FFFF_FF, radix: 16) }.joined())),
            ("user", user(&random, style)),
            ("repo", repo),
        ])
    }

    static func pullRequest(_ random: inout RESTRandom, _ style: RESTDateStyle) -> RESTJSON {
        let repository = login(&random) + "/" + random.pick(words)
        let api = "https://api.github.com/repos/\(repository)"
        let number = 1 + random.below(20_000)
        let id = 1 + random.below(2_000_000_000)
        let created = instant(&random)
        let html = "https://github.com/\(repository)/pull/\(number)"
        var members: [(String, RESTJSON)] = [
            ("url", .string(api + "/pulls/\(number)")),
            ("id", .int(id)),
            ("node_id", .string("PR_kwDO" + String(id, radix: 36))),
            ("html_url", .string(html)),
            ("diff_url", .string(html + ".diff")),
            ("patch_url", .string(html + ".patch")),
            ("issue_url", .string(api + "/issues/\(number)")),
            ("number", .int(number)),
            ("state", .string("closed")),
            ("locked", .bool(false)),
            ("title", .string(sentence(&random, words: 7))),
            ("user", user(&random, style)),
            ("body", .string(sentence(&random, words: 120))),
            ("created_at", style.json(created)),
            ("updated_at", style.json(created + 90_000)),
            ("closed_at", style.json(created + 80_000)),
            ("merged_at", style.json(created + 80_000)),
            ("merge_commit_sha", .string("e5bd3914e2e596debea16f433f57875b5b90bcd6")),
            ("assignee", user(&random, style)),
            ("assignees", .array([user(&random, style), user(&random, style)])),
            ("requested_reviewers", .array([user(&random, style)])),
            ("requested_teams", .array([])),
            ("labels", .array((0..<3).map { _ in label(&random, repository: api) })),
            ("milestone", milestone(&random, style, repository: api)),
            ("draft", .bool(false)),
            ("commits_url", .string(api + "/pulls/\(number)/commits")),
            ("review_comments_url", .string(api + "/pulls/\(number)/comments")),
            ("review_comment_url", .string(api + "/pulls/comments{/number}")),
            ("comments_url", .string(api + "/issues/\(number)/comments")),
            ("statuses_url", .string(api + "/statuses/e5bd3914e2e596debea16f433f57875b5b90bcd6")),
            ("head", branch(&random, style)),
            ("base", branch(&random, style)),
        ]
        var links: [(String, RESTJSON)] = []
        for (name, path) in [
            ("self", "/pulls/\(number)"), ("html", ""), ("issue", "/issues/\(number)"),
            ("comments", "/issues/\(number)/comments"), ("review_comments", "/pulls/\(number)/comments"),
            ("review_comment", "/pulls/comments{/number}"), ("commits", "/pulls/\(number)/commits"),
            ("statuses", "/statuses/e5bd3914e2e596debea16f433f57875b5b90bcd6"),
        ] {
            links.append((name, .object([("href", .string(path.isEmpty ? html : api + path))])))
        }
        members += [
            ("_links", .object(links)),
            ("author_association", .string("MEMBER")),
            ("auto_merge", .null),
            ("active_lock_reason", .null),
            ("merged", .bool(true)),
            ("mergeable", .null),
            ("rebaseable", .null),
            ("mergeable_state", .string("unknown")),
            ("merged_by", user(&random, style)),
            ("comments", .int(random.below(40))),
            ("review_comments", .int(random.below(40))),
            ("maintainer_can_modify", .bool(false)),
            ("commits", .int(1 + random.below(30))),
            ("additions", .int(random.below(3000))),
            ("deletions", .int(random.below(3000))),
            ("changed_files", .int(1 + random.below(60))),
        ]
        return .object(members)
    }
}

/// A decode function: one of the two decoders, configured.
enum RESTDecode {
    case jsonDecoder(JSONDecoder)
    case wire(WireJSONDecoder)

    func run<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        switch self {
        case .jsonDecoder(let decoder): try decoder.decode(T.self, from: data)
        case .wire(let decoder): try decoder.decode(T.self, from: data)
        }
    }
}

// MARK: The decoder oracle's fixtures (WireOracleTests, and `wirelock-decoder-bench --rest-oracle`)

/// The workload's fixtures as decoder oracle targets: `JSONDecoder` with the app's strategy against
/// `WireJSONDecoder` (`.jsonDecoder` acceptance) with the same strategy, the `.formatted` ones
/// through `WireJSONDecoder.formatted(_:)` so the date twins are what is compared.
enum RESTOracle {
    /// One model's fixture under some date styles, as decoder pairs.
    static func pairs<T: Codable & SendableMetatype>(_ type: T.Type, _ name: String, _ styles: [RESTDateStyle])
        -> [DecoderPair]
    {
        styles.map { style in
            let legacy = style.jsonDecoder()
            let candidate = WireJSONDecoder(configuredLike: style.jsonDecoder(), acceptance: .jsonDecoder)
            if let format = style.format {
                candidate.dateDecodingStrategy = WireJSONDecoder.formatted(RESTDateStyle.formatter(format))
            }
            let encoder = DecoderPair.canonicalEncoder()
            let canonical: @Sendable (T) -> [UInt8] = { value in
                (try? Array(encoder.encode(value))) ?? Array("<not encodable>".utf8)
            }
            return DecoderPair(
                name: "\(name) \(style.rawValue)",
                legacy: { bytes in
                    DecodeOutcome(decoding: { try legacy.decode(T.self, from: Data(bytes)) }, canonical: canonical)
                },
                candidate: { bytes in
                    DecodeOutcome(decoding: { try candidate.decode(T.self, from: Data(bytes)) }, canonical: canonical)
                })
        }
    }

    static let textStyles: [RESTDateStyle] = [.formattedZone, .formattedLiteralZ, .iso8601, .customISO8601Formatter]
    static let numberStyles: [RESTDateStyle] = [.secondsSince1970, .millisecondsSince1970]

    /// The fixtures: one document per model (a user, a repository, an issue, a pull request), with
    /// text dates and with numeric dates; each the seed of its own mutants, decoded by its model
    /// under the styles its dates suit; and the share of the mutants each gets.
    static func fixtures() -> [(name: String, bytes: [UInt8], pairs: [DecoderPair], share: Int)] {
        var random = RESTRandom(state: 0x27)
        func document(_ make: (inout RESTRandom, RESTDateStyle) -> RESTJSON, _ style: RESTDateStyle) -> [UInt8] {
            var copy = random
            defer { random = copy }
            return Array(make(&copy, style).text.utf8)
        }
        var fixtures: [(name: String, bytes: [UInt8], pairs: [DecoderPair], share: Int)] = []
        for (styles, style) in [(textStyles, RESTDateStyle.formattedZone), (numberStyles, .secondsSince1970)] {
            let dates = style == .secondsSince1970 ? "numeric" : "text"
            fixtures.append(
                (
                    "user-\(dates)", document({ RESTPayload.user(&$0, $1, full: true) }, style),
                    pairs(RESTUser.self, "user", styles), 30
                ))
            fixtures.append(
                (
                    "repository-\(dates)", document(RESTPayload.repository, style),
                    pairs(RESTRepository.self, "repository", styles), 30
                ))
            fixtures.append(
                ("issue-\(dates)", document(RESTPayload.issue, style), pairs(RESTIssue.self, "issue", styles), 30))
            fixtures.append(
                (
                    "pull-request-\(dates)", document(RESTPayload.pullRequest, style),
                    pairs(RESTPullRequest.self, "pull-request", styles), 10
                ))
        }
        return fixtures
    }

    /// Runs the oracle over `total` mutants, shared among the fixtures by their shares.
    static func run(total: Int, workers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount)) -> (
        report: DecoderOracleReport, expected: Int, unparseable: [String]
    ) {
        let fixtures = Self.fixtures()
        let shares = fixtures.reduce(0) { $0 + $1.share }
        var targets: [DecoderTarget] = []
        var corpus: DecoderInputSequence?
        var expected = 0
        var unparseable: [String] = []
        for (position, fixture) in fixtures.enumerated() {
            targets.append(DecoderTarget(name: fixture.name, pairs: fixture.pairs))
            let mutants = FixtureMutants(files: [(fixture.name, fixture.bytes)], seed: 27)
            if !mutants.unparseable.isEmpty { unparseable.append(fixture.name) }
            let count = total * fixture.share / shares
            expected += count
            let inputs = mutants.corpus(count: count, target: position)
            corpus = corpus.map { $0.followed(by: inputs) } ?? inputs
        }
        guard let corpus else { return (DecoderOracleReport(), 0, unparseable) }
        return (DecoderOracle(targets: targets, workers: workers).run(corpus), expected, unparseable)
    }
}
