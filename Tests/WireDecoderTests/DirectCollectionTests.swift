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

    /// Arrays of `String`, `Int`, `Double` and `Bool` are built as the concrete array type; the
    /// elements, the errors and their paths (the element's index) stay JSONDecoder's.
    static let leafArrayInputs = [
        #"["a","b"]"#, #"["a",1]"#, "[1,2,3]", "[1,2.5]", "[1,-0,1e2]", #"[1,"x"]"#, "[true,false]", "[true,null]",
        "[null]", "[9223372036854775808]", "[1e400]", "[]", "{}", "7",
    ]

    @Test(arguments: leafArrayInputs, [true, false]) func arraysOfLeafTypes(_ text: String, strict: Bool) {
        Self.check([String].self, text, strict: strict)
        Self.check([Int].self, text, strict: strict)
        Self.check([Double].self, text, strict: strict)
        Self.check([Bool].self, text, strict: strict)
        Self.check([String: [Int]].self, #"{"k":\#(text)}"#, strict: strict)
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

/// Which types fill themselves is remembered per thread, in a table of a few dozen entries: more
/// types than it holds, met in turn on several threads at once, still decode as `JSONDecoder`
/// decodes them (a wrong answer from the table would send a model type down the array path, or
/// an array down the model path).
@Suite("WireDecoder: many types on many threads")
struct ManyTypesTests {
    struct Box<Value: Codable & Equatable>: Codable, Equatable {
        var value: Value
    }

    /// Decodes `value`'s encoding both ways and compares.
    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Bool {
        let data = try JSONEncoder().encode(value)
        return try WireJSONDecoder().decode(T.self, from: data) == JSONDecoder().decode(T.self, from: data)
    }

    /// 80 distinct types: model wrappers, arrays and dictionaries nested in each other.
    static func allAgree() throws -> Bool {
        var agree = true
        func check<T: Codable & Equatable>(_ value: T) throws {
            agree = try roundTrip(value) && agree
            agree = try roundTrip([value]) && agree
            agree = try roundTrip(Box(value: value)) && agree
            agree = try roundTrip(["k": value]) && agree
        }
        try check(1)
        try check([1])
        try check(Box(value: "s"))
        try check([[true]])
        try check(["a": [1.5]])
        try check(Box(value: [Box(value: 2)]))
        try check([Box(value: ["x": 3])])
        try check(Box(value: Box(value: [4])))
        try check([[Box(value: "t")]])
        try check(["m": Box(value: [[5]])])
        try check(Box(value: ["n": [Box(value: 6)]]))
        try check([Box(value: [Box(value: [7])])])
        try check(Box(value: [[["y"]]]))
        try check(["p": ["q": Box(value: 8)]])
        try check([["r": [9]]])
        try check(Box(value: Box(value: Box(value: 10))))
        try check([Box(value: Box(value: [11]))])
        try check(["s": [Box(value: ["u": 12])]])
        try check(Box(value: [["v": [13]]]))
        try check([[[Box(value: 14)]]])
        return agree
    }

    @Test func moreTypesThanTheTableHoldsDecodeAlike() throws {
        #expect(try Self.allAgree())
        #expect(try Self.allAgree())  // the second pass meets every type again, after evictions
    }

    @Test func severalThreadsDecodeManyTypesAlike() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { try Self.allAgree() } }
            for try await agree in group { #expect(agree) }
        }
    }
}
