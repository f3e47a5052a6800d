/// One lint rule: a stable id, the words a report shows for it, and how to fix what it finds.
///
/// The table ``all`` is what a report renders into SARIF `rules[]` (`id`, `shortDescription`,
/// `fullDescription`, `help`) and what `wirelock lint --help` lists. Ids never change once
/// published; a rule that goes away keeps its id retired.
///
/// ```swift
/// let rule = LintRule.rule(withID: "secret.jwt")
/// print(rule?.help ?? "")   // replace it with an unsigned JWT that has the same claim keys …
/// ```
package struct LintRule: Hashable, Sendable, Identifiable {
    /// `family.name`, for example `secret.aws-access-key`.
    package let id: String
    /// One line naming what the rule finds.
    package let shortDescription: String
    /// A sentence or two on what the rule matches and what it leaves alone.
    package let fullDescription: String
    /// How to fix a finding.
    package let help: String

    /// The rule's family (``LintCategory``), the part of ``id`` before the dot.
    package var category: LintCategory {
        LintCategory(rawValue: String(id.prefix { $0 != "." })) ?? .format
    }

    /// ``shortDescription`` as the start of a sentence's clause: "a bearer credential".
    var sentenceDescription: String {
        guard let first = shortDescription.first else { return shortDescription }
        return first.lowercased() + shortDescription.dropFirst()
    }

    init(_ id: String, _ shortDescription: String, _ fullDescription: String, help: String) {
        self.id = id
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.help = help
    }

    /// The rule with this id, or `nil` when there is none.
    package static func rule(withID id: String) -> LintRule? {
        all.first { $0.id == id }
    }
}

/// The families of lint rules, as `--only` names them.
package enum LintCategory: String, Hashable, Sendable, CaseIterable {
    /// Credentials and keys.
    case secret
    /// E-mail addresses, phone numbers and the profile of a person.
    case personal
    /// Private, loopback and link-local addresses and internal host names.
    case internalHost = "internal"
    /// Invalid, non-canonical and duplicate-key documents.
    case format
    /// Files not named `<resource>-<scenario>.json`.
    case naming
    /// Fixtures nothing refers to.
    case unreferenced
}

