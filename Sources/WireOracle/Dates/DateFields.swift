/// The fields of a date in the one canonical shape every fast path understands:
/// `YYYY-MM-DD`, optionally `THH:MM:SS`, an optional `.` and 1–9 digits, then `Z`, `±HH:MM` or
/// `±HHMM`, and nothing after. All digits ASCII.
struct DateFields {
    enum Zone { case none, z, colon, noColon }

    var year = 0, month = 0, day = 0
    var hasTime = false
    var hour = 0, minute = 0, second = 0
    /// Number of fraction digits (0 when there is no `.`).
    var fractionDigits = 0
    /// The fraction's digits as an integer (`.0123` → 123 with 4 digits).
    var fractionValue = 0
    var zone = Zone.none
    /// East of UTC, in seconds.
    var offsetSeconds = 0

    /// The fraction in nanoseconds, truncated after nine digits (there are at most nine).
    @inline(__always)
    var nanoseconds: Int { fractionValue * _pow10[9 - fractionDigits] }

    /// The fraction truncated to milliseconds.
    @inline(__always)
    var milliseconds: Int {
        fractionDigits >= 3 ? fractionValue / _pow10[fractionDigits - 3] : fractionValue * _pow10[3 - fractionDigits]
    }

    /// Whether every field is in its plain range: a real day of the proleptic Gregorian calendar
    /// from 1583 (after the Julian switch) to 9999, a time 00:00:00–23:59:59, an offset up to
    /// ±14:59. Inputs outside this are where the legacies differ from each other.
    @inline(__always)
    var isPlainRange: Bool {
        year >= 1583 && year <= 9999 && month >= 1 && month <= 12 && day >= 1
            && day <= GregorianCalendarMath.daysInMonth(month, year: year)
            && hour <= 23 && minute <= 59 && second <= 59
            && offsetSeconds > -15 * 3600 && offsetSeconds < 15 * 3600
    }

    /// Whole seconds since 1970 in UTC (proleptic Gregorian; rolls over out-of-range fields).
    @inline(__always)
    var epochSeconds: Int {
        GregorianCalendarMath.daysFromCivil(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offsetSeconds
    }

    /// Scans the canonical shape; `nil` for anything else.
    @inline(__always)
    static func scan(_ p: UnsafeBufferPointer<UInt8>, allowTime: Bool = true) -> DateFields? {
        let n = p.count
        guard n >= 10 else { return nil }
        var f = DateFields()
        guard let y = _digits(p, 0, 4), p[4] == _dash, let mo = _digits(p, 5, 2), p[7] == _dash,
              let d = _digits(p, 8, 2) else { return nil }
        f.year = y; f.month = mo; f.day = d
        if n == 10 { return f }
        guard allowTime, n >= 20, p[10] == _T, let h = _digits(p, 11, 2), p[13] == _colon,
              let mi = _digits(p, 14, 2), p[16] == _colon, let s = _digits(p, 17, 2) else { return nil }
        f.hasTime = true
        f.hour = h; f.minute = mi; f.second = s
        var i = 19
        if p[i] == _dot {
            i += 1
            var value = 0
            let start = i
            while i < n, p[i] &- _zero < 10 {
                value = value * 10 + Int(p[i] &- _zero)
                i += 1
                if i - start > 9 { return nil }
            }
            guard i > start else { return nil }
            f.fractionDigits = i - start
            f.fractionValue = value
        }
        guard i < n else { return nil }
        let sign = p[i]
        if sign == _Z {
            guard i + 1 == n else { return nil }
            f.zone = .z
            return f
        }
        guard sign == _plus || sign == _minus, let oh = _digits(p, i + 1, 2) else { return nil }
        var om = 0
        if i + 6 == n, p[i + 3] == _colon, let m = _digits(p, i + 4, 2) {
            f.zone = .colon; om = m
        } else if i + 5 == n, let m = _digits(p, i + 3, 2) {
            f.zone = .noColon; om = m
        } else {
            return nil
        }
        guard om <= 59 else { return nil }
        let offset = oh * 3600 + om * 60
        f.offsetSeconds = sign == _plus ? offset : -offset
        return f
    }
}

let _pow10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
let _zero = UInt8(ascii: "0")
let _dash = UInt8(ascii: "-")
let _colon = UInt8(ascii: ":")
let _dot = UInt8(ascii: ".")
let _plus = UInt8(ascii: "+")
let _minus = UInt8(ascii: "-")
let _T = UInt8(ascii: "T")
let _Z = UInt8(ascii: "Z")

/// `count` ASCII digits at `start` as an integer, or `nil`.
@inline(__always)
func _digits(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    guard start + count <= p.count else { return nil }
    var value = 0
    for i in start..<(start + count) {
        let digit = p[i] &- _zero
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
    }
    return value
}
