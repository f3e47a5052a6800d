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