extension LintRule {
    package static let jwt = LintRule(
        "secret.jwt", "A JSON Web Token",
        "A signed JWT: three base64url parts whose header and payload decode to JSON objects. Its claims are "
            + "scanned too. Unsigned tokens (alg none, empty signature), WireLock's own placeholders, are left alone.",
        help: "replace it with an unsigned JWT that has the same claim keys (wirelock lint --fix does)")
    package static let bearer = LintRule(
        "secret.bearer", "A bearer credential",
        "`Bearer <token>` with a token that is not a placeholder, anywhere in a string (in prose only when the "
            + "token is 16 characters or more and has a digit).",
        help: "replace the token with a placeholder such as <redacted>")
    package static let basic = LintRule(
        "secret.basic", "A basic-authentication credential",
        "`Basic <base64>` whose base64 decodes to user:password.",
        help: "replace the credential with a placeholder such as <redacted>")
    package static let authorization = LintRule(
        "secret.authorization", "An Authorization header value",
        "The value of an Authorization or Proxy-Authorization header (an object member or a HAR name/value pair) "
            + "that is not a placeholder.",
        help: "replace the value with a placeholder such as <redacted>")
    package static let cookie = LintRule(
        "secret.cookie", "A session cookie",
        "A Cookie or Set-Cookie header whose cookie value looks like a session token (8 characters or more, "
            + "with a digit or high entropy).",
        help: "replace the cookie value with a placeholder such as <redacted>")
    package static let awsAccessKey = LintRule(
        "secret.aws-access-key", "An AWS access key id",
        "AKIA or ASIA followed by 16 upper-case letters or digits.",
        help: "replace it with a placeholder such as <redacted>; rotate the key if it was real")
    package static let githubToken = LintRule(
        "secret.github-token", "A GitHub token",
        "ghp_, gho_, ghs_, ghu_ or ghr_ followed by 30 or more letters or digits, or a github_pat_ token.",
        help: "replace it with a placeholder such as <redacted>; revoke the token if it was real")
    package static let stripeKey = LintRule(
        "secret.stripe-key", "A Stripe live secret key",
        "sk_live_ or rk_live_ followed by 16 or more letters or digits.",
        help: "replace it with a placeholder such as <redacted>; roll the key if it was real")
    package static let slackToken = LintRule(
        "secret.slack-token", "A Slack token",
        "xoxa-, xoxb-, xoxp-, xoxr- or xoxs- followed by 10 or more letters, digits or dashes.",
        help: "replace it with a placeholder such as <redacted>; revoke the token if it was real")
    package static let slackWebhook = LintRule(
        "secret.slack-webhook", "A Slack webhook address",
        "An https://hooks.slack.com/services/… address: whoever has it can post to the channel.",
        help: "replace it with https://hooks.example.com/services/<redacted>")
    package static let googleAPIKey = LintRule(
        "secret.google-api-key", "A Google API key",
        "AIza followed by 35 letters, digits, dashes or underscores.",
        help: "replace it with a placeholder such as <redacted>; restrict or delete the key if it was real")
    package static let privateKey = LintRule(
        "secret.private-key", "A private-key PEM block",
        "-----BEGIN … PRIVATE KEY----- followed by key material.",
        help: "remove the key; a fixture never needs a real one")
    package static let highEntropy = LintRule(
        "secret.high-entropy", "A high-entropy value under a secret-like key",
        "A value without spaces, 8 characters or more and of high entropy under a key such as token, apiKey, "
            + "api_key, secret, client_secret or password (page tokens and cursors excepted).",
        help: "replace it with a placeholder such as <redacted>")
    package static let urlCredentials = LintRule(
        "secret.url-credentials", "An address with a password in it",
        "A URL of the form scheme://user:password@host whose password is not a placeholder, whatever the host "
            + "(documentation hosts included: a real password is real wherever it points).",
        help: "remove the user:password@ part or use https://user:<redacted>@example.com")
    package static let email = LintRule(
        "personal.email", "An e-mail address",
        "An address local@domain whose domain is not a documentation domain (example.com, .org, .net, .test, "
            + ".invalid, .example) and that is not a service's role address (noreply@, notifications@, support@, … "
            + "at a domain that is not a public mailbox provider).",
        help: "replace it with user@example.com")
    package static let phone = LintRule(
        "personal.phone", "A phone number",
        "An E.164 number (+ and 8 to 15 digits), a North American (555) 555-0100 or 555-555-0100 form, or a "
            + "national number with a leading 0 and 10 or 11 digits in groups.",
        help: "replace it with a placeholder such as <phone>")
    package static let profile = LintRule(
        "personal.profile", "Personal data in a person's profile",
        "In an object that describes a person (it has a login, username, screen_name, avatar_url or a non-role "
            + "e-mail address, and its type is not Organization or Bot): the name, company, location, bio, blog, "
            + "social handles (twitter_username, …), birthday or postal address, when not empty or a placeholder; "
            + "and non-zero counts whose name says private (private_gists, owned_private_repos).",
        help: "replace it with a made-up value (\"Jane Roe\") or a placeholder such as <redacted>")
    package static let internalIP = LintRule(
        "internal.ip", "A private, loopback or link-local address",
        "IPv4 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16, 100.64/10; IPv6 ::1, fc00::/7, fe80::/10 (and "
            + "mapped IPv4), in URLs, bare host values and text. Documentation ranges are left alone.",
        help: "replace it with a documentation address such as 192.0.2.1 or 2001:db8::1")
    package static let internalHost = LintRule(
        "internal.host", "An internal host name",
        "localhost, or a host ending in .localhost, .local, .internal, .corp or .lan, in a URL or a bare host "
            + "value.",
        help: "replace it with a documentation host such as api.example.com")
    package static let invalid = LintRule(
        "format.invalid", "Not valid JSON",
        "The file is not one valid JSON document (or, for .jsonl, a line is not); the validator's first error.",
        help: "fix the JSON at the reported place (wirelock validate shows an excerpt)")
    package static let nonCanonical = LintRule(
        "format.non-canonical", "Not in canonical form",
        "The file differs from what wirelock fmt writes (sorted keys, two-space indent, final newline).",
        help: "run wirelock fmt on the file")
    package static let duplicateKey = LintRule(
        "format.duplicate-key", "A repeated member name",
        "An object names a member twice; decoders disagree on which copy wins.",
        help: "keep one of the members")
    package static let fileName = LintRule(
        "naming.file-name", "Not named <resource>-<scenario>.json",
        "A fixture's base name must be lower-case words and digits joined by dashes, at least two of them: "
            + "movies-success.json, error-429.json.",
        help: "rename the file to <resource>-<scenario>.json")
    package static let unreferencedFixture = LintRule(
        "unreferenced.fixture", "A fixture nothing uses",
        "No test source, golden file or route table under the package names the fixture's base name.",
        help: "use the fixture in a test or delete it")

    /// Every rule, in the order reports list them.
    package static let all: [LintRule] = [
        jwt, bearer, basic, authorization, cookie, awsAccessKey, githubToken, stripeKey, slackToken, slackWebhook,
        googleAPIKey, privateKey, highEntropy, urlCredentials, email, phone, profile, internalIP, internalHost, invalid,
        nonCanonical, duplicateKey, fileName, unreferencedFixture,
    ]
}
