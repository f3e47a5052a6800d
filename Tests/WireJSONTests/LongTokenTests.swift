import Foundation
import Testing

@testable import WireJSON

/// Issue 10, item 3: one long string or number made validation quadratic (yajl's lexer re-reads a
/// token that spans its buffers from its first byte on every call) and held the whole token. The
/// validator now keeps long strings and numbers away from the grammar: these tests count the bytes
/// the grammar is given and the bytes held back, which grow with the token when that is not so, and
/// check that every error in or after a long token keeps its exact location through every path.
@Suite("Long strings and numbers")
struct LongTokenTests {
    /// Two lines before the token, so line counting past a long token is checked too.
    static let head = Array("{\n  \"id\": 1,\n  \"note\": ".utf8)
    static let tail = Array("\n}\n".utf8)
    /// About 1.3 MB: more than one fast-pass chunk of a file (1 MiB) and many exact-pass chunks.
    static let length = 1_300_000
    /// For the error cases, checked through many paths and by the reference checker: still several
    /// times the let-go threshold and the exact pass's chunks.
    static let errorLength = 300_000

    /// String content with every kind of escape and multi-byte character, in a 61-byte pattern so
    /// that chunk boundaries fall everywhere inside it (escapes, `\u` digits, surrogate pairs,
    /// UTF-8 sequences).
    static func content(_ count: Int) -> [UInt8] {
        let pattern = Array(#"abc \"q\" \\ \/ \n\t \u00e9 é 天 🎬 \ud83c\udfac xyz 0123456789"#.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(count + pattern.count)
        while out.count < count { out.append(contentsOf: pattern) }
        return out
    }

    static func digits(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(ascii: "0") + UInt8(($0 * 7 + 3) % 10) }
    }

    static func document(_ token: [UInt8], before: [UInt8] = head, after: [UInt8] = tail) -> [UInt8] {
        before + token + after
    }

    static var longString: [UInt8] { [UInt8(ascii: "\"")] + content(length) + [UInt8(ascii: "\"")] }

    // MARK: Bounded work and memory

