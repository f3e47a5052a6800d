import Testing
import WireJSON
import WireShapes

/// Shape inference tags `date` and `date-time` by WireDates' one RFC 3339 rule. Before, it had its
/// own rule that took any day 01–31 in any month, so impossible days were tagged. The expected
/// tags are written by hand from RFC 3339 §5.6–5.7, not computed.
@Suite("String formats: dates by the one RFC 3339 rule")
struct StringFormatRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var format: StringShape.Format?
        var fractionDigits: Set<Int> = []
        var offsets: Set<StringShape.OffsetStyle> = []
        var testDescription: String { text }
    }

    /// The cases whose tag changed with the switch: no such day in that month or year.
    static let impossibleDays: [Case] = [
        Case(text: "2024-02-30", format: nil),
        Case(text: "2023-02-29", format: nil),
        Case(text: "1900-02-29", format: nil),
        Case(text: "2024-04-31", format: nil),
        Case(text: "2024-06-31", format: nil),
        Case(text: "2024-02-30T00:00:00Z", format: nil),
        Case(text: "2023-02-29T12:00:00.123+02:00", format: nil),
        Case(text: "2024-11-31t08:30:00z", format: nil),
    ]

    /// Cases that keep their tag (the edges on either side of the changed ones).
    static let unchanged: [Case] = [
        Case(text: "2024-02-29", format: .date),
        Case(text: "2000-02-29", format: .date),
        Case(text: "2024-04-30", format: .date),
        Case(text: "2024-12-31", format: .date),
        Case(text: "2024-02-29T00:00:00Z", format: .dateTime, fractionDigits: [0], offsets: [.z]),
        Case(text: "2024-05-01t08:30:00.123z", format: .dateTime, fractionDigits: [3], offsets: [.z]),
        Case(text: "2024-05-01T08:30:00.5-23:59", format: .dateTime, fractionDigits: [1], offsets: [.numeric]),
        Case(text: "2016-12-31T23:59:60Z", format: .dateTime, fractionDigits: [0], offsets: [.z]),
        Case(text: "2024-05-01T08:30:00+0530", format: nil),
        Case(text: "2024-13-01", format: nil),
        Case(text: "2024-05-00", format: nil),
        Case(text: "2024-05-01T24:00:00Z", format: nil),
        Case(text: "2024-05-01T08:30:00+24:00", format: nil),
        Case(text: "2024-05-01 08:30:00Z", format: nil),
        Case(text: "20240501", format: .integerString),
    ]

    @Test(arguments: impossibleDays + unchanged)
    func inferredTag(_ c: Case) {
        let shape = WireShape.infer(from: [.string(c.text)], enumRule: .none)
        #expect(shape.kinds == [.string])
        #expect(shape.string?.format == c.format)
        #expect(shape.string?.fractionDigits ?? [] == c.fractionDigits)
        #expect(shape.string?.offsets ?? [] == c.offsets)
    }

    /// A payload checked against a shape inferred from the same layout on a real day is held to the
    /// same rule: the impossible day no longer fits.
    @Test(arguments: impossibleDays)
    func anImpossibleDayDoesNotFitTheSameLayoutOnARealDay(_ c: Case) {
        let realDay = "2024-05-01" + c.text.dropFirst(10)
        let reader = WireShape.infer(from: [.string(realDay)], enumRule: .none)
        #expect(reader.violations(of: .string(c.text)).map(\.rule) == [.dateFormatChanged])
    }
}
