import Testing
import WireDates

/// The recogniser's answers beyond "is it a date-time": full dates, and the fields shape inference
/// reads (fraction digits as written, how the offset was written).
@Suite("RFC 3339 recogniser")
struct RFC3339RecogniserTests {
    static func recognise(_ text: String, _ options: RFC3339.Options = .recognising) -> DateFields? {
        var text = text
        return text.withUTF8 { RFC3339.recognise($0, options: options) }
    }

    @Test(arguments: [
        ("2024-05-01", true), ("2024-02-29", true), ("0000-02-29", true), ("9999-12-31", true),
        ("2023-02-29", false), ("2024-02-30", false), ("2024-06-31", false), ("2024-13-01", false),
        ("2024-00-01", false), ("2024-01-00", false), ("2024-1-01", false), ("2024-01-01Z", false),
        ("2024/01/01", false), ("20240101", false),
    ])
    func fullDates(_ text: String, _ isDate: Bool) {
        let fields = Self.recognise(text)
        #expect((fields != nil && fields?.hasTime == false) == isDate)
        #expect(!RFC3339.isDateTime(text))
    }

    @Test(arguments: [
        ("2024-05-01T08:30:00Z", 0, DateFields.Zone.z),
        ("2024-05-01T08:30:00.5z", 1, .z),
        ("2024-05-01T08:30:00.123456789012+02:00", 12, .colon),
        ("2024-05-01T08:30:00.000-00:00", 3, .colon),
    ])
    func fieldsAsWritten(_ text: String, _ fractionDigits: Int, _ zone: DateFields.Zone) throws {
        let fields = try #require(Self.recognise(text))
        #expect(fields.hasTime)
        #expect(fields.fractionDigits == fractionDigits)
        #expect(fields.zone == zone)
    }

    @Test func aLongFractionIsReadToItsEnd() {
        let digits = String(repeating: "7", count: 1 << 20)
        #expect(RFC3339.isDateTime("2024-05-01T08:30:00.\(digits)Z"))
        #expect(!RFC3339.isDateTime("2024-05-01T08:30:00.\(digits)x"))
        #expect(Self.recognise("2024-05-01T08:30:00.\(digits)Z")?.fractionDigits == 1 << 20)
    }

    @Test func theTwinsFastShapeIsStricterThanRFC3339AboutLetters() {
        // The legacy twins decide only upper-case T and Z alone; RFC 3339 allows either case.
        var lower = "2024-05-01t08:30:00z"
        #expect(lower.withUTF8 { WireDates.fastInterval($0, .jsonISO8601) } == nil)
        #expect(RFC3339.isDateTime(lower))
    }
}
