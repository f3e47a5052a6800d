import Foundation
import WireSupportCore

/// RFC 3339 dates and date-times: the one recogniser every part of WireLock uses (shape
/// inference's `date`/`date-time` formats, the `.rfc3339DateTime` redaction check) and a strict
/// parser for new code, with no legacy leniency.
///
/// **The rule.** A text is RFC 3339 when it is exactly a `full-date` (`YYYY-MM-DD`) or a
/// `date-time` (`full-date` `T` `hh:mm:ss` [`.` 1+ digits] (`Z` | `±hh:mm`)) of RFC 3339 §5.6,
/// with the limits of §5.7: year 0000–9999; month 01–12; day 01 to the last day of that month in
/// the proleptic Gregorian calendar (`2024-02-29` yes, `2023-02-29` and `2024-04-31` no); hour
/// 00–23, minute 00–59, second 00–59, or 60 (a leap second) when ``Options/allowsLeapSecond``;
/// offset hour 00–23, offset minute 00–59. `T` and `Z` may be written in lower case (§5.6 NOTE).
/// Nothing may come before or after; digits are ASCII. A leap second is not checked against a
/// table of real ones or the time of day.
///
/// ```swift
/// RFC3339.isDateTime("2024-05-01T08:30:00.123+02:00")   // true
/// RFC3339.isDateTime("2024-02-30T00:00:00Z")            // false: no such day
/// RFC3339.parse("2024-05-01T01:00:00.5+02:00")          // a Date
/// RFC3339.parse("2024-05-01T23:59:60Z")                 // nil: a leap second cannot be placed
/// ```
public enum RFC3339 {
    /// The one choice callers differ on: whether a second of `60` is accepted.
    ///
    /// ```swift
    /// RFC3339.isDateTime("2016-12-31T23:59:60Z")                       // true (.recognising)
    /// RFC3339.isDateTime("2016-12-31T23:59:60Z", options: .parsing)    // false
    /// ```
    public struct Options: Hashable, Sendable {
        /// Whether `hh:mm:60` is accepted (any time of day: there is no leap-second table).
        public var allowsLeapSecond: Bool

        /// Options with the given leap-second rule.
        public init(allowsLeapSecond: Bool) {
            self.allowsLeapSecond = allowsLeapSecond
        }

        /// For telling whether text is RFC 3339 (shape inference, redaction checks): a leap
        /// second is valid RFC 3339 text.
        public static let recognising = Options(allowsLeapSecond: true)
        /// For making a `Date`: a leap second cannot be placed without a table, so it is rejected.
        public static let parsing = Options(allowsLeapSecond: false)
    }

    /// Whether `text` is an RFC 3339 `date-time` under the rule above.
    public static func isDateTime(_ text: String, options: Options = .recognising) -> Bool {
        var text = text
        return text.withUTF8 { recognise($0, options: options)?.hasTime == true }
    }

    /// The fields of an RFC 3339 `full-date` or `date-time` (``DateFields/hasTime`` tells which),
    /// or `nil` when the bytes break the rule above. Pure, allocation-free, linear in the length.
    @inline(__always)
    package static func recognise(_ p: UnsafeBufferPointer<UInt8>, options: Options) -> DateFields? {
        guard let f = DateFields.scan(p), f.zone != .noColon, f.month >= 1, f.month <= 12, f.day >= 1,
            f.day <= GregorianCalendarMath.daysInMonth(f.month, year: f.year)
        else { return nil }
        guard f.hasTime else { return f }
        guard f.hour <= 23, f.minute <= 59, f.second <= 59 || (f.second == 60 && options.allowsLeapSecond),
            f.offsetHours <= 23, f.offsetMinutes <= 59
        else { return nil }
        return f
    }

    /// Parses a date-time; `nil` when the text is not a strict RFC 3339 `date-time` (the rule
    /// above with ``Options/parsing``: no leap second).
    ///
    /// The fraction is kept to the nanosecond (digits after the ninth are dropped) and the result
    /// is `whole seconds + nanoseconds / 10⁹`, like `Date.ISO8601FormatStyle`.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Parses UTF-8 bytes like the `String` overload; pure, allocation-free, thread-safe.
    public static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Date? {
        interval(p).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// The interval since 2001 of a strict RFC 3339 date-time, or `nil`.
    static func interval(_ p: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let f = recognise(p, options: .parsing), f.hasTime else { return nil }
        let seconds =
            GregorianCalendarMath.daysFromCivil(year: f.year, month: f.month, day: f.day) * 86_400
            + f.hour * 3600 + f.minute * 60 + f.second - f.offsetSeconds - GregorianCalendarMath.referenceOffset1970
        return Double(seconds) + Double(f.nanoseconds) / 1e9
    }
}
