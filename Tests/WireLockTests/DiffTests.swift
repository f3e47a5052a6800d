import Testing
import WireJSON

@testable import WireGolden
@testable import WireLock

@Suite("Structural diff")
struct DiffTests {
    func diff(_ a: String, _ b: String) throws -> [String] {
        JSONDiff.differences(expected: try JSONValue.parse(a), actual: try JSONValue.parse(b)).map(\.description)
    }

    @Test func equalDocumentsHaveNoDifferencesWhateverTheKeyOrder() throws {
        #expect(try diff(#"{"a": 1, "b": [1, 2]}"#, #"{"b": [1, 2], "a": 1}"#).isEmpty)
    }

    @Test func changedMissingAndAddedMembersByPath() throws {
        #expect(
            try diff(#"{"a": 1, "b": "x", "c": true}"#, #"{"a": 1.0, "c": true, "d": null}"#) == [
                "$.a: golden 1 ≠ actual 1.0",
                #"$.b: missing in actual (golden has "x")"#,
                "$.d: added in actual (null)",
            ])
    }

    @Test func oneInsertionInAnArrayIsOneDifferenceNotACascade() throws {
        #expect(try diff("[1, 2, 3, 4, 5]", "[1, 2, 9, 3, 4, 5]") == ["$[2]: added in actual (9)"])
        #expect(try diff("[1, 2, 3, 4, 5]", "[1, 3, 4, 5]") == ["$[1]: missing in actual (golden has 2)"])
    }

    @Test func objectsInArraysArePairedByID() throws {
        let golden = #"[{"id": 1, "t": "a"}, {"id": 2, "t": "b"}, {"id": 3, "t": "c"}]"#
        let actual = #"[{"id": 1, "t": "a"}, {"id": 3, "t": "C"}]"#
        #expect(
            try diff(golden, actual) == [
                #"$[1]: missing in actual (golden has {"id":2,"t":"b"})"#,
                #"$[1].t: golden "c" ≠ actual "C""#,
            ])
    }

    @Test func typeChangesAreReported() throws {
        #expect(try diff(#"{"year": 2001}"#, #"{"year": "2001"}"#) == [#"$.year: golden 2001 ≠ actual "2001""#])
    }

    @Test func lineDiffShowsOnlyTheChangeWithContext() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 10", with: "line ten")
        let diff = LineDiff.unified(old: old, new: new, oldName: "a", newName: "b")
        #expect(
            diff == """
                --- a
                +++ b
                @@ -7,7 +7,7 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +line ten
                 line 11
                 line 12
                 line 13
                """)
    }

    @Test func longDiffsAreTruncatedWithACount() {
        let old = (1...300).map { "a\($0)" }.joined(separator: "\n")
        let new = (1...300).map { "b\($0)" }.joined(separator: "\n")
        let diff = LineDiff.unified(old: old, new: new, maxLines: 10)
        #expect(diff.split(separator: "\n").count == 13)
        #expect(diff.hasSuffix("… 591 more diff lines not shown"))
    }
}

@Suite("JSON path patterns")
struct JSONPathPatternTests {
    @Test(arguments: [
        ("$.token", "$.token", true),
        ("$.token", "$.user.token", false),
        ("$.items[*].id", "$.items[3].id", true),
        ("$.items[*].id", "$.items.id", false),
        ("$..email", "$.a[2].b.email", true),
        ("$..email", "$.email", true),
        ("$..email", "$.emails", false),
        ("$.*.id", "$.x.id", true),
        (#"$["a b"][0]"#, #"$["a b"][0]"#, true),
        ("$.a[1]", "$.a[2]", false),
        ("$..*_url", "$.owner.avatar_url", true),
        ("$..*_url", "$.url", false),
        ("$.*_url", "$.html_url", true),
        ("$.*_url", "$.owner.html_url", false),
        ("$..has_*", "$[3].has_wiki", true),
        ("$..has_*", "$.hash", false),
        ("$.a*b*c", "$.abc", true),
        ("$.a*b*c", "$.axxbyyc", true),
        ("$.a*b*c", "$.acb", false),
        ("$.ab*ba", "$.aba", false),
        (#"$["a*b"]"#, #"$["a*b"]"#, true),
    ])
    func matching(pattern: String, path: String, matches: Bool) throws {
        let p = try JSONPathPattern(pattern)
        let parsed = try JSONPathPattern(path)  // a concrete path is a pattern without wildcards
        let components: [JSONPath.Component] = parsed.steps.map {
            switch $0 {
            case .key(let k): return .key(k)
            case .index(let i): return .index(i)
            default: return .key("?")
            }
        }
        #expect(p.matches(JSONPath(components)) == matches)
    }

    @Test func invalidPatternsNameThePosition() throws {
        let error = try #require(throws: JSONPathPattern.ParseError.self) { try JSONPathPattern("$.a[x]") }
        #expect(error.position == 4)
        #expect(error.expected == "an index, '*' or a quoted name after '['")
        #expect(
            error.description
                == "invalid JSON path pattern '$.a[x]' at character 5: expected an index, '*' or a quoted name after '['"
        )
        #expect(throws: JSONPathPattern.ParseError.self) { try JSONPathPattern("token") }
    }
}
