import Foundation

// The same wrappers after the migration: `Date.ISO8601FormatStyle` for ISO 8601 and a small
// hand-written RFC 5322 parser, the way such rewrites are written (no DateFormatter, so the package
// can drop FoundationInternationalization). Self-contained (Foundation only): `make newcomer` copies
// this file into a new package as the types DocC's oracle article assumes.

/// `2020-01-08T14:18:51Z` through `Date.ISO8601FormatStyle`.
@propertyWrapper
struct ISO8601Coding: Decodable, Sendable {
    var wrappedValue: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try Date(try container.decode(String.self), strategy: .iso8601)
    }
}

/// `2020-01-08T14:18:51.203Z` through `Date.ISO8601FormatStyle(includingFractionalSeconds: true)`.
@propertyWrapper
struct ISO8601WithFractionalSecondsCoding: Decodable, Sendable {
    var wrappedValue: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        wrappedValue = try Date(try container.decode(String.self), strategy: style)
    }
}

/// `[Www, ]d Mmm yyyy hh:mm:ss zone`, read by ``RFC5322Parser``.
@propertyWrapper
struct RFC5322DateTimeCoding: Decodable, Sendable {
    var wrappedValue: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = RFC5322Parser.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 5322 date: \(text)")
        }
        wrappedValue = date
    }
}

/// A hand-written RFC 5322 date-time reader: an optional weekday and comma, a 1- or 2-digit day, an
/// English month abbreviation, a 4-digit year, `hh:mm:ss`, and a zone (`±hhmm` or a name from a
/// short table); a `(comment)` at the end is ignored. The fields go through `DateComponents` on the
/// Gregorian calendar.
enum RFC5322Parser {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let zones = [
        "UT": 0, "UTC": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8,
        "PDT": -7,
    ]
    static let calendar = Calendar(identifier: .gregorian)

    static func date(from text: String) -> Date? {
        var rest = Substring(text.prefix { $0 != "(" })
        if let comma = rest.firstIndex(of: ",") { rest = rest[rest.index(after: comma)...] }
        let words = rest.split(separator: " ")
        guard words.count == 5,
            let day = number(words[0], digits: 1...2),
            let month = months.firstIndex(of: String(words[1])).map({ $0 + 1 }),
            let year = number(words[2], digits: 4...4)
        else { return nil }
        let time = words[3].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, let hour = number(time[0], digits: 2...2), let minute = number(time[1], digits: 2...2),
            let second = number(time[2], digits: 2...2), hour < 24, minute < 60, second < 60, (1...31).contains(day),
            let offset = offsetSeconds(words[4])
        else { return nil }
        let components = DateComponents(
            calendar: calendar, timeZone: TimeZone(secondsFromGMT: offset), year: year, month: month, day: day,
            hour: hour, minute: minute, second: second)
        return components.date
    }

    /// `+0130` as 5400 s; a name from the table, read by its letters (what follows them is not checked).
    static func offsetSeconds(_ zone: Substring) -> Int? {
        if let sign = zone.first, sign == "+" || sign == "-" {
            guard let hhmm = number(zone.dropFirst(), digits: 4...4) else { return nil }
            return (sign == "-" ? -1 : 1) * ((hhmm / 100) * 3600 + (hhmm % 100) * 60)
        }
        return zones[String(zone.prefix { $0.isLetter })].map { $0 * 3600 }
    }

    static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
