import Foundation
import Testing
import WireCommands
import WireDecoderOracle
import WireLockTestSupport
import WireOracle

private let shapeNames = DecoderTemplates.all.map(\.name)

@Suite("Decoder oracle: the template catalogue")
struct DecoderTemplateTests {
    @Test func theCatalogueCoversEveryCornerTheIssueNames() {
        #expect(
            shapeNames == [
                "nested-optionals", "string-int-dictionary", "int-string-dictionary", "enums", "decimal",
                "date-deferred-to-date", "date-seconds-since-1970", "date-milliseconds-since-1970", "date-iso8601",
                "date-formatted", "date-custom", "data-base64", "data-deferred-to-data", "data-custom", "url-uuid",
                "floats", "integers", "top-level", "key-strategies", "class-hierarchy", "nested-containers",
                "unkeyed-past-end", "decode-if-present", "any-json",
            ])
    }

    @Test(arguments: shapeNames)
    func documentsAreAPureFunctionOfSeedAndIndex(name: String) throws {
        let template = try #require(DecoderTemplates.all.first { $0.name == name })
        let first = (0..<40).map { template.document(seed: 7, index: $0) }
        let again = (0..<40).map { template.document(seed: 7, index: $0) }
        let other = (0..<40).map { template.document(seed: 8, index: $0) }
        #expect(first == again)
        #expect(first != other)
        #expect(Set(first).count > 20, "documents of \(name) repeat too much")
    }

    /// Each template reaches both sides of its type: documents it decodes and near-misses it rejects,
    /// with more than one kind of error.
    @Test(arguments: shapeNames)
    func documentsAreValidAndNearMisses(name: String) throws {
        let template = try #require(DecoderTemplates.all.first { $0.name == name })
        var values = 0
        var cases = Set<DecodingErrorSummary.Case>()
        for index in 0..<300 {
            let check = try #require(template.pairs.first).check(template.document(seed: 1, index: index))
            switch check.legacy {
            case .value: values += 1
            case .error(let summary): cases.insert(summary.errorCase)
            }
        }
        #expect(values >= 20, "\(name): only \(values) of 300 documents decode")
        #expect(cases.contains(.dataCorrupted), "\(name): no document is broken JSON")
        // AnyJSON takes every JSON value, so its only errors are broken JSON.
        #expect(name == "any-json" || cases.count >= 2, "\(name): errors only of kinds \(cases)")
    }

    @Test func nearMissesIncludeEscapesSurrogatesAndInvalidUTF8() {
        let documents = (0..<3000).map { DecoderTemplates.all.last!.document(seed: 1, index: $0) }
        func count(_ needle: String) -> Int {
            documents.filter { String(decoding: $0, as: UTF8.self).contains(needle) }.count
        }
        #expect(count("\\u") > 0)
        #expect(documents.contains { String(decoding: $0, as: UTF8.self).lowercased().contains("\\ud83d\\ude00") })
        #expect(documents.contains { $0.contains(0xFF) || $0.contains(0xC0) })
        #expect(count("\\ud800") + count("\\udc00") > 0)
    }
}

@Suite("Decoder oracle: quick runs", .tags(.heavy))
struct DecoderOracleQuickRunTests {
    @Test func theTemplatesDecodeAlikeOnBothSides() {
        let templates = DecoderTemplates.all
        let report = DecoderOracle(targets: DecoderTemplates.targets(templates))
            .run(DecoderTemplates.corpus(templates, seed: 1, count: TestScale.current.count(12_000)))
        #expect(report.inputs == TestScale.current.count(12_000))
        #expect(report.compared > report.inputs)
        #expect(report.valuesEqual > 0)
        #expect(report.errorsEqualTotal > 0)
        #expect(report.isClean, "\(report)")
    }

    @Test func mutantsOfEveryFixtureDecodeAlikeIntoTheUniversalModel() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Repository.fixtures.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
            .map { ($0, Array(try Data(contentsOf: Repository.fixtures.appendingPathComponent($0)))) }
        let mutants = FixtureMutants(files: files, seed: 1, variantsPerFile: TestScale.current.count(2000))
        #expect(mutants.unparseable.map(\.name).sorted().contains("invalid/movies-truncated.json"))
        #expect(mutants.seedNames.contains("invalid/movie-duplicate-key.json"))
        let count = TestScale.current.count(20_000)
        let report = DecoderOracle(targets: [DecoderTarget(name: "any-json", pairs: [AnyJSON.pair()])])
            .run(mutants.corpus(count: count, target: 0))
        #expect(report.inputs == count + mutants.variantCount)
        #expect(report.isClean, "\(report)")
    }
}
