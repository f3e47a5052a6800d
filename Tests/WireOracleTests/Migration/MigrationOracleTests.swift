import Dispatch
import Foundation
import Testing
import WireLockTestSupport
import WireOracle
import WireOracleTesting
import WireSupport

/// One wrapper of the migration: the oracle over it, the family of its inputs, and the same two
/// decodes written out by hand for the brute-force count.
struct MigratedWrapper: Sendable, CustomStringConvertible {
    var description: String
    var oracle: Oracle<String>
    var family: DateInputFamily
    var intended: [IntendedChange]
    var legacy: @Sendable (Data) -> Date?
    var candidate: @Sendable (Data) -> Date?

    /// The one-member document a model decodes a wrapped member from, built apart from the oracle's.
    static func document(_ input: String) -> Data {
        try! JSONEncoder().encode(["value": input])
    }

    static func wrapper<Legacy: Decodable & SendableMetatype, New: Decodable & SendableMetatype>(
        _ name: String, _ legacy: Legacy.Type, _ legacyValue: @escaping @Sendable (Legacy) -> Date,
        _ new: New.Type, _ newValue: @escaping @Sendable (New) -> Date, family: DateInputFamily,
        intended: [IntendedChange]
    ) -> MigratedWrapper {
        return MigratedWrapper(
            description: name,
            oracle: .decoding(legacy, legacyValue, versus: new, newValue),
            family: family, intended: intended,
            legacy: { (try? JSONDecoder().decode(Box<Legacy>.self, from: $0)).map { legacyValue($0.value) } },
            candidate: { (try? JSONDecoder().decode(Box<New>.self, from: $0)).map { newValue($0.value) } })
    }

