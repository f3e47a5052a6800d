import Foundation
import Testing
import WireDecoder
import WireJSON

@testable import WireGolden

/// Diffs tell two spellings of one text apart — composed é (U+00E9) and e + U+0301, equal as Swift
/// strings, different JSON strings and names — and name the path where one became the other.
@Suite("Exact names in diffs")
struct ExactNameDiffTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    static func differences(_ a: String, _ b: String) throws -> [JSONDifference] {
        JSONDiff.differences(expected: try JSONValue.parse(a), actual: try JSONValue.parse(b))
    }

    @Test func aValueRespelledIsAChangeAtItsPath() throws {
        let found = try Self.differences("{\"k\": [1, \"caf\u{E9}\"]}", "{\"k\": [1, \"cafe\u{301}\"]}")
        #expect(
            found == [
                JSONDifference(
                    path: [.key("k"), .index(1)],
                    change: .changed(expected: .string(Self.composed), actual: .string(Self.decomposed)))
            ])
    }

    @Test func aNameRespelledIsOneMissingAndOneAddedMember() throws {
        let found = try Self.differences("{\"a\": {\"caf\u{E9}\": 1}}", "{\"a\": {\"cafe\u{301}\": 1}}")
        #expect(
            found == [
                JSONDifference(path: [.key("a"), .key(Self.composed)], change: .missing(expected: .number(1))),
                JSONDifference(path: [.key("a"), .key(Self.decomposed)], change: .added(actual: .number(1))),
            ])
    }

    @Test func bothNamesInOneObjectAreComparedOneByOne() throws {
        let found = try Self.differences(
            "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "{\"caf\u{E9}\": 3, \"cafe\u{301}\": 2}")
        #expect(
            found == [
                JSONDifference(path: [.key(Self.composed)], change: .changed(expected: .number(1), actual: .number(3)))
            ])
        #expect(
            try Self.differences("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "{\"cafe\u{301}\": 2, \"caf\u{E9}\": 1}")
                .isEmpty)
    }

    @Test func arrayElementsInTheOtherSpellingAreNotMatched() throws {
        let found = try Self.differences("[\"x\", \"caf\u{E9}\", \"y\"]", "[\"x\", \"cafe\u{301}\", \"y\"]")
        #expect(
            found == [
                JSONDifference(
                    path: [.index(1)],
                    change: .changed(expected: .string(Self.composed), actual: .string(Self.decomposed)))
            ])
        // Elements paired by an id in either spelling are two elements.
        let byID = try Self.differences("[{\"id\": \"caf\u{E9}\", \"n\": 1}]", "[{\"id\": \"cafe\u{301}\", \"n\": 1}]")
        let first = try JSONValue.parse("{\"id\": \"caf\u{E9}\", \"n\": 1}")
        let second = try JSONValue.parse("{\"id\": \"cafe\u{301}\", \"n\": 1}")
        #expect(
            byID == [
                JSONDifference(path: [.index(0)], change: .missing(expected: first)),
                JSONDifference(path: [.index(0)], change: .added(actual: second)),
            ])
    }

    @Test func theLineDiffShowsTheRespelledLine() {
        let diff = LineDiff.unified(old: "{\n  \"k\": \"caf\u{E9}\"\n}", new: "{\n  \"k\": \"cafe\u{301}\"\n}")
        #expect(Array(diff.utf8).firstRange(of: Array("-  \"k\": \"caf\u{E9}\"".utf8)) != nil, "\(diff)")
        #expect(Array(diff.utf8).firstRange(of: Array("+  \"k\": \"cafe\u{301}\"".utf8)) != nil, "\(diff)")
    }

    @Test func aGoldenThatDiffersOnlyInSpellingFailsWithItsDifference() throws {
        let box = try Sandbox()
        try Data("{\n  \"title\": \"caf\u{E9}\"\n}\n".utf8).write(
            to: box.golden.appendingPathComponent("respelled.json"))
        let failure = GoldenComparison.verify(
            try JSONValue.parse("{\"title\": \"cafe\u{301}\"}"), named: "respelled",
            record: .never, goldenDirectory: box.golden, environment: local)
        #expect(
            failure?.differences == [
                JSONDifference(
                    path: [.key("title")],
                    change: .changed(expected: .string(Self.composed), actual: .string(Self.decomposed)))
            ])
        #expect(failure?.message.contains("(1 difference)") == true, "\(failure?.message ?? "no failure")")
    }
}

extension ExactNameDiffTests {
    /// A redaction or accepted-difference pattern names one spelling; the other is another member.
    @Test func aPatternMatchesOnlyTheNameItSpells() throws {
        let pattern = try JSONPathPattern("$.a[\"caf\u{E9}\"]")
        #expect(pattern.matches([.key("a"), .key(Self.composed)]))
        #expect(!pattern.matches([.key("a"), .key(Self.decomposed)]))
        let document = try JSONValue.parse("{\"a\": {\"caf\u{E9}\": \"secret\", \"cafe\u{301}\": \"kept\"}}")
        let (redacted, failures) = Redactor.apply([Redaction.replace("$.a[\"caf\u{E9}\"]")], to: document)
        #expect(failures.isEmpty)
        #expect(
            redacted == (try JSONValue.parse("{\"a\": {\"caf\u{E9}\": \"<redacted>\", \"cafe\u{301}\": \"kept\"}}")))
    }
}
