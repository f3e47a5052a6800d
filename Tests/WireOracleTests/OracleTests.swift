import Foundation
import Testing
import WireLockTestSupport
import WireOracle
import WireOracleTesting
import WireSupport

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

/// A rejection with a category of its own, so "both reject, differently" can happen.
struct Refusal: OracleErrorCategory {
    var oracleCategory: String
}

@Suite("Oracle")
struct OracleTests {
    @Test func reportsTheExactInputsWhereARoundingCandidateDiffers() {
        let oracle = Oracle<String>(
            name: "truncating formatter vs rounding twin",
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
            candidate: { roundingTwin($0) })
        let corpus = [
            "2024-05-01T01:00:00.123Z", "2024-05-01T01:00:00.1239Z", "2024-05-01T01:00:00Z",
            "2024-05-01T01:00:00.5Z", "2024-05-01T01:00:00.9996Z", "garbage",
        ]
        let report = oracle.run(corpus)
        #expect(report.checked == 6)
        #expect(report.sameValue == 2)
        #expect(report.bothRejected == 2)
        #expect(report.mismatched == 2)
        let values = report[.differentValues]
        #expect(values.count == 2)
        #expect(values.examples.map(\.index) == [1, 4])
        #expect(values.examples.map(\.input) == [#""2024-05-01T01:00:00.1239Z""#, #""2024-05-01T01:00:00.9996Z""#])
        let first = values.examples[0]
        #expect(first.legacy.rendered == "2024-05-01T01:00:00.1229999Z (736218000.1229999 s, 0x41c5f0e5c80fbe76)")
        #expect(first.candidate.rendered == "2024-05-01T01:00:00.1240001Z (736218000.1240001 s, 0x41c5f0e5c80fdf3c)")
        #expect(first.delta?.ulps == 8_390)
        #expect(first.reproduction == #""2024-05-01T01:00:00.1239Z""#)
        #expect(values.groups.map(\.shape) == ["dddd-dd-ddTdd:dd:dd.ddddZ"])
        #expect(values.groups.first?.count == 2)
    }

    @Test func eachPairOfOutcomesLandsInItsClass() {
        let oracle = Oracle<String>(
            legacy: { text -> String? in
                switch text {
                case "both-value", "legacy-only", "differ": return "L"
                case "rejects-differently": throw Refusal(oracleCategory: "legacy reason")
                default: return nil
                }
            },
            candidate: { text -> String? in
                switch text {
                case "both-value", "candidate-only": return "L"
                case "differ": return "C"
                case "rejects-differently": throw Refusal(oracleCategory: "candidate reason")
                default: return nil
                }
            })
        let report = oracle.run([
            "both-value", "legacy-only", "candidate-only", "differ", "rejects-differently", "nothing",
        ])
        #expect(report.sameValue == 1)
        #expect(report.bothRejected == 1)
        #expect(OracleDifference.allCases.map { report[$0].count } == [1, 1, 1, 1])
        #expect(report[.legacyOnly].examples.first?.index == 1)
        #expect(report[.candidateOnly].examples.first?.legacy == .rejected(category: "rejected"))
        #expect(report[.differentRejections].examples.first?.candidate == .rejected(category: "candidate reason"))
        #expect(report[.differentValues].examples.first?.delta == nil)
    }

    @Test func reportIsTheSameWithOneWorkerOrTwoAndAnyBlockSize() {
        let oracle = Oracle<String>(
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
            candidate: { roundingTwin($0) })
        let corpus = DateInputGenerator.corpus(seed: 5, count: 3_000)
        let intended = [IntendedChange.valuesWithin(seconds: 0.001)]
        let one = oracle.run(
            corpus, intended: intended, options: OracleOptions(workers: 1, blockSize: 1000, examplesPerClass: 7))
        let two = oracle.run(
            corpus, intended: intended, options: OracleOptions(workers: 2, blockSize: 37, examplesPerClass: 7))
        #expect(one.mismatched > 7)
        #expect(one.intended > 0 && one.unintended > 0)
        #expect(one == two)
    }

