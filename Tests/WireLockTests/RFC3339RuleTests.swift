import Foundation
import Testing
import WireDates
import WireGolden
import WireJSON

/// The one RFC 3339 rule, as each caller sees it. Before it there were three rules: the redaction
/// check read digits without ranges (it took `2024-13-45T25:61:99Z`), shape inference took any day
/// 01–31 (`2024-02-30`) and strict parsing was the only one to check the calendar. The columns are
/// written out by hand from RFC 3339 §5.6–5.7, not computed.
@Suite("RFC 3339: one rule for every caller")
struct RFC3339RuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        /// An RFC 3339 `date-time` when a leap second is allowed (redaction checks, shape inference).
        var dateTime: Bool
        /// The same with a leap second rejected: what `RFC3339.parse` turns into a `Date`.
        var parses: Bool
        var testDescription: String { text }
        init(_ text: String, dateTime: Bool, parses: Bool? = nil) {
            self.text = text
            self.dateTime = dateTime
            self.parses = parses ?? dateTime
        }
    }

    static let cases: [Case] = [
        Case("2024-05-01T08:30:00Z", dateTime: true),
        Case("2024-05-01t08:30:00z", dateTime: true),
        Case("2024-05-01T08:30:00.123456789012+02:00", dateTime: true),
        Case("2024-05-01T08:30:00-23:59", dateTime: true),
        Case("0000-01-01T00:00:00Z", dateTime: true),
        Case("9999-12-31T23:59:59.999Z", dateTime: true),
        Case("2024-02-29T00:00:00Z", dateTime: true),
        Case("2000-02-29T00:00:00Z", dateTime: true),
        Case("2016-12-31T23:59:60Z", dateTime: true, parses: false),
        Case("2024-05-01T12:00:60+02:00", dateTime: true, parses: false),
        // The calendar: no such day.
        Case("2023-02-29T00:00:00Z", dateTime: false),
        Case("1900-02-29T00:00:00Z", dateTime: false),
        Case("2024-02-30T00:00:00Z", dateTime: false),
        Case("2024-04-31T00:00:00Z", dateTime: false),
        Case("2024-05-32T00:00:00Z", dateTime: false),
        Case("2024-05-00T00:00:00Z", dateTime: false),
        Case("2024-13-01T00:00:00Z", dateTime: false),
        Case("2024-00-10T00:00:00Z", dateTime: false),
        // The clock and the offset.
        Case("2024-05-01T24:00:00Z", dateTime: false),
        Case("2024-05-01T23:60:00Z", dateTime: false),
        Case("2024-05-01T23:59:61Z", dateTime: false),
        Case("2024-05-01T08:30:00+24:00", dateTime: false),
        Case("2024-05-01T08:30:00+05:60", dateTime: false),
        // The layout.
        Case("2024-05-01T08:30:00+0530", dateTime: false),
        Case("2024-05-01T08:30:00+05", dateTime: false),
        Case("2024-05-01T08:30:00", dateTime: false),
        Case("2024-05-01 08:30:00Z", dateTime: false),
        Case("2024-05-01T08:30Z", dateTime: false),
        Case("2024-05-01T08:30:00.Z", dateTime: false),
        Case("2024-05-01T08:30:00ZZ", dateTime: false),
        Case(" 2024-05-01T08:30:00Z", dateTime: false),
        Case("2024-05-01T08:30:00Z ", dateTime: false),
        Case("2024-5-01T08:30:00Z", dateTime: false),
        Case("+2024-05-01T08:30:00Z", dateTime: false),
        Case("2024-05-01T08:30:0\u{661}Z", dateTime: false),
        Case("2024-05-01", dateTime: false),
        Case("", dateTime: false),
    ]

    @Test(arguments: cases)
    func recogniser(_ c: Case) {
        #expect(RFC3339.isDateTime(c.text) == c.dateTime)
        #expect(RFC3339.isDateTime(c.text, options: .recognising) == c.dateTime)
        #expect(RFC3339.isDateTime(c.text, options: .parsing) == c.parses)
    }

    @Test(arguments: cases)
    func strictParsing(_ c: Case) {
        #expect((RFC3339.parse(c.text) != nil) == c.parses)
    }

    @Test(arguments: cases)
    func redactionCheck(_ c: Case) {
        let document = JSONValue.object(JSONObject(["at": .string(c.text)]))
        let (_, failures) = Redactor.apply(
            [.replace("$.at", with: "<date>", expecting: .rfc3339DateTime)], to: document)
        #expect(failures.isEmpty == c.dateTime, "\(failures)")
    }

    @Test func aNonStringIsNoDateTime() {
        let (_, failures) = Redactor.apply(
            [.replace("$.at", expecting: .rfc3339DateTime)],
            to: .object(JSONObject(["at": .number(JSONNumber(integerLiteral: 20_240_501))])))
        #expect(failures == ["redaction of $.at: expected an RFC 3339 date-time, found 20240501"])
    }
}
