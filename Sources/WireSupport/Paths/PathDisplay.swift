/// How a file name is shown in every line WireLock prints, text or JSON: as it is, except for what a
/// terminal would act on or what is not text.
///
/// - a backslash becomes `\\` (so every escape below reads one way only);
/// - a tab, a line feed and a carriage return become `\t`, `\n`, `\r`; other control bytes (and
///   DEL) become `\xHH`, so a name cannot recolour the terminal or split a line;
/// - a byte that is not part of valid UTF-8 (Linux names are bytes) becomes `\xHH`;
/// - C1 controls, the line and paragraph separators and the bidirectional-text controls become
///   `\u{HHHH}`, so a name cannot reorder what follows it on the line.
///
/// ```swift
/// PathDisplay.escaped(Array("ok\u{1B}[31m.json".utf8))   // ok\x1B[31m.json
/// PathDisplay.escaped([0x6F, 0x6B, 0xFF])               // ok\xFF
/// ```
///
/// The escaped text is printable Unicode, so JSON output that carries it stays valid JSON.
package enum PathDisplay {
    /// The name as shown; see the type's rules.
    package static func escaped(_ bytes: some Collection<UInt8>) -> String {
        escaped(bytes, forShell: false)
    }

    /// The text for bash's `$'…'` quoting of the name: the same escapes, but `\uHHHH` (four digits)
    /// for scalars and `\'` for a quote, so the word names the very same bytes.
    package static func shellEscaped(_ text: String) -> String {
        escaped(text.utf8, forShell: true)
    }

    private static func escaped(_ bytes: some Collection<UInt8>, forShell: Bool) -> String {
        if !forShell && bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        let bytes = Array(bytes)
        var out = ""
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "'") where forShell: out += "\\'"
                case 0x09: out += "\\t"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x00..<0x20, 0x7F: out += hexByte(byte)
                default: out.unicodeScalars.append(Unicode.Scalar(byte))
                }
                index += 1
            } else if let (scalar, length) = scalar(in: bytes, at: index) {
                if mustEscape(scalar) {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    out +=
                        forShell
                        ? "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
                        : "\\u{" + digits + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
                index += length
            } else {
                out += hexByte(byte)
                index += 1
            }
        }
        return out
    }

    /// A name held as text (always valid UTF-8), escaped by the same rules.
    package static func escaped(_ text: String) -> String {
        escaped(text.utf8)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        "\\x" + Text.hex(byte)
    }

    /// C1 controls, U+2028/U+2029 and the bidirectional controls (marks, embeddings, overrides, isolates).
    private static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The scalar encoded at `index` (a byte of 0x80 or more) and its length, or nil when the bytes
    /// there are not well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}
