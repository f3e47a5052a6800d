import Testing

@testable import WireJSON

/// One input, the options, and the one error every path must report: kind, 0-based byte offset, line
/// and column, the exact reason and the path. Worked out by hand from the README's rule: the location
/// is the first byte that cannot continue a valid document.
struct ExactCase: CustomStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var options: JSONParseOptions
    var kind: JSONSyntaxError.Kind
    var offset: Int
    var line: Int
    var column: Int
    var reason: String
    var path: String

    init(
        _ name: String, _ input: String, options: JSONParseOptions = .strict, _ kind: JSONSyntaxError.Kind,
        offset: Int, line: Int = 1, column: Int, _ reason: String, path: String = "$"
    ) {
        self.init(
            name, Array(input.utf8), options: options, kind, offset: offset, line: line, column: column, reason,
            path: path)
    }

    init(
        _ name: String, _ input: [UInt8], options: JSONParseOptions = .strict, _ kind: JSONSyntaxError.Kind,
        offset: Int, line: Int = 1, column: Int, _ reason: String, path: String = "$"
    ) {
        self.name = name
        self.input = input
        self.options = options
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
        self.path = path
    }

    var description: String { name }

    /// Checks every path of ``ValidationPaths`` against the expected error.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let wrong = ValidationPaths.disagreements(
            input, options: options,
            expected: (kind, offset, line, column, reason, path))
        let message =
            "\(name): expected \(line):\(column) (byte \(offset)) [\(kind)] \(reason) at \(path); got\n"
            + wrong.prefix(6).map { "  \($0)" }.joined(separator: "\n")
        #expect(wrong.isEmpty, "\(message)", sourceLocation: sourceLocation)
    }
}

/// Issue 10, items 1 and 5: what follows a complete document, and a token cut off by the end of the
/// input. yajl accepts a complete value followed by a string that never closes (`{} "x`) and an
/// unclosed comment; WireJSON must reject both, and point at the first byte after the document.
@Suite("After the document and at the end of input")
struct DocumentEndTests {
    static let comments = JSONParseOptions(allowComments: true)
    static let after = "unexpected string after the end of the JSON document"
    static let inComment = "unexpected end of input inside a comment (missing '*/')"

