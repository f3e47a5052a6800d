import Testing

@testable import WireJSON

/// Member names and strings are equal in JSON when their code points are (RFC 8259 §8.3); Swift's
/// `String` calls two spellings equal when they are canonically equivalent. These tests take the
/// two spellings of "café" — composed (U+00E9) and decomposed (e, U+0301) — which are equal as
/// Swift strings and must stay two names and two strings everywhere.
@Suite("Exact names and strings")
struct ExactNameTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"
    /// `{"café": 1, "café": 2}`, the first name composed, the second decomposed: valid strict JSON.
    static let both = Array("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}".utf8)

    @Test func theTwoSpellingsAreOneSwiftStringButTwoByteSequences() {
        // The premise of every other test here.
        #expect(Self.composed == Self.decomposed)
        #expect(Array(Self.composed.utf8) != Array(Self.decomposed.utf8))
    }

    @Test func strictValidationAcceptsBothNamesInOneObject() throws {
        let value = try JSONValue.parse(Self.both)
        guard case .object(let object) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(object.members.count == 2)
    }

    @Test func stringValuesInBothSpellingsAreDifferentValues() {
        let a = JSONValue.string(Self.composed)
        let b = JSONValue.string(Self.decomposed)
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
        #expect(JSONValue.array([a]) != .array([b]))
        #expect(a == .string("caf\u{E9}"))
    }

    @Test func objectsWithTheNameInEachSpellingDiffer() throws {
        let a = try JSONValue.parse("{\"caf\u{E9}\": 1}")
        let b = try JSONValue.parse("{\"cafe\u{301}\": 1}")
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
        guard case .object(let x) = a, case .object(let y) = b else {
            Issue.record("not objects")
            return
        }
        #expect(x != y)
        #expect(x.members[0] != y.members[0])
        #expect(Set([x.members[0], y.members[0]]).count == 2)
    }

    @Test func lookupByNameFindsOnlyTheSameSpelling() throws {
        let value = try JSONValue.parse(Self.both)
        #expect(value[Self.composed] == .number(1))
        #expect(value[Self.decomposed] == .number(2))
        #expect(value[JSONPath([.key(Self.composed)])] == .number(1))
        #expect(try JSONValue.parse("{\"caf\u{E9}\": 1}")[Self.decomposed] == nil)
    }

    @Test func theTwoNamesAreNotDuplicates() throws {
        guard case .object(let object) = try JSONValue.parse(Self.both) else {
            Issue.record("not an object")
            return
        }
        #expect(object.duplicateKeys.isEmpty)
        // A real repeat is still reported, once.
        let repeated = try JSONValue.parse(
            "{\"cafe\u{301}\": 1, \"caf\u{E9}\": 2, \"cafe\u{301}\": 3}",
            options: JSONParseOptions(allowDuplicateKeys: true))
        guard case .object(let r) = repeated else {
            Issue.record("not an object")
            return
        }
        #expect(r.duplicateKeys.map { Array($0.utf8) } == [Array(Self.decomposed.utf8)])
    }

    @Test func pathsThroughEitherSpellingDiffer() {
        let a = JSONPath([.key("a"), .key(Self.composed)])
        let b = JSONPath([.key("a"), .key(Self.decomposed)])
        #expect(a != b)
        #expect(JSONPath.Component.key(Self.composed) != .key(Self.decomposed))
        #expect(Set([a, b]).count == 2)
        #expect(a == JSONPath([.key("a"), .key("caf\u{E9}")]))
    }
}

extension ExactNameTests {
    @Test func streamEventsInEitherSpellingDiffer() {
        #expect(JSONEvent.key(Self.composed) != .key(Self.decomposed))
        #expect(JSONEvent.string(Self.composed) != .string(Self.decomposed))
        #expect(Set([JSONEvent.key(Self.composed), .key(Self.decomposed), .string(Self.composed)]).count == 3)
        #expect(JSONEvent.key(Self.composed) == .key("caf\u{E9}"))
    }
}
