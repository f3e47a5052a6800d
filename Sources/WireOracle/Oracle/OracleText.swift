import Foundation
import WireDates

/// Text helpers for reports.
enum OracleText {
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        for (i, byte) in bytes.enumerated() {
            if i > 0 { out.append(UInt8(ascii: " ")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes as a Swift string literal when they are UTF-8, else as hex.
    static func quotedUTF8(_ bytes: [UInt8]) -> String {
        // Decoded and compared, not String(validating:), which needs macOS 15 / iOS 18.
        let text = String(decoding: bytes, as: UTF8.self)
        if Array(text.utf8) == bytes {
            return text.debugDescription
        }
        return "<\(bytes.count) bytes, not UTF-8>"
    }
}
