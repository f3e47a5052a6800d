import Foundation
import SampleAPI
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireFuzz
@testable import WireLock

/// Issue 33, "Done when" 1 and 3: SampleAPI's `WebhookDelivery`, only `Decodable`, is fuzzed in the
/// repository's tests, each accepted mutant judged by a dump of what it decoded; and every mutant
/// gets the verdict the write-back gives the same model made `Codable`
/// (`WebhookVariants.Sample`, same fields, same wrapper, an encoder that writes what it read), with
/// both decoders, both campaigns judged by the reader contract their seeds give. 3,000 mutants per
/// decoder under `WIRELOCK_TEST_SCALE=full`, 300 under `quick`; seed 7.
@Suite("Fuzzing a Decodable-only model")
struct DecodableFuzzTests {
    static let fixture = "API/v3/webhook-delivery"

    enum Decoder: String, CaseIterable, Sendable {
        case jsonDecoder = "JSONDecoder"
        case wireJSONDecoder = "WireJSONDecoder"

        var value: ModelDecoder {
            switch self {
            case .jsonDecoder: .foundation(.sampleAPI)
            case .wireJSONDecoder: .wire(WireJSONDecoder(configuredLike: .sampleAPI))
            }
        }
    }

    @Test(.tags(.heavy), arguments: Decoder.allCases)
    func theSampleDeliverySurvivesFuzzing(decoder: Decoder) {
        assertFuzzCampaign(
            WebhookDelivery.self, fixtures: [Self.fixture], count: TestScale.current.count(3_000), seed: 7,
            decoder: decoder.value, model: "webhook-delivery")
    }

    static func seeds() throws -> [FuzzSeed] {
        let url = Repository.url("Fixtures/\(fixture).json")
        return [try FuzzSeed(name: "webhook-delivery.json", bytes: Array(Data(contentsOf: url)))]
    }

    @Test(.tags(.heavy), arguments: Decoder.allCases)
    func everyMutantGetsTheVerdictOfTheCodableTwin(decoder: Decoder) throws {
        let decodable = ModelCampaign(
            model: .decodable(WebhookDelivery.self, name: "webhook-delivery", decoder: decoder.value),
            seeds: try Self.seeds(), seed: 7)
        let codable = ModelCampaign(
            model: .codable(
                WebhookVariants.Sample.self, name: "webhook-delivery", decoder: decoder.value,
                encoder: { JSONEncoder() }),
            seeds: try Self.seeds(), seed: 7)
        #expect(decodable.skipped.isEmpty && codable.skipped.isEmpty)
        // Both judged by a reader contract, and by the same one (the Swift types it names aside).
        let contract = try #require(decodable.readerContract)
        let changes = try #require(codable.readerContract).changes(from: contract).filter { change in
            if case .types = change { return false }
            return true
        }
        #expect(changes.isEmpty, "\(changes)")

        let count = TestScale.current.count(3_000)
        var outcomes: [FuzzOutcome: Int] = [:]
        var distinct = Set<String>()
        var disagreements: [String] = []
        for k in 0..<count {
            let (mutant, verdict) = decodable.evaluate(k)
            let twin = codable.evaluate(k).verdict
            outcomes[verdict.outcome, default: 0] += 1
            distinct.insert(mutant.operation.description)
            if verdict.outcome != twin.outcome {
                disagreements.append(
                    "#\(k) \(mutant.operation): Decodable \(verdict.outcome.rawValue) (\(verdict.seen)), "
                        + "Codable \(twin.outcome.rawValue) (\(twin.seen))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(count): \(disagreements.prefix(5))")
        // The inputs reach every branch of the judge: rejections, lossless acceptances, and the
        // findings both models share.
        #expect((outcomes[.rejectedAsExpected] ?? 0) > 0)
        #expect((outcomes[.lossless] ?? 0) > 0)
        print(
            "\(decoder.rawValue): \(count) mutants (\(distinct.count) distinct operations), the same verdict for each: "
                + FuzzOutcome.allCases.compactMap { outcome in outcomes[outcome].map { "\($0) \(outcome.rawValue)" } }
                .joined(separator: ", "))
    }

    /// The dump judge on its own, where a `Codable` twin would need a dishonest encoder.
    struct Defaulting: Decodable {
        var id: Int
        var count: Int

        enum CodingKeys: String, CodingKey { case id, count }

        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            count = (try? container.decodeIfPresent(Int.self, forKey: .count)) ?? 0
        }
    }

    /// A value the model transforms as it decodes (base64 text into bytes, as swift-aws-lambda-events'
    /// SNS attributes do): the dump cannot be compared with the wire there, so an acceptance is
    /// `accepted` (nothing more can be checked), not a finding; a number coerced from a string still is.
    struct Transforming: Decodable {
        var bytes: [UInt8]
        var count: Int

        enum CodingKeys: String, CodingKey { case bytes, count }

        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decode(String.self, forKey: .bytes)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: .bytes, in: container, debugDescription: "not base64")
            }
            bytes = Array(data)
            if let number = try? container.decode(Int.self, forKey: .count) {
                count = number
            } else {
                count = Int(try container.decode(String.self, forKey: .count)) ?? 0
            }
        }
    }

    @Test func aValueTheModelTransformsIsAcceptedNotAFinding() throws {
        let seed = try FuzzSeed(name: "t.json", bytes: Array(#"{"bytes": "YWJj", "count": 7}"#.utf8))
        let campaign = ModelCampaign(model: .decodable(Transforming.self, name: "t"), seeds: [seed], seed: 1)
        let empty = try #require(
            MutationCatalogue.groups(.strings, of: seed).joined().first {
                $0.path == [.key("bytes")] && $0.variant == "empty"
            })
        let verdict = try #require(campaign.attempt(empty, on: seed)).verdict
        #expect(verdict.outcome == .accepted, "\(verdict)")
        // A string where the number was, read as that number: coerced, as the write-back would show.
        let coerced = try #require(
            MutationCatalogue.groups(.wrongType, of: seed).joined().first {
                $0.path == [.key("count")] && $0.variant == "to-string"
            })
        #expect(try #require(campaign.attempt(coerced, on: seed)).verdict.outcome == .silentlyAccepted)
    }

    @Test func aRequiredValueDefaultedIsSilentlyAccepted() throws {
        let seed = try FuzzSeed(name: "d.json", bytes: Array(#"{"id": 1, "count": 5}"#.utf8))
        let campaign = ModelCampaign(model: .decodable(Defaulting.self, name: "d"), seeds: [seed], seed: 1)
        let drop = try #require(
            MutationCatalogue.groups(.dropKey, of: seed).joined().first { $0.path == [.key("count")] })
        let verdict = try #require(campaign.attempt(drop, on: seed)).verdict
        #expect(verdict.outcome == .silentlyAccepted)
        #expect(verdict.seen == "accepted: at $.count the wire has nothing, the model decoded $.count as 0")
        // `count` at 0 already: the dump does not change although the wire does.
        let zero = try FuzzSeed(name: "z.json", bytes: Array(#"{"id": 1, "count": 0}"#.utf8))
        let same = try #require(campaign.attempt(drop, on: zero)).verdict
        #expect(same.outcome == .silentlyAccepted)
        #expect(
            same.seen == "accepted: at $.count the wire has nothing, the model decoded what it decoded from the seed")
    }
}
