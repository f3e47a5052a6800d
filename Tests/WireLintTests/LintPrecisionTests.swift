import Testing
import WireJSON
import WireLint

/// Issue 26's lint precision cases, each taken from a real client's fixtures (octokit.swift's
/// GitHub responses): role addresses and published example values are not findings, a person's
/// profile is, credentials in any URL are, and a fixture named only by another fixture is unused.
@Suite("Lint precision on real payloads")
struct LintPrecisionTests {
    static func findings(_ json: String, file: String = "user-default.json", configuration: String? = nil) throws
        -> [String]
    {
        let lint = try configuration.map { try LintConfiguration(json: try JSONValue.parse($0)) } ?? LintConfiguration()
        return Lint.findings(in: Array(json.utf8), file: file, configuration: lint).filter {
            ["secret", "personal", "internal"].contains($0.family)
        }.map { "\($0.ruleID) \($0.path?.description ?? "-")" }
    }

    static func value(_ key: String, _ value: String) -> String {
        #"{"\#(key)": "\#(value)"}"#
    }

    // MARK: Role addresses

    @Test(
        "a service's role address is not a person",
        arguments: [
            "notifications@github.com", "noreply@github.com", "no-reply@accounts.google.com", "support@stripe.com",
            "Do-Not-Reply+builds@ci.acme.io", "postmaster@mail.acme.io",
        ])
    func roleAddress(_ address: String) throws {
        #expect(try Self.findings(Self.value("from", address)) == [])
        // Quoted in a comment, as GitHub's e-mail replies quote the sender.
        let prose = "On Wednesday, 18 November 2015, Ben Chatelain \(address)\\nwrote:\\n\\n> Tests added."
        #expect(try Self.findings(Self.value("body", prose)) == [])
    }

    @Test(
        "a person's address, or a role word at a public mailbox provider, is still personal",
        arguments: [
            "jane.doe@acme.io", "support@gmail.com", "583231+octocat@users.noreply.github.com", "ben@chatelain.io",
        ])
    func personAddress(_ address: String) throws {
        #expect(try Self.findings(Self.value("from", address)) == ["personal.email $.from"])
    }

    // MARK: Published examples

    @Test(
        "a vendor's published example value is not a secret",
        arguments: [
            ("temp_clone_token", "ABTLWHOULUVAXGTRYU7OC2876QJ2O"),
            ("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE"),
            ("notes", "use AKIAIOSFODNN7EXAMPLE as in the AWS guide"),
            ("aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            ("stripe_secret_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),
            ("publishable_key", "pk_test_TYooMQauvdEDq54NiTphI7jx"),
            (
                "id_token",
                "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
            ),
        ])
    func publishedExample(_ key: String, _ example: String) throws {
        #expect(try Self.findings(Self.value(key, example)) == [])
    }

    @Test(
        "a value one character away from a published example is still a secret",
        arguments: [
            ("temp_clone_token", "ABTLWHOULUVAXGTRYU7OC2876QJ2P", "secret.high-entropy"),
            ("aws_access_key_id", "AKIAIOSFODNN7EXAMPLF", "secret.aws-access-key"),
            ("stripe_secret_key", "sk_test_4eC39HqLyjWDarjtT1zdp7dd", "secret.high-entropy"),
        ])
    func nearExample(_ key: String, _ value: String, _ rule: String) throws {
        #expect(try Self.findings(Self.value(key, value)) == ["\(rule) $.\(key)"])
    }

    @Test("a project adds its own published examples in lint.examples, each with its source")
    func configuredExample() throws {
        let json = Self.value("api_token", "tok_9fK2mQ7xLp4Vn8Rw")
        #expect(try Self.findings(json) == ["secret.high-entropy $.api_token"])
        let configuration =
            #"{"examples": [{"value": "tok_9fK2mQ7xLp4Vn8Rw", "source": "https://vendor.example/docs/auth"}]}"#
        #expect(try Self.findings(json, configuration: configuration) == [])
        // Only that value: another token under the same key is still reported.
        let other = Self.value("api_token", "tok_3hJ8sD1qWe6Zt0Yu")
        #expect(try Self.findings(other, configuration: configuration) == ["secret.high-entropy $.api_token"])
    }

