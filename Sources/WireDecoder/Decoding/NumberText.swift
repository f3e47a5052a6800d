// Numbers from their source text, the way JSONDecoder reads them: integers exactly (a fraction or
// an exponent only when the value is still an exact integer), floating point correctly rounded
// from the digits, and the same refusals (out of range, rounded to zero, not JSON).
import Foundation

enum NumberText {
    /// True when the bytes are a JSON number (RFC 8259 grammar).
    static func isValid(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> Bool {
        var index = offset
        let end = offset &+ length
        @inline(__always) func digit() -> Bool { index < end && base[index] &- UInt8(ascii: "0") < 10 }
        if index < end, base[index] == UInt8(ascii: "-") { index &+= 1 }
        guard digit() else { return false }
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
        } else {
            while digit() { index &+= 1 }
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index &+= 1
            guard digit() else { return false }
            while digit() { index &+= 1 }
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index &+= 1 }
            guard digit() else { return false }
            while digit() { index &+= 1 }
        }
        return index == end
    }

    /// A plain integer (`-?[0-9]+`, already valid) into `T`, or nil when it does not fit.
    @inline(__always) static func integer<T: FixedWidthInteger>(
        _ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int, as: T.Type
    ) -> T? {
        var index = offset
        let end = offset &+ length
        let negative = base[index] == UInt8(ascii: "-")
        if negative {
            guard T.isSigned else {
                // "-0" is 0 for unsigned types too; anything else does not fit.
                while index &+ 1 < end, base[index &+ 1] == UInt8(ascii: "0") { index &+= 1 }
                return index &+ 1 == end ? 0 : nil
            }
            index &+= 1
        }
        var value: T = 0
        while index < end {
            let digit = T(truncatingIfNeeded: base[index] &- UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index &+= 1
        }
        return value
    }

    /// JSONDecoder's way with an integer written with a fraction or an exponent, or too large for
    /// the plain reading: through `Double` when the result is below 2^53 in magnitude (so `1.0`,
    /// `1e2` and `1.0000000000000001` are integers). Beyond 2^53 JSONDecoder goes through its own
    /// `Decimal` reading, whose integer conversion Foundation does not expose; that rare case is
    /// handed to `JSONDecoder` itself so the answer is the platform's, whatever it is.
    static func slowInteger<T: FixedWidthInteger & Decodable>(_ text: String, as: T.Type) -> T? {
        if let double = Double(text) {
            guard let value = T(exactly: double) else { return nil }
            if double.magnitude < 9_007_199_254_740_992 { return value }
        }
        return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    private static let exactPowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The correctly rounded `Double` of a valid JSON number: exact arithmetic when the digits fit
    /// in 53 bits and the power of ten is exact, the standard library's parser otherwise.
    static func double(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> Double {
        if let fast = fastDouble(base, offset, length) { return fast }
        return Double(text(base, offset, length)) ?? .nan
    }

    /// The correctly rounded `Float` (read directly, not through `Double`, as JSONDecoder's
    /// `strtof` does).
    static func float(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> Float {
        Float(text(base, offset, length)) ?? .nan
    }

    @inline(__always) static func fastDouble(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> Double? {
        var index = offset
        let end = offset &+ length
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenDot = false
        while index < end {
            let byte = base[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if mantissa != 0 || digit != 0 { digits &+= 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if seenDot { fraction &+= 1 }
            } else if byte == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else {
                return nil  // an exponent: the general parser
            }
            index &+= 1
        }
        guard fraction <= 22 else { return nil }
        var value = Double(mantissa)
        if fraction > 0 { value /= exactPowers[fraction] }
        return negative ? -value : value
    }

    static func text(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
    }

    /// JSONDecoder's test of whether a number that parsed as 0 really is zero (otherwise it is an
    /// underflow, which it refuses). It scans four bytes at a time from the front and the last one
    /// to three bytes from the back, stopping at the first non-zero digit (not zero) or `e`
    /// (zero). So a short remainder that holds exponent digits is read before its `e`: `0e1` and
    /// `0.00e5` count as not zero and are refused, `0e+1` is accepted. Reproduced as it is, since
    /// the contract is JSONDecoder's behaviour.
    static func isTrueZero(_ base: UnsafePointer<UInt8>, _ offset: Int, _ length: Int) -> Bool {
        @inline(__always) func check(_ index: Int) -> Bool? {
            let byte = base[index]
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return false }
            if byte | 0x20 == UInt8(ascii: "e") { return true }
            return nil
        }
        var start = offset
        var remaining = length
        while remaining >= 4 {
            for step in 0..<4 {
                if let result = check(start &+ step) { return result }
            }
            start &+= 4
            remaining &-= 4
        }
        var step = remaining &- 1
        while step >= 0 {
            if let result = check(start &+ step) { return result }
            step &-= 1
        }
        return true
    }
}
