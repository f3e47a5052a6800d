import Testing
import WireCommands
import WireJSON
import WireLint
import WireLockTestSupport
import WireSupport

/// Issue 26: a baseline for `wirelock check` (record today's findings, fail only on new ones), as
/// library calls: ``Baseline`` on its own, then through ``CheckPipeline``.
@Suite("Check baseline (library)")
struct CheckBaselineTests {
    static func finding(
        _ rule: String, _ file: String, line: Int? = nil, path: JSONPath? = nil, message: String = "m"
    ) -> Finding {
        Finding(
            ruleID: rule, file: file, region: line.map { Finding.Region(line: $0, column: 1) }, path: path,
            message: message)
    }

    // MARK: Baseline alone.

    @Test func findingsMatchByRuleFileAndPathNeverByLine() {
        let email = Self.finding("personal.email", "Fixtures/user.json", line: 3, path: [.key("email")])
        let baseline = Baseline(findings: [email])
        var moved = email
        moved.region = Finding.Region(line: 40, column: 9)
        moved.message = "another wording"
        #expect(baseline.apply(to: [moved]).new.isEmpty, "a line that moved is the same finding")
        var elsewhere = email
        elsewhere.path = [.key("owner"), .key("email")]
        #expect(baseline.apply(to: [elsewhere]).new == [elsewhere], "another path is a new finding")
        var otherFile = email
        otherFile.file = "Fixtures/other.json"
        #expect(baseline.apply(to: [otherFile]).new == [otherFile])
        var otherRule = email
        otherRule.ruleID = "secret.jwt"
        #expect(baseline.apply(to: [otherRule]).new == [otherRule])
    }

    @Test func aFindingWithoutAPathMatchesByItsMessageWithDigitsLeftOut() {
        let before = Self.finding(
            "format.non-canonical", "a.json", line: 3, message: "not in canonical form (first difference on line 3)")
        let after = Self.finding(
            "format.non-canonical", "a.json", line: 12, message: "not in canonical form (first difference on line 12)")
        #expect(Baseline(findings: [before]).apply(to: [after]).new.isEmpty)
        #expect(Baseline.key(of: before).subject == "not in canonical form (first difference on line #)")
        let naming = Self.finding("naming.file-name", "x.json", message: "'x' is not named <resource>-<scenario>")
        #expect(Baseline(findings: [naming]).apply(to: [naming]).accepted == [naming])
    }

    @Test func eachEntryAcceptsAsManyFindingsAsWereRecorded() {
        let one = Self.finding("secret.jwt", "a.json", path: [.key("t")])
        let baseline = Baseline(findings: [one, one])
        #expect(baseline.count == 2)
        let split = baseline.apply(to: [one, one, one])
        #expect(split.accepted.count == 2)
        #expect(split.new.count == 1)
        #expect(split.unmatchedCount == 0)
        let fixed = baseline.apply(to: [one])
        #expect(fixed.new.isEmpty)
        #expect(fixed.unmatchedCount == 1)
    }

