import Foundation
import Testing
import WireDates

/// The fast ISO 8601 twin keeps whole milliseconds the way Foundation's formatters do: a fourth
/// fraction digit is cut off, never rounded (`…18.8169Z` is `.816`, not `.817`). Until this suite
/// only the oracle suites noticed a twin that rounded.
@Suite("WireDates fraction truncation")
struct FractionTruncationTests {
    static let text = "2024-05-01T12:34:18.8169Z"

    /// Seconds since 2001 of 2024-05-01T12:34:18 UTC, plus `milliseconds`.
    static func expected(milliseconds: Int) -> Double {
        let whole = 1_714_566_858.0 - 978_307_200.0
        return (whole * 1000 + Double(milliseconds)) / 1000
    }

    @Test(arguments: [LegacyDateStrategy.isoFractionalSeconds, .isoFractionalThenPlain])
    func fastTwinTruncatesAFourthDigitToMilliseconds(_ strategy: LegacyDateStrategy) throws {
        var text = Self.text
        let fast = try #require(text.withUTF8 { WireDates.fastInterval($0, strategy) }, "the fast path decides it")
        let milliseconds = (fast * 1000).rounded() - Self.expected(milliseconds: 0) * 1000
        #expect(milliseconds == 816, "the fast twin kept \(milliseconds) ms of .8169")
        #expect(fast == Self.expected(milliseconds: 816))
    }

    @Test func foundationTruncatesTheSameWay() throws {
        let legacy = try #require(LegacyDates.shared.parse(Self.text, .isoFractionalSeconds))
        var text = Self.text
        let fast = try #require(text.withUTF8 { WireDates.fastInterval($0, .isoFractionalSeconds) })
        #expect(legacy.timeIntervalSinceReferenceDate == fast)
        #expect(WireDates.parse(Self.text, .isoFractionalSeconds) == legacy)
    }
}
