import Foundation
import Testing
import WireJSON
import WireLockTestSupport
import WireOracle

/// The twins hand whatever their fast path declines to the legacy, so a fast path that wrongly
/// declines (a broken leap-year rule turning 2000-02-29 into "not a day") is invisible to the
/// oracle: the legacy answers instead, correctly. These tests pin what the fast path must decide by
/// itself: valid inputs in its range (years 1583–9999, the shapes each strategy writes), on which the
/// fallback is never taken, and on which it agrees with the legacy bit for bit.
@Suite("Date fast paths decide their own range")
struct FastPathDecidesAloneTests {
    static let textStrategies = LegacyDateStrategy.allCases.filter { !$0.isNumeric }

    /// The Gregorian rule as the calendar states it, written here and not taken from the code under
    /// test: every fourth year, but not centuries, except every fourth century.
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// The zones and fraction lengths a strategy's fast path decides: the forms its legacy writes
    /// (`Z`, `+0000`, `.SSS`), offsets with and without a colon, every fraction length it takes.
    static func fractionDigits(_ strategy: LegacyDateStrategy) -> ClosedRange<Int>? {
        switch strategy {
        case .isoInternetDateTime, .formatterSecondsZone: 0...0
        case .isoFractionalSeconds, .formatterMillisecondsOffset: 1...9
        case .isoFractionalThenPlain, .jsonISO8601: 0...9
        case .formatterDateOnly, .secondsSince1970, .millisecondsSince1970: nil
        }
    }

    /// The pinned dates: the three century leap days (1600 and 2400 are leap years, 2000 is one
    /// too; 1700, 1800, 1900 are not), the first and last day of the range, and the last day of
    /// February in non-leap centuries.
    static let pinnedDays: [(Int, Int, Int)] = [
        (1600, 2, 29), (2000, 2, 29), (2400, 2, 29), (1583, 1, 1), (9999, 12, 31),
        (1700, 2, 28), (1900, 2, 28), (2100, 2, 28), (2024, 2, 29), (1996, 2, 29),
    ]

    /// `count` valid inputs for `strategy`, from `seed`: the pinned days first (each at a random
    /// time), then random days of 1583–9999 with a leap day one time in eight.
    static func inputs(_ strategy: LegacyDateStrategy, seed: UInt64, count: Int) -> [String] {
        var rng = SplitMix64(seed: seed)
        var out: [String] = []
        for index in 0..<(pinnedDays.count + count) {
            var year: Int
            var month: Int
            var day: Int
            if index < pinnedDays.count {
                (year, month, day) = pinnedDays[index]
            } else if rng.next(below: 8) == 0 {
                repeat { year = rng.next(in: 1583...9999) } while !isLeap(year)
                (month, day) = (2, 29)
            } else {
                year = rng.next(in: 1583...9999)
                month = rng.next(in: 1...12)
                day = rng.next(in: 1...days(in: month, of: year))
            }
            var text = String(String(10_000 + year).dropFirst()) + "-" + two(month) + "-" + two(day)
            guard let digits = fractionDigits(strategy) else {
                out.append(text)
                continue
            }
            text += "T" + two(rng.next(in: 0...23)) + ":" + two(rng.next(in: 0...59)) + ":" + two(rng.next(in: 0...59))
            let length = rng.next(in: digits)
            if length > 0 {
                text += "." + String((0..<length).map { _ in Character(String(rng.next(below: 10))) })
            }
            switch rng.next(below: 4) {
            case 0, 1:
                text += strategy == .formatterSecondsZone ? "+0000" : "Z"
            case 2:
                text +=
                    (rng.next(below: 2) == 0 ? "+" : "-") + two(rng.next(in: 0...14)) + ":"
                    + two([0, 30, 45].randomElement(using: &rng)!)
            default:
                text +=
                    (rng.next(below: 2) == 0 ? "+" : "-") + two(rng.next(in: 0...14))
                    + two([0, 30, 45].randomElement(using: &rng)!)
            }
            out.append(text)
        }
        return out
    }

    @Test("the fast path decides every valid input in its range without the legacy", arguments: textStrategies)
    func fastPathNeverFallsBackInItsRange(strategy: LegacyDateStrategy) {
        let legacy = LegacyDates.shared
        var declined: [String] = []
        for input in Self.inputs(strategy, seed: 0xDA7E, count: 2_000) {
            var text = input
            let legacyDate = legacy.parse(text, strategy)
            #expect(
                legacyDate != nil, "\(strategy): the legacy rejects \(text.debugDescription), so it is no valid input")
            guard let fast = text.withUTF8({ WireDates.fastInterval($0, strategy) }) else {
                declined.append(text)
                continue
            }
            #expect(
                fast.bitPattern == legacyDate?.timeIntervalSinceReferenceDate.bitPattern,
                "\(strategy): \(text.debugDescription) decides \(fast), the legacy \(String(describing: legacyDate?.timeIntervalSinceReferenceDate))"
            )
        }
        #expect(
            declined.isEmpty,
            "\(strategy): the fast path handed \(declined.count) valid inputs to the legacy, first \(declined.prefix(5))"
        )
    }

    /// The century leap days on their own, named, so a failure says which rule broke.
    @Test(arguments: ["1600-02-29", "2000-02-29", "2400-02-29"])
    func centuryLeapDaysAreDecidedByTheFastPath(day: String) {
        for strategy in Self.textStrategies {
            var text: String
            switch strategy {
            case .formatterDateOnly: text = day
            case .isoFractionalSeconds, .formatterMillisecondsOffset: text = day + "T12:00:00.500Z"
            case .formatterSecondsZone: text = day + "T12:00:00+0000"
            default: text = day + "T12:00:00Z"
            }
            let fast = text.withUTF8 { WireDates.fastInterval($0, strategy) }
            #expect(fast != nil, "\(strategy) hands \(text) to the legacy")
        }
    }
}
