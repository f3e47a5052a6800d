import Foundation
import Testing
import WireJSON
import WireLockTestSupport
import WireStub

private func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "\(text)")
}

/// `YYYY-MM-DD` moved by `days`, by Foundation's calendar (independent of the code under test),
/// or nil when the text is no such day.
private func foundationShift(_ day: Substring, by days: Int) -> String? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    guard let date = formatter.date(from: String(day)), formatter.string(from: date) == day,
        let moved = calendar.date(byAdding: .day, value: days, to: date)
    else { return nil }
    return formatter.string(from: moved)
}

@Suite("Fixture date shifting")
struct FixtureDateShiftTests {
    static func shifted(_ text: String, days: Int, fullDates: Bool = true) throws -> String {
        String(
            decoding: try FixtureDateShift.shift(Array(text.utf8), byDays: days, fullDates: fullDates), as: UTF8.self)
    }

    @Test func theSampleCalendarMovesByTheAnchorDistanceAndKeepsEveryFormat() throws {
        let original = try [UInt8](Data(contentsOf: Repository.url("Fixtures/API/v3/calendar-success.json")))
        let today = try utc("2024-05-11T10:00:00Z")
        let result = try FixtureDateShift.shift(original, anchor: "2024-05-01", today: today)
        #expect(result.count == original.count)
        let before = try JSONSourceMap(original)
        let after = try JSONSourceMap(result)
        #expect(before.entries.count == after.entries.count)
        var moved = 0
        for (old, new) in zip(before.entries, after.entries) {
            #expect(old.start == new.start && old.component == new.component)
            guard old.kind == .string, let text = old.text, let newText = new.text else { continue }
            if let expectedDay = foundationShift(text.prefix(10), by: 10) {
                #expect(newText == expectedDay + text.dropFirst(10), "\(text)")
                moved += 1
            } else {
                #expect(newText == text)
            }
        }
        #expect(moved >= 6, "the calendar fixture has airDate and airDateUtc values")
    }

    @Test(arguments: [
        ("2024-02-28T23:00:00+05:30", 1, "2024-02-29T23:00:00+05:30"),
        ("2023-02-28T23:00:00Z", 1, "2023-03-01T23:00:00Z"),
        ("2023-12-31T23:59:59.123456789-08:00", 1, "2024-01-01T23:59:59.123456789-08:00"),
        ("2024-05-01t08:30:00z", -31, "2024-03-31t08:30:00z"),
        ("2016-12-31T23:59:60Z", 366, "2018-01-01T23:59:60Z"),
        ("2024-05-01", 10, "2024-05-11"),
        ("1999-12-31", -730_484, "0000-01-01"),
    ])
    func oneValue(_ value: String, days: Int, expected: String) throws {
        #expect(try Self.shifted(#"{"at": "\#(value)"}"#, days: days) == #"{"at": "\#(expected)"}"#)
    }

    @Test func notDatesMemberNamesAndLayoutAreUntouched() throws {
        let text = """
            { "2024-05-01": "2024-02-30T00:00:00Z",
              "b": ["2024-05-01 10:00", "2024-05-01T10:00:00", 20240501, "x2024-05-01"],
              "c": "2024-05-01T10:00:00Z" }
            """
        let expected = text.replacingOccurrences(of: #""2024-05-01T10:00:00Z""#, with: #""2024-05-03T10:00:00Z""#)
        #expect(try Self.shifted(text, days: 2) == expected)
    }

    @Test func fullDatesCanBeKeptAndEscapedDatesAreRewrittenPlainly() throws {
        #expect(
            try Self.shifted(#"["2024-05-01", "2024-05-01T00:00:00Z"]"#, days: 1, fullDates: false)
                == #"["2024-05-01", "2024-05-02T00:00:00Z"]"#)
        #expect(try Self.shifted(#"["2024-05-01T00:00:00\u005A"]"#, days: 1) == #"["2024-05-02T00:00:00Z"]"#)
    }

    @Test func todayIsDecidedInTheGivenTimeZone() throws {
        let lateEvening = try utc("2024-05-10T23:30:00Z")
        let plusTwo = TimeZone(secondsFromGMT: 7200)!
        #expect(FixtureDateShift.days(from: "2024-05-01", to: lateEvening, in: TimeZone(secondsFromGMT: 0)!) == 9)
        #expect(FixtureDateShift.days(from: "2024-05-01", to: lateEvening, in: plusTwo) == 10)
        #expect(FixtureDateShift.days(from: "2024-05-01", to: try utc("2024-04-01T00:00:00Z"), in: plusTwo) == -30)
        #expect(FixtureDateShift.days(from: "2024-5-1", to: lateEvening, in: plusTwo) == nil)
        #expect(FixtureDateShift.days(from: "2024-05-01T00:00:00Z", to: lateEvening, in: plusTwo) == nil)
    }

    @Test func badInputThrowsAndChangesNothing() throws {
        let today = try utc("2024-05-11T10:00:00Z")
        #expect(throws: FixtureDateShift.Error.invalidAnchor("May 1")) {
            try FixtureDateShift.shift(Array("{}".utf8), anchor: "May 1", today: today)
        }
        do {
            _ = try FixtureDateShift.shift(Array(#"{"at": "2024-05-01T00:00:00Z",}"#.utf8), byDays: 3)
            Issue.record("invalid JSON was shifted")
        } catch {
            guard case .invalidJSON(let syntax) = error else { throw error }
            #expect(syntax.kind == .trailingComma && syntax.location.column == 31)
        }
        #expect(throws: FixtureDateShift.Error.outOfRange(path: [.index(0)], value: "9999-12-31T00:00:00Z")) {
            try FixtureDateShift.shift(Array(#"["9999-12-31T00:00:00Z"]"#.utf8), byDays: 1)
        }
    }

    @Test func zeroDaysIsTheSameBytes() throws {
        let text = #"{"a": "2024-05-01T00:00:00Z"}"#
        #expect(try Self.shifted(text, days: 0) == text)
    }
}