    @Test func theFileRoundTripsSortedAndCanonical() throws {
        let findings = [
            Self.finding("personal.email", "b.json", path: [.key("email")]),
            Self.finding("naming.file-name", "a.json", message: "'a' is not named <resource>-<scenario>"),
            Self.finding("personal.email", "b.json", path: [.key("email")]),
        ]
        let baseline = Baseline(findings: findings)
        let text = String(decoding: baseline.fileBytes, as: UTF8.self)
        #expect(
            text == """
                {
                  "findings": [
                    {
                      "file": "a.json",
                      "rule": "naming.file-name",
                      "subject": "'a' is not named <resource>-<scenario>"
                    },
                    {
                      "count": 2,
                      "file": "b.json",
                      "path": "$.email",
                      "rule": "personal.email"
                    }
                  ],
                  "wirelock-baseline": 1
                }

                """)
        #expect(try Baseline(bytes: baseline.fileBytes, file: "b.json") == baseline)
    }

    @Test(arguments: [
        ("{", "baseline.json:1:2: error: not a valid baseline: not valid JSON"),
        ("[]\n", "baseline.json:1:1: error: not a valid baseline: expected {\"wirelock-baseline\": 1"),
        (
            #"{"wirelock-baseline": 2, "findings": []}"#,
            "baseline.json:1:23: error: $[\"wirelock-baseline\"]: not a valid baseline"
        ),
        (
            #"{"wirelock-baseline": 1, "findings": [{"rule": "a", "file": "b"}]}"#,
            "baseline.json:1:39: error: $.findings[0]: not a valid baseline: the entry needs exactly one of path or subject"
        ),
        (
            #"{"wirelock-baseline": 1, "findings": [{"rule": "a", "file": "b", "path": "$", "count": 0}]}"#,
            "baseline.json:1:88: error: $.findings[0].count: not a valid baseline: expected a whole number above 0"
        ),
        (
            #"{"wirelock-baseline": 1, "findings": [], "extra": 1}"#,
            "baseline.json:1:51: error: $.extra: not a valid baseline: unknown field"
        ),
    ])
    func aBadBaselineFileIsALocatedError(text: String, message: String) {
        #expect {
            _ = try Baseline(bytes: Array(text.utf8), file: "baseline.json")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    // MARK: Through the pipeline.

    /// A client's fixtures with three findings: a non-canonical file, an e-mail address, a name that is
    /// not `<resource>-<scenario>` (a test names both files).
    static func repository(configuration: String = #"{"fuzz": {"count": 0}}"#) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", "// swift-tools-version:6.0\n")
        try directory.write("Fixtures/user-me.json", "{\n    \"email\": \"jane.doe@acme-mail.io\",\n    \"id\": 1\n}\n")
        try directory.write("Fixtures/Repos.json", "[\n  1\n]\n")
        try directory.write("Tests/ClientTests.swift", "// user-me Repos\n")
        try directory.write("wirelock.json", configuration + "\n")
        return directory
    }

    static func check(
        _ directory: TemporaryDirectory, baseline: String? = "wirelock-baseline.json", write: Bool = false,
        environment: [String: String] = [:]
    ) throws(ConfigurationFile.LoadError) -> CheckPipeline.Result {
        try CheckPipeline.run(
            CheckPipeline.Configuration(
                configurationFile: RawPath(directory.path("wirelock.json")), environment: environment,
                baseline: baseline.map { RawPath(directory.path($0)) }, writeBaseline: write))
    }

    @Test func recordPassThenFailOnlyOnNewThenShrink() throws {
        let directory = try Self.repository()
        defer { directory.remove() }
        let file = RawPath(directory.path("wirelock-baseline.json"))

        // --baseline FILE with no file yet: today's three findings are recorded, the run passes.
        let recorded = try Self.check(directory)
        #expect(recorded.findings.isEmpty)
        #expect(
            recorded.accepted.map(\.ruleID).sorted() == ["format.non-canonical", "naming.file-name", "personal.email"])
        #expect(recorded.baseline == .written(file: file, entries: 3, previous: nil))
        #expect(!recorded.hasFailingFindings)

        // The next run reads it and passes.
        let next = try Self.check(directory)
        #expect(next.findings.isEmpty)
        #expect(next.baseline == .applied(file: file, accepted: 3, unmatched: 0))

        // A new finding fails it, alone.
        try directory.write("Fixtures/user-other.json", "{\n  \"email\": \"john.roe@acme-mail.io\"\n}\n")
        try directory.write("Tests/ClientTests.swift", "// user-me Repos user-other\n")
        let planted = try Self.check(directory)
        #expect(planted.findings.map { "\($0.ruleID) \($0.file)" } == ["personal.email Fixtures/user-other.json"])
        #expect(planted.hasFailingFindings)
        try directory.write("Fixtures/user-other.json", "{\n  \"email\": \"user@example.com\"\n}\n")

        // Reformatting moves every line: the e-mail address is still the recorded finding.
        try directory.write("Fixtures/user-me.json", "{\n  \"email\": \"jane.doe@acme-mail.io\",\n  \"id\": 1\n}\n")
        let formatted = try Self.check(directory)
        #expect(formatted.findings.isEmpty)
        #expect(formatted.baseline == .applied(file: file, accepted: 2, unmatched: 1))

        // Fixing the address too: two entries no longer occur; a write shrinks the file to one.
        try directory.write("Fixtures/user-me.json", "{\n  \"email\": \"user@example.com\",\n  \"id\": 1\n}\n")
        #expect(try Self.check(directory).baseline == .applied(file: file, accepted: 1, unmatched: 2))
        let shrunk = try Self.check(directory, write: true)
        #expect(shrunk.baseline == .written(file: file, entries: 1, previous: 3))
        #expect(
            try Baseline(bytes: directory.read("wirelock-baseline.json"), file: "b").entries.keys.map(\.rule) == [
                "naming.file-name"
            ])
    }

    @Test func aBaselineNamedInTheConfigurationIsRead() throws {
        let directory = try Self.repository(configuration: #"{"fuzz": {"count": 0}, "baseline": "ci/baseline.json"}"#)
        defer { directory.remove() }
        // Named but missing: an error, never a silent pass.
        #expect {
            _ = try Self.check(directory, baseline: nil)
        } throws: { error in
            guard case .unreadable(_, let reason) = error as? ConfigurationFile.LoadError else { return false }
            return reason.contains("does not exist; record it with `wirelock check --write-baseline`")
        }
        let written = try Self.check(directory, baseline: nil, write: true)
        #expect(
            written.baseline == .written(file: RawPath(directory.path("ci/baseline.json")), entries: 3, previous: nil))
        #expect(try Self.check(directory, baseline: nil).findings.isEmpty)
    }

    @Test func underCINoBaselineIsWritten() throws {
        let directory = try Self.repository()
        defer { directory.remove() }
        let result = try Self.check(directory, environment: ["CI": "true"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.contains("under CI nothing is recorded") == true, "\(result.errors)")
        #expect(result.findings.count == 3, "nothing accepted: the findings still fail")
        #expect(!FileSystem.isDirectory(RawPath(directory.path("wirelock-baseline.json"))))
        #expect((try? directory.read("wirelock-baseline.json")) == nil)
    }

    @Test func aBadBaselineStopsTheRunWithALocatedError() throws {
        let directory = try Self.repository()
        defer { directory.remove() }
        try directory.write("wirelock-baseline.json", "{\"wirelock-baseline\": 1, \"findings\": [{\"rule\": 1}]}\n")
        #expect {
            _ = try Self.check(directory)
        } throws: { error in
            guard case .invalid(let invalid) = error as? ConfigurationFile.LoadError else { return false }
            return invalid.line == 1 && invalid.column == 48 && invalid.message.contains("expected a non-empty string")
        }
    }

    // MARK: The run record.

    @Test func theRunRecordNamesTheCommitTheFormatsAndTheFailingFiles() throws {
        let lock = Array(
            "# wirelock.lock\nmovie shape=aa golden=bb\nseries shape=cc golden=dd\n".utf8)
        let findings = [
            Self.finding("personal.email", "Fixtures/user.json", path: [.key("email")]),
            Self.finding("secret.jwt", "Fixtures/user.json", path: [.key("token")]),
            Self.finding("naming.file-name", "Fixtures/Gone.json"),
        ]
        let record = RunRecord(
            command: "wirelock check", commit: "abc123", status: 1, findings: findings, accepted: 2, lockFile: lock,
            read: { $0 == "Fixtures/user.json" ? Array("abc".utf8) : nil })
        #expect(record.formats == ["movie": "movie shape=aa golden=bb", "series": "series shape=cc golden=dd"])
        #expect(
            record.failures == [
                .init(file: "Fixtures/Gone.json", sha256: nil, rules: ["naming.file-name"]),
                .init(
                    file: "Fixtures/user.json",
                    sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                    rules: ["personal.email", "secret.jwt"]),
            ])
        let json = try JSONValue.parse(record.fileBytes)
        #expect(json["commit"] == .string("abc123"))
        #expect(json["accepted"] == .number(2))
    }

    @Test func theCommitIsReadFromTheRepositorysFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sha = String(repeating: "ab", count: 20)
        try directory.write(".git/HEAD", "ref: refs/heads/main\n")
        try directory.write(".git/packed-refs", "# pack-refs\n\(sha) refs/heads/main\n")
        try directory.write("sub/Package.swift", "")
        let root = RawPath(directory.path("sub"))
        #expect(RunRecord.commit(root: root, environment: [:]) == sha)
        try directory.write(".git/refs/heads/main", "\(String(repeating: "cd", count: 20))\n")
        #expect(RunRecord.commit(root: root, environment: [:]) == String(repeating: "cd", count: 20))
        #expect(RunRecord.commit(root: root, environment: ["GITHUB_SHA": "ff"]) == "ff")
    }
}
