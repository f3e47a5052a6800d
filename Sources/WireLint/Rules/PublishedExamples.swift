/// Values that look like credentials but are published examples from a vendor's own documentation:
/// anyone can read them, they open nothing, and API documentation copies them into example
/// responses (and so into fixtures recorded from those responses). A `secret.*` finding whose
/// matched text, or whose whole value, is one of them is not reported.
///
/// The list is short on purpose: each entry is one exact value with the page that publishes it.
/// A project adds its own in `wirelock.json` (`lint.examples`, read into
/// ``LintConfiguration/publishedExamples``).
///
/// ```swift
/// PublishedExample.builtIn.contains { $0.value == "AKIAIOSFODNN7EXAMPLE" }   // true
/// ```
package struct PublishedExample: Hashable, Sendable {
    /// The exact value, as the documentation prints it.
    package var value: String
    /// Where it is published (a URL, or for a configured entry whatever the project wrote).
    package var source: String

    /// An example value and its source.
    package init(value: String, source: String) {
        self.value = value
        self.source = source
    }

    /// The values WireLock knows without configuration, each with the page that prints it.
    package static let builtIn: [PublishedExample] = [
        // AWS's documented example access key pair (IAM user guide and CLI configuration pages).
        PublishedExample(
            value: "AKIAIOSFODNN7EXAMPLE",
            source: "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html"),
        PublishedExample(
            value: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            source: "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html"),
        // GitHub's REST reference: the example response of a repository (and of a pull request's
        // head and base repositories) carries this temp_clone_token.
        PublishedExample(
            value: "ABTLWHOULUVAXGTRYU7OC2876QJ2O",
            source: "https://docs.github.com/en/rest/repos/repos#get-a-repository"),
        // Stripe's API reference shows a test-mode key pair to readers who are not signed in.
        PublishedExample(
            value: "sk_test_4eC39HqLyjWDarjtT1zdp7dc", source: "https://docs.stripe.com/api/authentication"),
        PublishedExample(
            value: "pk_test_TYooMQauvdEDq54NiTphI7jx", source: "https://docs.stripe.com/api/authentication"),
        PublishedExample(
            value: "sk_test_BQokikJOvBiI2HlWgH4olfQ2", source: "https://docs.stripe.com/api/authentication"),
        // jwt.io's debugger opens with this HS256 token (signed with "your-256-bit-secret").
        PublishedExample(
            value: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0Ijo"
                + "xNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
            source: "https://jwt.io/"),
    ]
}

/// The published examples a scan skips, as bytes for constant-time lookups.
struct PublishedExampleSet: Sendable {
    private let values: Set<[UInt8]>

    init(_ examples: [PublishedExample]) {
        values = Set(examples.map { Array($0.value.utf8) })
    }

    /// The built-in list alone.
    static let builtIn = PublishedExampleSet(PublishedExample.builtIn)

    func contains(_ bytes: [UInt8]) -> Bool { values.contains(bytes) }
}
