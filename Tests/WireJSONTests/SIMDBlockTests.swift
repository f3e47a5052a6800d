import Testing

@testable import WireJSON

/// The fast pass's stage 1 reads 64 bytes at a time and carries strings, escapes, numbers and UTF-8
/// sequences from one block to the next. Every defect it must find is planted at every offset of
/// three blocks (so that each one starts, and a multi-byte one is split, at every place in a block
/// and across its boundaries), and every valid construct likewise: the fast pass must say invalid
/// (whole, and cut into pieces that are not multiples of 64), and the validator, which then runs
/// the exact pass, must report the error at the byte, line and column the independent
/// ``ReferenceChecker`` finds, with the exact pass's own kind, reason and path.
@Suite("Fast pass: defects at every place in and across 64-byte blocks")
struct SIMDBlockTests {
    /// What goes inside a string, or between two array elements.
    enum Place: String, Sendable {
        case string, between
    }

    static let defects: [(String, [UInt8], Place)] = [
        ("control byte U+0001 in a string", [0x01], .string),
        ("line feed in a string", [0x0A], .string),
        ("tab in a string", [0x09], .string),
        ("lone continuation byte", [0x80], .string),
        ("2-byte lead then ASCII", [0xC3, 0x28], .string),
        ("3-byte lead cut after its second byte", [0xE6, 0x97, 0x41], .string),
        ("4-byte lead cut after its third byte", [0xF0, 0x9F, 0x98, 0x41], .string),
        ("overlong 2-byte form", [0xC0, 0xAF], .string),
        ("overlong 3-byte form", [0xE0, 0x80, 0xAF], .string),
        ("encoded surrogate", [0xED, 0xA0, 0x80], .string),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], .string),
        ("byte F5", [0xF5, 0x80, 0x80, 0x80], .string),
        ("byte FF", [0xFF], .string),
        ("invalid escape", Array(#"\x"#.utf8), .string),
        ("escape of a control byte", [0x5C, 0x01], .string),
        ("bad hex digit", Array(#"\u12G4"#.utf8), .string),
        ("lone low surrogate", Array(#"\uDC00"#.utf8), .string),
        ("high surrogate then a character", Array(#"\uD83Dx"#.utf8), .string),
        ("high surrogate then another escape", Array(#"\uD83D\n"#.utf8), .string),
        ("high surrogate then a high one", Array(#"\uD83D\uD83D"#.utf8), .string),
        ("non-ASCII character between tokens", [0xC3, 0xA9], .between),
        ("control byte between tokens", [0x01], .between),
        ("form feed between tokens", [0x0C], .between),
        ("vertical tab between tokens", [0x0B], .between),
        ("delete between tokens", [0x7F], .between),
        ("backslash between tokens", [0x5C], .between),
        ("number glued to a letter", Array("12x".utf8), .between),
        ("literal glued to a digit", Array("true1".utf8), .between),
        ("leading zero", Array("012".utf8), .between),
        ("minus alone", Array("-".utf8), .between),
        ("exponent without digits", Array("1e+".utf8), .between),
    ]

    static let valid: [(String, [UInt8], Place)] = [
        ("2-byte character", Array("é".utf8), .string),
        ("3-byte character", Array("天".utf8), .string),
        ("4-byte character", Array("🎬".utf8), .string),
        ("escaped quote", Array(#"\""#.utf8), .string),
        ("escaped backslash then quote", Array(#"\\\""#.utf8), .string),
        ("run of four backslashes", Array(#"\\\\"#.utf8), .string),
        ("\\u escape", Array(#"\u00e9"#.utf8), .string),
        ("surrogate pair", Array(#"\ud83c\udfac"#.utf8), .string),
        ("structural characters in a string", Array("{[,:]}".utf8), .string),
        ("number", Array("-12.5e+3".utf8), .between),
        ("literals", Array("true, false, null".utf8), .between),
        ("nested containers", Array(#"{"k": [1, {"a": "b"}]}"#.utf8), .between),
    ]

    /// The piece with its first byte at offset `at`, in a string element or between two elements of
    /// an array, after a few lines of other members (the spacing lines and columns up).
    static func document(_ piece: [UInt8], at: Int, place: Place) -> [UInt8] {
        var bytes = Array("[\n".utf8)
        switch place {
        case .string:
            bytes.append(UInt8(ascii: "\""))
            while bytes.count < at { bytes.append(bytes.count % 23 == 0 ? UInt8(ascii: " ") : UInt8(ascii: "a")) }
            bytes += piece + Array("\",\n\"z\"]".utf8)
        case .between:
            // Elements `1,` and line breaks up to the piece, which is one element of its own.
            while bytes.count < at {
                bytes.append(contentsOf: bytes.count + 2 < at ? Array("1,".utf8) : [UInt8(ascii: " ")])
                if bytes.count % 29 == 0 && bytes.count < at { bytes.append(0x0A) }
            }
            bytes += piece + Array(", 2]".utf8)
        }
        return bytes
    }

    static let offsets = 2..<200

    @Test("each defect at every offset of three blocks", arguments: JSONEngine.underTest, defects.indices)
    func defectEverywhere(engine: JSONEngine, index: Int) {
        JSONEngine.with(engine) {
            let (name, piece, place) = Self.defects[index]
            for at in Self.offsets {
                let bytes = Self.document(piece, at: at, place: place)
                guard let expected = ReferenceChecker(options: .strict).errorOffset(bytes) else {
                    Issue.record("\(name) at \(at): the reference checker finds the document valid")
                    continue
                }
                for chunks in [[bytes.count], [64], [at], [at + 1, 7], [61]] {
                    #expect(
                        !FastPassCheckTests.fastVerdict(bytes, chunks: FastPassCheckTests.cycled(bytes.count, chunks)),
                        "\(name) at \(at), chunks \(chunks): the fast pass says valid")
                }
                let reported = JSONValidator().validate(bytes).errors.first
                let exact = parse(bytes, chunks: []).error
                #expect(reported == exact, "\(name) at \(at)")
                let (line, column) = ReferenceChecker.lineAndColumn(of: expected, in: bytes)
                #expect(
                    reported?.location == JSONSourceLocation(offset: expected, line: line, column: column),
                    "\(name) at \(at): \(String(describing: reported))")
            }
        }
    }

    @Test("each valid construct at every offset of three blocks", arguments: JSONEngine.underTest, valid.indices)
    func validEverywhere(engine: JSONEngine, index: Int) {
        JSONEngine.with(engine) {
            let (name, piece, place) = Self.valid[index]
            for at in Self.offsets {
                let bytes = Self.document(piece, at: at, place: place)
                #expect(ReferenceChecker(options: .strict).errorOffset(bytes) == nil, "\(name) at \(at)")
                for chunks in [[bytes.count], [64], [at], [at + 1, 7], [61], [1]] {
                    #expect(
                        FastPassCheckTests.fastVerdict(bytes, chunks: FastPassCheckTests.cycled(bytes.count, chunks)),
                        "\(name) at \(at), chunks \(chunks): the fast pass says invalid")
                }
            }
        }
    }
}
