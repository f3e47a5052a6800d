import WireJSON

/// Recognises the string formats of ``StringShape/Format`` from UTF-8 bytes, without Foundation.
enum _StringFormatDetector {
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
        if n >= 10, isDate(b, 0) {
            if n == 10 { return Match(format: .date) }
            return dateTime(b)
        }
        if n == 36, isUUID(b) { return Match(format: .uuid) }
        if isInteger(b) { return Match(format: .integerString) }
        if isURL(b) { return Match(format: .url) }
        return nil
    }

    /// `YYYY-MM-DD` at `i`, with month 01–12 and day 01–31.
    private static func isDate(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard b.count >= i + 10 else { return false }
        for k in [0, 1, 2, 3, 5, 6, 8, 9] where !isDigit(b[i + k]) { return false }
        guard b[i + 4] == UInt8(ascii: "-"), b[i + 7] == UInt8(ascii: "-") else { return false }
        let month = Int(b[i + 5] - 0x30) * 10 + Int(b[i + 6] - 0x30)
        let day = Int(b[i + 8] - 0x30) * 10 + Int(b[i + 9] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `hh:mm` at `i` with hh ≤ `maxHour` and mm ≤ 59.
    private static func isHourMinute(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, maxHour: Int) -> Bool {
        guard b.count >= i + 5, isDigit(b[i]), isDigit(b[i + 1]), b[i + 2] == UInt8(ascii: ":"),
              isDigit(b[i + 3]), isDigit(b[i + 4]) else { return false }
        return Int(b[i] - 0x30) * 10 + Int(b[i + 1] - 0x30) <= maxHour && Int(b[i + 3] - 0x30) * 10 + Int(b[i + 4] - 0x30) <= 59
    }

    /// RFC 3339 `date-time` after a valid date: `T`, `hh:mm:ss`, optional fraction, offset.
    private static func dateTime(_ b: UnsafeBufferPointer<UInt8>) -> Match? {
        let n = b.count
        guard n >= 20, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
              isHourMinute(b, 11, maxHour: 23), b[16] == UInt8(ascii: ":"), isDigit(b[17]), isDigit(b[18]),
              Int(b[17] - 0x30) * 10 + Int(b[18] - 0x30) <= 60 else { return nil }
        var i = 19
        var fraction = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(b[i]) { i += 1; fraction += 1 }
            guard fraction > 0 else { return nil }
        }
        guard i < n else { return nil }
        if (b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z")) && i == n - 1 {
            return Match(format: .dateTime, fractionDigits: fraction, offset: .z)
        }
        if (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) && i + 6 == n && isHourMinute(b, i + 1, maxHour: 23) {
            return Match(format: .dateTime, fractionDigits: fraction, offset: .numeric)
        }
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
        while i < b.count { if !isDigit(b[i]) { return false }; i += 1 }
        return true
    }

    /// `scheme://rest`: scheme `[A-Za-z][A-Za-z0-9+.-]*`, a non-empty rest without spaces or controls.
    private static func isURL(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let letter: (UInt8) -> Bool = { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        guard letter(b[0]) else { return false }
        var i = 1
        while i < b.count, letter(b[i]) || isDigit(b[i]) || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "-") { i += 1 }
        guard i + 3 < b.count, b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "/"), b[i + 2] == UInt8(ascii: "/") else { return false }
        for k in (i + 3)..<b.count where b[k] <= 0x20 || b[k] == 0x7F { return false }
        return true
    }
}