    @Test func aGroupIsShrunkToASmallestInputThatDiffersTheSameWay() {
        // The candidate rejects any input holding a 7; the smallest of the shape that still does keeps
        // the 7 and lowers every other digit.
        let oracle = Oracle<String>(legacy: { $0 }, candidate: { $0.contains("7") ? nil : $0 })
        let report = oracle.run(["2024-05-01T10:00:00Z", "2024-05-07T10:00:00Z", "2024-07-01T10:00:00Z"])
        let group = try! #require(report[.legacyOnly].groups.first)
        #expect(group.shape == "dddd-dd-ddTdd:dd:ddZ")
        #expect(group.count == 2)
        #expect(group.example.index == 1)
        #expect(group.smallest?.input == #""0000-00-07T00:00:00Z""#)
        #expect(group.smallest?.candidate == .rejected(category: "rejected"))
        #expect(report.description.contains(#"    smallest "0000-00-07T00:00:00Z""#))
    }

    @Test func aValueDifferenceShrinksOnlyToTheSameDelta() {
        // One hour off when the input has a "+", else exact by the input's length: the shrink keeps the shape.
        let oracle = Oracle<String>(
            legacy: { Date(timeIntervalSinceReferenceDate: Double($0.count)) },
            candidate: { Date(timeIntervalSinceReferenceDate: Double($0.count) + ($0.contains("+") ? 3600 : 0)) })
        let report = oracle.run(["2024-05-01T10:00:00+01:00"])
        let group = try! #require(report[.differentValues].groups.first)
        #expect(group.deltaSeconds == 3600...3600)
        #expect(group.smallest?.input == #""0000-00-00T00:00:00+00:00""#)
        #expect(group.smallest?.delta?.seconds == 3600)
    }

    @Test func shrinkingIsBoundedByItsBudgetWhateverTheCorpusSize() {
        let calls = Locked(0)
        let oracle = Oracle<String>(
            legacy: { text -> String? in
                calls.withLock { $0 += 1 }
                return text
            }, candidate: { $0.hasSuffix("Z") ? nil : $0 })
        let corpus = DateInputGenerator.corpus(seed: 9, count: 4_000)
        let options = OracleOptions(groupsShown: 3, shrinkBudget: 20)
        let report = oracle.run(corpus, options: options)
        // The run itself calls each side once per input; the shrinks at most budget × groups shown per class.
        #expect(calls.withLock { $0 } <= 4_000 + 20 * 3 * OracleDifference.allCases.count)
        #expect(report[.legacyOnly].groups.prefix(3).allSatisfy { $0.smallest != nil })
        #expect(report[.legacyOnly].groups.dropFirst(3).allSatisfy { $0.smallest == nil })
    }

