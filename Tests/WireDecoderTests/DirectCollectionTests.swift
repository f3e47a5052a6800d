import Foundation
import Testing
import WireDecoder

/// Arrays and `[String: V]` are filled by the decoder itself, not by the standard library's
/// init(from:); these inputs pin that the values, the errors and their coding paths stay
/// JSONDecoder's, including where the fill hands an object back to the generic path (repeated
/// names, names equal only as Strings).
@Suite("WireDecoder: arrays and string-keyed dictionaries")
struct DirectCollectionTests {
    /// The outcome with values re-encoded with sorted keys (a dictionary's own order is hash order).
    static func outcome<T: Codable>(_ decode: () throws -> T) -> CoreOutcome {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        let first = CoreOutcome { try decode() }
        guard case .value = first, let value = try? decode(), let data = try? encoder.encode([value]) else {
            return first
        }
        return .value(String(decoding: data, as: UTF8.self))
    }

    static func check<T: Codable>(_ type: T.Type, _ text: String, strict: Bool, dates: Bool = false) {
        let data = Data(text.utf8)
        let legacy = JSONDecoder()
        let candidate = WireJSONDecoder()
        if !strict { candidate.acceptance = .jsonDecoder }
        if dates {
            legacy.dateDecodingStrategy = .iso8601
            candidate.dateDecodingStrategy = .iso8601
        }
        let expected = outcome { try legacy.decode(type, from: data) }
        let actual = outcome { try candidate.decode(type, from: data) }
        #expect(actual == expected, "\(T.self) \(strict ? "strict" : "compatible"): \(text)")
    }

    static let dictionaryInputs = [
        #"{"b":1,"a":2,"c":3}"#, #"{}"#, #"{"12":"x"}"#, #"{"a":1,"b":"x"}"#, #"{"a":null}"#, "null", "[]", "7",
        #"{"caf\u00e9":1,"cafe\u0301":2}"#, #"{"\u0061":1,"b":2}"#, #"{"-3":1,"b":null}"#,
    ]

    @Test(arguments: dictionaryInputs, [true, false]) func stringKeyedDictionaries(_ text: String, strict: Bool) {
        Self.check([String: Int].self, text, strict: strict)
        Self.check([String: [String: Int]].self, #"{"outer":\#(text)}"#, strict: strict)
    }

    @Test(arguments: [#"{"a":1,"a":2}"#, #"{"a":1,"a":"x"}"#, #"{"a":"x","a":1}"#, #"{"a":1,"b":2,}"#])
    func repeatedNamesInCompatibleMode(_ text: String) {
        Self.check([String: Int].self, text, strict: false)
    }

    static let arrayInputs = [
        "[[1],[2,3]]", "[]", "[[]]", #"[[1],[2,"x"]]"#, "[null]", "[[1,null]]", "[{}]", "{}", "null", #""s""#,
    ]

    @Test(arguments: arrayInputs, [true, false]) func arrays(_ text: String, strict: Bool) {
        Self.check([[Int]].self, text, strict: strict)
        Self.check([String: [[Int]]].self, #"{"k":\#(text)}"#, strict: strict)
    }

    /// JSONDecoder gives an ISO 8601 failure the path of the decoder, which stands at the array.
    @Test(arguments: [
        #"["2020-01-01T00:00:00Z","nope"]"#, #"{"d":["2020-01-01T00:00:00Z"],"e":["x"]}"#, #"[["x"]]"#,
    ])
    func datesInsideCollections(_ text: String) {
        if text.hasPrefix("{") {
            Self.check([String: [Date]].self, text, strict: true, dates: true)
        } else if text.hasPrefix("[[") {
            Self.check([[Date]].self, text, strict: true, dates: true)
        } else {
            Self.check([Date].self, text, strict: true, dates: true)
        }
    }

    /// A dictionary member's key is the standard library's: its `intValue` is the name read as
    /// an Int.
    @Test func aMemberKeyReadsAsAnIntWhenItIsOne() throws {
        let error = try #require(throws: DecodingError.self) {
            try WireJSONDecoder().decode([String: Int].self, from: Data(#"{"12":"x"}"#.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["12"])
        #expect(context.codingPath.map(\.intValue) == [12])
    }
}

/// A document large enough that the tape asks for huge pages (about 6 MB and up) decodes as
/// `JSONDecoder` decodes it, and its tape is grown and freed like any other.
@Suite("WireDecoder: a large document")
struct LargeDocumentTests {
    struct Item: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var scores: [String: Double]
    }

    @Test func aDocumentOfSeveralMegabytesDecodesAlike() throws {
        var text = "["
        for i in 0..<40_000 {
            if i > 0 { text += "," }
            text +=
                #"{"id":\#(i),"name":"item \#(i) with a name long enough to allocate, and then some more words to make the document large","#
            text += #""tags":["a","b\#(i % 7)"],"scores":{"x":\#(Double(i) / 8),"y\#(i % 3)":0.5}}"#
        }
        text += "]"
        let data = Data(text.utf8)
        // The tape is estimated at one entry per 12 bytes, 16 bytes an entry: huge pages from 8 MiB.
        #expect(data.count / 12 * 16 > 8 << 20)
        let expected = try JSONDecoder().decode([Item].self, from: data)
        #expect(try WireJSONDecoder().decode([Item].self, from: data) == expected)
        let compatible = WireJSONDecoder()
        compatible.acceptance = .jsonDecoder
        #expect(try compatible.decode([Item].self, from: data) == expected)
    }
}
