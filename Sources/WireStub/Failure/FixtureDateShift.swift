import Foundation
import WireDates
import WireJSON
import WireSupport

/// Moves the dates of a fixture so that it stays current: every RFC 3339 date-time (and, unless
/// turned off, every full-date) string value moves by the whole days between a declared anchor
/// day and today, so an "upcoming" calendar fixture stays upcoming. Pure: today is a parameter.
///
/// Each value keeps its exact format: only its `YYYY-MM-DD` changes, so fraction digits, the
/// offset or `Z`, and the time of day stay as written; everything else in the document (layout,
/// member order, other strings, member names that look like dates) is kept byte for byte. The
/// recogniser is WireDates' `RFC3339` (an impossible day such as `2024-02-30` is not a date
/// and is left alone). Linear in the document.
///
/// ```swift
/// let fixture = Array(#"{"airDateUtc": "2024-05-01T01:00:00.123+02:00", "airDate": "2024-05-01"}"#.utf8)
/// let today = ISO8601DateFormatter().date(from: "2024-05-11T09:00:00Z")!
/// let shifted = try FixtureDateShift.shift(fixture, anchor: "2024-05-01", today: today)
/// // {"airDateUtc": "2024-05-11T01:00:00.123+02:00", "airDate": "2024-05-11"}
/// ```
public enum FixtureDateShift {
    /// Why a document could not be shifted.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The document is not valid JSON (nothing is changed).
        case invalidJSON(JSONSyntaxError)
        /// The anchor is not an RFC 3339 full-date (`2024-05-01`).
        case invalidAnchor(String)
        /// A date would leave the years 0000–9999 that RFC 3339 can write.
        case outOfRange(path: JSONPath, value: String)

        /// The reason, in one sentence.
        public var description: String {
            switch self {
            case .invalidJSON(let error): "not valid JSON: \(error)"
            case .invalidAnchor(let anchor): "the anchor '\(anchor)' is not an RFC 3339 full-date (YYYY-MM-DD)"
            case .outOfRange(let path, let value): "\(value) at \(path) would leave the years 0000-9999"
            }
        }
    }

    /// Shifts a document by the days from `anchor` to `today`'s date in `timeZone`.
    /// - Parameters:
    ///   - document: the fixture's bytes.
    ///   - anchor: the day the fixture was written for, as `YYYY-MM-DD`.
    ///   - today: now (inject a fixed clock in tests).
    ///   - timeZone: where "today" is decided (UTC by default).
    ///   - fullDates: whether `YYYY-MM-DD` values move too (date-times always do).
    /// - Returns: the shifted bytes (the same bytes when the shift is 0 days).
    /// - Throws: ``Error``; the input is never partly shifted.
    public static func shift(
        _ document: [UInt8], anchor: String, today: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!,
        fullDates: Bool = true
    ) throws(Error) -> [UInt8] {
        guard let days = days(from: anchor, to: today, in: timeZone) else { throw .invalidAnchor(anchor) }
        return try shift(document, byDays: days, fullDates: fullDates)
    }

    /// The whole days from `anchor` (`YYYY-MM-DD`) to the date `today` has in `timeZone`, or nil
    /// when the anchor is not an RFC 3339 full-date.
    public static func days(from anchor: String, to today: Date, in timeZone: TimeZone) -> Int? {
        guard let anchorDay = dayNumber(anchor) else { return nil }
        let local = today.timeIntervalSinceReferenceDate + TimeInterval(timeZone.secondsFromGMT(for: today))
        return Int((local / 86_400).rounded(.down)) - anchorDay
    }

    /// Shifts a document by a number of days.
    /// - Throws: ``Error/invalidJSON(_:)`` or ``Error/outOfRange(path:value:)``.
    public static func shift(_ document: [UInt8], byDays days: Int, fullDates: Bool = true) throws(Error) -> [UInt8] {
        let map: JSONSourceMap
        do {
            map = try JSONSourceMap(document)
        } catch {
            throw .invalidJSON(error)
        }
        guard days != 0 else { return document }
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        var copied = 0
        for (index, entry) in map.entries.enumerated() where entry.kind == .string {
            guard let text = entry.text, let moved = moved(text, byDays: days, fullDates: fullDates) else { continue }
            guard case .day(let newDay) = moved else { throw .outOfRange(path: map.path(of: index), value: text) }
            let open = entry.start.offset
            let close = entry.end.offset - 1
            out += document[copied..<open]
            if document[(open + 1)..<close].elementsEqual(text.utf8) {
                // Written without escapes: replace the ten bytes of the day, keep the rest.
                out.append(UInt8(ascii: "\""))
                out += Array(newDay.utf8)
                out += document[(open + 11)...close]
            } else {
                CanonicalJSONWriter.writeString(newDay + String(text.dropFirst(10)), into: &out)
            }
            copied = close + 1
        }
        out += document[copied...]
        return out
    }

    /// Where a date value goes.
    enum Moved {
        /// Its new `YYYY-MM-DD`.
        case day(String)
        /// Outside the years 0000–9999.
        case outOfRange
    }

    /// Where the value goes, or nil when it is not a date to move.
    static func moved(_ text: String, byDays days: Int, fullDates: Bool) -> Moved? {
        var text = text
        let isDate = text.withUTF8 { bytes -> Bool in
            guard let fields = RFC3339.recognise(bytes, options: .recognising) else { return false }
            return fields.hasTime || fullDates
        }
        guard isDate, let day = dayNumber(String(text.prefix(10))) else { return nil }
        let seconds = (day + days) * 86_400
        let civil = GregorianCalendarMath.civil(fromSecondsSinceReference: seconds)
        guard civil.year >= 0, civil.year <= 9999 else { return .outOfRange }
        return .day(String(civil.isoText.prefix(10)))
    }

    /// Days since 2001-01-01 of a `YYYY-MM-DD`, or nil when it is not an RFC 3339 full-date.
    static func dayNumber(_ fullDate: String) -> Int? {
        guard fullDate.utf8.count == 10, let date = RFC3339.parse(fullDate + "T00:00:00Z") else { return nil }
        return Int((date.timeIntervalSinceReferenceDate / 86_400).rounded(.down))
    }
}
