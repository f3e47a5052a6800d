import Testing
import WireLockTestSupport

@testable import WireJSON

/// `sortedMembers` compares names as UTF-8 bytes instead of building UTF-16 arrays, and
/// `duplicateKeys` no longer searches its own result: both must give exactly what the
/// straightforward definitions give.
@Suite("Object member order")
struct ObjectOrderTests {
    /// The definition: sort by the names' UTF-16 code units, ties in source order.
    static func referenceSorted(_ members: [JSONObject.Member]) -> [JSONObject.Member] {
        let keyed = members.map { (Array($0.key.utf16), $0) }
        return keyed.enumerated().sorted { lhs, rhs in
            if lhs.element.0 == rhs.element.0 { return lhs.offset < rhs.offset }
            return lhs.element.0.lexicographicallyPrecedes(rhs.element.0)
        }.map { $0.element.1 }
    }

    /// Names repeat when their bytes do (é and e + U+0301 are two names).
    static func referenceDuplicates(_ members: [JSONObject.Member]) -> [String] {
        var seen = Set<[UInt8]>()
        var duplicates: [[UInt8]] = []
        for member in members
        where !seen.insert(Array(member.key.utf8)).inserted && !duplicates.contains(Array(member.key.utf8)) {
            duplicates.append(Array(member.key.utf8))
        }
        return duplicates.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Characters from every UTF-8 length and both sides of the UTF-16 surrogate range, plus a
    /// precomposed and a decomposed é (equal as Swift strings, different code units).
    static let alphabet: [String] = [
        "a", "b", "A", "_", "0", "\u{7F}", "é", "e\u{301}", "\u{7FF}", "\u{800}",
        "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "",
    ]

    static func randomKey(_ rng: inout SplitMix64) -> String {
        (0..<rng.next(below: 4)).map { _ in alphabet[rng.next(below: alphabet.count)] }.joined()
    }

    @Test(arguments: 0..<40)
    func sortedMembersMatchesTheUTF16Definition(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let members = (0..<rng.next(below: 60)).map { i in
            JSONObject.Member(key: Self.randomKey(&rng), value: .number(JSONNumber(integerLiteral: i)))
        }
        let object = JSONObject(members)
        #expect(object.sortedMembers == Self.referenceSorted(members))
        #expect(object.duplicateKeys.map { Array($0.utf8) } == Self.referenceDuplicates(members).map { Array($0.utf8) })
        // Sorting what is already sorted returns it unchanged (the fast path).
        let sorted = JSONObject(Self.referenceSorted(members))
        #expect(sorted.sortedMembers == sorted.members)
    }

    @Test func utf16OrderPutsSupplementaryCharactersBeforeTheTopOfTheBMP() {
        // In UTF-8 (code-point) order U+FFFD < U+1F600; in UTF-16 order D83D < FFFD.
        #expect(JSONObject.utf16Order("\u{FFFD}", "😀") > 0)
        #expect(JSONObject.utf16Order("\u{D7FF}", "😀") < 0)
        #expect(JSONObject.utf16Order("a", "ab") < 0)
        #expect(JSONObject.utf16Order("é", "e\u{301}") != 0)
        #expect(JSONObject.utf16Order("same", "same") == 0)
    }

    @Test func duplicateKeysOfALargeObjectComeInOrderOfTheirSecondOccurrence() throws {
        // 40,000 names, each repeated once, the repeats in reverse order.
        let count = 40_000
        let names = (0..<count).map { "n\($0)" }
        let text =
            "{"
            + (names + names.reversed()).enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",")
            + "}"
        let value = try JSONValue.parse(text, options: JSONParseOptions(allowDuplicateKeys: true))
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.duplicateKeys == names.reversed())
    }
}
