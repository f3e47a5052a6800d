import Foundation
import Testing

@testable import WireSupport

@Suite("Exact instants and their differences")
struct ExactInstantTests {
    /// The one-ulp pair of issue 33: `2020-01-08T14:18:51.203Z` through a `DateFormatter` (`.SSS`) and
    /// through `ISO8601FormatStyle` land on neighbouring `Double`s.
    static let formatterValue = 600_185_931.2030001
    static let styleValue = 600_185_931.203

    @Test func neighboursRenderApartAndCountOneUlp() {
        #expect(Self.formatterValue.nextDown == Self.styleValue)
        let difference = InstantDifference(expected: Self.formatterValue, actual: Self.styleValue)
        #expect(difference.expected.rfc3339 == "2020-01-08T14:18:51.2030001Z")
        #expect(difference.actual.rfc3339 == "2020-01-08T14:18:51.203Z")
        #expect(difference.ulps == 1)
        #expect(difference.seconds == Self.styleValue - Self.formatterValue)
        #expect(
            difference.rendered
                == "2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp")
        #expect(difference.expected.bitPattern != difference.actual.bitPattern)
        #expect(difference.expected.bitPattern.count == 18)
    }

    @Test(
        "RFC 3339 text keeps exactly the digits that identify the Double",
        arguments: [
            (0.0, "2001-01-01T00:00:00Z"),
            (-0.5, "2000-12-31T23:59:59.5Z"),
            (-12.375, "2000-12-31T23:59:47.625Z"),
            (-0.1, "2000-12-31T23:59:59.9Z"),
            (1e-05, "2001-01-01T00:00:00.00001Z"),
            (-978_307_200.0, "1970-01-01T00:00:00Z"),
            (3600.25, "2001-01-01T01:00:00.25Z"),
        ])
    func rfc3339(seconds: Double, expected: String) {
        #expect(ExactInstant(seconds).rfc3339 == expected)
    }

    @Test func agreesWithFoundationOnWholeSeconds() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // 1583...9999: before 1583 Foundation's formatter counts Julian days, ExactInstant
            // proleptic Gregorian ones, as RFC 3339 does.
            let whole = Double(Int.random(in: -13_096_000_000...251_000_000_000, using: &generator))
            let text = formatter.string(from: Date(timeIntervalSinceReferenceDate: whole))
            #expect(ExactInstant(whole).rfc3339 == text)
        }
    }

    @Test func everyFiniteDoubleReadsBackFromItsText() {
        // The digits after the point are those of the shortest round-tripping decimal: reading
        // whole + fraction back gives the same Double.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let value = Double.random(in: -5e9...5e9, using: &generator)
            let (whole, fraction) = ExactInstant.split(value)
            let back = Double("\(whole)" + (fraction.isEmpty ? "" : ".\(fraction)"))
            // Negative wholes carry a positive fraction: −13 + 0.625.
            let rebuilt = whole < 0 && !fraction.isEmpty ? Double(whole) + Double("0.\(fraction)")! : back!
            #expect(abs(rebuilt - value) <= value.ulp, "\(value) → \(whole) . \(fraction)")
        }
    }

    @Test func ulpsAcrossZeroAndLargeGaps() {
        #expect(InstantDifference(expected: 0, actual: -0.0).ulps == 0)
        #expect(
            InstantDifference(expected: Double.leastNonzeroMagnitude, actual: -Double.leastNonzeroMagnitude).ulps == 2)
        #expect(InstantDifference(expected: .nan, actual: 1).ulps == nil)
        let hour = InstantDifference(expected: Self.styleValue, actual: Self.styleValue + 3600)
        #expect(hour.delta.hasPrefix("Δ +3600 s, "))
        #expect(hour.ulps == UInt64(3600 / Self.styleValue.ulp))
    }

    @Test func outOfRangeRendersTheNumber() {
        #expect(ExactInstant(.infinity).rfc3339 == "inf s since 2001-01-01")
        #expect(ExactInstant(2e15).rfc3339 == "2000000000000000 s since 2001-01-01")
    }

    @Test(
        "A rendering reads back as the same Double; other text does not",
        arguments: [600_185_931.2030001, 600_185_931.203, -0.0, -12.375, 2e15, .infinity])
    func renderedReadsBack(seconds: Double) {
        let rendered = ExactInstant(seconds).rendered
        #expect(ExactInstant(rendered: rendered)?.secondsSinceReference.bitPattern == seconds.bitPattern)
    }

    @Test func otherTextIsNoRendering() {
        let rendered = ExactInstant(Self.formatterValue).rendered
        #expect(ExactInstant(rendered: "2020-01-08T14:18:51.203Z") == nil)
        #expect(ExactInstant(rendered: "") == nil)
        // The bits of one instant with the text of its neighbour.
        let forged = rendered.replacingOccurrences(of: "2030001", with: "203")
        #expect(ExactInstant(rendered: forged) == nil)
    }
}
