import Foundation
import Testing
import WireJSON
import WireLockTestSupport
import WireOracle
import WireOracleTesting

/// A deliberately wrong twin: rounds the fraction to milliseconds where the formatter truncates.
func roundingTwin(_ text: String) -> Date? {
    guard let date = LegacyDates.shared.parse(text, .isoFractionalSeconds) else { return nil }
    var text = text
    let fraction: Double? = text.withUTF8 { p in
        guard let dot = p.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        var end = dot + 1
        while end < p.count, (0x30...0x39).contains(p[end]) { end += 1 }
        return Double(String(decoding: p[dot..<end], as: UTF8.self))
    }
    guard let fraction else { return date }
    let whole = date.timeIntervalSinceReferenceDate.rounded(.down)
    let ms = (fraction * 1000).rounded()
    return Date(timeIntervalSinceReferenceDate: ((whole + 978_307_200) * 1000 + ms) / 1000 - 978_307_200)
}

@Suite("Oracle")
struct OracleTests {
    @Test func reportsTheExactInputsWhereARoundingCandidateDiffers() {
        let oracle = Oracle<String>(
            name: "truncating formatter vs rounding twin",
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
            candidate: { roundingTwin($0) },
            describe: { $0.debugDescription })
        let corpus = [
            "2024-05-01T01:00:00.123Z", "2024-05-01T01:00:00.1239Z", "2024-05-01T01:00:00Z",
            "2024-05-01T01:00:00.5Z", "2024-05-01T01:00:00.9996Z", "garbage",
        ]
        let report = oracle.run(corpus, options: OracleOptions(maxMismatches: 10))
        #expect(report.checked == 6)
        #expect(report.mismatched == 2)
        #expect(report.firstMismatches.map(\.index) == [1, 4])
        #expect(
            report.firstMismatches.map(\.input) == [#""2024-05-01T01:00:00.1239Z""#, #""2024-05-01T01:00:00.9996Z""#])
        let first = report.firstMismatches[0]
        #expect(first.legacy.rendered.hasPrefix("736218000.1229999 (2024-05-01T01:00:00.122999907Z) [hex "))
        #expect(first.candidate.rendered.hasPrefix("736218000.1240001 "))
        #expect(first.reproduction == #"input #1: "2024-05-01T01:00:00.1239Z""#)
    }

    @Test func assertOracleRecordsAFailureForAWrongCandidate() {
        withKnownIssue {
            assertOracle(
                Oracle<String>(
                    legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
                    candidate: { roundingTwin($0) }),
                over: DateInputGenerator.corpus(seed: 3, count: 2_000))
        }
    }

    @Test func oneSideRejectingIsAMismatchAndBothRejectingIsNot() {
        let oracle = Oracle<Int>(
            legacy: { $0 > 0 ? "x" : nil },
            candidate: { v -> String? in
                if v < -5 { throw CocoaError(.coderInvalidValue) }
                return v > 1 ? "x" : nil
            })
        let report = oracle.run([-10, -1, 1, 2])
        #expect(report.mismatched == 1)
        #expect(report.firstMismatches.first?.index == 2)
        #expect(report.firstMismatches.first?.candidate == .rejected(category: "rejected"))
    }

    @Test func reportIsTheSameWithOneWorkerOrTwoAndAnyBlockSize() {
        let oracle = Oracle<String>(
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
            candidate: { roundingTwin($0) })
        let corpus = DateInputGenerator.corpus(seed: 5, count: 3_000)
        let one = oracle.run(corpus, options: OracleOptions(workers: 1, blockSize: 1000, maxMismatches: 7))
        let two = oracle.run(corpus, options: OracleOptions(workers: 2, blockSize: 37, maxMismatches: 7))
        #expect(one.mismatched > 7)
        #expect(one == two)
    }

    @Test func datesCompareByTheirBitPattern() {
        #expect(
            !OracleOutcome(Date(timeIntervalSinceReferenceDate: 0.0)).matches(
                OracleOutcome(Date(timeIntervalSinceReferenceDate: -0.0))))
        #expect(Date(timeIntervalSinceReferenceDate: 1).oracleBytes == [0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
    }
}

@Suite("Corpora")
struct CorpusTests {
    @Test func seededCorpusIsAPureFunctionOfSeedAndIndex() {
        let a = Array(DateInputGenerator.corpus(seed: 1, count: 500))
        let b = Array(DateInputGenerator.corpus(seed: 1, count: 500))
        let shard = Array(DateInputGenerator.corpus(seed: 1, count: 500).shard(200..<300))
        #expect(a == b)
        #expect(shard == Array(a[200..<300]))
        #expect(DateInputGenerator.input(seed: 1, index: 42) == a[42])
        #expect(Array(DateInputGenerator.corpus(seed: 2, count: 500)) != a)
    }

    @Test func splitMixIsTheSameOnEveryMachine() {
        var rng = SplitMix64(seed: 0)
        // Reference values of SplitMix64 seeded with 0.
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func generatorReachesTheCorners() {
        let inputs = Array(DateInputGenerator.corpus(seed: 1, count: 20_000))
        for needle in [
            "T23:59:60", "T24:00:00", "-02-29T", "-02-30T", "+14:", "-14:", "z", " ", "\u{0660}", "0001-", "9999-",
        ] {
            #expect(inputs.contains { $0.contains(needle) }, "no input contains \(needle.debugDescription)")
        }
        for digits in 0...9 {
            let pattern = "\\.[0-9]{\(digits)}[^0-9]"
            #expect(
                digits == 0 || inputs.contains { $0.range(of: pattern, options: .regularExpression) != nil },
                "\(digits) digits")
        }
    }

    @Test func lineFileCorpusStreamsLinesWithoutAFinalNewline() throws {
        let path = TemporaryDirectory.uniqueURL("oracle-lines", extension: "txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = (0..<50_000).map { "2024-05-01T01:00:\(String(format: "%02d", $0 % 60))Z\($0)" }
        try Data((lines.joined(separator: "\n") + "\nlast\r").utf8).write(to: URL(fileURLWithPath: path))
        let read = Array(try LineFileCorpus(path: path))
        #expect(read.count == 50_001)
        #expect(read.prefix(50_000).elementsEqual(lines))
        #expect(read.last == "last\r")
        #expect(throws: (any Error).self) { try LineFileCorpus(path: path + ".missing") }
    }

    @Test func fixtureStringsByPathAndByPattern() throws {
        let byName = try FixtureStrings.extract(fromDirectory: fixturesDirectory, selector: .memberNamed("airDateUtc"))
        #expect(byName.contains { $0.value == "2024-05-01T14:30:00.123Z" })
        #expect(byName.allSatisfy { $0.path.description.hasSuffix(".airDateUtc") })
        let byRegex = try FixtureStrings.extract(
            fromDirectory: fixturesDirectory, selector: .regex(#"^\d{4}-\d{2}-\d{2}$"#))
        #expect(byRegex.contains { $0.value == "2024-05-01" })
        let doc = try JSONValueFixture.calendar()
        let exact = FixtureStrings.extract(from: doc, selector: .path([.index(1), .key("airDateUtc")]))
        #expect(exact.map(\.value) == ["2024-05-01T14:30:00.123Z"])
    }
}

enum JSONValueFixture {
    static func calendar() throws -> JSONValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixturesDirectory + "/API/v3/calendar-success.json"))
        return try JSONValue.parse(Array(data))
    }
}
