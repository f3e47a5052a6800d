/// Masks a value for a report: a few leading characters, an ellipsis and the length, never the
/// whole value. Every snippet a lint finding carries goes through it.
///
/// ```swift
/// LintMask.mask("AKIAIOSFODNN7EXAMPLE")   // "AKIA…(20 chars)"
/// LintMask.mask("hunter22")               // "hu…(8 chars)"
/// ```
package enum LintMask {
    /// The masked form of `value`: 4 leading characters for values of 16 characters or more, 2 for
    /// 8 to 15, none below 8; then `…` and the length in characters.
    package static func mask(_ value: String) -> String {
        let count = value.count
        let shown = count >= 16 ? 4 : count >= 8 ? 2 : 0
        return String(value.prefix(shown)) + "…(\(count) chars)"
    }

    /// The masked form of UTF-8 bytes (invalid sequences become U+FFFD).
    package static func mask(_ bytes: [UInt8]) -> String {
        mask(String(decoding: bytes, as: UTF8.self))
    }
}
