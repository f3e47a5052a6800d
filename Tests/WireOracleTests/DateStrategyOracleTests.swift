import Foundation
import Testing
import WireOracle
import WireOracleTesting

/// The repository's `Fixtures/` folder, found from this file's path.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

@Suite("Date strategies against their legacies")
struct DateStrategyOracleTests {
    static let textStrategies = LegacyDateStrategy.allCases.filter { !$0.isNumeric }

    @Test("the twin decodes 10 000 generated inputs exactly like the legacy", arguments: LegacyDateStrategy.allCases)
    func decodingMatchesLegacy(strategy: LegacyDateStrategy) {
        let report = assertOracle(DateOracles.decoding(strategy),
                                  over: DateOracles.corpus(for: strategy, seed: 1, count: 10_000))
        #expect(report.checked == 10_000)
    }

    @Test("the fast path alone decides inputs without ever disagreeing on an accepted date", arguments: LegacyDateStrategy.allCases)
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

    @Test("the twin decodes every date string in Fixtures/ like the legacy", arguments: LegacyDateStrategy.allCases.filter { !$0.isNumeric })
    func fixturesMatchLegacy(strategy: LegacyDateStrategy) throws {
        let strings = try FixtureStrings.extract(fromDirectory: fixturesDirectory, selector: .dateLike).map(\.value)
        #expect(strings.count >= 20)
        assertOracle(DateOracles.decoding(strategy), over: strings)
    }

    @Test("the twin encodes 10 000 generated instants exactly like the legacy", arguments: LegacyDateStrategy.allCases)
    func encodingMatchesLegacy(strategy: LegacyDateStrategy) {
        assertOracle(DateOracles.encoding(strategy), over: DateInputGenerator.instantCorpus(seed: 1, count: 10_000))
    }
}
