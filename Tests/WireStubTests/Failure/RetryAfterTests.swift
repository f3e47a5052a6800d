import Foundation
import Testing
import WireHTTP
import WireJSON
import WireLockTestSupport
import WireStub

/// `Sun, 06 Nov 1994 08:49:37 GMT`, the RFC's example instant.
private let example = Date(timeIntervalSince1970: 784_111_777)

private func utc(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    return try #require(formatter.date(from: text), "\(text)")
}

@Suite("Retry-After (RFC 9110 §10.2.3, §5.6.7)")
struct RetryAfterTests {
    @Test(arguments: [("120", 120), ("0", 0), (" 120\t", 120), ("007", 7), ("99999999999999999999999", 2_147_483_648)])
    func deltaSeconds(_ value: String, seconds: Int) {
        #expect(RetryAfter.parse(value, now: example) == .seconds(seconds))
        #expect(RetryAfter.delay(value, now: example) == TimeInterval(seconds))
    }

    @Test(arguments: [
        "", " ", "-5", "+5", "1.5", "12 s", "soon", "0x10",
        "Sun, 06 Nov 1994 08:49:37 UTC", "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sun Nov 6 08:49:37 1994", "Sun Nov  6 08:49:37 94", "Funday, 06-Nov-94 08:49:37 GMT",
        "Sun,  06 Nov 1994 08:49:37 GMT",
    ])
    func garbageIsNil(_ value: String) {
        #expect(RetryAfter.parse(value, now: example) == nil)
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func theThreeDateFormsAreTheSameInstant(_ value: String) {
        let oneMinuteBefore = example.addingTimeInterval(-60)
        #expect(RetryAfter.parse(value, now: oneMinuteBefore) == .date(example))
        #expect(RetryAfter.delay(value, now: oneMinuteBefore) == 60)
    }

    @Test func aPastDateIsZero() throws {
        let later = try utc("2026-12-01T15:00:00Z")
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", now: later) == 0)
        #expect(RetryAfter.delay("Sun Nov  6 08:49:37 1994", now: later) == 0)
    }

    @Test func asctimeTakesATwoDigitDayAndALeapSecond() throws {
        #expect(RetryAfter.parse("Wed Nov 16 08:49:37 1994", now: example) == .date(try utc("1994-11-16T08:49:37Z")))
        #expect(RetryAfter.parse("Sun Nov 06 08:49:37 1994", now: example) == .date(example))
        #expect(
            RetryAfter.parse("Sat, 31 Dec 2016 23:59:60 GMT", now: example) == .date(try utc("2017-01-01T00:00:00Z")))
    }

    /// RFC 9110: a two-digit year that appears more than 50 years in the future is the most
    /// recent past year with the same last two digits.
    @Test(arguments: [
        ("2026-12-01T15:00:00Z", "Thursday, 01-Jan-76 00:00:00 GMT", "2076-01-01T00:00:00Z"),
        ("2026-12-01T15:00:00Z", "Friday, 01-Jan-77 00:00:00 GMT", "1977-01-01T00:00:00Z"),
        ("2026-12-01T15:00:00Z", "Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("2026-12-01T15:00:00Z", "Monday, 01-Dec-26 15:00:30 GMT", "2026-12-01T15:00:30Z"),
        ("2090-06-01T00:00:00Z", "Monday, 01-Jan-05 00:00:00 GMT", "2105-01-01T00:00:00Z"),
        ("1994-11-06T08:48:37Z", "Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z"),
    ])
    func rfc850TwoDigitYears(now: String, value: String, expected: String) throws {
        #expect(RetryAfter.parse(value, now: try utc(now)) == .date(try utc(expected)))
    }
}

/// The HTTP-date reader against Foundation's own `DateFormatter` (en_US_POSIX, GMT): the same
/// text, written by the formatter from seeded random instants of 1901–2099 in each of the three
/// forms, must give the same instant both ways.
@Suite("HTTP-date against DateFormatter")
struct HTTPDateFormatterTests {
    static func formatter(_ format: String, twoDigitStart: Date? = nil) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.isLenient = false
        formatter.dateFormat = format
        if let twoDigitStart { formatter.twoDigitStartDate = twoDigitStart }
        return formatter
    }

    /// Whole seconds from 1901-01-01 to 2099-12-31, from a seed.
    static func instants(seed: UInt64, count: Int) -> [Date] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Date(timeIntervalSince1970: TimeInterval(-2_177_452_800 + random.next(below: 6_311_347_200)))
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func imfFixdateReadsAsFoundationDoes(seed: UInt64) throws {
        let formatter = Self.formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'")
        for instant in Self.instants(seed: seed, count: 500) {
            let text = formatter.string(from: instant)
            #expect(formatter.date(from: text) == instant, "\(text)")
            #expect(RetryAfter.parse(text, now: instant) == .date(instant), "\(text)")
        }
    }

