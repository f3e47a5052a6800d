/// Small text helpers every layer needs, written once (no Foundation).
package enum Text {
    /// `1 file`, `2 files`; `plural` for irregular words (`strategy`, `strategies`).
    package static func pluralized(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// Two hexadecimal digits for a byte: `1B`, or `1b` when not `uppercase`.
    package static func hex(_ byte: UInt8, uppercase: Bool = true) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    /// The bytes as hexadecimal digits, two per byte, with `separator` between bytes (none by
    /// default): `Text.hex([0x1b, 0xff], separator: " ")` is `1b ff`.
    package static func hex(_ bytes: some Sequence<UInt8>, uppercase: Bool = false, separator: String = "") -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        let between = Array(separator.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * (2 + between.count))
        for (index, byte) in bytes.enumerated() {
            if index > 0 { out.append(contentsOf: between) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes that lowercase hexadecimal digits spell, two per byte (what ``hex(_:uppercase:)``
    /// writes); nil for an odd count or a character that is not `0`–`9` or `a`–`f`.
    package static func bytes(fromHex text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static let upperDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits = Array("0123456789abcdef".utf8)

    /// A word for `sh`: single-quoted, with embedded quotes escaped (`it's` → `'it'\''s'`).
    package static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// Without leading and trailing spaces (only U+0020).
    package func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Every occurrence of `target` replaced, left to right, without overlaps.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
