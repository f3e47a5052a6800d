import Foundation

/// An HTTP `Retry-After` value (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date in one of
/// the three forms of §5.6.7. Parsing and the delay are pure: the current time is a parameter.
///
/// ```swift
/// let now = Date(timeIntervalSince1970: 784_111_777)   // Sun, 06 Nov 1994 08:49:37 GMT
/// RetryAfter.delay("120", now: now)                             // 120
/// RetryAfter.delay("Sun, 06 Nov 1994 08:51:37 GMT", now: now)   // 120
/// RetryAfter.delay("Sunday, 06-Nov-94 08:49:37 GMT", now: now)  // 0 (not in the future)
/// RetryAfter.delay("soon", now: now)                            // nil
/// ```
public enum RetryAfter: Hashable, Sendable {
    /// `delta-seconds`: wait this many seconds.
    case seconds(Int)
    /// An HTTP-date: wait until then.
    case date(Date)

    /// The largest `delta-seconds` kept; a longer one is read as this (as RFC 9111 §1.2.2 says
    /// for an overflowing delta).
    public static let maximumSeconds = 2_147_483_648

    /// Reads a `Retry-After` field value.
    ///
    /// Accepted: `1*DIGIT` (leading and trailing spaces or tabs are ignored); IMF-fixdate
    /// `Sun, 06 Nov 1994 08:49:37 GMT`; RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, whose two-digit
    /// year is taken in the century that puts it at most 50 years (of 365.2425 days) after `now`,
    /// else the century before (RFC 9110: a date that appears more than 50 years in the future
    /// is the most recent past year with those digits); asctime `Sun Nov  6 08:49:37 1994`.
    /// The forms are case-sensitive, as the RFC says; the day name is checked to be a day name
    /// (not against the date); a second of `60` is accepted.
    /// - Parameters:
    ///   - value: the field value.
    ///   - now: the current time (only the RFC 850 form needs it).
    /// - Returns: nil for anything else: garbage, a sign (`-5`, `+5`), a fraction, an impossible
    ///   date (`31 Feb`), another zone than `GMT`.
    public static func parse(_ value: String, now: Date) -> RetryAfter? {
        let trimmed = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        let bytes = Array(trimmed.reversed())
        guard !bytes.isEmpty else { return nil }
        if bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            var seconds = 0
            for byte in bytes {
                seconds = min(maximumSeconds, seconds * 10 + Int(byte - 0x30))
            }
            return .seconds(seconds)
        }
        return HTTPDate.parse(bytes, now: now).map { .date($0) }
    }

    /// How long to wait from `now`: the seconds, or the time until the date (0 for a date that is
    /// not in the future).
    public func delay(now: Date) -> TimeInterval {
        switch self {
        case .seconds(let seconds): TimeInterval(seconds)
        case .date(let date): max(0, date.timeIntervalSince(now))
        }
    }

    /// The delay a `Retry-After` field value asks for, or nil when it is not a valid value.
    /// - Parameters:
    ///   - value: the field value.
    ///   - now: the current time.
    public static func delay(_ value: String, now: Date) -> TimeInterval? {
        parse(value, now: now)?.delay(now: now)
    }
}

/// The three HTTP-date forms of RFC 9110 §5.6.7, read field by field into a `Date` (UTC, the
/// proleptic Gregorian calendar; the day is checked against its month).
enum HTTPDate {
    static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// 50 years of 365.2425 days.
    static let fiftyYears: TimeInterval = 50 * 365.2425 * 86_400

    static func parse(_ bytes: [UInt8], now: Date) -> Date? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let comma = text.firstIndex(of: ",") else { return asctime(text) }
        let day = String(text[..<comma])
        let rest = String(text[text.index(after: comma)...])
        if shortDays.contains(day) { return imfFixdate(rest) }
        if longDays.contains(day) { return rfc850(rest, now: now) }
        return nil
    }

    /// ` 06 Nov 1994 08:49:37 GMT`
    static func imfFixdate(_ rest: String) -> Date? {
        let parts = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[5] == "GMT", let day = digits(parts[1], count: 2),
            let month = month(parts[2]), let year = digits(parts[3], count: 4)
        else { return nil }
        return date(year: year, month: month, day: day, time: parts[4])
    }

    /// ` 06-Nov-94 08:49:37 GMT`
    static func rfc850(_ rest: String, now: Date) -> Date? {
        let parts = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[3] == "GMT" else { return nil }
        let date2 = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard date2.count == 3, let day = digits(date2[0], count: 2), let month = month(date2[1]),
            let yy = digits(date2[2], count: 2)
        else { return nil }
        let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        var nowYear = 1970 + Int((Double(today) / 365.2425).rounded(.down))
        while daysSince1970(year: nowYear + 1, month: 1, day: 1) <= today { nowYear += 1 }
        while daysSince1970(year: nowYear, month: 1, day: 1) > today { nowYear -= 1 }
        var year = nowYear / 100 * 100 + yy
        if year < nowYear - 50 { year += 100 }
        guard var candidate = date(year: year, month: month, day: day, time: parts[2]) else { return nil }
        if candidate.timeIntervalSince(now) > fiftyYears {
            guard let earlier = date(year: year - 100, month: month, day: day, time: parts[2]) else { return nil }
            candidate = earlier
        }
        return candidate
    }

    /// `Sun Nov  6 08:49:37 1994` (or `Nov 06`).
    static func asctime(_ text: String) -> Date? {
        var parts = text.split(separator: " ", omittingEmptySubsequences: false)
        // A one-digit day is written after two spaces: `Nov  6`.
        if parts.count == 6, parts[2].isEmpty, parts[3].count == 1 {
            parts.remove(at: 2)
            parts[2] = "0" + parts[2]
        }
        guard parts.count == 5, shortDays.contains(String(parts[0])), let month = month(parts[1]),
            let day = digits(parts[2], count: 2), let year = digits(parts[4], count: 4)
        else { return nil }
        return date(year: year, month: month, day: day, time: parts[3])
    }

    static func month(_ text: Substring) -> Int? {
        months.firstIndex(of: String(text)).map { $0 + 1 }
    }

    static func digits(_ text: Substring, count: Int) -> Int? {
        guard text.utf8.count == count, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// `08:49:37` on the given day, in UTC; a leap second (`:60`) is the next minute's first.
    static func date(year: Int, month: Int, day: Int, time: Substring) -> Date? {
        let fields = time.split(separator: ":", omittingEmptySubsequences: false)
        guard year >= 0, year <= 9999, day >= 1, day <= days(inMonth: month, year: year), fields.count == 3,
            let hour = digits(fields[0], count: 2), hour < 24, let minute = digits(fields[1], count: 2), minute < 60,
            let second = digits(fields[2], count: 2), second <= 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return month == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counted in 400-year eras
    /// of 146,097 days with the year starting in March (so the leap day ends it).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