    /// Feeds the engine in chunks and returns (valid, bytes given to yajl, most bytes held).
    static func run(_ bytes: [UInt8], fast: Bool, chunk: Int, options: JSONParseOptions = .strict) -> (
        valid: Bool, yajl: Int, held: Int
    ) {
        let engine = Engine(options: options, fast: fast)
        precondition(engine.fast == fast)
        let valid = bytes.withUnsafeBytes { all -> Bool in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + chunk)
                do { try engine.feed(UnsafeRawBufferPointer(rebasing: all[start..<end])) } catch { return false }
                start = end
            }
            do { try engine.finish() } catch { return false }
            return true
        }
        return (valid, engine.yajlByteCount, engine.maxHeldByteCount)
    }

    static let longValues: [(String, [UInt8])] = [
        ("string", longString),
        ("integer", digits(length)),
        ("negative integer", Array("-9".utf8) + digits(length)),
        ("fraction", Array("0.".utf8) + digits(length)),
        ("exponent", Array("-1.5e+".utf8) + digits(length)),
    ]

    @Test(
        "the fast pass holds none of a long token, and gives the grammar none",
        arguments: JSONEngine.underTest, longValues.indices)
    func fastPassHoldsNoLongToken(engine: JSONEngine, _ index: Int) {
        JSONEngine.with(engine) {
            let (name, token) = Self.longValues[index]
            let bytes = Self.document(token)
            for chunk in [65_536, 100_003, 1 << 20] {
                let outcome = Self.run(bytes, fast: true, chunk: chunk)
                #expect(outcome.valid, "\(name), chunks of \(chunk)")
                #expect(outcome.yajl == 0 && outcome.held <= 5, "\(name), chunks of \(chunk): \(outcome)")
            }
        }
    }

    @Test("the exact pass holds a bounded part of a long token", arguments: JSONEngine.underTest, longValues.indices)
    func exactPassLetsGoOfLongTokens(engine: JSONEngine, _ index: Int) {
        JSONEngine.with(engine) {
            let (name, token) = Self.longValues[index]
            let bytes = Self.document(token)
            for chunk in [65_536, 256 * 1024] {
                let outcome = Self.run(bytes, fast: false, chunk: chunk)
                #expect(outcome.valid, "\(name), chunks of \(chunk)")
                #expect(
                    outcome.held <= Engine.defaultLetGoThreshold + chunk,
                    "\(name), chunks of \(chunk): held \(outcome.held) bytes")
                #expect(
                    outcome.yajl <= Engine.defaultLetGoThreshold + 2 * chunk,
                    "\(name), chunks of \(chunk): yajl got \(outcome.yajl) bytes")
            }
        }
    }

    @Test("a long comment is let go of too", arguments: JSONEngine.underTest)
    func longComment(engine: JSONEngine) {
        JSONEngine.with(engine) {
            let comments = JSONParseOptions(allowComments: true)
            for comment in [
                Array("/*".utf8) + Self.content(Self.length) + Array("*/".utf8),
                Array("//".utf8) + Self.content(Self.length) + [0x0A],
            ] {
                let bytes = Array("[1, ".utf8) + comment + Array("2]".utf8)
                let outcome = Self.run(bytes, fast: false, chunk: 65_536, options: comments)
                #expect(outcome.valid)
                #expect(outcome.held <= Engine.defaultLetGoThreshold + 65_536, "held \(outcome.held) bytes")
            }
        }
    }

    @Test(
        "a member name is held whole (it is compared and named in paths), and still found repeated",
        arguments: JSONEngine.underTest)
    func longMemberName(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let name = [UInt8(ascii: "\"")] + Self.content(300_000) + [UInt8(ascii: "\"")]
            let unique = Array("{".utf8) + name + Array(":1}".utf8)
            #expect(Self.run(unique, fast: true, chunk: 65_536).valid)
            #expect(Self.run(unique, fast: false, chunk: 65_536).valid)
            let repeated = Array("{".utf8) + name + Array(":1,".utf8) + name + Array(":2}".utf8)
            let error = try #require(JSONValidator(chunkSize: 65_536).validate(repeated).errors.first)
            #expect(error.kind == .duplicateKey)
            #expect(error.location.offset == 1 + name.count + 3)
        }
    }

    // MARK: Exact errors in and after long tokens

    /// A long token with a defect at its end (or just after it), the expected kind, and the
    /// reference checker's offset.
    static let defects: [(String, [UInt8], JSONSyntaxError.Kind)] = [
        ("tab at the end of a long string", [0x22] + content(errorLength) + [0x09, 0x22], .controlCharacter),
        (
            "invalid escape at the end of a long string", [0x22] + content(errorLength) + Array(#"\x""#.utf8),
            .invalidEscape
        ),
        (
            "short \\u escape at the end of a long string", [0x22] + content(errorLength) + Array(#"\u12G4""#.utf8),
            .invalidEscape
        ),
        ("bad UTF-8 at the end of a long string", [0x22] + content(errorLength) + [0xC3, 0x28, 0x22], .invalidUTF8),
        (
            "lone surrogate at the end of a long string", [0x22] + content(errorLength) + Array(#"\ud800x""#.utf8),
            .loneSurrogate
        ),
        ("character after a long string", [0x22] + content(errorLength) + Array("\" x".utf8), .unexpectedCharacter),
        ("second value after a long string", [0x22] + content(errorLength) + Array("\" 2".utf8), .unexpectedToken),
        ("letter glued to a long integer", digits(errorLength) + Array("x".utf8), .unexpectedCharacter),
        ("second number after a long integer", digits(errorLength) + Array(" 4".utf8), .unexpectedToken),
        (
            "dot at the end of a long fraction", Array("1.".utf8) + digits(errorLength) + Array(".".utf8),
            .unexpectedCharacter
        ),
        (
            "missing exponent digits after a long fraction", Array("1.".utf8) + digits(errorLength) + Array("e".utf8),
            .invalidNumber
        ),
        ("leading zero before a long integer", Array("0".utf8) + digits(errorLength), .invalidNumber),
    ]

    @Test(
        "errors in and after long tokens are located exactly, through every path", arguments: JSONEngine.underTest,
        defects.indices)
    func defectAtTheEnd(engine: JSONEngine, _ index: Int) throws {
        try JSONEngine.with(engine) {
            let (name, token, kind) = Self.defects[index]
            let bytes = Self.document(token)
            try Self.expectEveryPathAgrees(bytes, name: name, kind: kind)
        }
    }

    @Test("a long string cut off by the end of the input", arguments: JSONEngine.underTest)
    func unterminated(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let bytes = Self.head + [0x22] + Self.content(Self.errorLength)
            try Self.expectEveryPathAgrees(bytes, name: "unterminated", kind: .unexpectedEndOfInput)
        }
    }

    @Test("a long string where the grammar takes no value", arguments: JSONEngine.underTest)
    func misplaced(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let bytes = Array("[1 \"".utf8) + Self.content(Self.errorLength) + Array("\"]".utf8)
            try Self.expectEveryPathAgrees(bytes, name: "misplaced", kind: .unexpectedToken)
            let after = Array("{} ".utf8) + [0x22] + Self.content(Self.errorLength)
            try Self.expectEveryPathAgrees(after, name: "open string after the document", kind: .trailingContent)
        }
    }

    @Test("a long comment: bad UTF-8 at its end, and left open", arguments: JSONEngine.underTest)
    func commentDefects(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let comments = JSONParseOptions(allowComments: true)
            let bad = Array("[1, /*".utf8) + Self.content(Self.errorLength) + [0xFF] + Array("*/ 2]".utf8)
            try Self.expectEveryPathAgrees(
                bad, name: "bad UTF-8 in a long comment", kind: .invalidUTF8, options: comments)
            let open = Array("[1] /*".utf8) + Self.content(Self.errorLength)
            try Self.expectEveryPathAgrees(
                open, name: "long comment left open", kind: .unexpectedEndOfInput, options: comments)
        }
    }

    @Test("JSON Lines: a long line with a bad byte at its end is reported on its line", arguments: JSONEngine.underTest)
    func jsonLines(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let bytes =
                Array("{\"a\":1}\n".utf8) + [0x22] + Self.content(Self.errorLength) + [0x01, 0x22]
                + Array("\n[2]\n".utf8)
            let report = JSONValidator(options: JSONParseOptions(framing: .lines), chunkSize: 65_536).validate(bytes)
            let error = try #require(report.errors.first)
            let line = Array(bytes[8...])
            let offset = try #require(
                ReferenceChecker(options: .strict).errorOffset(Array(line.prefix(while: { $0 != 0x0A }))))
            #expect(error.kind == .controlCharacter)
            #expect(error.location.offset == 8 + offset && error.location.line == 2)
            #expect(report.documentCount == 3 && report.invalidDocumentCount == 1)
        }
    }

    /// The reference checker's offset (and line and column) and the kind, from every path that can
    /// take 2 MB in reasonable time: the stream parser in several chunk sizes, the validator on a
    /// buffer, a file (fast then exact pass) and a pipe, the fast pass alone.
    static func expectEveryPathAgrees(
        _ bytes: [UInt8], name: String, kind: JSONSyntaxError.Kind,
        options: JSONParseOptions = .strict,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let offset = try #require(
            ReferenceChecker(options: options).errorOffset(bytes), "\(name): the reference accepts it",
            sourceLocation: sourceLocation)
        let (line, column) = ReferenceChecker.lineAndColumn(of: offset, in: bytes)
        let expected = JSONSourceLocation(offset: offset, line: line, column: column)
        var outcomes: [(String, JSONSyntaxError?)] = []
        for chunk in [65_536, 70_001, 1 << 18] {
            outcomes.append(
                ("stream parser, chunks of \(chunk)", parse(bytes, chunks: [chunk], options: options).error))
        }
        outcomes.append(("validator, buffer", JSONValidator(options: options).validate(bytes).errors.first))
        for chunk in [65_536, 256 * 1024] {
            let validator = JSONValidator(options: options, chunkSize: chunk)
            outcomes.append(
                ("validator, file, exact chunks of \(chunk)", ValidationPaths.validateFile(bytes, validator: validator))
            )
            outcomes.append(
                ("validator, pipe, chunks of \(chunk)", ValidationPaths.validatePipe(bytes, validator: validator)))
        }
        var first: JSONSyntaxError?
        for (path, error) in outcomes {
            guard let error else {
                Issue.record("\(name): \(path) accepts it", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                error.location == expected && error.kind == kind,
                "\(name): \(path) says \(error.location) [\(error.kind)] \(error.reason); expected \(expected) [\(kind)]",
                sourceLocation: sourceLocation)
            if let first {
                #expect(
                    error == first, "\(name): \(path) differs in reason, path or excerpt: \(error) vs \(first)",
                    sourceLocation: sourceLocation)
            } else {
                first = error
            }
        }
        // (With comments allowed there is no fast pass: comments need the exact scanner.)
        for chunk in [65_536, 100_003] where !options.allowComments {
            #expect(
                !run(bytes, fast: true, chunk: chunk, options: options).valid,
                "\(name): the fast pass in chunks of \(chunk) accepts it",
                sourceLocation: sourceLocation)
        }
    }
}

extension LongTokenTests {
    /// More than one fast-pass chunk (1 MiB) of a file, so the file's fast pass skips the string
    /// for yajl before the exact pass locates the bad byte at its end.
    @Test("a 1.3 MB file whose long string has a bad byte at its end", arguments: JSONEngine.underTest)
    func largeFileWithABadByteAtTheEnd(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            let bytes = Self.document([0x22] + Self.content(Self.length) + [0x01, 0x22])
            let error = try #require(ValidationPaths.validateFile(bytes, validator: JSONValidator()))
            let offset = Self.head.count + 1 + Self.content(Self.length).count
            #expect(error.kind == .controlCharacter)
            #expect(
                error.location
                    == JSONSourceLocation(
                        offset: offset, line: 3,
                        column: 11 + (offset - Self.head.count)
                            - Self.content(Self.length).filter { $0 & 0xC0 == 0x80 }.count))
            #expect(ReferenceChecker(options: .strict).errorOffset(bytes) == offset)
        }
    }
}
