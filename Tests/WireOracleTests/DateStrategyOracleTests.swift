import Foundation
import Testing
import WireLockTestSupport
import WireOracle
import WireOracleTesting

/// The repository's `Fixtures/` folder, found from this file's path.
let fixturesDirectory = Repository.root.appendingPathComponent("Fixtures").path

@Suite("Date strategies against their legacies")
struct DateStrategyOracleTests {
    static let textStrategies = LegacyDateStrategy.allCases.filter { !$0.isNumeric }

    /// 10,000 inputs under the full `WIRELOCK_TEST_SCALE` (CI), 1,000 under the quick one.
    @Test(
        "the twin decodes generated inputs exactly like the legacy", .tags(.heavy),
        arguments: LegacyDateStrategy.allCases)
    func decodingMatchesLegacy(strategy: LegacyDateStrategy) {
        let count = TestScale.current.count(10_000)
        let report = assertOracle(
            DateOracles.decoding(strategy),
            over: DateOracles.corpus(for: strategy, seed: 1, count: count))
        #expect(report.checked == count)
    }

    @Test(
        "the fast path alone decides inputs without ever disagreeing on an accepted date",
        arguments: LegacyDateStrategy.allCases)
    func fastPathNeverDisagreesWhenItDecides(strategy: LegacyDateStrategy) {
        let legacy = LegacyDates.shared
        let corpus = DateOracles.corpus(for: strategy, seed: 2, count: 5_000)
        var decided = 0
        for text in corpus {
            var text = text
            guard let fast = text.withUTF8({ WireDates.fastInterval($0, strategy) }) else { continue }
            decided += 1
            let old = legacy.parse(text, strategy)
            #expect(old?.timeIntervalSinceReferenceDate.bitPattern == fast.bitPattern, "\(text.debugDescription)")
        }
        #expect(decided > 200)
    }

    /// The generated corpus is mostly corner cases the fast path hands to the legacy; what real
    /// servers send is what a legacy encoder writes. On that, the fast path must decide nearly every
    /// input itself (all but instants before 1583 or past 9999, about 3 % of the instant corpus by its
    /// construction) and agree with the legacy parser bit for bit.
    @Test(
        "the fast path itself decides what the legacy encoder writes, and agrees",
        arguments: LegacyDateStrategy.allCases.filter { !$0.isNumeric })
    func fastPathOnLegacyOutput(strategy: LegacyDateStrategy) {
        let legacy = LegacyDates.shared
        var decided = 0
        var total = 0
        for instant in DateInputGenerator.instantCorpus(seed: 3, count: 5_000) {
            var text = String(
                decoding: legacy.format(Date(timeIntervalSinceReferenceDate: instant), strategy), as: UTF8.self)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            total += 1
            guard let fast = text.withUTF8({ WireDates.fastInterval($0, strategy) }) else { continue }
            decided += 1
            #expect(
                legacy.parse(text, strategy)?.timeIntervalSinceReferenceDate.bitPattern == fast.bitPattern,
                "\(text.debugDescription)")
        }
        #expect(decided * 10 >= total * 9, "the fast path decided only \(decided) of \(total)")
    }

    @Test(
        "the twin decodes every date string in Fixtures/ like the legacy",
        arguments: LegacyDateStrategy.allCases.filter { !$0.isNumeric })
    func fixturesMatchLegacy(strategy: LegacyDateStrategy) throws {
        let strings = try FixtureStrings.extract(fromDirectory: fixturesDirectory, selector: .dateLike).map(\.value)
        #expect(strings.count >= 20)
        assertOracle(DateOracles.decoding(strategy), over: strings)
    }

    /// 10,000 instants under the full `WIRELOCK_TEST_SCALE` (CI), 1,000 under the quick one.
    @Test(
        "the twin encodes generated instants exactly like the legacy", .tags(.heavy),
        arguments: LegacyDateStrategy.allCases)
    func encodingMatchesLegacy(strategy: LegacyDateStrategy) {
        let count = TestScale.current.count(10_000)
        let report = assertOracle(
            DateOracles.encoding(strategy), over: DateInputGenerator.instantCorpus(seed: 1, count: count))
        #expect(report.checked == count)
    }
}
