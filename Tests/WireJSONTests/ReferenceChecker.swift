@testable import WireJSON

/// An independent strict JSON recogniser, written from RFC 8259 and WireJSON's documented rules
/// (README, "Strictness"; ``JSONSyntaxError``), to compare the engine against. It shares no code with
/// the engine: a plain recursive descent over the whole buffer, one byte at a time.
///
/// It answers valid, or the offset of the error, by this rule: **the first byte that cannot continue a
/// valid document** (the end of the input, `count`, when the input stops too early), with the
/// conventions WireJSON documents for errors only seen a little later:
///
/// 1. Invalid UTF-8 is located at the first byte of the bad sequence (also when the end of the input
///    or a line feed cuts it off outside a string); outside strings any non-ASCII byte is already the
///    error (so a byte order mark is reported at offset 0).
/// 2. Inside a string, the end of the input is reported at the end, even in the middle of a character
///    or an escape ("unexpected end of input inside a string").
/// 3. A `\u` escape of one half of a surrogate pair without the other is located at the backslash of
///    that half. A high half must be followed at once by `\u` and four hex digits of a low half: any
///    other byte there is that error, except a byte that is not a hex digit among those four, which is
///    an invalid escape at that byte.
/// 4. A repeated member name (compared after decoding escapes) is located at the opening quote of
///    its second occurrence, once the name has closed.
/// 5. An array or object nested deeper than `maxDepth` is located at its opening bracket.
/// 6. A `/` that does not open a comment (`/*` or `//`) is located at the `/`; without
///    `allowComments` every `/` outside a string is. A `//` comment may end at the end of the input;
///    a `/*` comment must close.
struct ReferenceChecker {
    let options: JSONParseOptions

    /// nil when the input is one valid document, else the offset of the error.
    func errorOffset(_ bytes: [UInt8]) -> Int? {
        var run = Run(bytes: bytes, options: options)
        do {
            try run.document()
            return nil
        } catch {
            return error.offset
        }
    }