    /// RFC 850 with its two-digit year: `now` within 40 years of the instant, and the formatter's
    /// two-digit window starting 50 years before `now`, as RFC 9110 places the year.
    @Test(arguments: [4, 5, 6] as [UInt64])
    func rfc850ReadsAsFoundationDoes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for instant in Self.instants(seed: seed, count: 500) {
            let now = instant.addingTimeInterval(TimeInterval(random.next(in: -1_262_000_000...1_262_000_000)))
            let formatter = Self.formatter(
                "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", twoDigitStart: now.addingTimeInterval(-50 * 365.2425 * 86_400))
            let text = formatter.string(from: instant)
            #expect(formatter.date(from: text) == instant, "\(text)")
            #expect(RetryAfter.parse(text, now: now) == .date(instant), "\(text) at \(now)")
        }
    }

    /// asctime: `Sun Nov  6 08:49:37 1994`, the day padded with a space (which a date format
    /// cannot say, so the day is written apart and read back with `d`).
    @Test(arguments: [7, 8, 9] as [UInt64])
    func asctimeReadsAsFoundationDoes(seed: UInt64) throws {
        let head = Self.formatter("EEE MMM")
        let day = Self.formatter("d")
        let tail = Self.formatter("HH:mm:ss yyyy")
        let reader = Self.formatter("EEE MMM d HH:mm:ss yyyy")
        for instant in Self.instants(seed: seed, count: 500) {
            let dayText = day.string(from: instant)
            let text =
                head.string(from: instant) + (dayText.count == 1 ? "  " : " ") + dayText + " "
                + tail.string(from: instant)
            #expect(reader.date(from: text.replacingOccurrences(of: "  ", with: " ")) == instant, "\(text)")
            #expect(RetryAfter.parse(text, now: instant) == .date(instant), "\(text)")
        }
    }

    /// Dates no calendar has, in each form: both readers refuse them.
    @Test(arguments: [
        ("EEE, dd MMM yyyy HH:mm:ss 'GMT'", "Thu, 29 Feb 1900 00:00:00 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss 'GMT'", "Mon, 31 Apr 2024 12:00:00 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss 'GMT'", "Sun, 06 Nov 1994 24:00:00 GMT"),
        ("EEE, dd MMM yyyy HH:mm:ss 'GMT'", "Sun, 06 Nov 1994 08:61:00 GMT"),
        ("EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "Friday, 30-Feb-24 00:00:00 GMT"),
        ("EEE MMM d HH:mm:ss yyyy", "Thu Sep 31 00:00:00 2026"),
    ])
    func impossibleDatesAreRefusedByBoth(format: String, text: String) {
        #expect(Self.formatter(format).date(from: text) == nil)
        #expect(RetryAfter.parse(text, now: example) == nil)
    }
}

@Suite("Capped exponential backoff")
struct BackoffTests {
    @Test func withoutJitterItDoublesUpToTheCap() {
        let backoff = Backoff(base: 0.5, multiplier: 2, cap: 30, jitter: .none)
        var random = SplitMix64(seed: 1)
        let delays = (0..<9).map { backoff.delay(attempt: $0, using: &random) }
        #expect(delays == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
        #expect(backoff.delay(attempt: -3, using: &random) == 0.5)
        #expect(backoff.delay(attempt: Int.max, using: &random) == 30)
        #expect(Backoff(base: 1, multiplier: 1e308, cap: 5, jitter: .none).ceiling(attempt: 10) == 5)
    }

    @Test func fullJitterStaysUnderTheCeilingAndIsReproducible() {
        let backoff = Backoff(base: 1, multiplier: 2, cap: 8, jitter: .full)
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        var sum = 0.0
        var a: [TimeInterval] = []
        var b: [TimeInterval] = []
        var c: [TimeInterval] = []
        for attempt in 0..<2000 {
            let delay = backoff.delay(attempt: attempt % 6, using: &first)
            #expect(delay >= 0 && delay <= backoff.ceiling(attempt: attempt % 6))
            a.append(delay)
            b.append(backoff.delay(attempt: attempt % 6, using: &second))
            c.append(backoff.delay(attempt: attempt % 6, using: &other))
            if attempt % 6 == 5 { sum += delay }
        }
        #expect(a == b)
        #expect(a != c)
        // Uniform in 0...8 at the cap: the mean of 333 draws is near 4.
        let mean = sum / Double(2000 / 6)
        #expect(mean > 3.3 && mean < 4.7, "\(mean)")
    }

    @Test func equalJitterKeepsAtLeastHalf() {
        let backoff = Backoff(base: 2, multiplier: 3, cap: 60, jitter: .equal)
        var random = SplitMix64(seed: 9)
        for attempt in 0..<500 {
            let ceiling = backoff.ceiling(attempt: attempt % 8)
            let delay = backoff.delay(attempt: attempt % 8, using: &random)
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
    }
}