    @Test func intendedChangesTakeTheirDifferencesAndStaleOnesAreNamed() {
        let oracle = Oracle<String>(
            name: "strict vs lenient",
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) },
            candidate: { RFC3339.parse($0) })
        let corpus = [
            "2024-05-01T10:00:00Z",  // candidate only (the legacy requires a fraction)
            "2020-01-08T14:18:51.203Z",  // 1 ulp
            "2024-02-30T10:00:00.000Z",  // legacy only (it rolls over to March 1)
        ]
        let intended: [IntendedChange] = [
            .candidateAccepts(shape: "dddd-dd-ddTdd:dd:ddZ"), .valuesWithin(ulps: 1), .valuesWithin(seconds: 10),
        ]
        let report = oracle.run(corpus, intended: intended)
        #expect(report[.candidateOnly].intended == 1)
        #expect(report[.differentValues].intended == report[.differentValues].count)
        #expect(report[.legacyOnly].unintended == 1)
        #expect(report.declarations.map(\.matched) == [1, 1, 0])
        #expect(report.staleDeclarations == [".valuesWithin(seconds: 10.0)"])
        #expect(!report.passes)
        #expect(report.description.contains(".valuesWithin(seconds: 10.0) took 0 (stale: it matched nothing)"))
        let narrowed = oracle.run(corpus, intended: intended + [.candidateRejectsMore.only(family: .iso8601)])
        #expect(narrowed.passes)
        #expect(!narrowed.isClean)
    }

    @Test func declarationsMatchByClassShapeAndFamily() throws {
        let rfcOnly = IntendedChange.candidateRejectsMore.only(family: .rfc5322)
        let oracle = Oracle<String>(legacy: { $0 }, candidate: { _ -> String? in nil })
        let report = oracle.run(["Wed, 01 Jan 2020 10:00:00 GMT", "2020-01-01T10:00:00Z"], intended: [rfcOnly])
        #expect(report[.legacyOnly].intended == 1)
        #expect(report[.legacyOnly].groups.first { $0.intendedBy == nil }?.shape == "dddd-dd-ddTdd:dd:ddZ")
        #expect(rfcOnly.description == ".candidateRejectsMore.only(family: .rfc5322)")
        #expect(
            IntendedChange.candidateRejects(shape: "Aaa*").description == #".candidateRejectsMore.only(shape: "Aaa*")"#)
    }

    @Test func assertOracleFailsOnlyOnUnintendedDifferences() {
        let oracle = Oracle<String>(
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) }, candidate: { roundingTwin($0) })
        let corpus = DateInputGenerator.corpus(seed: 3, count: 2_000)
        withKnownIssue {
            assertOracle(oracle, over: corpus)
        }
        let report = assertOracle(oracle, over: corpus, intended: [.valuesWithin(seconds: 1)])
        #expect(report.intended == report.mismatched && report.mismatched > 0)
        #expect(verifyOracle(oracle, over: corpus, intended: [.valuesWithin(seconds: 1)]) == nil)
    }

    @Test func datesCompareByTheirBitPattern() {
        #expect(
            !OracleOutcome(Date(timeIntervalSinceReferenceDate: 0.0)).matches(
                OracleOutcome(Date(timeIntervalSinceReferenceDate: -0.0))))
        #expect(Date(timeIntervalSinceReferenceDate: 1).oracleBytes == [0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
    }

    @Test(arguments: [
        ("2020-01-08T14:18:51.203Z", "dddd-dd-ddTdd:dd:dd.dddZ"),
        ("Wed, 1 Jan 2020 12:00:00 GMT+1", "Aaa, d Aaa dddd dd:dd:dd AAA+d"),
        ("wed, 01-jan-20 12:00:00 z", "aaa, dd-aaa-dd dd:dd:dd z"),
        ("1714525200.5", "dddddddddd.d"),
    ])
    func shapesFoldDigitsAndTheLettersOfWords(input: String, shape: String) {
        #expect(InputShape.of(input) == shape)
    }

    @Test func reportFilesRoundTripTheirReports() throws {
        let oracle = Oracle<String>(
            legacy: { LegacyDates.shared.parse($0, .isoFractionalSeconds) }, candidate: { RFC3339.parse($0) })
        let report = oracle.run(
            DateInputFamily.iso8601.corpus(seed: 2, count: 300), intended: [.valuesWithin(ulps: 1)])
        let file = OracleReportFile(reports: [report])
        let read = try OracleReportFile.decode(file.jsonData())
        #expect(read == file)
        #expect(read.reports[0].inputs == "DateInputFamily.iso8601, seed 2")
        #expect(file.toolchain.hasPrefix("Swift 6."))
        #expect(file.os.hasPrefix("Linux") || file.os.hasPrefix("macOS"))
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

    @Test func aGeneratedInputIsReproducedBySeedAndIndex() {
        let oracle = Oracle<String>(legacy: { $0 }, candidate: { $0.contains("+") ? nil : $0 })
        let report = oracle.run(DateInputFamily.rfc5322.corpus(seed: 4, count: 200))
        let example = try! #require(report[.legacyOnly].examples.first)
        #expect(example.reproduction == "DateInputFamily.rfc5322.input(seed: 4, index: \(example.index))")
        #expect(DateInputFamily.rfc5322.input(seed: 4, index: example.index).debugDescription == example.input)
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

    @Test func bendIsPublicAndDeterministic() {
        func bent(_ seed: UInt64) -> [String] {
            var rng = SplitMix64(seed: seed)
            return (0..<200).map { _ in DateInputGenerator.bend("Wed, 1 Jan 2020 10:00:00 GMT", using: &rng) }
        }
        #expect(bent(1) == bent(1))
        #expect(Set(bent(1)).count > 20)
        #expect(bent(1).contains("Wed, 1 Jan 2020 10:00:00 GMT"))
        let mine = ["Wed, 1 Jan 2020 10:00:00 GMT", "2020-01-08T14:18:51.203Z"]
        let corpus = Array(DateInputGenerator.bentCorpus(of: mine, seed: 2, count: 500))
        #expect(corpus == Array(DateInputGenerator.bentCorpus(of: mine, seed: 2, count: 500)))
        #expect(mine.allSatisfy(corpus.contains) && Set(corpus).count > 50)
        #expect(Array(DateInputGenerator.bentCorpus(of: [], seed: 2, count: 500)).isEmpty)
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

    @Test func fixtureStringsByPathNameAndPattern() throws {
        let byName = try FixtureStrings.extract(fromDirectory: fixturesDirectory, selector: .memberNamed("airDateUtc"))
        #expect(byName.contains { $0.value == "2024-05-01T14:30:00.123Z" })
        #expect(byName.allSatisfy { $0.path?.hasSuffix(".airDateUtc") == true })
        let byRegex = try FixtureStrings.extract(
            fromDirectory: fixturesDirectory, selector: .regex(#"^\d{4}-\d{2}-\d{2}$"#))
        #expect(byRegex.contains { $0.value == "2024-05-01" })
        let data = try Data(contentsOf: URL(fileURLWithPath: fixturesDirectory + "/API/v3/calendar-success.json"))
        let exact = try FixtureStrings.extract(fromJSON: data, selector: .path("$[1].airDateUtc"))
        #expect(exact.map(\.value) == ["2024-05-01T14:30:00.123Z"])
        let quoted = try FixtureStrings.extract(
            fromJSON: Data(#"{"a b": {"x": "y"}}"#.utf8), selector: .matching { _ in true })
        #expect(quoted.map(\.path) == [#"$["a b"].x"#])
    }

    @Test func dateSelectorsFindHTTPDatesAndTextFilesAreACorpus() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            "payload.json",
            #"{"sent": "Wed, 08 Jan 2020 14:18:51 GMT", "at": "2020-01-08T14:18:51.203Z", "name": "2020 Jan"}"#)
        let dates = try FixtureStrings.extract(fromDirectory: directory.url.path, selector: .dateLike)
        #expect(dates.map(\.value) == ["2020-01-08T14:18:51.203Z", "Wed, 08 Jan 2020 14:18:51 GMT"])
        try directory.write(
            "Tests/EventTests.swift",
            """
            let a = decode(#"{"Timestamp": "Tue, 7 Jan 2020 10:00:00 PST"}"#)
            // sent as Wed, 08 Jan 2020 14:18:51 +0100 (CET)
            let c = "2020-01-08T14:18:51Z"
            """)
        let literals = try FixtureStrings.extract(fromTextFilesIn: directory.url.path, family: .rfc5322)
        #expect(literals.map(\.value) == ["Tue, 7 Jan 2020 10:00:00 PST", "Wed, 08 Jan 2020 14:18:51 +0100 (CET)"])
        #expect(literals.map(\.line) == [1, 2])
        #expect(
            try FixtureStrings.extract(fromTextFilesIn: directory.url.path, family: .iso8601).map(\.value) == [
                "2020-01-08T14:18:51Z"
            ])
    }
}