    /// The three wrappers, each over its own family and the legacy's own `dateFormat`, with what the
    /// migration meant to change declared: fractions now accepted, values within one ulp.
    static let all: [MigratedWrapper] = [
        wrapper(
            "ISO8601Coding", LegacyISO8601Coding.self, \.wrappedValue, ISO8601Coding.self, \.wrappedValue,
            family: .mixing([.iso8601, .pattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ")]),
            intended: [.candidateAccepts(shape: "*dd:dd:dd.d*")]),
        wrapper(
            "ISO8601WithFractionalSecondsCoding", LegacyISO8601WithFractionalSecondsCoding.self, \.wrappedValue,
            ISO8601WithFractionalSecondsCoding.self, \.wrappedValue,
            family: .mixing([.iso8601, .pattern("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ")]),
            intended: [.valuesWithin(ulps: 1)]),
        wrapper(
            "RFC5322DateTimeCoding", LegacyRFC5322DateTimeCoding.self, \.wrappedValue, RFC5322DateTimeCoding.self,
            \.wrappedValue,
            family: .mixing([.rfc5322, .pattern("EEE, d MMM yyy HH:mm:ss z"), .pattern("d MMM yyy HH:mm:ss z")]),
            intended: []),
    ]
}

/// `{"value": …}` decoded by hand.
struct Box<T: Decodable>: Decodable { var value: T }

/// The counts of a plain loop: decode both, compare the bit patterns, classify.
struct BruteForceCounts: Equatable, CustomStringConvertible {
    var sameValue = 0
    var bothRejected = 0
    var legacyOnly = 0
    var candidateOnly = 0
    var differentValues = 0

    var description: String {
        "same \(sameValue), both rejected \(bothRejected), legacy only \(legacyOnly), candidate only \(candidateOnly), values \(differentValues)"
    }

    static func + (a: Self, b: Self) -> Self {
        Self(
            sameValue: a.sameValue + b.sameValue, bothRejected: a.bothRejected + b.bothRejected,
            legacyOnly: a.legacyOnly + b.legacyOnly, candidateOnly: a.candidateOnly + b.candidateOnly,
            differentValues: a.differentValues + b.differentValues)
    }

    /// Two threads, each over half of the corpus (the brute force is plain; only the machine is shared).
    static func count(_ wrapper: MigratedWrapper, over corpus: SeededCorpus<String>) -> Self {
        let halves = [
            corpus.shard(0..<corpus.indices.count / 2), corpus.shard(corpus.indices.count / 2..<corpus.indices.count),
        ]
        let results = Locked([Self](repeating: Self(), count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var counts = Self()
            for input in halves[half] {
                let document = MigratedWrapper.document(input)
                switch (wrapper.legacy(document), wrapper.candidate(document)) {
                case (nil, nil): counts.bothRejected += 1
                case (_?, nil): counts.legacyOnly += 1
                case (nil, _?): counts.candidateOnly += 1
                case (let a?, let b?):
                    if a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern {
                        counts.sameValue += 1
                    } else {
                        counts.differentValues += 1
                    }
                }
            }
            results.withLock { $0[half] = counts }
        }
        return results.withLock { $0[0] + $0[1] }
    }

    init() {}

    init(sameValue: Int, bothRejected: Int, legacyOnly: Int, candidateOnly: Int, differentValues: Int) {
        self.sameValue = sameValue
        self.bothRejected = bothRejected
        self.legacyOnly = legacyOnly
        self.candidateOnly = candidateOnly
        self.differentValues = differentValues
    }

    init(_ report: OracleReport) {
        self.init(
            sameValue: report.sameValue, bothRejected: report.bothRejected, legacyOnly: report[.legacyOnly].count,
            candidateOnly: report[.candidateOnly].count, differentValues: report[.differentValues].count)
    }
}

/// Issue 32's migration, reproduced: DateFormatter property wrappers replaced by
/// `Date.ISO8601FormatStyle` and a hand-written RFC 5322 parser (after swift-aws-lambda-events'
/// own), over 100,000 generated inputs per wrapper in CI (a tenth locally).
@Suite("A date-decoding migration: the oracle against a brute-force count", .tags(.heavy))
struct MigrationOracleTests {
    static let count = TestScale.current.count(100_000)

    @Test(arguments: MigratedWrapper.all)
    func theOracleFindsEveryClassTheBruteForceFindsWithEqualCounts(_ wrapper: MigratedWrapper) {
        let corpus = wrapper.family.corpus(seed: 1, count: Self.count)
        let report = wrapper.oracle.run(corpus, intended: wrapper.intended)
        let truth = BruteForceCounts.count(wrapper, over: corpus)
        #expect(report.checked == Self.count)
        #expect(BruteForceCounts(report) == truth, "\(report)")
        #expect(report[.differentRejections].count == 0)
        #expect(report.inputs == "\(wrapper.family), seed 1")
        // Every wrapper's migration changed behaviour somewhere that was not declared.
        #expect(report.unintended > 0)
        // Done-when 2: only the undeclared differences fail; each group shown is shrunk and grouped.
        let shown = report.classes.flatMap { $0.groups.filter { $0.intendedBy == nil }.prefix(report.groupsShown) }
        #expect(!shown.isEmpty && shown.allSatisfy { $0.smallest?.shape == $0.shape })
        #expect(report.staleDeclarations.isEmpty, "\(report.declarations)")
        if !wrapper.intended.isEmpty { #expect(report.intended > 0) }
    }

    @Test func theOneUlpCaseOfFractionalSecondsIsAValueDifferenceWithItsDelta() throws {
        let fractional = MigratedWrapper.all[1]
        let mismatch = try #require(fractional.oracle.check("2020-01-08T14:18:51.203Z"))
        #expect(mismatch.kind == .differentValues)
        #expect(mismatch.delta?.ulps == 1)
        #expect(mismatch.delta?.seconds == -1.1920928955078125e-07)
        #expect(mismatch.legacy.rendered == "2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)")
        #expect(mismatch.candidate.rendered == "2020-01-08T14:18:51.203Z (600185931.203 s, 0x41c1e30e2599fbe7)")
        // Over the corpus it is one shape of the value class, declared intended.
        let report = fractional.oracle.run(
            fractional.family.corpus(seed: 1, count: Self.count / 10), intended: fractional.intended)
        let oneUlp = report[.differentValues].groups.first {
            $0.shape == "dddd-dd-ddTdd:dd:dd.dddZ" && $0.intendedBy == ".valuesWithin(ulps: 1)"
        }
        #expect(oneUlp?.maxUlps == 1)
    }

    @Test func theRFC5322RewriteIsNotCleanOverRFC5322Inputs() {
        let rfc = MigratedWrapper.all[2]
        // Over ISO 8601 inputs only (all the oracle had before), both sides reject nearly everything...
        let isoOnly = rfc.oracle.run(DateInputGenerator.corpus(seed: 1, count: 2_000))
        #expect(isoOnly.bothRejected > 1_900)
        #expect(isoOnly.inputs == "DateInputGenerator, seed 1")
        // ...over its own family every class shows.
        let report = rfc.oracle.run(rfc.family.corpus(seed: 1, count: Self.count / 10))
        #expect(report[.legacyOnly].count > 0)
        #expect(report[.candidateOnly].count > 0)
        #expect(report[.differentValues].count > 0)
    }

    @Test func aDeclaredMigrationFailsOnlyOnWhatWasNotDeclared() {
        let iso = MigratedWrapper.all[0]
        let corpus = iso.family.corpus(seed: 1, count: 2_000)
        withKnownIssue("the rewrite changes more than fractions") {
            let report = assertOracle(iso.oracle, over: corpus, intended: iso.intended)
            #expect(report.intended > 0)
        }
        let everything: [IntendedChange] = [
            .candidateAcceptsMore, .candidateRejectsMore, .valuesWithin(seconds: 86_400),
        ]
        #expect(verifyOracle(iso.oracle, over: corpus, intended: everything) == nil)
    }
}
