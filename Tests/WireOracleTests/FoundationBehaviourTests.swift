import Foundation
import Testing
import WireOracle

/// What Foundation's legacy parsers really do on Linux (Swift 6.3), pinned so a toolchain change
/// shows up here first. `nil` means rejected; otherwise the UTC instant it lands on.
@Suite("Foundation legacy behaviour")
struct FoundationBehaviourTests {
    static let cases: [(LegacyDateStrategy, String, String?)] = [
        // ISO8601DateFormatter: lenient days and 24:00, but not 23:59:60; leading space, +0530, +05.
        (.isoInternetDateTime, "2024-02-30T00:00:00Z", "2024-03-01T00:00:00Z"),
        (.isoInternetDateTime, "2024-05-01T24:00:00Z", "2024-05-02T00:00:00Z"),
        (.isoInternetDateTime, "2024-05-01T23:59:60Z", nil),
        (.isoInternetDateTime, " 2024-05-01T01:00:00Z", "2024-05-01T01:00:00Z"),
        (.isoInternetDateTime, "2024-05-01T01:00:00+0530", "2024-04-30T19:30:00Z"),
        (.isoInternetDateTime, "2024-05-01T01:00:00+05", "2024-04-30T20:00:00Z"),
        (.isoInternetDateTime, "2024-05-01T01:00:00Zjunk", "2024-05-01T01:00:00Z"),
        (.isoInternetDateTime, "2024-05-01T01:00:00.123Z", nil),
        (.isoInternetDateTime, "2024-5-1T1:0:0Z", "2024-05-01T01:00:00Z"),
        // An out-of-range offset is not rejected: +99:00 lands 9 hours back.
        (.isoInternetDateTime, "2024-05-01T01:00:00+99:00", "2024-04-30T16:00:00Z"),
        // The Formatter classes truncate to milliseconds.
        (.isoFractionalSeconds, "2024-05-01T01:00:00.1239Z", "2024-05-01T01:00:00.122999906Z"),
        (.formatterMillisecondsOffset, "2024-05-01T01:00:00.9999Z", "2024-05-01T01:00:00.999000072Z"),
        (.isoFractionalSeconds, "2024-05-01T01:00:00Z", nil),
        // DateFormatter "…ssZ" accepts GMT and UTC, two-digit years as year 24, Arabic digits.
        (.formatterSecondsZone, "2024-05-01T01:00:00GMT", "2024-05-01T01:00:00Z"),
        (.formatterSecondsZone, "24-05-01T01:00:00Z", "0024-04-29T01:00:00Z"),
        (.formatterSecondsZone, "٢٠٢٤-05-01T01:00:00Z", "2024-05-01T01:00:00Z"),
        (.formatterSecondsZone, "2024-02-30T00:00:00Z", nil),
        // Before 1582-10-15 Foundation uses the Julian calendar: 1582-10-04 is the day before.
        (.formatterSecondsZone, "1582-10-04T00:00:00Z", "1582-10-14T00:00:00Z"),
        // JSONDecoder .iso8601: full fraction, 23:59:60 and minute 60 roll over, no leading space.
        (.jsonISO8601, "2024-05-01T01:00:00.1234567Z", "2024-05-01T01:00:00.123456716Z"),
        (.jsonISO8601, "2024-05-01T23:59:60Z", "2024-05-02T00:00:00Z"),
        (.jsonISO8601, "2024-05-01T01:60:00Z", "2024-05-01T02:00:00Z"),
        (.jsonISO8601, " 2024-05-01T01:00:00Z", nil),
        (.jsonISO8601, "2024-05-01T01:00:00.1234567891Z", nil),
    ]

    /// The answers above are Linux's Foundation's; Apple's Foundation has its own formatters and was
    /// never measured, so they are checked on Linux only (skipped elsewhere, with the reason).
    static let answersWerePinnedHere: Bool = {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }()

