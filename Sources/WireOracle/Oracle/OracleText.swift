import Foundation
import WireDates
import WireSupport

/// Text helpers for reports.
package enum OracleText {
    /// Bytes as lowercase hex pairs separated by spaces (`7b 22 61`).
    package static func hex(_ bytes: [UInt8]) -> String { Text.hex(bytes, separator: " ") }

    /// Bytes as a Swift string literal when they are UTF-8, else as hex.
    package static func quotedUTF8(_ bytes: [UInt8]) -> String {
        // Decoded and compared, not String(validating:), which needs macOS 15 / iOS 18.
        let text = String(decoding: bytes, as: UTF8.self)
        if Array(text.utf8) == bytes {
            return text.debugDescription
        }
        return "<\(bytes.count) bytes, not UTF-8>"
    }
}