    @Test(
        "an example without its source, or not a string, is a configuration error naming the setting",
        arguments: [
            (#"{"examples": [{"value": "tok_9fK2mQ7xLp4Vn8Rw"}]}"#, "lint.examples[0].source"),
            (#"{"examples": [{"value": "", "source": "docs"}]}"#, "lint.examples[0].value"),
            (#"{"examples": ["tok_9fK2mQ7xLp4Vn8Rw"]}"#, "lint.examples[0]"),
            (#"{"examples": {"value": "x"}}"#, "lint.examples"),
        ])
    func exampleErrors(_ text: String, _ setting: String) throws {
        #expect(throws: LintConfiguration.Error.self) { try LintConfiguration(json: try JSONValue.parse(text)) }
        do {
            _ = try LintConfiguration(json: try JSONValue.parse(text))
        } catch let error as LintConfiguration.Error {
            #expect(error.setting == setting)
        }
    }

    // MARK: Person-like objects

    /// octokit.swift's authenticated-user fixture, shortened, its person made up.
    static let profile = """
        {
          "avatar_url": "https://avatars.githubusercontent.com/u/759730?v=3",
          "bio": "Tweeting about iOS and drumming",
          "blog": "jane-roe.dev",
          "company": "Roe Instruments GmbH",
          "email": null,
          "gravatar_id": "",
          "hireable": true,
          "id": 759730,
          "location": "Hamburg",
          "login": "janeroe",
          "name": "Jane Roe",
          "owned_private_repos": 0,
          "plan": {"name": "micro", "private_repos": 5},
          "private_gists": 7,
          "twitter_username": "janeroe_drums",
          "type": "User"
        }
        """

    @Test(
        "a person-like object's name, employer, city, bio, site, social handle and private counts are personal.profile")
    func personLike() throws {
        let found = try Self.findings(Self.profile)
        #expect(
            found.sorted() == [
                "personal.profile $.bio", "personal.profile $.blog", "personal.profile $.company",
                "personal.profile $.location", "personal.profile $.name", "personal.profile $.private_gists",
                "personal.profile $.twitter_username",
            ])
    }

    @Test("a profile finding's snippet is masked")
    func profileMasked() throws {
        let results = Lint.findings(in: Array(Self.profile.utf8), file: "user-me.json")
        let name = try #require(results.first { $0.path?.description == "$.name" })
        #expect(name.snippet == "Ja…(8 chars)")
        let company = try #require(results.first { $0.path?.description == "$.company" })
        #expect(company.snippet == "Roe …(20 chars)")
        #expect(results.allSatisfy { $0.snippet.map { !$0.contains("Hamburg") && !$0.contains("drum") } ?? true })
    }

    @Test("person-like objects are found anywhere: in arrays, nested, with an e-mail address as identity")
    func nestedPeople() throws {
        let json = """
            {"items": [{"commit": {"author": {"date": "2015-11-18T10:00:00Z", "email": "jane@roe-instruments.de", "name": "Jane Roe"}}},
                       {"user": {"login": "jroe", "location": "Kiel", "birthday": "1990-04-01"}}]}
            """
        #expect(
            try Self.findings(json).sorted() == [
                "personal.email $.items[0].commit.author.email", "personal.profile $.items[0].commit.author.name",
                "personal.profile $.items[1].user.birthday", "personal.profile $.items[1].user.location",
            ])
    }

    @Test(
        "objects that are not people keep their names: repositories, organisations, role senders, plans",
        arguments: [
            #"{"full_name": "octocat/Hello-World", "name": "Hello-World", "owner": {"id": 1, "login": "octocat"}}"#,
            #"{"login": "github", "name": "GitHub", "company": "GitHub", "location": "San Francisco", "type": "Organization"}"#,
            #"{"login": "dependabot[bot]", "name": "Dependabot", "type": "Bot"}"#,
            #"{"email": "49699333+dependabot[bot]@users.noreply.github.com", "name": "dependabot[bot]"}"#,
            #"{"committer": {"email": "noreply@github.com", "name": "GitHub"}}"#,
            #"{"login": "octocat", "plan": {"name": "micro"}, "name": null, "company": "", "bio": "<redacted>"}"#,
            #"{"label": {"name": "bug", "color": "f29513"}, "user": {"login": "octocat"}}"#,
        ])
    func notPeople(_ json: String) throws {
        #expect(try Self.findings(json) == [])
    }

    // MARK: URL credentials

    @Test(
        "a password in any URL's userinfo is a finding, documentation hosts included",
        arguments: [
            "https://admin:s3cr3t-Passw0rd@api.example.com/v1", "postgres://app:Hunter2Hunter2@db.example.org/app",
            "https://deploy:t0ken-4242@docs.github.com/hook",
            "postgres://ledger:Vt7#pQ2z!mR9@db.example.com:5432/ledger",
        ])
    func urlCredentials(_ url: String) throws {
        #expect(try Self.findings(Self.value("endpoint", url)) == ["secret.url-credentials $.endpoint"])
    }

    @Test("a placeholder password in a URL stays allowed")
    func urlPlaceholder() throws {
        #expect(try Self.findings(Self.value("endpoint", "https://user:<redacted>@api.example.com/v1")) == [])
    }

    // MARK: Unreferenced fixtures

    @Test("a fixture named only inside another fixture's JSON is unreferenced")
    func referenceFromFixture() {
        var index = LintReferenceIndex()
        index.add(
            Array(#"{"next": "issue-comments-page2", "see": "users-legacy"}"#.utf8),
            from: "/pkg/Tests/Fixtures/issue-comments.json")
        index.add(Array(#"{"fixture": "issue-comments"}"#.utf8), from: "/pkg/Tests/golden/issue-comments.json")
        index.add(Array(#"try fixture("users-legacy.json")"#.utf8), from: "/pkg/Tests/UserTests.swift")
        let fixtures = [
            "/pkg/Tests/Fixtures/issue-comments.json", "/pkg/Tests/Fixtures/issue-comments-page2.json",
            "/pkg/Tests/Fixtures/users-legacy.json",
        ]
        #expect(
            index.findings(forFixtures: fixtures).map(\.file) == [
                "/pkg/Tests/Fixtures/issue-comments.json", "/pkg/Tests/Fixtures/issue-comments-page2.json",
            ])
    }

    @Test("code, configuration and route tables do reference a fixture")
    func referenceSources() {
        var index = LintReferenceIndex()
        index.add(Array(#"{"routes": [{"fixture": "movies-success"}]}"#.utf8), from: "/pkg/Tests/stub-routes.json")
        index.add(Array(#"{"inputs": ["calendar-empty"]}"#.utf8), from: "/pkg/wirelock.json")
        index.add(Array("fixtures: [series-list]".utf8), from: "/pkg/Tests/config.yml")
        let fixtures = ["/pkg/F/movies-success.json", "/pkg/F/calendar-empty.json", "/pkg/F/series-list.json"]
        #expect(index.findings(forFixtures: fixtures) == [])
    }
}
