import WireSupportCore

/// The fields of a date or date-time as written: `YYYY-MM-DD`, optionally followed by `T` or `t`,
/// `hh:mm:ss`, an optional `.` with one or more digits, then `Z`, `z`, `±hh:mm` or `±hhmm`, and
/// nothing after. All digits ASCII.
///
/// ``scan(_:)`` is the one reader of this text in WireLock: it checks the layout only, no range
/// (a month `13` or an hour `25` is read as written). What counts as a date is decided on top of it
/// by a rule: `RFC3339.recognise(_:options:)` (RFC 3339: shape inference, redaction checks,
/// `RFC3339.parse`) or `canonical(_:)` (the one shape the legacy twins' fast paths
/// decide alone).
package struct DateFields {
    /// How the offset was written.
    package enum Zone { case none, z, colon, noColon }

    package var year = 0, month = 0, day = 0
    /// Whether a time of day follows the date (it is then followed by a zone).
    package var hasTime = false
    package var hour = 0, minute = 0, second = 0
    /// Number of fraction digits as written (0 when there is no `.`), however many there are.
    package var fractionDigits = 0
    /// The first nine fraction digits as an integer (`.0123` → 123 with 4 digits).
    var fractionValue = 0
    package var zone = Zone.none
    /// The offset's two fields as written (`+05:30` → 5 and 30).
    var offsetHours = 0, offsetMinutes = 0
    /// East of UTC, in seconds.
    var offsetSeconds = 0
    /// Whether the `T` or the `Z` was written in lower case.
    var hasLowercaseLetter = false

    /// The fraction in nanoseconds, truncated after nine digits.
    @inline(__always)
    var nanoseconds: Int { fractionValue * _pow10[9 - min(9, fractionDigits)] }

    /// The fraction truncated to milliseconds.
    @inline(__always)
    var milliseconds: Int {
        let kept = min(9, fractionDigits)
        return kept >= 3 ? fractionValue / _pow10[kept - 3] : fractionValue * _pow10[3 - kept]
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

    /// Reads the layout above; `nil` for any other text. Linear in the length (a long fraction is
    /// read once), allocation-free.
    @inline(__always)
    package static func scan(_ p: UnsafeBufferPointer<UInt8>) -> DateFields? {
        let n = p.count
        guard n >= 10, let y = _digits(p, 0, 4), p[4] == _dash, let mo = _digits(p, 5, 2), p[7] == _dash,
            let d = _digits(p, 8, 2)
        else { return nil }
        var f = DateFields()
        f.year = y
        f.month = mo
        f.day = d
        if n == 10 { return f }
        guard n >= 20, p[10] | 0x20 == _t, let h = _digits(p, 11, 2), p[13] == _colon,
            let mi = _digits(p, 14, 2), p[16] == _colon, let s = _digits(p, 17, 2)
        else { return nil }
        f.hasTime = true
        f.hour = h
        f.minute = mi
        f.second = s
        f.hasLowercaseLetter = p[10] == _t
        var i = 19
        if p[i] == _dot {
            i += 1
            var value = 0
            let start = i
            while i < n, p[i] &- _zero < 10 {
                if i - start < 9 { value = value * 10 + Int(p[i] &- _zero) }
                i += 1
            }
            guard i > start else { return nil }
            f.fractionDigits = i - start
            f.fractionValue = value
        }
        guard i < n else { return nil }
        let sign = p[i]
        if sign | 0x20 == _z {
            guard i + 1 == n else { return nil }
            f.zone = .z
            if sign == _z { f.hasLowercaseLetter = true }
            return f
        }
        guard sign == _plus || sign == _minus, let oh = _digits(p, i + 1, 2) else { return nil }
        if i + 6 == n, p[i + 3] == _colon, let m = _digits(p, i + 4, 2) {
            f.zone = .colon
            f.offsetMinutes = m
        } else if i + 5 == n, let m = _digits(p, i + 3, 2) {
            f.zone = .noColon
            f.offsetMinutes = m
        } else {
            return nil
        }
        f.offsetHours = oh
        let offset = oh * 3600 + f.offsetMinutes * 60
        f.offsetSeconds = sign == _plus ? offset : -offset
        return f
    }

    /// The one shape every fast path of the legacy twins understands: ``scan(_:)`` with `T` and
    /// `Z` in upper case, at most nine fraction digits and offset minutes 00–59 (`±HH:MM` and
    /// `±HHMM` both). Ranges beyond that are ``isPlainRange``'s.
    @inline(__always)
    static func canonical(_ p: UnsafeBufferPointer<UInt8>) -> DateFields? {
        guard let f = scan(p), !f.hasLowercaseLetter, f.fractionDigits <= 9, f.offsetMinutes <= 59 else { return nil }
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
let _t = UInt8(ascii: "t")
let _z = UInt8(ascii: "z")

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
