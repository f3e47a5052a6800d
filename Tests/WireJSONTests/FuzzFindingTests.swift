import Testing

@testable import WireJSON

/// Inputs the libFuzzer target (`make fuzz-engine`, `FuzzEngine/`) found breaking an invariant, each
/// minimized and kept as a literal with the outcome worked out by hand. Every one is checked fed whole
/// and cut at every point, since most were chunking bugs.
struct FuzzFinding: CustomStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var options: JSONParseOptions
    /// The expected error (kind, byte offset, line, column, reason), or nil when the input is valid.
    var error: (kind: JSONSyntaxError.Kind, offset: Int, line: Int, column: Int, reason: String)?

    var description: String { name }
}

@Suite("Fuzz engine findings")
struct FuzzFindingTests {
    static let comments = JSONParseOptions(allowComments: true)

    static let findings: [FuzzFinding] = [
        // A multi-byte character inside a comment was handed to yajl before it was complete, so the
        // line tracker had already counted it when the character turned out bad: the column came out
        // one too far (14), and a split inside the character moved it too.
        FuzzFinding(
            name: "character cut off by the end of input inside a block comment",
            input: Array(##"{"a":"#"}/**"##.utf8) + [0xDE], options: comments,
            error: (.invalidUTF8, 12, 1, 13, "invalid UTF-8 byte 0xDE (sequence cut off by the end of input)")),
        FuzzFinding(
            name: "bad continuation byte inside a block comment",
            input: Array("[1]/*".utf8) + [0xC3, 0x28] + Array("*/".utf8), options: comments,
            error: (.invalidUTF8, 5, 1, 6, "invalid UTF-8 byte 0xC3 0x28 (truncated sequence)")),
        FuzzFinding(
            name: "bad continuation byte inside a line comment, on the second line",
            input: Array("[1]\n// ".utf8) + [0xE2, 0x82, 0x41] + Array("\n".utf8), options: comments,
            error: (.invalidUTF8, 7, 2, 4, "invalid UTF-8 byte 0xE2 0x82 0x41 (truncated sequence)")),
        // The reason quotes the word found after the document; it took any byte up to 16, control
        // characters included, so it ran on to the end of whatever chunk was in memory and changed
        // with the chunking (`0nsa<VT>eMu<VT><NUL>#` fed as 7 + 4 bytes). Only letters, digits, signs
        // and dots are quoted now.
        FuzzFinding(
            name: "word after the document running into a vertical tab",
            input: Array("0n".utf8) + [0x0B] + Array("x".utf8), options: .strict,
            error: (.trailingContent, 1, 1, 2, "unexpected 'n' after the end of the JSON document")),
        // A number glued to a multi-byte character between tokens: the character was held back
        // but the number went to yajl, which keeps a number that ends its buffer pending; the
        // missing comma before it then surfaced on the next call with the number's bytes gone
        // (`[[]126<E5><VT>]` fed as 7 + 2 bytes: column 7 and "found the end of the input").
        FuzzFinding(
            name: "number glued to a cut-off character after an array element",
            input: Array("[[]126".utf8) + [0xE5, 0x0B] + Array("]".utf8), options: .strict,
            error: (.unexpectedToken, 3, 1, 4, "missing ',' between array elements (found a number)")),
        // The same with a string: `02"\[]]` held the unterminated string back but sent `02` to yajl,
        // whose pending `2` was reported from the held bytes at the end: column 3 for byte 1 and
        // "unexpected the end of the input". With the `2` in memory it is a leading zero, as `[01]` is.
        FuzzFinding(
            name: "digit glued to an unterminated string after a top-level zero",
            input: Array(#"02"\[]]"#.utf8), options: .strict,
            error: (.invalidNumber, 1, 1, 2, "number with a leading zero")),
        // And with a slash when comments are allowed: in `-1/2` yajl kept `-1/` pending (a comment
        // or not, depending on the next byte), so the bad comment was reported from the held `2`:
        // column 4 for byte 2, "unexpected the end of the input". `-1` is the whole document.
        FuzzFinding(
            name: "slash that does not start a comment, after a number",
            input: Array("-1/2".utf8), options: comments,
            error: (.trailingContent, 2, 1, 3, "unexpected '/' after the end of the JSON document")),
        FuzzFinding(
            name: "two slashes that open no comment, glued to a number",
            input: Array("-2/#/3".utf8) + [0x00], options: comments,
            error: (.trailingContent, 2, 1, 3, "unexpected '/' after the end of the JSON document")),
        FuzzFinding(
            name: "comments glued to numbers, split anywhere",
            input: Array("[1/**/,-2//x\n,3]/*/*/".utf8), options: comments, error: nil),
        FuzzFinding(
            name: "missing comma hidden behind a comment",
            input: Array("[1 /* a */ 2]".utf8), options: comments,
            error: (.unexpectedToken, 11, 1, 12, "missing ',' between array elements (found a number)")),
        FuzzFinding(
            name: "valid characters inside comments, split anywhere",
            input: Array("/* é € 🎬 */ [1] // 天使\n".utf8), options: comments, error: nil),
    ]

    @Test(arguments: findings)
    func outcomeIsTheSameWholeAndAtEverySplit(_ finding: FuzzFinding) throws {
        let whole = parse(finding.input, chunks: [], options: finding.options)
        if let expected = finding.error {
            let error = try #require(whole.error, "accepted")
            #expect(error.kind == expected.kind, "\(error)")
            #expect(
                error.location
                    == JSONSourceLocation(offset: expected.offset, line: expected.line, column: expected.column),
                "\(error)")
            #expect(error.reason.contains(expected.reason), "\(error.reason)")
        } else {
            #expect(whole.error == nil)
        }
        for split in 0...finding.input.count {
            let outcome = parse(finding.input, chunks: [split, finding.input.count], options: finding.options)
            #expect(outcome == whole, "split at \(split): \(outcome) vs \(whole)")
        }
        #expect(parse(finding.input, chunks: [1], options: finding.options) == whole, "one-byte chunks")
    }
}
