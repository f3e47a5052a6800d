/// What the engine knows when yajl stops: the callback state, the bytes in memory, the offset.
struct ErrorContext {
    let state: CallbackState
    let regions: Regions
    let offset: Int
    let received: Int
    let inString: Bool
    let allowComments: Bool

    var byte: UInt8? { regions.byte(at: offset) }

    /// Up to `limit` bytes of the word at the offset: ASCII letters, digits, signs and dots only.
    ///
    /// The word must end at a byte that is in memory whatever the chunking. Any other byte either
    /// ends a token (whitespace, punctuation, a quote) or is one the pre-pass rejects (form feed,
    /// vertical tab, other controls, non-ASCII), and a pre-pass error sends only the bytes before it
    /// to yajl, so a word that ran on past such a byte could reach the end of the current chunk and
    /// change with the chunk size.
    func word(limit: Int = 16) -> String {
        var bytes: [UInt8] = []
        var position = offset
        while bytes.count < limit, let b = regions.byte(at: position), Self.isWordByte(b) {
            bytes.append(b)
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// "a string", "a number", "'}'", "'tru'", "the end of the input": what was found at the offset,
    /// read from the byte there (and, for a `-`, the byte after it).
    var found: String {
        switch noun {
        case "string", "number": return "a " + noun
        case "end of input": return "the end of the input"
        default: return noun
        }
    }

    /// ``found`` without an article, for "unexpected …": "string", "number", "'tru'", "'-'",
    /// "end of input".
    var noun: String {
        guard let b = byte else { return "end of input" }
        switch b {
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return "number"
        case UInt8(ascii: "-"):
            // `-` starts a number only with a digit after it (`-}` is just a minus sign).
            if let next = regions.byte(at: offset + 1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                return "number"
            }
            return "'-'"
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return "'\(word())'"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "byte 0x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }

    /// The byte at the spot itself (`'"'`, `'g'`, `byte 0xC3`), for errors inside a token where
    /// ``found``'s "a string" or "a number" would mislead.
    var foundByte: String {
        guard let b = byte else { return "the end of the input" }
        if (0x20...0x7E).contains(b) { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    var foundStartsValue: Bool {
        guard let b = byte else { return false }
        return GrammarExpectation.startsValue(b)
    }

    /// A digit right after a number that ended in `0` with nothing between: `01`, `-012`.
    var isLeadingZero: Bool {
        guard let b = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b),
            state.lastEvent == .value, state.lastEventEnd == offset,
            regions.byte(at: offset - 1) == UInt8(ascii: "0")
        else { return false }
        let before = regions.byte(at: offset - 2)
        return before == nil || before == UInt8(ascii: "-")
            || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(before!)
                && before != UInt8(ascii: ".") && before != UInt8(ascii: "e") && before != UInt8(ascii: "E")
                && before != UInt8(ascii: "+")
    }

    var currentKey: String? {
        guard let top = state.frames.last, top.isObject, top.currentKey >= 0 else { return nil }
        return state.keyString(top.currentKey)
    }

    func controlName(_ b: UInt8) -> String {
        let hex = "U+00" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        switch b {
        case 0x0A: return "line feed (\(hex)); write \\n"
        case 0x0D: return "carriage return (\(hex)); write \\r"
        case 0x09: return "tab (\(hex)); write \\t"
        default: return "control character \(hex); write \\u00" + String(b, radix: 16).leftPadded(to: 2)
        }
    }
}
