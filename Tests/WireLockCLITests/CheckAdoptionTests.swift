import Testing
import WireCommands
import WireLint
import WireLockTestSupport
import WireSupport

/// Issue 26: `wirelock check` adopted gradually on an existing client, as library calls: every stage
/// and every lint rule switched off or scoped by path in `wirelock.json`, the file-name convention
/// configurable. (The baseline has its own suite.)
@Suite("Check pipeline: gradual adoption (library)")
struct CheckAdoptionTests {
    /// A client's fixtures as a team has them: snake_case names, one file not in canonical form, one
    /// under `legacy/`; a test names each, so `unreferenced` is quiet unless a test says otherwise.
    static func repository(configuration: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Package.swift", "// swift-tools-version:6.0\n")
        try directory.write("Fixtures/list_repos.json", "[\n  1\n]\n")
        try directory.write("Fixtures/get_user.json", "{\"login\": \"a\"}\n")
        try directory.write("Fixtures/legacy/old_user.json", "{\"login\":   \"b\"}\n")
        try directory.write("Tests/ClientTests.swift", "// list_repos get_user old_user\n")
        try directory.write("wirelock.json", configuration)
        return directory
    }

    static func check(_ directory: TemporaryDirectory) throws -> CheckPipeline.Result {
        try CheckPipeline.run(CheckPipeline.Configuration(configurationFile: RawPath(directory.path("wirelock.json"))))
    }

    /// `RULE FILE` of each finding, sorted.
    static func summary(_ result: CheckPipeline.Result) -> [String] {
        result.findings.map { "\($0.ruleID) \($0.file)" }.sorted()
    }

    static let noFuzz = #""fuzz": {"count": 0}"#

