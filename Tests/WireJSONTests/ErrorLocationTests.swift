import Testing

@testable import WireJSON

/// Each case's location was worked out by hand from the input (0-based byte offset; 1-based line and
/// column, the column in Unicode characters).
struct LocationCase: CustomStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var kind: JSONSyntaxError.Kind
    var offset: Int
    var line: Int
    var column: Int
    var path: String
    var reason: String

    init(
        _ name: String, _ input: String, _ kind: JSONSyntaxError.Kind, offset: Int, line: Int = 1, column: Int,
        path: String, reason: String
    ) {
        self.init(name, Array(input.utf8), kind, offset: offset, line: line, column: column, path: path, reason: reason)
    }

    init(
        _ name: String, _ input: [UInt8], _ kind: JSONSyntaxError.Kind, offset: Int, line: Int = 1, column: Int,
        path: String, reason: String
    ) {
        self.name = name
        self.input = input
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
        self.reason = reason
    }

    var description: String { name }
}

@Suite("Error locations and reasons")
struct ErrorLocationTests {
    static let cases: [LocationCase] = [
        LocationCase(
            "double comma", "[1, 2,, 3]", .unexpectedToken, offset: 6, column: 7, path: "$[2]",
            reason: "expected a value, found ','"),
        LocationCase(
            "trailing comma in array", "{\"genres\": [\"drama\", \"crime\",],\n \"id\": 7}", .trailingComma,
            offset: 29, column: 30, path: "$.genres", reason: "trailing comma before ']'"),
        LocationCase(
            "trailing comma in object", "{\"a\": 1,\n}", .trailingComma, offset: 9, line: 2, column: 1,
            path: "$", reason: "trailing comma before '}'"),
        LocationCase(
            "duplicate key", #"{"id": 1, "title": "x", "id": 2}"#, .duplicateKey, offset: 24, column: 25,
            path: "$.id", reason: #"duplicate key "id""#),
        LocationCase(
            "truncated inside a string", #"{"movies": [{"title": "Heat"#, .unexpectedEndOfInput,
            offset: 27, column: 28, path: "$.movies[0].title", reason: "unexpected end of input inside a string"),
        LocationCase(
            "truncated inside an array", "{\"ids\": [1, 2", .unexpectedEndOfInput, offset: 13, column: 14,
            path: "$.ids", reason: "unexpected end of input inside an array (missing ']')"),
        LocationCase(
            "column counts characters, not bytes", "{\n  \"t\": \"天使\" x\n}", .unexpectedCharacter,
            offset: 18, line: 2, column: 13, path: "$", reason: "unexpected character 'x'"),
        LocationCase(
            "misspelled literal", "{\n  \"x\": tru\n}", .invalidLiteral, offset: 12, line: 2, column: 11,
            path: "$.x", reason: "invalid literal"),
        LocationCase(
            "leading zero", "[01]", .invalidNumber, offset: 2, column: 3, path: "$[0]",
            reason: "number with a leading zero"),
        LocationCase(
            "invalid UTF-8", Array(#"{"a": [1, 2, {"b": "caf"#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8),
            .invalidUTF8, offset: 23, column: 24, path: "$.a[2].b", reason: "invalid UTF-8 byte 0xC3 0x28"),
        LocationCase(
            "encoded surrogate", Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8),
            .invalidUTF8, offset: 2, column: 3, path: "$[0]", reason: "encoded surrogate"),
        LocationCase(
            "overlong", Array(#"[""#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8),
            .invalidUTF8, offset: 2, column: 3, path: "$[0]", reason: "overlong"),
        LocationCase(
            "above U+10FFFF", Array(#"[""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""]"#.utf8),
            .invalidUTF8, offset: 2, column: 3, path: "$[0]", reason: "above U+10FFFF"),
        LocationCase(
            "invalid UTF-8 in a member name", Array(#"{"ok": 1, "b"#.utf8) + [0xFF] + Array(#"": 2}"#.utf8),
            .invalidUTF8, offset: 12, column: 13, path: "$", reason: "0xFF"),
        LocationCase("empty input", "", .emptyInput, offset: 0, column: 1, path: "$", reason: "empty input"),
        LocationCase(
            "whitespace only", " \n ", .emptyInput, offset: 3, line: 2, column: 2, path: "$", reason: "empty input"),
        LocationCase(
            "byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .byteOrderMark, offset: 0, column: 1,
            path: "$", reason: "byte order mark"),
        LocationCase(
            "second document", "[1] [2]", .trailingContent, offset: 4, column: 5, path: "$",
            reason: "after the end of the JSON document"),
        LocationCase(
            "missing colon", #"{"a" 1}"#, .missingColon, offset: 5, column: 6, path: "$.a",
            reason: #"expected ':' after member name "a""#),
        LocationCase(
            "missing comma between members", #"{"a": 1 "b": 2}"#, .unexpectedToken, offset: 8, column: 9,
            path: "$", reason: "missing ',' between object members"),
        LocationCase(
            "form feed", "[\u{0C}1]", .invalidWhitespace, offset: 1, column: 2, path: "$[0]",
            reason: "form feed"),
        LocationCase(
            "lone high surrogate", #"["\ud800"]"#, .loneSurrogate, offset: 2, column: 3, path: "$[0]",
            reason: #"\uD800"#),
        LocationCase(
            "lone low surrogate after text", #"{"k": "ab\udc00"}"#, .loneSurrogate, offset: 9, column: 10,
            path: "$.k", reason: "low half"),
        LocationCase(
            "NaN", "[1, NaN]", .nonFiniteNumber, offset: 4, column: 5, path: "$[1]", reason: "NaN is not a JSON number"),
        LocationCase(
            "-Infinity", "[-Infinity]", .nonFiniteNumber, offset: 2, column: 3, path: "$[0]",
            reason: "-Infinity is not a JSON number"),
        LocationCase(
            "comment", "[1, /* x */ 2]", .commentNotAllowed, offset: 4, column: 5, path: "$[1]", reason: "comments"),
        LocationCase(
            "invalid escape", #"["a\x"]"#, .invalidEscape, offset: 4, column: 5, path: "$[0]",
            reason: #"invalid escape '\x'"#),
        LocationCase(
            "raw newline in string", "[\"a\nb\"]", .controlCharacter, offset: 3, column: 4, path: "$[0]",
            reason: "line feed"),
        LocationCase(
            "single quotes", "{'a': 1}", .unexpectedCharacter, offset: 1, column: 2, path: "$",
            reason: "double quotes"),
        LocationCase(
            "missing digit after decimal point", "[1.]", .invalidNumber, offset: 3, column: 4, path: "$[0]",
            reason: "decimal point"),
        LocationCase(
            "truncated number at the end", "-", .unexpectedEndOfInput, offset: 1, column: 2, path: "$",
            reason: "inside a number"),
        LocationCase(
            "value expected after colon", #"{"a":}"#, .unexpectedToken, offset: 5, column: 6, path: "$.a",
            reason: "expected a value after ':'"),
        LocationCase(
            "unexpected character outside a string", "[1, é]", .unexpectedCharacter, offset: 4, column: 5,
            path: "$[1]", reason: "U+00E9"),
        LocationCase(
            "duplicate in a nested object", "{\"m\": [{\"a\": 1}, {\"a\": 1, \"a\": 2}]}", .duplicateKey,
            offset: 26, column: 27, path: "$.m[1].a", reason: #"duplicate key "a""#),
    ]

    @Test(arguments: JSONEngine.underTest, cases)
    func location(engine: JSONEngine, of testCase: LocationCase) throws {
        try JSONEngine.with(engine) {
            let outcome = parse(testCase.input, chunks: [])
            let error = try #require(outcome.error, "\(testCase.name) was accepted")
            #expect(error.kind == testCase.kind, "\(error)")
            #expect(
                error.location
                    == JSONSourceLocation(offset: testCase.offset, line: testCase.line, column: testCase.column))
            #expect(error.path.description == testCase.path)
            #expect(error.reason.contains(testCase.reason), "\(error.reason)")
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func excerptHasTheLineAndACaretUnderTheSpot(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let error = try #require(parse("{\"genres\": [\"drama\", \"crime\",],\n \"id\": 7}").error)
            #expect(error.excerpt.text == #"{"genres": ["drama", "crime",],"#)
            #expect(error.excerpt.caretColumn == 29)
            #expect(
                error.excerpt.rendered(indent: "") == "{\"genres\": [\"drama\", \"crime\",],\n"
                    + String(repeating: " ", count: 29) + "^")
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func theCROfACRLFLineIsNotInTheExcerpt(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let error = try #require(parse("{\"a\": 1,\r\n \"b\": x}\r\n").error)
            #expect(error.location.line == 2 && error.location.column == 7)
            #expect(error.excerpt.text == #" "b": x}"#)
            #expect(error.excerpt.caretColumn == 6)
        }
    }

    @Test(
        arguments: JSONEngine.underTest,
        [
            (#""\u00""#, #"invalid \u escape: expected 4 hex digits, found '"'"#),
            (#""\u12g4""#, #"invalid \u escape: expected 4 hex digits, found 'g'"#),
            (#""\u-123""#, #"invalid \u escape: expected 4 hex digits, found '-'"#),
        ])
    func aShortUnicodeEscapeNamesTheByteFound(engine: JSONEngine, testCase: (input: String, reason: String)) throws {
        let (input, reason) = testCase
        try JSONEngine.with(engine) {
            let error = try #require(parse(input).error)
            #expect(error.kind == .invalidEscape)
            #expect(error.reason == reason)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func longLinesAreTrimmedAroundTheSpot(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let line = "[" + String(repeating: "1, ", count: 100) + "x" + String(repeating: ", 2", count: 100) + "]"
            let error = try #require(parse(line).error)
            #expect(error.location.column == 302)
            #expect(error.excerpt.text.unicodeScalars.count == 80)
            #expect(error.excerpt.caretColumn == 40)
            #expect(Array(error.excerpt.text.unicodeScalars)[40] == "x")
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func nestingUpToTheLimitIsAcceptedAndOneMoreIsAnError(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
            #expect(parse(ok).error == nil)
            let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
            let error = try #require(parse(deep).error)
            #expect(error.kind == .nestingTooDeep)
            #expect(error.location.offset == 512)
            var shallow = JSONParseOptions()
            shallow.maxDepth = 3
            #expect(parse("[[[1]]]", options: shallow).error == nil)
            #expect(parse("[[[[1]]]]", options: shallow).error?.location.offset == 3)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func extremeNestingIsACleanErrorNotACrash(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
            let error = try #require(JSONValidator().validate(bytes).errors.first)
            #expect(error.kind == .nestingTooDeep)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func duplicateKeysAreFoundInLargeObjects(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let members = (0..<2000).map { "\"key\($0)\": \($0)" }
            let unique = "{" + members.joined(separator: ", ") + "}"
            #expect(parse(unique).error == nil)
            let repeated = "{" + (members + ["\"key1234\": 0"]).joined(separator: ", ") + "}"
            let error = try #require(parse(repeated).error)
            #expect(error.kind == .duplicateKey)
            #expect(error.path == [.key("key1234")])
            #expect(error.location.offset == repeated.utf8.count - #""key1234": 0}"#.utf8.count)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func sameNamesInSiblingObjectsAreNotDuplicates(engine: JSONEngine) {
        JSONEngine.with(engine) {
            #expect(parse(#"[{"id": 1, "x": {"id": 2}}, {"id": 3}]"#).error == nil)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func allowDuplicateKeysAcceptsThemAndTheTreeKeepsBoth(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            var options = JSONParseOptions()
            options.allowDuplicateKeys = true
            let value = try JSONValue.parse(#"{"id": 1, "id": 2}"#, options: options)
            guard case .object(let object) = value else {
                Issue.record("not an object")
                return
            }
            #expect(object.members.count == 2)
            #expect(object.duplicateKeys == ["id"])
            #expect(value["id"] == .number(2))
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func commentsAreAcceptedWhenEnabled(engine: JSONEngine) {
        JSONEngine.with(engine) {
            var options = JSONParseOptions()
            options.allowComments = true
            #expect(parse("// head\n[1, /* two */ 2]", options: options).error == nil)
            #expect(parse("[1, /* two */ 2]").error?.kind == .commentNotAllowed)
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func errorDescriptionReadsAsASentence(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let error = try #require(parse("[1, 2,]").error)
            #expect(error.description == "trailing comma before ']' at $ (line 1, column 7, byte 6)")
        }
    }
}
