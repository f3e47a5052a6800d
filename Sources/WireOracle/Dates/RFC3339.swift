import Foundation

/// Strict RFC 3339 `date-time` for new code: no legacy leniency.
///
/// Accepts exactly `YYYY-MM-DD` `T`/`t` `HH:MM:SS` [`.` 1+ digits] (`Z`/`z` | `±HH:MM`), with a
/// real day of the proleptic Gregorian calendar (years 0000–9999), hours 00–23, minutes and seconds
/// 00–59 (leap second `60` is rejected: without a leap-second table it cannot be placed), offsets
/// ±00:00–±23:59. The fraction is kept to the nanosecond (digits after the ninth are dropped) and
/// the result is `whole seconds + nanoseconds / 10⁹`, like `Date.ISO8601FormatStyle`.
///
/// ```swift
/// RFC3339.parse("2024-05-01T01:00:00.5+02:00")   // a Date
/// RFC3339.parse("2024-02-30T00:00:00Z")          // nil: no such day
/// ```
public enum RFC3339 {
    /// Parses a date-time; `nil` when the text is not strict RFC 3339.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Parses UTF-8 bytes; pure, allocation-free, thread-safe.
    public static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Date? {
        interval(p).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// The interval since 2001 of a strict RFC 3339 date-time, or `nil`.
    static func interval(_ p: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = p.count
        guard n >= 20, let year = _digits(p, 0, 4), p[4] == _dash, let month = _digits(p, 5, 2), p[7] == _dash,
              let day = _digits(p, 8, 2), p[10] | 0x20 == UInt8(ascii: "t"), let hour = _digits(p, 11, 2),
              p[13] == _colon, let minute = _digits(p, 14, 2), p[16] == _colon, let second = _digits(p, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= GregorianCalendarMath.daysInMonth(month, year: year),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        var i = 19
        var nanos = 0
        if p[i] == _dot {
            i += 1
            let start = i
            while i < n, p[i] &- _zero < 10 {
                if i - start < 9 { nanos = nanos * 10 + Int(p[i] &- _zero) }
                i += 1
            }
            guard i > start else { return nil }
            let kept = min(9, i - start)
            nanos *= _pow10[9 - kept]
        }
        guard i < n else { return nil }
        var offset = 0
        if p[i] | 0x20 == UInt8(ascii: "z") {
            guard i + 1 == n else { return nil }
        } else {
            guard p[i] == _plus || p[i] == _minus, i + 6 == n, let oh = _digits(p, i + 1, 2), p[i + 3] == _colon,
                  let om = _digits(p, i + 4, 2), oh <= 23, om <= 59 else { return nil }
            offset = (oh * 3600 + om * 60) * (p[i] == _plus ? 1 : -1)
        }
        let seconds = GregorianCalendarMath.daysFromCivil(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offset - GregorianCalendarMath.referenceOffset1970
        return Double(seconds) + Double(nanos) / 1e9
    }
}