    @Test func withTheDefaultsSnakeCaseNamesAndNonCanonicalFilesAreFindings() throws {
        let directory = try Self.repository(configuration: "{\(Self.noFuzz)}\n")
        defer { directory.remove() }
        #expect(
            Self.summary(try Self.check(directory)) == [
                "format.non-canonical Fixtures/get_user.json",
                "format.non-canonical Fixtures/legacy/old_user.json",
                "naming.file-name Fixtures/get_user.json",
                "naming.file-name Fixtures/legacy/old_user.json",
                "naming.file-name Fixtures/list_repos.json",
            ])
    }

    /// `lint.disable` never reached the `fmt --check` stage: CI went green only after rewriting the
    /// fixtures. `check.fmt: false` turns it off; the table says so.
    @Test func theFmtStageCanBeSwitchedOff() throws {
        let directory = try Self.repository(
            configuration: #"{\#(Self.noFuzz), "check": {"fmt": false}, "lint": {"disable": ["naming"]}}"# + "\n")
        defer { directory.remove() }
        let result = try Self.check(directory)
        #expect(Self.summary(result) == [])
        #expect(
            result.steps.first { $0.check == "fmt --check" }?.note
                == "off (check.fmt in \(directory.path("wirelock.json")))")
    }

    @Test(arguments: [
        (#"{"exclude": ["Fixtures/legacy/*"]}"#, ["format.non-canonical Fixtures/get_user.json"], 1),
        (#"{"files": "Fixtures/legacy/*"}"#, ["format.non-canonical Fixtures/legacy/old_user.json"], 2),
        (
            #"{"files": ["Fixtures/*"], "exclude": "*/get_user.json"}"#,
            ["format.non-canonical Fixtures/legacy/old_user.json"], 1
        ),
    ])
    func aStageCanBeScopedByPath(scope: String, expected: [String], leftOut: Int) throws {
        let directory = try Self.repository(
            configuration: #"{\#(Self.noFuzz), "check": {"fmt": \#(scope)}, "lint": {"disable": ["naming"]}}"# + "\n")
        defer { directory.remove() }
        let result = try Self.check(directory)
        #expect(Self.summary(result) == expected)
        #expect(
            result.steps.first { $0.check == "fmt --check" }?.note
                == "scoped by check.fmt: \(Text.pluralized(leftOut, "file")) left out")
    }

    @Test(arguments: ["validate", "lint", "lock", "fuzz"])
    func everyOtherStageCanBeSwitchedOff(stage: String) throws {
        let directory = try Self.repository(configuration: #"{"check": {"\#(stage)": false}}"# + "\n")
        defer { directory.remove() }
        try directory.write("Fixtures/broken_one.json", "{\n  \"a\": 1,\n}\n")
        let result = try Self.check(directory)
        let row = try #require(result.steps.first { $0.check.hasPrefix(stage) })
        #expect(row.findings == 0)
        #expect(row.note?.hasPrefix("off (check.\(stage) in ") == true, "\(row)")
        let families = Set(result.findings.map(\.family))
        switch stage {
        case "validate": #expect(!result.findings.contains { $0.ruleID == "format.invalid-json" })
        case "lint": #expect(!families.contains("naming"))
        default: #expect(result.findings.contains { $0.ruleID == "format.invalid-json" })
        }
    }

    /// The naming rule flagged every snake_case name; `lint.naming.pattern` sets the convention, and
    /// the default stays `<resource>-<scenario>`.
    @Test(arguments: [
        ("snake_case", [String]()),
        ("kebab-case", ["Fixtures/get_user.json", "Fixtures/legacy/old_user.json", "Fixtures/list_repos.json"]),
        ("^[a-z]+_[a-z]+$", []),
        ("^get_.*$", ["Fixtures/legacy/old_user.json", "Fixtures/list_repos.json"]),
    ])
    func theFileNameConventionIsConfigurable(pattern: String, flagged: [String]) throws {
        let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        let directory = try Self.repository(
            configuration:
                #"{\#(Self.noFuzz), "check": {"fmt": false}, "lint": {"naming": {"pattern": "\#(escaped)"}}}"#
                + "\n")
        defer { directory.remove() }
        let result = try Self.check(directory)
        #expect(result.findings.filter { $0.ruleID == "naming.file-name" }.map(\.file).sorted() == flagged)
    }

    @Test func aNamingFindingSaysWhichConventionItChecks() throws {
        let finding = try #require(
            Lint.namingFinding(file: "Fixtures/GetUser.json", pattern: try FileNamePattern("snake_case")))
        #expect(finding.message == "'GetUser' is not named snake_case (lower-case words joined by underscores)")
        #expect(
            Lint.namingFinding(file: "Fixtures/movies.json")?.message == "'movies' is not named <resource>-<scenario>")
    }

    @Test func aLintRuleCanBeScopedByPath() throws {
        let directory = try Self.repository(
            configuration:
                #"{\#(Self.noFuzz), "check": {"fmt": false}, "lint": {"scope": {"naming": {"exclude": ["Fixtures/legacy/*"]}, "naming.file-name": {"files": ["*/list_*"]}}}}"#
                + "\n")
        defer { directory.remove() }
        #expect(Self.summary(try Self.check(directory)) == ["naming.file-name Fixtures/list_repos.json"])
    }

    @Test(arguments: [
        (
            #"{"check": {"format": false}}"#,
            "wirelock.json:1:22: error: check.format: unknown stage; check takes validate, fmt, lint, lock, fuzz"
        ),
        (
            #"{"check": {"fmt": "no"}}"#,
            "wirelock.json:1:19: error: check.fmt: expected true, false or an object with files and exclude globs"
        ),
        (
            #"{"check": {"fmt": {"files": [3]}}}"#,
            "wirelock.json:1:30: error: check.fmt.files[0]: expected a non-empty glob string"
        ),
        (
            #"{"lint": {"naming": {"pattern": "([a-z"}}}"#,
            "lint.naming.pattern: expected one of resource-scenario, kebab-case, snake_case or a regular expression"
        ),
        (
            #"{"lint": {"scope": {"nonsense": false}}}"#,
            "wirelock.json:1:33: error: lint.scope.nonsense: 'nonsense' is not a lint rule id or family (see wirelock lint --help)"
        ),
        (
            #"{"baseline": 3}"#,
            "wirelock.json:1:14: error: baseline: expected the baseline file as a non-empty string, found the number 3"
        ),
    ])
    func aBadSettingIsLocated(configuration: String, message: String) throws {
        #expect {
            _ = try WireLockConfiguration.parse(Array(configuration.utf8), file: "wirelock.json")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
