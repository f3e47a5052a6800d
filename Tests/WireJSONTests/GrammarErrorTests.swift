import Testing

@testable import WireJSON
@testable import WireJSONCore

/// The kind of error each grammar reports, as a typed value: the Swift grammar gives it directly,
/// the yajl engine maps yajl's sentence onto the same kind (Linux only). One input per kind.
@Suite("Grammar errors: both engines report the same typed kind")
struct GrammarErrorTests {
    static let cases: [([UInt8], GrammarError)] =
        [([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], .invalidUTF8)]  // ["\xC3("]
        + textCases.map { (Array($0.0.utf8), $0.1) }

    static let textCases: [(String, GrammarError)] = [
        ("[\"\u{01}\"]", .controlInString),
        (#"["\q"]"#, .invalidEscape),
        (#"["\u12x4"]"#, .invalidHex),
        ("[#]", .invalidChar),
        ("[tru3]", .invalidLiteral),
        ("[1e+]", .noDigitAfterExponent),
        ("[1.]", .noDigitAfterDecimal),
        ("[-x]", .noDigitAfterMinus),
        ("[/* */]", .commentNotAllowed),
        ("[1", .prematureEOF),
        ("{} 2", .trailingGarbage),
        ("[1 2]", .afterArrayElement),
        (#"{"a": 1 "b": 2}"#, .afterMember),
        (#"{"a" 1}"#, .missingColon),
        ("{1: 2}", .invalidKey),
        ("[1,]", .unallowedToken),
    ]

    static var engines: [JSONEngine.Resolved] { JSONEngine.yajlIsAvailable ? [.swift, .yajl] : [.swift] }

    /// The first error of `text` fed whole, then completed.
    static func error(of bytes: [UInt8], engine: JSONEngine.Resolved) -> GrammarError? {
        let grammar = Grammar(
            engine: engine, scalars: false, structure: false, context: nil, allowComments: false, validateStrings: true)
        let status = bytes.withUnsafeBufferPointer { grammar.parse($0.baseAddress!, $0.count) }
        guard status == .ok else { return grammar.error }
        return grammar.complete() == .ok ? nil : grammar.error
    }

    @Test("each kind of grammar error", arguments: cases)
    func kind(_ bytes: [UInt8], _ expected: GrammarError) {
        for engine in Self.engines {
            #expect(Self.error(of: bytes, engine: engine) == expected, "\(engine) engine on \(bytes)")
        }
    }

    @Test("a valid document has no error on either engine")
    func valid() {
        for engine in Self.engines {
            #expect(Self.error(of: Array(#"{"a": [1, -2.5e3, true, null, "x\u00e9"]}"#.utf8), engine: engine) == nil)
        }
    }

    #if canImport(CYajl)
        @Test("a sentence yajl may add later is kept as it is, not taken for a known kind")
        func unknownSentence() {
            #expect(GrammarError(yajlMessage: "parse error: integer overflow") == .unrecognized("integer overflow"))
            #expect(GrammarError(yajlMessage: "lexical error: invalid char in json text.") == .invalidChar)
        }
    #endif
}
