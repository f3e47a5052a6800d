import WireDates
import WireJSONCore

/// Recognises the string formats of ``StringShape/Format`` from UTF-8 bytes, without Foundation.
/// `date` and `date-time` are WireDates' one RFC 3339 rule (`RFC3339.recognise`, leap second
/// allowed), so an impossible day such as `2024-02-30` is no date.
enum StringFormatDetector {
    /// What one string is.
    struct Match: Hashable {
        var format: StringShape.Format
        var fractionDigits: Int = 0
        var offset: StringShape.OffsetStyle? = nil
    }

    static func detect(_ string: String) -> Match? {
        var s = string
        return s.withUTF8 { detect(bytes: $0) }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    static func detect(bytes b: UnsafeBufferPointer<UInt8>) -> Match? {
        let n = b.count
        guard n > 0 else { return nil }
        if let date = RFC3339.recognise(b, options: .recognising) {
            guard date.hasTime else { return Match(format: .date) }
            return Match(
                format: .dateTime, fractionDigits: date.fractionDigits, offset: date.zone == .z ? .z : .numeric)
        }
        if n == 36, isUUID(b) { return Match(format: .uuid) }
        if isInteger(b) { return Match(format: .integerString) }
        if isURL(b) { return Match(format: .url) }
        return nil
    }

    private static func isUUID(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if b[i] != UInt8(ascii: "-") { return false }
            } else if !isHex(b[i]) {
                return false
            }
        }
        return true
    }

    private static func isInteger(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if b[0] == UInt8(ascii: "-") { i = 1 }
        guard i < b.count, b.count - i <= 40 else { return false }
        while i < b.count {
            if !isDigit(b[i]) { return false }
            i += 1
        }
        return true
    }

    /// `scheme://rest`: scheme `[A-Za-z][A-Za-z0-9+.-]*`, a non-empty rest without spaces or controls.
    private static func isURL(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let letter: (UInt8) -> Bool = { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        guard letter(b[0]) else { return false }
        var i = 1
        while i < b.count,
            letter(b[i]) || isDigit(b[i]) || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: ".")
                || b[i] == UInt8(ascii: "-")
        { i += 1 }
        guard i + 3 < b.count, b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "/"), b[i + 2] == UInt8(ascii: "/")
        else { return false }
        for k in (i + 3)..<b.count where b[k] <= 0x20 || b[k] == 0x7F { return false }
        return true
    }
}
