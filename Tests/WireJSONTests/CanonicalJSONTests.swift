import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

@Suite("Canonical JSON")
struct CanonicalJSONTests {
    @Test func prettyFormHasSortedKeysTwoSpaceIndentAndAFinalNewline() throws {
        let value = try JSONValue.parse(#"{"b": [1, {"d": null, "c": true}], "a": {}, "e": [], "n": 1.50}"#)
        #expect(
            value.canonicalText() == """
                {
                  "a": {},
                  "b": [
                    1,
                    {
                      "c": true,
                      "d": null
                    }
                  ],
                  "e": [],
                  "n": 1.50
                }

                """)
    }

    @Test func compactFormHasNoWhitespace() throws {
        let value = try JSONValue.parse(#"{ "b" : [ 1 , 2 ] , "a" : "x" }"#)
        #expect(value.canonicalText(style: .compact) == #"{"a":"x","b":[1,2]}"#)
    }

    @Test(
        "numbers keep their exact source text",
        arguments: ["1.0", "-0", "1E+2", "1e-7", "123456789012345678901234567890", "0.1000"])
    func numbersAreByteIdentical(text: String) throws {
        #expect(try JSONValue.parse("[\(text)]").canonicalText(style: .compact) == "[\(text)]")
    }

    @Test func stringsAreEscapedMinimally() throws {
        let value = try JSONValue.parse(#"["\u0041\/\"\\\b\f\n\r\t\u0001\u001f\u007f é 🎬 \u2028"]"#)
        #expect(
            value.canonicalText(style: .compact) == "[\"A/\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\u{7F} é 🎬 \u{2028}\"]")
    }

    @Test func keysSortByUTF16CodeUnitsNotByScalars() throws {
        // U+E000 is one UTF-16 unit 0xE000; U+1F600 is the pair 0xD83D 0xDE00, which sorts first.
        let value = try JSONValue.parse("{\"\u{E000}\": 1, \"\u{1F600}\": 2, \"a\": 3, \"B\": 4}")
        #expect(value.canonicalText(style: .compact) == "{\"B\":4,\"a\":3,\"\u{1F600}\":2,\"\u{E000}\":1}")
    }

    static let samples: [String] = [
        #"{"z": [1, 2, {"y": "x\n"}], "a": -0.0e1, "m": {"k": [[], {}]}}"#,
        #"[true, false, null, "", "\ud83c\udfac"]"#,
        #""just a string""#,
        "42",
        #"{"dup": 1, "dup": 2}"#,
    ]

    @Test("canonical form is idempotent and re-parses to an equal value", arguments: samples)
    func idempotent(sample: String) throws {
        var options = JSONParseOptions()
        options.allowDuplicateKeys = true
        let value = try JSONValue.parse(sample, options: options)
        for style in [CanonicalJSONWriter.Style.pretty, .compact] {
            let once = CanonicalJSONWriter.bytes(value, style: style)
            let reparsed = try JSONValue.parse(once, options: options)
            #expect(reparsed == value)
            #expect(CanonicalJSONWriter.bytes(reparsed, style: style) == once)
        }
    }

    @Test func canonicalFormOfEveryValidCorpusFileIsStable() throws {
        let files = Conformance.files(prefix: "y_")
        var options = JSONParseOptions()
        options.allowDuplicateKeys = true
        for file in files {
            let value = try JSONValue.parse([UInt8](try Data(contentsOf: file)), options: options)
            let once = CanonicalJSONWriter.bytes(value)
            let again = try CanonicalJSONWriter.canonicalize(once, options: options)
            #expect(again == once, "\(file.lastPathComponent)")
            #expect(try JSONValue.parse(once, options: options) == value, "\(file.lastPathComponent)")
        }
    }
}

@Suite("JSONValue")
struct JSONValueTests {
    @Test func equalityIgnoresMemberOrderButNotNumberSpelling() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "b": [2]}"#) == JSONValue.parse(#"{"b": [2], "a": 1}"#))
        #expect(try JSONValue.parse("[1.0]") != JSONValue.parse("[1]"))
        #expect(try JSONValue.parse("[1, 2]") != JSONValue.parse("[2, 1]"))
        let a = try JSONValue.parse(#"{"a": 1, "b": 2}"#)
        let b = try JSONValue.parse(#"{"b": 2, "a": 1}"#)
        #expect(Set([a, b]).count == 1)
    }

    @Test func subscriptsAndPaths() throws {
        let value = try JSONValue.parse(#"{"movies": [{"title": "Heat", "release date": "1995"}]}"#)
        #expect(value[JSONPath([.key("movies"), .index(0), .key("title")])] == .string("Heat"))
        #expect(value["movies"]?[1] == nil)
        #expect(value.kindName == "object")
    }

    @Test func eventsCarryTheirPaths() throws {
        var seen: [String] = []
        let parser = JSONStreamParser { event, context in seen.append("\(context.path) \(event)") }
        try parser.feed(Array(#"{"a b": [1, {"c": null}]}"#.utf8))
        try parser.finish()
        #expect(
            seen == [
                "$ objectStart",
                #"$["a b"] key("a b")"#,
                #"$["a b"] arrayStart"#,
                #"$["a b"][0] number("1")"#,
                #"$["a b"][1] objectStart"#,
                #"$["a b"][1].c key("c")"#,
                #"$["a b"][1].c null"#,
                #"$["a b"][1] objectEnd"#,
                #"$["a b"] arrayEnd"#,
                "$ objectEnd",
            ])
    }
}

@Suite("JSON paths")
struct JSONPathTests {
    @Test(arguments: [
        (JSONPath.root, "$"),
        (JSONPath([.key("movies"), .index(3), .key("title")]), "$.movies[3].title"),
        (JSONPath([.key("a b")]), #"$["a b"]"#),
        (JSONPath([.key("9lives"), .key("_ok"), .key("é")]), #"$["9lives"]._ok["é"]"#),
        (JSONPath([.key("q\"uote")]), #"$["q\"uote"]"#),
        (JSONPath([.key("")]), #"$[""]"#),
    ])
    func rendering(path: JSONPath, text: String) {
        #expect(path.description == text)
    }
}

@Suite("JSON Lines")
struct JSONLinesTests {
    static var lines: JSONParseOptions {
        var options = JSONParseOptions()
        options.framing = .lines
        return options
    }

    @Test func eachLineIsADocumentAndErrorsArePerLine() throws {
        let text = "{\"a\": 1}\n\n{\"b\": [1,]}\n  \n[true]\n{\"c\": \"unterminated\n{\"d\": 2}"
        let report = JSONValidator(options: Self.lines).validate(Array(text.utf8))
        #expect(report.documentCount == 5)
        #expect(report.errors.count == 2)
        let first = try #require(report.errors.first)
        #expect(first.kind == .trailingComma)
        #expect(first.location == JSONSourceLocation(offset: 19, line: 3, column: 10))
        let second = report.errors[1]
        #expect(second.kind == .unexpectedEndOfInput)
        #expect(second.location.line == 6)
        #expect(second.path.description == "$.c")
    }

    @Test func chunkSizeDoesNotMatterForLines() throws {
        let text = Array("[1]\n[2,]\n{\"x\": \"y\"}\n{\"dup\": 1, \"dup\": 2}\n".utf8)
        let whole = JSONValidator(options: Self.lines).validate(text)
        let path = TemporaryDirectory.uniqueURL("wirelock-lines", extension: "jsonl").path
        try Data(text).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunk in [1, 2, 5, 4096] {
            let report = try JSONValidator(options: Self.lines, chunkSize: chunk).validate(fileAt: path)
            #expect(report == whole, "chunk \(chunk)")
        }
        #expect(whole.errors.map(\.location.line) == [2, 4])
        #expect(whole.documentCount == 4)
    }
}

@Suite("Validator input")
struct ValidatorInputTests {
    @Test func missingFileIsAnInputErrorNamingThePath() {
        #expect(throws: JSONInputError(path: "/nonexistent/x.json", reason: "No such file or directory")) {
            try JSONValidator().validate(fileAt: "/nonexistent/x.json")
        }
    }

    @Test func aDirectoryCannotBeRead() {
        #expect(throws: JSONInputError.self) { try JSONValidator().validate(fileAt: "/tmp") }
    }

    @Test func fileValidationStreamsInChunksAndMatchesInMemory() throws {
        let doc =
            "{\"items\": [" + (0..<5000).map { "{\"id\": \($0), \"name\": \"n\u{E9}\($0)\"}" }.joined(separator: ",\n")
            + ", ]}"
        let path = TemporaryDirectory.uniqueURL("wirelock", extension: "json")
            .path
        try Data(doc.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inMemory = JSONValidator().validate(Array(doc.utf8))
        for chunk in [7, 1000, 65536] {
            #expect(try JSONValidator(chunkSize: chunk).validate(fileAt: path) == inMemory)
        }
        #expect(inMemory.errors.first?.kind == .trailingComma)
        #expect(inMemory.errors.first?.location.line == 5000)
    }
}

/// The string writer copies runs of bytes that need no escape in one piece; every string must come
/// out as the byte-by-byte writer it replaced wrote it.
@Suite("Canonical strings")
struct CanonicalStringTests {
    static func reference(_ s: String) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    @Test func everyStringIsWrittenAsTheByteByByteWriterWroteIt() {
        let pieces =
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
                "\"", "\\", "/", "a", "Z", "é", "猫", "😀", "\u{7F}", "\u{2028}", "plain text",
            ]
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<3_000 {
            let s = (0..<rng.next(below: 12)).map { _ in pieces[rng.next(below: pieces.count)] }.joined()
            var out: [UInt8] = []
            CanonicalJSONWriter.writeString(s, into: &out)
            #expect(out == Self.reference(s), "\(Array(s.utf8))")
        }
        let long =
            String(repeating: "a long run without escapes ", count: 10_000) + "\n"
            + String(repeating: "é", count: 1_000)
        var out: [UInt8] = []
        CanonicalJSONWriter.writeString(long, into: &out)
        #expect(out == Self.reference(long))
    }
}
