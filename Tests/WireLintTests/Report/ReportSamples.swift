import WireJSON
import WireLint

/// Findings the report tests share: one of each severity, in two files, one of them absolute
/// under the repository root, given out of report order.
enum ReportSamples {
    static let root = "/work/repo"

    static let invalid = Finding(
        ruleID: "format.invalid-json", file: "/work/repo/Fixtures/API/movies.json",
        region: Finding.Region(line: 3, column: 12), path: [.key("movies"), .index(0)],
        message: "expected ',' or '}' after a member", hint: "fix the JSON at this place")
    static let nonCanonical = Finding(
        ruleID: "format.non-canonical", severity: .warning, file: "Fixtures/API/calendar.json",
        region: Finding.Region(line: 2, column: 1), message: "not in canonical form",
        hint: "run `wirelock fmt Fixtures/API/calendar.json`")
    static let lock = Finding(
        ruleID: "lock.shape-changed", severity: .note, file: "golden/wirelock.lock",
        message: "movies-page: shape changed")

    static let all = [lock, nonCanonical, invalid]

    static let context = ReportContext(
        repositoryRoot: root, toolVersion: "9.8.7", informationURI: "https://example.com/wirelock",
        rules: [
            RuleDescription(
                id: "format.invalid-json", shortDescription: "Invalid JSON",
                fullDescription: "The file is not strict RFC 8259 JSON.", help: "Fix the JSON at the reported place.")
        ])

    /// `count` errors in one file, on lines 1…count.
    static func errors(_ count: Int, severity: Finding.Severity = .error) -> [Finding] {
        (1...count).map {
            Finding(
                ruleID: "format.invalid-json", severity: severity, file: "a.json",
                region: Finding.Region(line: $0, column: 1), message: "bad \($0)")
        }
    }
}
