import WireSupportCore

/// The fast paths: pure functions over UTF-8 bytes, no allocation, no Foundation.
///
/// Each returns the time interval since 2001-01-01 when it can decide the input exactly as the
/// legacy would, and `nil` when it cannot (the input is outside the canonical shape or range);
/// ``WireDates`` then asks the legacy, so the twin is identical on every input by construction
/// and the oracle proves the fast path right on the inputs it does decide.
enum FastDateParsing {
    static let reference1970 = Double(GregorianCalendarMath.referenceOffset1970)

    /// The interval the `Formatter` classes produce: ICU works in whole milliseconds since 1970
    /// as a `Double`, and CoreFoundation divides by 1000 and subtracts 978 307 200.
    @inline(__always)
    static func formatterInterval(_ f: DateFields) -> Double {
        let ms = f.epochSeconds * 1000 + f.milliseconds
        return Double(ms) / 1000.0 - reference1970
    }

    /// The interval `Date.ISO8601FormatStyle` produces. Its calendar adds, in this order: the local
    /// day's start since 2001, plus (seconds of the day + nanoseconds / 10⁹), minus the offset.
    /// The grouping matters: other orders differ in the last bit for about 1 input in 40.
    @inline(__always)
    static func formatStyleInterval(_ f: DateFields) -> Double {
        let days =
            GregorianCalendarMath.daysFromCivil(year: f.year, month: f.month, day: f.day)
            - GregorianCalendarMath.referenceDay
        let secondOfDay = f.hour * 3600 + f.minute * 60 + f.second
        return Double(days * 86_400) + (Double(secondOfDay) + Double(f.nanoseconds) / 1e9) - Double(f.offsetSeconds)
    }

    /// The fast path of one legacy strategy.
    @inline(__always)
    static func interval(_ strategy: LegacyDateStrategy, _ p: UnsafeBufferPointer<UInt8>) -> Double? {
        if strategy.isNumeric { return numericInterval(strategy, p) }
        guard let f = DateFields.canonical(p), f.isPlainRange else { return nil }
        switch strategy {
        case .isoInternetDateTime, .formatterSecondsZone:
            guard f.hasTime, f.fractionDigits == 0 else { return nil }
            return formatterInterval(f)
        case .isoFractionalSeconds, .formatterMillisecondsOffset:
            guard f.hasTime, f.fractionDigits > 0 else { return nil }
            return formatterInterval(f)
        case .isoFractionalThenPlain:
            guard f.hasTime else { return nil }
            return formatterInterval(f)
        case .formatterDateOnly:
            guard !f.hasTime else { return nil }
            return formatterInterval(f)
        case .jsonISO8601:
            guard f.hasTime else { return nil }
            return formatStyleInterval(f)
        case .secondsSince1970, .millisecondsSince1970:
            return nil
        }
    }

    /// JSON numbers `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 15 significant digits: the value is
    /// an exact integer divided by an exact power of ten, so the division is correctly rounded,
    /// as the JSON decoder's conversion is.
    @inline(__always)
    static func numericInterval(_ strategy: LegacyDateStrategy, _ p: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = p.count
        var i = 0
        let negative = n > 0 && p[0] == _minus
        if negative { i = 1 }
        guard i < n else { return nil }
        if p[i] == _zero, i + 1 < n, p[i + 1] != _dot { return nil }
        var mantissa = 0
        var digits = 0
        var fraction = 0
        var sawDot = false
        while i < n {
            let byte = p[i]
            if byte == _dot {
                guard !sawDot, digits > 0, i + 1 < n else { return nil }
                sawDot = true
            } else {
                let digit = byte &- _zero
                guard digit < 10 else { return nil }
                mantissa = mantissa * 10 + Int(digit)
                if mantissa > 0 || sawDot { digits += 1 } else if digits == 0 { digits = 1 }
                if sawDot { fraction += 1 }
                guard digits <= 15 else { return nil }
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var value = Double(mantissa) / Double(_pow10Double[fraction])
        if negative { value = -value }
        if strategy == .millisecondsSince1970 { value = value / 1000.0 }
        return value - reference1970
    }

    // MARK: Encoding

    /// Writes the legacy's text for an interval into `out` (at least 32 bytes) and returns the
    /// length, or `nil` outside 1583...9999 and for non-finite intervals.
    @inline(__always)
    static func format(_ strategy: LegacyDateStrategy, _ t: Double, into out: UnsafeMutableBufferPointer<UInt8>) -> Int?
    {
        guard t.isFinite, t > -13_000_000_000, t < 252_000_000_000 else { return nil }
        let seconds: Int
        var millis = 0
        switch strategy {
        case .jsonISO8601:
            seconds = Int(t.rounded(.down))
        case .isoInternetDateTime, .isoFractionalSeconds, .isoFractionalThenPlain, .formatterMillisecondsOffset,
            .formatterSecondsZone, .formatterDateOnly:
            let udate = ((t + reference1970) * 1000.0 + 0.5).rounded(.down)
            let ms = Int(udate)
            let s = GregorianCalendarMath.floorDiv(ms, 1000)
            millis = ms - s * 1000
            seconds = s - GregorianCalendarMath.referenceOffset1970
        case .secondsSince1970, .millisecondsSince1970:
            return nil
        }
        let c = GregorianCalendarMath.civil(fromSecondsSinceReference: seconds)
        guard c.year >= 1583, c.year <= 9999 else { return nil }
        var i = 0
        @inline(__always) func put(_ v: Int, _ width: Int) {
            var v = v
            for k in stride(from: width - 1, through: 0, by: -1) {
                out[i + k] = _zero + UInt8(v % 10)
                v /= 10
            }
            i += width
        }
        @inline(__always) func byte(_ b: UInt8) {
            out[i] = b
            i += 1
        }
        put(c.year, 4)
        byte(_dash)
        put(c.month, 2)
        byte(_dash)
        put(c.day, 2)
        if strategy == .formatterDateOnly { return i }
        byte(_T)
        put(c.hour, 2)
        byte(_colon)
        put(c.minute, 2)
        byte(_colon)
        put(c.second, 2)
        switch strategy {
        case .isoFractionalSeconds, .isoFractionalThenPlain, .formatterMillisecondsOffset:
            byte(_dot)
            put(millis, 3)
            byte(_Z)
        case .formatterSecondsZone:
            byte(_plus)
            put(0, 4)
        default:
            byte(_Z)
        }
        return i
    }
}

let _pow10Double: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
