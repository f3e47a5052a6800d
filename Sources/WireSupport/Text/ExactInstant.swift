import WireSupportCore

/// An instant as Foundation stores it — a `Double` of seconds since 2001-01-01T00:00:00Z — rendered
/// so that two instants one ulp apart never render alike.
///
/// The oracle's reports and the decoded-value goldens both show dates this way, so a difference
/// reads the same wherever it is found.
///
/// ```swift
/// let instant = ExactInstant(600_185_931.2030001)
/// instant.rfc3339     // "2020-01-08T14:18:51.2030001Z"
/// instant.bitPattern  // "0x41c1e30e2599fbe8"
/// ```
package struct ExactInstant: Hashable, Sendable {
    /// Seconds since 2001-01-01T00:00:00Z (`Date.timeIntervalSinceReferenceDate`).
    package var secondsSinceReference: Double

    package init(_ secondsSinceReference: Double) {
        self.secondsSinceReference = secondsSinceReference
    }

    /// RFC 3339 in UTC on the proleptic Gregorian calendar (Foundation's formatters switch to the
    /// Julian one before 1582-10-15), its fraction the digits of the shortest decimal that reads back as this
    /// `Double` (so no digit is invented and none that tells two `Double`s apart is dropped).
    /// Instants beyond ±10¹⁵ s, NaN and the infinities render as that number of seconds.
    package var rfc3339: String {
        let t = secondsSinceReference
        guard t.isFinite, abs(t) < 1e15 else { return "\(Self.seconds(t)) s since 2001-01-01" }
        let (whole, fraction) = Self.split(t)
        let civil = GregorianCalendarMath.civil(fromSecondsSinceReference: whole)
        return civil.isoText + (fraction.isEmpty ? "" : "." + fraction) + "Z"
    }

    /// The IEEE 754 bit pattern, as 16 lower-case hex digits after `0x`.
    package var bitPattern: String {
        let hex = String(secondsSinceReference.bitPattern, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)`.
    package var rendered: String {
        "\(rfc3339) (\(Self.seconds(secondsSinceReference)) s, \(bitPattern))"
    }

    /// The instant a ``rendered`` text shows, read back from its bit pattern; nil for any other
    /// text (a decoded-value golden holds dates this way, and its differences are told by this).
    package init?(rendered text: String) {
        let bytes = Array(text.utf8)
        // `…, 0x` + 16 hex digits + `)`.
        guard bytes.count > 21, bytes.last == UInt8(ascii: ")"),
            let bits = UInt64(String(decoding: bytes[(bytes.count - 17)..<(bytes.count - 1)], as: UTF8.self), radix: 16)
        else { return nil }
        self.init(Double(bitPattern: bits))
        guard rendered == text else { return nil }
    }

    /// Seconds as Swift prints the shortest round-tripping decimal, without a trailing `.0`.
    package static func seconds(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The floor of `t` in whole seconds and the decimal digits of `t − floor(t)`, computed on the
    /// shortest round-tripping decimal of `t`, so the digits are exact for what `t` means.
    static func split(_ t: Double) -> (whole: Int, fraction: String) {
        let decimal = ShortestDecimal(t)
        // digits × 10^exponent: the integer part is the digits left of the point.
        let pointAt = decimal.digits.count + decimal.exponent
        let integerDigits: Substring
        var fractionDigits: String
        if pointAt <= 0 {
            integerDigits = "0"
            fractionDigits = String(repeating: "0", count: -pointAt) + decimal.digits
        } else if pointAt >= decimal.digits.count {
            integerDigits = Substring(decimal.digits + String(repeating: "0", count: pointAt - decimal.digits.count))
            fractionDigits = ""
        } else {
            integerDigits = decimal.digits.prefix(pointAt)
            fractionDigits = String(decimal.digits.dropFirst(pointAt))
        }
        while fractionDigits.hasSuffix("0") { fractionDigits.removeLast() }
        let magnitude = Int(integerDigits) ?? 0
        guard decimal.negative, !fractionDigits.isEmpty else {
            return (decimal.negative ? -magnitude : magnitude, fractionDigits)
        }
        // −12.375 = −13 + 0.625: the fraction is the ten's complement of the digits.
        // The last digit is not 0 (trailing zeros are gone), so 10ⁿ − F is 10 − d there, 9 − d before.
        let digits = fractionDigits.utf8.map { Int($0) - 48 }
        let complement = digits.indices.map { index in
            UInt8((index == digits.count - 1 ? 10 : 9) - digits[index] + 48)
        }
        return (-magnitude - 1, String(decoding: complement, as: UTF8.self))
    }
}

/// The shortest decimal that reads back as a `Double`: `digits × 10^exponent`, from Swift's own
/// shortest round-trip printing (`"1.5e-05"`, `"600185931.2030001"`).
struct ShortestDecimal {
    var negative: Bool
    /// Significant digits without leading zeros (`"0"` for zero).
    var digits: String
    var exponent: Int

    init(_ value: Double) {
        var text = Substring("\(value)")
        negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        var digits = ""
        if let point = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: point)...]
            digits = String(text[..<point]) + fraction
            exponent -= fraction.count
        } else {
            digits = String(text)
        }
        let trimmed = digits.drop(while: { $0 == "0" })
        self.digits = trimmed.isEmpty ? "0" : String(trimmed)
        self.exponent = trimmed.isEmpty ? 0 : exponent
    }
}

/// Two instants that should have been equal: both rendered exactly, and how far apart they are in
/// seconds and in units in the last place.
///
/// ```swift
/// let difference = InstantDifference(expected: 600_185_931.2030001, actual: 600_185_931.203)
/// difference.ulps      // 1
/// difference.rendered  // "2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp"
/// ```
package struct InstantDifference: Hashable, Sendable {
    package var expected: ExactInstant
    package var actual: ExactInstant

    package init(expected: Double, actual: Double) {
        self.expected = ExactInstant(expected)
        self.actual = ExactInstant(actual)
    }

    /// `actual − expected` in seconds.
    package var seconds: Double { actual.secondsSinceReference - expected.secondsSinceReference }

    /// How many representable `Double`s lie between the two, counting one end (`1` for neighbours,
    /// `0` for equal values, `+0` and `−0` included); `nil` when either is NaN.
    package var ulps: UInt64? {
        let a = expected.secondsSinceReference
        let b = actual.secondsSinceReference
        guard !a.isNaN, !b.isNaN else { return nil }
        let x = Self.ordered(a)
        let y = Self.ordered(b)
        return x >= y ? UInt64(bitPattern: x &- y) : UInt64(bitPattern: y &- x)
    }

    /// `Δ +3600 s, 30198988800 ulps`: the signed difference and the distance in ulps.
    package var delta: String {
        let sign = seconds > 0 ? "+" : ""
        let count = ulps.map { $0 == 1 ? "1 ulp" : "\($0) ulps" } ?? "ulps undefined"
        return "Δ \(sign)\(ExactInstant.seconds(seconds)) s, \(count)"
    }

    /// Both instants and the difference, on one line.
    package var rendered: String { "\(expected.rfc3339) → \(actual.rfc3339): \(delta)" }

    /// The bit pattern mapped to an integer that orders like the `Double`s (negative values mirrored).
    static func ordered(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits < 0 ? Int64.min &- bits : bits
    }
}
