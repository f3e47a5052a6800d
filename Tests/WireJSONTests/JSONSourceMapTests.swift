import Testing
import WireLockTestSupport

@testable import WireJSON

@Suite("JSONSourceMap: where each value of a document is")
struct JSONSourceMapTests {
    /// Locations worked out by hand: offsets from 0, lines and columns from 1, columns in characters.
    @Test func handWorkedDocument() throws {
        let text = "{\"a\": [1, \"x\"],\n \"\u{E9}\": {\"b\": null}, \"t\": true}"
        let map = try JSONSourceMap(Array(text.utf8))
        #expect(map.entries.count == 7)
        let root = map.root
        #expect(root.kind == .object && root.start == JSONSourceLocation(offset: 0, line: 1, column: 1))
        #expect(root.end.offset == text.utf8.count)

        let one = try #require(map.entry(at: [.key("a"), .index(0)]))
        #expect(one.kind == .number && one.text == "1")
        #expect(one.start == JSONSourceLocation(offset: 7, line: 1, column: 8))
        #expect(one.end.offset == 8)

        let x = try #require(map.entry(at: [.key("a"), .index(1)]))
        #expect(x.text == "x" && x.start == JSONSourceLocation(offset: 10, line: 1, column: 11))

        let inner = try #require(map.entry(at: [.key("\u{E9}")]))
        // Line 2 is ` "é": {…`: the member name starts at column 2, the object at column 7 (é is one
        // character but two bytes).
        #expect(inner.keyStart == JSONSourceLocation(offset: 17, line: 2, column: 2))
        #expect(inner.start == JSONSourceLocation(offset: 23, line: 2, column: 7))
        #expect(inner.kind == .object)

        let null = try #require(map.entry(at: [.key("\u{E9}"), .key("b")]))
        #expect(null.kind == .null && null.start.column == 13)
        #expect(map.entry(at: [.key("t")])?.bool == true)
        // The decomposed spelling of é is another name.
        #expect(map.entry(at: [.key("e\u{301}")]) == nil)
    }

    @Test func missingMemberLeadsToTheObjectThatLacksIt() throws {
        let map = try JSONSourceMap(Array(#"{"movies": [{"title": "Heat"}]}"#.utf8))
        let deepest = try #require(map.deepestEntry(toward: [.key("movies"), .index(0), .key("year")]))
        #expect(deepest.matchedComponents == 2)
        #expect(map.path(of: deepest.index) == [.key("movies"), .index(0)])
        #expect(map.entries[deepest.index].start.offset == 12)
    }

    @Test func invalidDocumentThrowsTheValidatorsError() {
        let bytes = Array(#"{"a": [1, 2}"#.utf8)
        let expected = JSONValidator().validate(bytes).errors.first
        #expect(expected != nil)
        #expect(throws: expected!) { try JSONSourceMap(bytes) }
    }

    @Test func commentsAreSkippedWhenAllowed() throws {
        let text = "{ /* note */ \"a\": // why\n 1}"
        let map = try JSONSourceMap(Array(text.utf8), options: JSONParseOptions(allowComments: true))
        let one = try #require(map.entry(at: [.key("a")]))
        #expect(one.start == JSONSourceLocation(offset: 26, line: 2, column: 2))
        #expect(one.keyStart?.offset == 13)
    }

    /// Every entry of random documents, pretty and compact: the byte at its start is the value's first
    /// character, its path leads back to it, and the validator puts an error planted at that byte at the
    /// same line and column.
    @Test(arguments: [CanonicalJSONWriter.Style.pretty, .compact])
    func randomDocumentsAgreeWithTheValidator(style: CanonicalJSONWriter.Style) throws {
        var random = RandomJSON(seed: 0x5EED_50CE)
        for _ in 0..<60 {
            let value = random.value()
            let bytes = CanonicalJSONWriter.bytes(value, style: style)
            let map = try JSONSourceMap(bytes)
            #expect(map.entries.count == Self.valueCount(value))
            for (index, entry) in map.entries.enumerated() {
                let first = bytes[entry.start.offset]
                switch entry.kind {
                case .object: #expect(first == UInt8(ascii: "{") && bytes[entry.end.offset - 1] == UInt8(ascii: "}"))
                case .array: #expect(first == UInt8(ascii: "[") && bytes[entry.end.offset - 1] == UInt8(ascii: "]"))
                case .string: #expect(first == UInt8(ascii: "\"") && bytes[entry.end.offset - 1] == UInt8(ascii: "\""))
                case .number: #expect(first == UInt8(ascii: "-") || (0x30...0x39).contains(first))
                case .bool: #expect(first == UInt8(ascii: "t") || first == UInt8(ascii: "f"))
                case .null: #expect(first == UInt8(ascii: "n"))
                }
                let path = map.path(of: index)
                #expect(map.index(of: path) == index)
                #expect(value[path] != nil)
                if index > 0, index % 3 == 0 {
                    var planted = bytes
                    planted[entry.start.offset] = UInt8(ascii: "#")
                    let error = try #require(JSONValidator().validate(planted).errors.first)
                    #expect(error.location.line == entry.start.line && error.location.column == entry.start.column)
                }
            }
        }
    }

    /// A one-line document of many values costs one pass (the cursor only moves forward): this would take
    /// minutes if each location were counted from the start of the line.
    @Test func longSingleLineDocument() throws {
        let count = 200_000
        let bytes = Array(("[" + Array(repeating: "\"\u{E9}\"", count: count).joined(separator: ",") + "]").utf8)
        let map = try JSONSourceMap(bytes)
        #expect(map.entries.count == count + 1)
        #expect(map.entries.last?.start.column == 1 + 1 + (count - 1) * 4)
    }

    static func valueCount(_ value: JSONValue) -> Int {
        switch value {
        case .array(let elements): 1 + elements.reduce(0) { $0 + valueCount($1) }
        case .object(let object): 1 + object.members.reduce(0) { $0 + valueCount($1.value) }
        default: 1
        }
    }
}
