import Foundation
import Testing
import WireJSON
import WireLockTestSupport
import WireOracle
import WireOracleTesting

/// The fixed-format `DateFormatter` twins that `WireJSONDecoder` uses for `.formatted` strategies,
/// proven against the formatter: generated inputs (every corner `DateInputGenerator` reaches), the
/// corner inputs listed here, and inputs in each pattern's own shape, which the fast path must
/// decide alone. Full scale (`WIRELOCK_TEST_SCALE=full`): 10⁶ generated and 10⁶ pattern-shaped
/// inputs per pattern; quick: a tenth.
@Suite("DateFormatter twins against the formatter")
struct FormatterTwinProofTests {
    /// Every pattern with a twin, and the fully quoted spellings apps also write.
    static let formats: [String] =
        FixedFormatPattern.allCases.map(\.rawValue) + [
            "yyyy'-'MM'-'dd'T'HH':'mm':'ss'Z'", "yyyy'-'MM'-'dd'T'HH':'mm':'ssZ", "yyyy'-'MM'-'dd",
        ]

    static let corners: [String] = {
        var corners = [
            "", "Z", "2024-05-01", "2024-05-01T", "2024-05-01T01:00:00", "2024-05-01T01:00:00Z",
            "2024-05-01T01:00:00z", "2024-05-01t01:00:00Z", "2024-05-01T01:00:00+0000", "2024-05-01T01:00:00+00:00",
            "2024-05-01T01:00:00-0800", "2024-05-01T01:00:00+05:30", "2024-05-01T01:00:00.123Z",
            "2024-05-01T01:00:00.1Z", "2024-05-01T01:00:00.12Z", "2024-05-01T01:00:00.1234Z",
            "2024-05-01T01:00:00.999Z", "2024-05-01T01:00:00.000+0000", "2024-05-01T01:00:00.123+01:00",
            "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "2024-02-30T12:00:00Z", "2024-04-31T00:00:00Z",
            "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-01T24:00:00Z",
            "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2016-12-31T23:59:60Z", "1582-10-15T00:00:00Z",
            "1582-10-04T00:00:00Z", "1583-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "10000-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2001-01-01T00:00:00Z",
            " 2024-05-01T01:00:00Z", "2024-05-01T01:00:00Z ", "2024-5-1T1:0:0Z", "24-05-01T01:00:00Z",
            "+2024-05-01T01:00:00Z", "2024-05-01T01:00:00ZZ", "2024-05-01T01:00:00GMT", "2024-05-01T01:00:00UTC",
            "2024-05-01 01:00:00Z", "2024/05/01T01:00:00Z", "2024-05-01T01:00Z", "2024-05-01T01:00:00.Z",
            "2024-05-01T01:00:00,123Z", "２０２４-05-01T01:00:00Z", "2024-05-01T01:00:00+14:00",
            "2024-05-01T01:00:00-14:59", "2024-05-01T01:00:00+15:00", "2024-05-01T01:00:00+0060",
            "1600-02-29", "1700-02-29", "1900-02-29", "2000-02-29", "2100-02-29", "2400-02-29", "2024-05-01Z",
        ]
        for year in [1583, 1600, 1899, 1900, 1969, 1970, 2000, 2038, 2100, 2400, 9999] {
            for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
                let date = String(format: "%04d-%02d-%02d", year, month, day)
                corners += [date, date + "T00:00:00Z", date + "T23:59:59Z", date + "T12:34:56.789Z"]
                corners += [date + "T12:34:56+0000", date + "T12:34:56.789+00:00", date + "T00:00:00-0100"]
            }
        }
        return corners
    }()

    /// `count` valid inputs in the shape `pattern` writes: years 1583–9999 (a leap day one time in
    /// eight), any time, the zones the pattern takes.
    static func shaped(_ pattern: FixedFormatPattern, seed: UInt64, count: Int) -> [String] {
        var rng = SplitMix64(seed: seed)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        func leap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
        return (0..<count).map { _ in
            var year = rng.next(in: 1583...9999)
            var month = rng.next(in: 1...12)
            let monthDays = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            var day = rng.next(in: 1...monthDays[month - 1])
            if rng.next(below: 8) == 0 {
                repeat { year = rng.next(in: 1583...9999) } while !leap(year)
                (month, day) = (2, 29)
            }
            var text = String(String(10_000 + year).dropFirst()) + "-" + two(month) + "-" + two(day)
            if pattern == .dateOnly { return text }
            text += "T" + two(rng.next(in: 0...23)) + ":" + two(rng.next(in: 0...59)) + ":" + two(rng.next(in: 0...59))
            if pattern == .millisecondsOffset || pattern == .millisecondsLiteralZ {
                text += "." + String(String(1000 + rng.next(below: 1000)).dropFirst())
            }
            switch pattern {
            case .secondsLiteralZ, .millisecondsLiteralZ: return text + "Z"
            default:
                let sign = rng.next(below: 2) == 0 ? "+" : "-"
                let hours = two(rng.next(in: 0...14))
                let minutes = two([0, 30, 45].randomElement(using: &rng) ?? 0)
                switch rng.next(below: 3) {
                case 0: return text + "Z"
                case 1: return text + sign + hours + minutes
                default: return text + sign + hours + ":" + minutes
                }
            }
        }
    }

    @Test("every pattern and spelling is recognised, and nothing else is", arguments: formats)
    func recognition(format: String) throws {
        let formatter = LegacyDates.posixFormatter(format)
        let pattern = try #require(FixedFormatPattern.recognise(formatter))
        #expect(FixedFormatPattern.tokens(pattern.rawValue) == FixedFormatPattern.tokens(format))
        for change in 0..<6 {
            let other = LegacyDates.posixFormatter(format)
            switch change {
            case 0: other.locale = Locale(identifier: "en_US")
            case 1: other.timeZone = TimeZone(identifier: "America/New_York")
            case 2: other.isLenient = true
            case 3: other.defaultDate = Date(timeIntervalSinceReferenceDate: 0)
            case 4: other.calendar = Calendar(identifier: .buddhist)
            default: other.dateFormat = format + " "
            }
            #expect(FixedFormatPattern.recognise(other) == nil, "change \(change) of \(format)")
        }
    }

    @Test(
        "the twin decodes generated and corner inputs exactly like the formatter", .tags(.heavy),
        arguments: formats)
    func generatedAndCorners(format: String) throws {
        let count = TestScale.proofCount(1_000_000, otherwise: 20_000)
        let oracle = try #require(DateOracles.formatterTwin(format: format))
        let report = assertOracle(oracle, over: DateInputGenerator.corpus(seed: 27, count: count))
        #expect(report.checked == count)
        let corners = assertOracle(oracle, over: Self.corners)
        #expect(corners.checked == Self.corners.count)
    }

    @Test(
        "the fast path decides every input in its pattern's shape, as the formatter", .tags(.heavy), arguments: formats)
    func fastPathDecidesItsShape(format: String) throws {
        let formatter = LegacyDates.posixFormatter(format)
        let pattern = try #require(FixedFormatPattern.recognise(formatter))
        var declined: [String] = []
        var wrong: [String] = []
        for input in Self.shaped(pattern, seed: 0x27, count: TestScale.proofCount(1_000_000, otherwise: 20_000)) {
            var text = input
            let legacy = formatter.date(from: text)
            guard let fast = text.withUTF8({ pattern.interval($0) }) else {
                declined.append(text)
                continue
            }
            if legacy?.timeIntervalSinceReferenceDate.bitPattern != fast.bitPattern { wrong.append(text) }
        }
        #expect(wrong.isEmpty, "\(format): \(wrong.count) decided differently, first \(wrong.prefix(5))")
        #expect(declined.isEmpty, "\(format): \(declined.count) handed to the formatter, first \(declined.prefix(5))")
    }
}