    @Test(
        .enabled(if: answersWerePinnedHere, "pins what Linux's Foundation answers; Apple's Foundation is not pinned"),
        arguments: cases.indices)
    func legacyBehaviour(index: Int) {
        let (strategy, input, expected) = Self.cases[index]
        let date = LegacyDates.shared.parse(input, strategy)
        #expect(date.map(utcText) == expected, "\(strategy) \(input.debugDescription)")
    }

    /// On every platform the twin agrees with that platform's legacy on the pinned inputs.
    @Test(arguments: cases.indices)
    func twinAgreesWithTheLegacy(index: Int) {
        let (strategy, input, _) = Self.cases[index]
        let date = LegacyDates.shared.parse(input, strategy)
        #expect(
            WireDates.parse(input, strategy)?.timeIntervalSinceReferenceDate.bitPattern
                == date?.timeIntervalSinceReferenceDate.bitPattern, "\(strategy) \(input.debugDescription)")
    }

    @Test func strictRFC3339DiffersFromEachLegacyOnNamedInputs() {
        #expect(RFC3339.parse("2024-02-30T00:00:00Z") == nil)
        #expect(RFC3339.parse("2024-05-01T23:59:60Z") == nil)
        #expect(RFC3339.parse("2024-05-01t01:00:00z") != nil)
        #expect(RFC3339.parse("2024-05-01T01:00:00+0530") == nil)
        #expect(RFC3339.parse("0000-01-01T00:00:00Z")?.timeIntervalSince1970 == -62_167_219_200)
        for strategy in LegacyDateStrategy.allCases where !strategy.isNumeric {
            let report = DateOracles.strictVersusLegacy(strategy).run(DateInputGenerator.corpus(seed: 1, count: 2_000))
            #expect(report.mismatched > 0, "\(strategy)")
        }
    }

    @Test func decodingStrategyIsIdenticalInsideJSONDecoder() throws {
        struct Event: Codable { var at: Date }
        let json = Data(#"[{"at":"2024-05-01T01:00:00.1239Z"},{"at":"2024-05-01T01:00:00Z"}]"#.utf8)
        let legacy = JSONDecoder()
        let iso = ISO8601DateFormatter()
        let isoF = ISO8601DateFormatter()
        isoF.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        nonisolated(unsafe) let formatters = (isoF, iso)
        legacy.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return formatters.0.date(from: text) ?? formatters.1.date(from: text) ?? Date.distantPast
        }
        let fast = JSONDecoder()
        fast.dateDecodingStrategy = WireDates.decodingStrategy(.isoFractionalThenPlain)
        let a = try legacy.decode([Event].self, from: json).map(\.at.timeIntervalSinceReferenceDate.bitPattern)
        let b = try fast.decode([Event].self, from: json).map(\.at.timeIntervalSinceReferenceDate.bitPattern)
        #expect(a == b)
        #expect(throws: DecodingError.self) { try fast.decode([Event].self, from: Data(#"[{"at":"nope"}]"#.utf8)) }

        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = WireDates.encodingStrategy(.isoFractionalSeconds)
        let text = String(
            decoding: try encoder.encode([Event(at: Date(timeIntervalSinceReferenceDate: 736218000.1229999))]),
            as: UTF8.self)
        #expect(text == #"[{"at":"2024-05-01T01:00:00.123Z"}]"#)
    }
}

/// A date as proleptic-Gregorian UTC with nanoseconds (trailing zeros dropped), computed without
/// Foundation's calendar so the expectations do not depend on what is under test.
func utcText(_ date: Date) -> String {
    let t = date.timeIntervalSinceReferenceDate
    let whole = t.rounded(.down)
    var nanos = Int(((t - whole) * 1e9).rounded(.down))
    var seconds = Int(whole)
    if nanos >= 1_000_000_000 {
        nanos -= 1_000_000_000
        seconds += 1
    }
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    let sod = seconds - days * 86_400
    let z = days + 11_323 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    var text =
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(sod / 3600, 2)):\(pad(sod / 60 % 60, 2)):\(pad(sod % 60, 2))"
    if nanos > 0 {
        var fraction = pad(nanos, 9)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
    }
    return text + "Z"
}

func pad(_ value: Int, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
}
