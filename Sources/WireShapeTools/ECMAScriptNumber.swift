import WireJSON
import WireShapes

/// Formats a `Double` the way ECMAScript's `Number.prototype.toString()` does (ECMA-262,
/// Number::toString), which is the number form RFC 8785 (JCS) requires.
///
/// The digits are the shortest that round-trip to the same `Double` (Swift's own `description`
/// computes exactly those); they are then laid out by the ECMAScript rules:
/// plain integers up to 21 digits (`1e21` switches to exponent form), plain decimals down to
/// `0.000001` (`1e-7` switches to exponent form), an exponent written `e+N`/`e-N`, and `-0` as `0`.
///
/// ```swift
/// ECMAScriptNumber.format(1e30)              // "1e+30"
/// ECMAScriptNumber.format(333333333.33333329) // "333333333.3333333"
/// ECMAScriptNumber.format(-0.0)              // "0"
/// ECMAScriptNumber.format(.infinity)         // nil: not representable in JSON
/// ```
public enum ECMAScriptNumber {
    /// The ECMAScript string for a finite double, or nil for NaN and the infinities (which JSON,
    /// and so JCS, cannot represent).
    public static func format(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }  // +0 and -0
        if value < 0 { return "-" + format(-value)! }
        let (digits, n) = shortestDigits(value)
        let k = digits.count
        var out = ""
        if k <= n && n <= 21 {
            out = String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            out = String(decoding: digits[0..<n], as: UTF8.self) + "." + String(decoding: digits[n...], as: UTF8.self)
        } else if -6 < n && n <= 0 {
            out = "0." + String(repeating: "0", count: -n) + String(decoding: digits, as: UTF8.self)
        } else {
            let e = n - 1
            let exponent = (e < 0 ? "-" : "+") + String(e.magnitude)
            if k == 1 {
                out = String(decoding: digits, as: UTF8.self) + "e" + exponent
            } else {
                out =
                    String(decoding: digits[0..<1], as: UTF8.self) + "." + String(decoding: digits[1...], as: UTF8.self)
                    + "e" + exponent
            }
        }
        return out
    }

    /// The shortest round-tripping decimal digits `s` (no leading or trailing zeros) and the exponent
    /// `n` such that the value is `0.s × 10^n` — ECMA-262's `s`, `k = s.count` and `n`.
    ///
    /// Swift's `Double.description` prints the shortest digits that round-trip, choosing the closest
    /// when several qualify (SwiftDtoa), in either plain (`0.002`, `123.5`) or exponent (`1e-07`,
    /// `1.5e+300`) form; this reads the digits and the decimal point back out of that text.
    static func shortestDigits(_ value: Double) -> (digits: [UInt8], n: Int) {
        let text = Array(value.description.utf8)
        var mantissa = text[...]
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = text[..<e]
            exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self))!
        }
        var digits: [UInt8] = []
        var pointPosition: Int? = nil
        for byte in mantissa {
            if byte == UInt8(ascii: ".") { pointPosition = digits.count } else { digits.append(byte) }
        }
        var n = (pointPosition ?? digits.count) + exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            n -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, n)
    }
}
