import Testing
import WireJSON

@testable import WireShapeTools
@testable import WireShapes

/// One rule case: old samples, new samples, and the single change expected.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var name: String
    var old: [String]
    var new: [String]
    var rule: String
    var path: String
    var breaks: CompatibilityDirection
    var testDescription: String { name }
}

func diff(_ old: [String], _ new: [String]) -> [WireChange] {
    WireShapeDiff.changes(from: WireShape.infer(from: docs(old)), to: WireShape.infer(from: docs(new)))
}

@Suite("Breaking-change classification")
struct WireShapeDiffTests {
    static let cases: [RuleCase] = [
        RuleCase(
            name: "required member removed breaks old readers", old: [#"{"a":1,"b":"x"}"#], new: [#"{"a":1}"#],
            rule: "member-removed", path: "$.b", breaks: .forward),
        RuleCase(
            name: "optional member removed breaks nobody", old: [#"{"a":1,"b":"x"}"#, #"{"a":2}"#],
            new: [#"{"a":1}"#, #"{"a":2}"#],
            rule: "optional-member-removed", path: "$.b", breaks: []),
        RuleCase(
            name: "member renamed (same shape, same parent) breaks both", old: [#"{"id":1,"title":"x"}"#],
            new: [#"{"id":1,"name":"x"}"#],
            rule: "member-renamed", path: "$.name", breaks: .both),
        RuleCase(
            name: "required member added breaks new readers of old payloads", old: [#"{"a":1}"#],
            new: [#"{"a":1,"b":true}"#],
            rule: "required-member-added", path: "$.b", breaks: .backward),
        RuleCase(
            name: "optional member added breaks nobody", old: [#"{"a":1}"#, #"{"a":2}"#],
            new: [#"{"a":1,"b":true}"#, #"{"a":2}"#],
            rule: "optional-member-added", path: "$.b", breaks: []),
        RuleCase(
            name: "member made required", old: [#"{"a":1,"b":1}"#, #"{"a":2}"#],
            new: [#"{"a":1,"b":1}"#, #"{"a":2,"b":2}"#],
            rule: "member-made-required", path: "$.b", breaks: .backward),
        RuleCase(
            name: "member made optional", old: [#"{"a":1,"b":1}"#, #"{"a":2,"b":2}"#],
            new: [#"{"a":1,"b":1}"#, #"{"a":2}"#],
            rule: "member-made-optional", path: "$.b", breaks: .forward),
        RuleCase(
            name: "int → number breaks old readers only", old: [#"{"n":1}"#], new: [#"{"n":1.5}"#],
            rule: "type-changed", path: "$.n", breaks: .forward),
        RuleCase(
            name: "number → int breaks new readers only", old: [#"{"n":1.5}"#], new: [#"{"n":1}"#],
            rule: "type-changed", path: "$.n", breaks: .backward),
        RuleCase(
            name: "string → number breaks both", old: [#"{"n":"x"}"#], new: [#"{"n":1.5}"#],
            rule: "type-changed", path: "$.n", breaks: .both),
        RuleCase(
            name: "object → array breaks both", old: [#"{"o":{}}"#], new: [#"{"o":[]}"#],
            rule: "type-changed", path: "$.o", breaks: .both),
        RuleCase(
            name: "scalar → array breaks both", old: [#"{"tag":"a"}"#], new: [#"{"tag":["a"]}"#],
            rule: "type-changed", path: "$.tag", breaks: .both),
        RuleCase(
            name: "kind widened to a union breaks old readers", old: [#"{"v":"a"}"#],
            new: [#"{"v":"a"}"#, #"{"v":true}"#],
            rule: "type-changed", path: "$.v", breaks: .forward),
        RuleCase(
            name: "nullability removed breaks new readers of old nulls", old: [#"{"a":null}"#, #"{"a":1}"#],
            new: [#"{"a":1}"#],
            rule: "nullability-removed", path: "$.a", breaks: .backward),
        RuleCase(
            name: "nullability added breaks old readers", old: [#"{"a":1}"#], new: [#"{"a":null}"#, #"{"a":1}"#],
            rule: "nullability-added", path: "$.a", breaks: .forward),
        RuleCase(
            name: "fractional seconds dropped breaks both", old: [#"{"t":"2024-05-01T10:00:00.123Z"}"#],
            new: [#"{"t":"2024-05-01T10:00:00Z"}"#],
            rule: "date-format-changed", path: "$.t", breaks: .both),
        RuleCase(
            name: "fractional seconds added breaks both", old: [#"{"t":"2024-05-01T10:00:00Z"}"#],
            new: [#"{"t":"2024-05-01T10:00:00.123Z"}"#],
            rule: "date-format-changed", path: "$.t", breaks: .both),
        RuleCase(
            name: "offset style changed breaks both", old: [#"{"t":"2024-05-01T10:00:00Z"}"#],
            new: [#"{"t":"2024-05-01T10:00:00+00:00"}"#],
            rule: "date-format-changed", path: "$.t", breaks: .both),
        RuleCase(
            name: "date → date-time breaks both", old: [#"{"d":"2024-05-01"}"#],
            new: [#"{"d":"2024-05-01T00:00:00Z"}"#],
            rule: "date-format-changed", path: "$.d", breaks: .both),
        RuleCase(
            name: "a second fraction length accepted breaks old readers only", old: [#"{"t":"2024-05-01T10:00:00Z"}"#],
            new: [#"{"t":"2024-05-01T10:00:00Z"}"#, #"{"t":"2024-05-01T10:00:00.5Z"}"#],
            rule: "date-format-changed", path: "$.t", breaks: .forward),
        RuleCase(
            name: "UUID → plain string breaks old readers", old: [#"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#],
            new: [#"{"id":"x-1"}"#],
            rule: "string-format-changed", path: "$.id", breaks: .forward),
        RuleCase(
            name: "plain string → URL breaks new readers", old: [#"{"u":"x"}"#], new: [#"{"u":"https://x.y"}"#],
            rule: "string-format-changed", path: "$.u", breaks: .backward),
        RuleCase(
            name: "enum value removed breaks new strict readers", old: [#"["a","a","b","b","c","c"]"#],
            new: [#"["a","a","b","b"]"#],
            rule: "enum-value-removed", path: "$[*]", breaks: .backward),
        RuleCase(
            name: "enum value added breaks old strict readers", old: [#"["a","a","b","b"]"#],
            new: [#"["a","a","b","b","c","c"]"#],
            rule: "enum-value-added", path: "$[*]", breaks: .forward),
        RuleCase(
            name: "nested: changes are found under array elements", old: [#"{"items":[{"n":1}]}"#],
            new: [#"{"items":[{"n":"1"}]}"#],
            rule: "type-changed", path: "$.items[*].n", breaks: .both),
    ]

    @Test("each rule, with the directions it breaks", arguments: cases)
    func rule(_ c: RuleCase) {
        let changes = diff(c.old, c.new)
        #expect(changes.count == 1, "\(changes)")
        guard let change = changes.first else { return }
        #expect(change.rule.rawValue == c.rule)
        #expect(change.path.description == c.path)
        #expect(change.breaks == c.breaks, "\(change)")
        #expect(WireRule.all.contains(change.rule))
    }

    @Test(
        "no false alarms: same structure, other values, key order, spelling, more samples",
        arguments: [
            ([#"{"a":1,"b":"x"}"#], [#"{"b":"y","a":2}"#]),
            ([#"{"n":1.0}"#], [#"{"n":2.50}"#]),
            ([#"{"t":"2024-05-01T10:00:00.123Z"}"#], [#"{"t":"2030-01-31T23:59:59.999Z"}"#]),
            ([#"{"a":[1,2,3]}"#], [#"{"a":[]}"#]),
            ([#"{"s":"a"}"#], [#"{"s":"a"}"#, #"{"s":"b"}"#]),
            ([#"["a","a","b","b"]"#], [#"["b","b","a","a","a"]"#]),
        ])
    func noFalseAlarms(old: [String], new: [String]) {
        #expect(diff(old, new) == [])
    }

    @Test("a rename is only claimed when the pairing is unambiguous")
    func ambiguousRename() {
        let changes = diff([#"{"a":"x","b":"y"}"#], [#"{"c":"x","d":"y"}"#])
        #expect(Set(changes.map(\.rule)) == [.memberRemoved, .requiredMemberAdded])
        #expect(changes.count == 4)
    }

    @Test("a rename whose new name also changed shape is removed + added")
    func renameWithOtherShape() {
        let changes = diff([#"{"title":"x"}"#], [#"{"name":1}"#])
        #expect(changes.map(\.rule) == [.requiredMemberAdded, .memberRemoved])
    }

    @Test("format comparison: value-only, added and removed formats are non-breaking")
    func formatLevel() throws {
        func side(_ name: String, _ texts: String...) throws -> WireFormatSide {
            try WireFormatSide(
                GoldenFormat(
                    name: name,
                    samples: docs(texts).enumerated().map {
                        .init(path: "\(name)/\($0.offset).json", document: $0.element)
                    }))
        }
        let old = [try side("a", #"{"x":1}"#), try side("gone", "1")]
        let new = [try side("a", #"{"x":2}"#), try side("fresh", "1")]
        let reports = WireFormatComparison.compare(old: old, new: new)
        #expect(reports.map(\.name) == ["a", "fresh", "gone"])
        #expect(reports.map { $0.changes.map(\.rule) } == [[.valueOnly], [.formatAdded], [.formatRemoved]])
        #expect(!reports.contains { $0.isBreaking() })
        #expect(WireFormatComparison.compare(old: old, new: old) == [])
    }

    @Test("--allow: a breaking report stops counting once its rules are allowed")
    func allowList() {
        let report = WireFormatReport(name: "x", changes: diff([#"{"a":1}"#], [#"{"a":1.5}"#]))
        #expect(report.isBreaking())
        #expect(!report.isBreaking(allowing: [.typeChanged]))
    }
}

@Suite("Payload conformance (forward)")
struct WireShapeConformanceTests {
    let old = WireShape.infer(
        from: docs([
            #"{"id":1,"title":"a","added":"2024-05-01T10:00:00.123Z","status":"released","tags":["x"]}"#,
            #"{"id":2,"title":"b","added":"2024-05-02T10:00:00.123Z","status":"released","tags":[]}"#,
            #"{"id":3,"title":"c","added":"2024-05-03T10:00:00.123Z","status":"announced"}"#,
            #"{"id":4,"title":"d","added":"2024-05-04T10:00:00.123Z","status":"announced"}"#,
        ]))

    @Test("a payload the old shape describes has no violations, even with extra members")
    func conforming() throws {
        #expect(
            old.violations(
                of: try JSONValue.parse(
                    #"{"id":9,"title":"z","added":"2024-01-01T00:00:00.000Z","status":"released","extra":true}"#)) == []
        )
    }

    @Test(
        "each forward violation is named by rule and path",
        arguments: [
            (#"{"title":"z","added":"2024-01-01T00:00:00.000Z","status":"released"}"#, "member-removed", "$.id"),
            (
                #"{"id":9,"name":"z","added":"2024-01-01T00:00:00.000Z","status":"released"}"#, "member-renamed",
                "$.title"
            ),
            (#"{"id":9.5,"title":"z","added":"2024-01-01T00:00:00.000Z","status":"released"}"#, "type-changed", "$.id"),
            (
                #"{"id":null,"title":"z","added":"2024-01-01T00:00:00.000Z","status":"released"}"#, "nullability-added",
                "$.id"
            ),
            (
                #"{"id":9,"title":"z","added":"2024-01-01T00:00:00Z","status":"released"}"#, "date-format-changed",
                "$.added"
            ),
            (
                #"{"id":9,"title":"z","added":"2024-01-01T00:00:00.000Z","status":"cancelled"}"#, "enum-value-added",
                "$.status"
            ),
            (
                #"{"id":9,"title":"z","added":"2024-01-01T00:00:00.000Z","status":"released","tags":[1]}"#,
                "type-changed", "$.tags[*]"
            ),
        ])
    func violation(payload: String, rule: String, path: String) throws {
        let violations = old.violations(of: try JSONValue.parse(payload))
        #expect(violations.map { "\($0.rule) \($0.path)" } == ["\(rule) \(path)"])
        #expect(violations.allSatisfy { $0.breaks == .forward })
    }
}

/// A payload that lacks many required members and has many unknown ones: each missing member is
/// reported once, and the unknown members' values are not inferred for every missing member
/// (which made the check missing × unknown).
@Suite("Payload conformance, wide objects")
struct WideConformanceTests {
    @Test func manyMissingAndManyUnknownMembersAreEachReportedOnce() throws {
        let count = 3_000
        let old = WireShape.infer(from: [
            try JSONValue.parse("{" + (0..<count).map { "\"r\($0)\":\($0)" }.joined(separator: ",") + "}")
        ])
        let payload = try JSONValue.parse("{" + (0..<count).map { "\"u\($0)\":\($0)" }.joined(separator: ",") + "}")
        let violations = old.violations(of: payload)
        #expect(violations.count == count)
        #expect(violations.allSatisfy { $0.rule == .memberRemoved })
        #expect(Set(violations.map(\.path.description)) == Set((0..<count).map { "$.r\($0)" }))
    }

    @Test func oneMissingAndOneUnknownMemberWithAFittingValueIsARename() throws {
        let old = WireShape.infer(from: [try JSONValue.parse(#"{"id": 1, "title": "a"}"#)])
        let violations = old.violations(of: try JSONValue.parse(#"{"id": 2, "name": "b"}"#))
        #expect(violations.map { "\($0.rule) \($0.path)" } == ["member-renamed $.title"])
        #expect(violations.first?.detail.contains("\"name\"") == true)
    }
}