    static let unterminatedAfterTheDocumentCases: [ExactCase] = [
        ExactCase("note after an object", #"{"id":1} "note: keep me"#, .trailingContent, offset: 9, column: 10, after),
        ExactCase("quote glued to a zero", #"0""#, .trailingContent, offset: 1, column: 2, after),
        ExactCase("string after an empty object", #"{} "x"#, .trailingContent, offset: 3, column: 4, after),
        ExactCase("quote glued to an array", #"[]""#, .trailingContent, offset: 2, column: 3, after),
        ExactCase("quote after null", #"null ""#, .trailingContent, offset: 5, column: 6, after),
        ExactCase(
            "lone surrogate in the string after the document", #"{}"\ud800"#, .trailingContent, offset: 2, column: 3,
            after),
        ExactCase("backslash open after the document", #"1 "\"#, .trailingContent, offset: 2, column: 3, after),
        ExactCase(
            "unicode escape open after the document", #"[1] "\u12"#, .trailingContent, offset: 4, column: 5, after),
        ExactCase(
            "character cut off in the string after the document", Array(#"1 ""#.utf8) + [0xC3],
            .trailingContent, offset: 2, column: 3, after),
        ExactCase(
            "string on the second line", "{\"a\": [1]}\n  \"x", .trailingContent, offset: 13, line: 2, column: 3, after),
        ExactCase(
            "block comment open after the document", "[] /*", options: comments, .unexpectedEndOfInput,
            offset: 5, column: 6, inComment),
        ExactCase(
            "block comment with a quote open after the document", #"1 /* "x"#, options: comments,
            .unexpectedEndOfInput, offset: 7, column: 8, inComment),
        ExactCase(
            "block comment alone", "/*", options: comments, .unexpectedEndOfInput, offset: 2, column: 3, inComment),
        ExactCase(
            "block comment open inside an array", "[1, /* two", options: comments, .unexpectedEndOfInput,
            offset: 10, column: 11, inComment, path: "$[1]"),
    ]

    @Test(
        "an unterminated token after the document is content after it", arguments: JSONEngine.underTest,
        unterminatedAfterTheDocumentCases)
    func unterminatedAfterTheDocument(engine: JSONEngine, _ testCase: ExactCase) {
        JSONEngine.with(engine) {
            testCase.check()
        }
    }

    static let extraValueToTheEndCases: [ExactCase] = [
        ExactCase(
            "second number", "1 2", .trailingContent, offset: 2, column: 3,
            "unexpected number after the end of the JSON document"),
        ExactCase(
            "number glued to an object", "{}1", .trailingContent, offset: 2, column: 3,
            "unexpected number after the end of the JSON document"),
        ExactCase(
            "literal start after a number", "1 t", .trailingContent, offset: 2, column: 3,
            "unexpected 't' after the end of the JSON document"),
        ExactCase(
            "whole literal after a number", "1 true", .trailingContent, offset: 2, column: 3,
            "unexpected 'true' after the end of the JSON document"),
        ExactCase("leading zero", "01", .invalidNumber, offset: 1, column: 2, "number with a leading zero"),
        ExactCase("negative leading zero", "-01", .invalidNumber, offset: 2, column: 3, "number with a leading zero"),
        ExactCase(
            "slash after the document", "[] /", options: comments, .trailingContent, offset: 3, column: 4,
            "unexpected '/' after the end of the JSON document"),
        ExactCase("string after the document, closed", #"{} "x""#, .trailingContent, offset: 3, column: 4, after),
    ]

    @Test(
        "an extra value running to the end of the input is reported where it starts", arguments: JSONEngine.underTest,
        extraValueToTheEndCases
    )
    func extraValueToTheEnd(engine: JSONEngine, _ testCase: ExactCase) {
        JSONEngine.with(engine) {
            testCase.check()
        }
    }

    @Test("JSON Lines: the unterminated string after a record is reported on its line", arguments: JSONEngine.underTest)
    func jsonLines(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            var options = JSONParseOptions()
            options.framing = .lines
            let report = JSONValidator(options: options).validate(Array("{\"id\":1} \"lost text\n{\"id\":2}\n".utf8))
            let error = try #require(report.errors.first, "accepted")
            #expect(report.errors.count == 1 && report.documentCount == 2)
            #expect(error.kind == .trailingContent)
            #expect(error.location == JSONSourceLocation(offset: 9, line: 1, column: 10))
            #expect(error.reason == Self.after)
        }
    }
}

/// Issue 10, items 5 and 6: a token that cannot stand where it is is reported where it starts, even
/// when it is malformed itself; and reasons read as sentences.
@Suite("Misplaced tokens and the wording of reasons")
struct MisplacedTokenTests {
    static let misplacedCases: [ExactCase] = [
        ExactCase(
            "literal start where a comma belongs", "[1 f]", .unexpectedToken, offset: 3, column: 4,
            "missing ',' between array elements (found 'f')"),
        ExactCase(
            "minus where a comma belongs", #"{"a":1 -}"#, .unexpectedToken, offset: 7, column: 8,
            "missing ',' between object members (found '-')"),
        ExactCase(
            "literal start where a colon belongs", #"{"a" t}"#, .missingColon, offset: 5, column: 6,
            #"expected ':' after member name "a", found 't'"#, path: "$.a"),
        ExactCase(
            "string with a tab where a comma belongs", "[\"a\" \"b\tc\"]", .unexpectedToken, offset: 5, column: 6,
            "missing ',' between array elements (found a string)"),
        ExactCase(
            "unterminated string where a comma belongs", #"{"a":1 "x}"#, .unexpectedToken, offset: 7, column: 8,
            "missing ',' between object members (found a string)"),
        ExactCase(
            "unterminated string where a colon belongs", #"{"a" "b"#, .missingColon, offset: 5, column: 6,
            #"expected ':' after member name "a", found a string"#, path: "$.a"),
        ExactCase(
            "unterminated string after an element", #"[1 "abc"#, .unexpectedToken, offset: 3, column: 4,
            "missing ',' between array elements (found a string)"),
        ExactCase(
            "bad escape in a misplaced string", #"[1 "a\x"]"#, .unexpectedToken, offset: 3, column: 4,
            "missing ',' between array elements (found a string)"),
        ExactCase(
            "invalid UTF-8 in a misplaced string", Array(#"[1 "a"#.utf8) + [0xFF] + Array(#""]"#.utf8),
            .unexpectedToken, offset: 3, column: 4, "missing ',' between array elements (found a string)"),
        ExactCase(
            "number missing its digits where a comma belongs", "[1 2.]", .unexpectedToken, offset: 3, column: 4,
            "missing ',' between array elements (found a number)"),
        ExactCase(
            "number where a member name belongs", "{1.}", .unexpectedToken, offset: 1, column: 2,
            "expected a member name in double quotes, found a number"),
        ExactCase(
            "misspelled literal where a member name belongs", "{tru}", .unexpectedToken, offset: 1, column: 2,
            "expected a member name in double quotes, found 'tru'"),
        ExactCase(
            "misspelled literal after the document", "[] nul", .trailingContent, offset: 3, column: 4,
            "unexpected 'nul' after the end of the JSON document"),
    ]

    @Test(
        "a misplaced token is reported where it starts, malformed or not", arguments: JSONEngine.underTest,
        misplacedCases)
    func misplacedToken(engine: JSONEngine, _ testCase: ExactCase) {
        JSONEngine.with(engine) {
            testCase.check()
        }
    }

    static let comments = JSONParseOptions(allowComments: true)

    static let wordingCases: [ExactCase] = [
        ExactCase(
            "slash that opens no comment", "/1", options: comments, .unexpectedCharacter, offset: 0, column: 1,
            "unexpected '/': a comment starts with '/*' or '//'"),
        ExactCase(
            "slash that opens no comment, in an array", "[/1]", options: comments, .unexpectedCharacter,
            offset: 1, column: 2, "unexpected '/': a comment starts with '/*' or '//'", path: "$[0]"),
        ExactCase(
            "escaped single quote", #"["\'"]"#, .invalidEscape, offset: 3, column: 4,
            #"invalid escape '\'' in string"#, path: "$[0]"),
        ExactCase(
            "two signs in an exponent", "1e+-5", .invalidNumber, offset: 3, column: 4,
            "expected a digit after the exponent in a number, found '-'"),
        ExactCase(
            "minus in the fraction", "[1.-]", .invalidNumber, offset: 3, column: 4,
            "expected a digit after the decimal point in a number, found '-'", path: "$[0]"),
        ExactCase(
            "minus after minus", "--1", .invalidNumber, offset: 1, column: 2,
            "expected a digit after '-' in a number, found '-'"),
    ]

    @Test("reasons name what was found", arguments: JSONEngine.underTest, wordingCases)
    func reasonWording(engine: JSONEngine, _ testCase: ExactCase) {
        JSONEngine.with(engine) {
            testCase.check()
        }
    }
}

/// Issue 10, item 11: with comments allowed, a comment must still be strict UTF-8, through every path
/// (`//` and `/* */`, fast and exact passes, files and pipes, any chunking).
@Suite("Invalid UTF-8 inside comments")
struct CommentUTF8Tests {
    static let comments = JSONParseOptions(allowComments: true)

    static let casesCases: [ExactCase] = [
        ExactCase(
            "never-valid byte in a block comment", Array("/* ".utf8) + [0xFF] + Array(" */ 1".utf8), options: comments,
            .invalidUTF8, offset: 3, column: 4, "invalid UTF-8 byte 0xFF (never valid in UTF-8)"),
        ExactCase(
            "truncated sequence in a line comment", Array("[1] // ".utf8) + [0xC3, 0x28] + Array("\n".utf8),
            options: comments, .invalidUTF8, offset: 7, column: 8, "invalid UTF-8 byte 0xC3 0x28 (truncated sequence)"),
        ExactCase(
            "sequence cut off by the end in a line comment", Array("1 //".utf8) + [0xC3], options: comments,
            .invalidUTF8, offset: 4, column: 5, "invalid UTF-8 byte 0xC3 (sequence cut off by the end of input)"),
        ExactCase(
            "encoded surrogate in a block comment", Array(#"{"a":/*"#.utf8) + [0xED, 0xA0, 0x80] + Array("*/1}".utf8),
            options: comments, .invalidUTF8, offset: 7, column: 8, "invalid UTF-8 byte 0xED 0xA0 (encoded surrogate)",
            path: "$.a"),
        ExactCase(
            "above U+10FFFF in a block comment", Array("[/*".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("*/]".utf8),
            options: comments, .invalidUTF8, offset: 3, column: 4, "invalid UTF-8 byte 0xF4 0x90 (above U+10FFFF)",
            path: "$[0]"),
        ExactCase(
            "line comment ending inside a character", Array("// ".utf8) + [0xE2, 0x82] + Array("\n1".utf8),
            options: comments, .invalidUTF8, offset: 3, column: 4,
            "invalid UTF-8 byte 0xE2 0x82 0x0A (truncated sequence)"),
        ExactCase(
            "overlong in a block comment", Array("/* ".utf8) + [0xC0, 0xAF] + Array(" */ 1".utf8), options: comments,
            .invalidUTF8, offset: 3, column: 4, "invalid UTF-8 byte 0xC0 (overlong encoding)"),
    ]

    @Test("invalid UTF-8 in a comment is reported at its first byte", arguments: JSONEngine.underTest, casesCases)
    func invalidUTF8InAComment(engine: JSONEngine, _ testCase: ExactCase) {
        JSONEngine.with(engine) {
            testCase.check()
        }
    }
}
