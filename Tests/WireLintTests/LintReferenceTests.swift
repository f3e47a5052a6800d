import Testing
import WireLint

@Suite("Unreferenced fixtures")
struct LintReferenceTests {
    static let fixtures = [
        "Fixtures/movies-success.json", "Fixtures/movies-legacy.json", "Fixtures/calendar-empty.json",
        "Fixtures/series-old.json", "Fixtures/error-418.json", "Fixtures/sync-record-v1.json",
    ]
    static let unreferenced = ["Fixtures/movies-legacy.json", "Fixtures/series-old.json", "Fixtures/error-418.json"]
    static var unreferencedCount: Int { unreferenced.count }

    static func index() -> LintReferenceIndex {
        var index = LintReferenceIndex()
        index.add(
            Array(#"let movies = try fixture("movies-success.json") // calendar-empty"#.utf8), from: "Tests/A.swift")
        index.add(
            Array(#"{"routes": [{"path": "/sync", "fixture": "sync-record-v1"}]}"#.utf8), from: "Tests/routes.json")
        // A longer name that only contains a fixture's name does not count.
        index.add(Array("series-old-v2 error-4180".utf8), from: "golden/notes.json")
        return index
    }

    @Test("a fixture no test, golden or route table names is reported, once")
    func unreferenced() {
        let findings = Self.index().findings(forFixtures: Self.fixtures)
        #expect(findings.map(\.file) == Self.unreferenced)
        #expect(findings.allSatisfy { $0.ruleID == "unreferenced.fixture" && $0.region == nil })
    }

    @Test("a file that only mentions itself does not reference itself")
    func selfMention() {
        var index = LintReferenceIndex()
        index.add(Array(#"let name = "movies-legacy""#.utf8), from: "Tests/MoviesLegacy.swift")
        #expect(!index.mentions("movies-legacy", besides: "Tests/MoviesLegacy.swift"))
        #expect(index.mentions("movies-legacy", besides: "Fixtures/movies-legacy.json"))
    }

    @Test("disabled for a glob, the rule says nothing there")
    func disabled() {
        let configuration = LintConfiguration(disabled: [.init(rule: "unreferenced", file: "Fixtures/series-*")])
        let findings = Self.index().findings(forFixtures: Self.fixtures, configuration: configuration)
        #expect(findings.map(\.file) == ["Fixtures/movies-legacy.json", "Fixtures/error-418.json"])
    }
}