    /// Line and column (1-based; the column counts characters, i.e. bytes that are not UTF-8
    /// continuation bytes) of an offset.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    struct Stop: Error {
        var offset: Int
    }

    private struct Run {
        let bytes: [UInt8]
        let options: JSONParseOptions
        var i = 0
        var depth = 0

        init(bytes: [UInt8], options: JSONParseOptions) {
            self.bytes = bytes
            self.options = options
        }

        var atEnd: Bool { i >= bytes.count }
        var byte: UInt8? { atEnd ? nil : bytes[i] }

        func fail(_ offset: Int) -> Stop { Stop(offset: offset) }

        mutating func document() throws(Stop) {
            try whitespace()
            try value()
            try whitespace()
            if !atEnd { throw fail(i) }
        }

        // MARK: Whitespace and comments

        mutating func whitespace() throws(Stop) {
            while let b = byte {
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D:
                    i += 1
                case UInt8(ascii: "/"):
                    guard options.allowComments else { throw fail(i) }
                    try comment()
                default:
                    return
                }
            }
        }

        mutating func comment() throws(Stop) {
            let slash = i
            guard slash + 1 < bytes.count else { throw fail(slash) }
            switch bytes[slash + 1] {
            case UInt8(ascii: "/"):
                i = slash + 2
                while let b = byte, b != 0x0A { try character() }
            case UInt8(ascii: "*"):
                i = slash + 2
                while true {
                    guard let b = byte else { throw fail(bytes.count) }
                    if b == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                        i += 2
                        return
                    }
                    try character()
                }
            default:
                throw fail(slash)
            }
        }

        /// One character of a comment: an ASCII byte, or a well-formed UTF-8 sequence (else the
        /// error is at its first byte, even when the input ends inside it).
        mutating func character() throws(Stop) {
            guard case .valid(let length) = Self.utf8Sequence(bytes, at: i) else { throw fail(i) }
            i += length
        }

        enum Sequence: Equatable {
            case valid(Int)
            case invalid
            /// Well formed so far, but the input ends before the sequence does.
            case cutOff
        }

        /// The UTF-8 sequence at `start`, by Unicode's Table 3-7 of well-formed byte sequences.
        static func utf8Sequence(_ bytes: [UInt8], at start: Int) -> Sequence {
            let lead = bytes[start]
            if lead < 0x80 { return .valid(1) }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return .invalid
            }
            for k in 1..<length {
                guard start + k < bytes.count else { return .cutOff }
                let b = bytes[start + k]
                guard b >= low && b <= high else { return .invalid }
                low = 0x80
                high = 0xBF
            }
            return .valid(length)
        }

        // MARK: Values

        mutating func value() throws(Stop) {
            guard let b = byte else { throw fail(i) }
            switch b {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: throw fail(i)
            }
        }

        mutating func open() throws(Stop) {
            if depth + 1 > options.maxDepth { throw fail(i) }
            depth += 1
            i += 1
        }

        mutating func object() throws(Stop) {
            try open()
            var names: [[UInt8]] = []
            try whitespace()
            if byte == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return
            }
            while true {
                guard byte == UInt8(ascii: "\"") else { throw fail(i) }
                let quote = i
                let name = try string()
                if !options.allowDuplicateKeys {
                    if names.contains(name) { throw fail(quote) }
                    names.append(name)
                }
                try whitespace()
                guard byte == UInt8(ascii: ":") else { throw fail(i) }
                i += 1
                try whitespace()
                try value()
                try whitespace()
                switch byte {
                case UInt8(ascii: ",")?:
                    i += 1
                    try whitespace()
                case UInt8(ascii: "}")?:
                    i += 1
                    depth -= 1
                    return
                default:
                    throw fail(i)
                }
            }
        }

        mutating func array() throws(Stop) {
            try open()
            try whitespace()
            if byte == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return
            }
            while true {
                try value()
                try whitespace()
                switch byte {
                case UInt8(ascii: ",")?:
                    i += 1
                    try whitespace()
                case UInt8(ascii: "]")?:
                    i += 1
                    depth -= 1
                    return
                default:
                    throw fail(i)
                }
            }
        }

        mutating func literal(_ word: String) throws(Stop) {
            for expected in word.utf8 {
                guard byte == expected else { throw fail(i) }
                i += 1
            }
        }

        mutating func digits() throws(Stop) {
            guard let b = byte, Self.isDigit(b) else { throw fail(i) }
            while let b = byte, Self.isDigit(b) { i += 1 }
        }

        static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

        mutating func number() throws(Stop) {
            if byte == UInt8(ascii: "-") { i += 1 }
            if byte == UInt8(ascii: "0") {
                i += 1  // a leading zero ends the integer part; a digit after it is the caller's error
            } else {
                try digits()
            }
            if byte == UInt8(ascii: ".") {
                i += 1
                try digits()
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                i += 1
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { i += 1 }
                try digits()
            }
        }

        // MARK: Strings

        /// Reads a string from its opening quote; returns its decoded bytes (for member names).
        mutating func string() throws(Stop) -> [UInt8] {
            i += 1
            var decoded: [UInt8] = []
            /// The backslash of a high surrogate escape still waiting for its low half.
            var highStart: Int? = nil
            var high: UInt32 = 0
            while true {
                guard let b = byte else { throw fail(bytes.count) }
                if let pending = highStart {
                    // Only `\u` + a low half may follow a high half.
                    guard b == UInt8(ascii: "\\") else { throw fail(pending) }
                    guard i + 1 < bytes.count else { throw fail(bytes.count) }
                    guard bytes[i + 1] == UInt8(ascii: "u") else { throw fail(pending) }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail(pending) }
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    decoded.append(contentsOf: Self.utf8(scalar))
                    highStart = nil
                    continue
                }
                switch b {
                case UInt8(ascii: "\""):
                    i += 1
                    return decoded
                case UInt8(ascii: "\\"):
                    let start = i
                    guard i + 1 < bytes.count else { throw fail(bytes.count) }
                    let e = bytes[i + 1]
                    i += 2
                    switch e {
                    case UInt8(ascii: "\""): decoded.append(0x22)
                    case UInt8(ascii: "\\"): decoded.append(0x5C)
                    case UInt8(ascii: "/"): decoded.append(0x2F)
                    case UInt8(ascii: "b"): decoded.append(0x08)
                    case UInt8(ascii: "f"): decoded.append(0x0C)
                    case UInt8(ascii: "n"): decoded.append(0x0A)
                    case UInt8(ascii: "r"): decoded.append(0x0D)
                    case UInt8(ascii: "t"): decoded.append(0x09)
                    case UInt8(ascii: "u"):
                        let value = try hex4()
                        if (0xD800...0xDBFF).contains(value) {
                            highStart = start
                            high = value
                        } else if (0xDC00...0xDFFF).contains(value) {
                            throw fail(start)
                        } else {
                            decoded.append(contentsOf: Self.utf8(value))
                        }
                    default:
                        throw fail(start + 1)
                    }
                case 0x00..<0x20:
                    throw fail(i)
                case 0x80...:
                    switch Self.utf8Sequence(bytes, at: i) {
                    case .valid(let length):
                        decoded.append(contentsOf: bytes[i..<(i + length)])
                        i += length
                    case .cutOff:
                        throw fail(bytes.count)  // the unterminated string is the error (rule 2)
                    case .invalid:
                        throw fail(i)
                    }
                default:
                    decoded.append(b)
                    i += 1
                }
            }
        }

        /// Four hex digits at `i` (the error is at the first byte that is not one, or at the end).
        mutating func hex4() throws(Stop) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let b = byte else { throw fail(bytes.count) }
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A")) + 10
                default: throw fail(i)
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }

        static func utf8(_ scalar: UInt32) -> [UInt8] {
            guard let unicode = Unicode.Scalar(scalar) else { return [] }
            return Array(String(Character(unicode)).utf8)
        }
    }
}
