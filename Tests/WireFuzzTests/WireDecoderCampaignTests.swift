import Foundation
import SampleAPI
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// A campaign over a model the app decodes with `WireJSONDecoder` decodes each mutant once, with
/// that decoder, and must judge every mutant as the `JSONDecoder` campaign (the strict validator,
/// then `JSONDecoder`, then a second decode for the report) judges it: same outcome, same words.
@Suite("Campaigns decoded by WireJSONDecoder")
struct WireDecoderCampaignTests {
    struct Subject: Sendable, CustomStringConvertible {
        var name: String
        var jsonDecoder: FuzzModel
        var wireDecoder: FuzzModel
        var seeds: @Sendable () throws -> [FuzzSeed]
        var description: String { name }
    }

    static func sample(_ prefix: String) -> @Sendable () throws -> [FuzzSeed] {
        {
            let folder = Repository.root.appendingPathComponent("Fixtures/API/v3")
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
                .compactMap {
                    try? FuzzSeed(name: $0, bytes: Array(Data(contentsOf: folder.appendingPathComponent($0))))
                }
        }
    }

    static func text(_ json: String) -> @Sendable () throws -> [FuzzSeed] {
        { [try FuzzSeed(name: "seed.json", bytes: Array(json.utf8))] }
    }

    static let subjects: [Subject] = [
        Subject(
            name: "movie",
            jsonDecoder: .codable(Page<Movie>.self, name: "movie", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            wireDecoder: .codable(
                Page<Movie>.self, name: "movie", wireDecoder: { WireJSONDecoder(configuredLike: .sampleAPI) },
                encoder: { .sampleAPI }),
            seeds: sample("movies-")),
        Subject(
            name: "sync-record",
            jsonDecoder: .codable(SyncRecord.self, name: "sync", decoder: { .sampleAPI }, encoder: { .sampleAPI }),
            wireDecoder: .codable(
                SyncRecord.self, name: "sync", wireDecoder: { WireJSONDecoder(configuredLike: .sampleAPI) },
                encoder: { .sampleAPI }),
            seeds: sample("sync-record-")),
        // A model that swallows errors: its findings come from the report, the part a
        // WireJSONDecoder campaign takes from the same decode.
        Subject(
            name: "lenient page",
            jsonDecoder: .codable(LenientPage.self, name: "lenient"),
            wireDecoder: .codable(LenientPage.self, name: "lenient", wireDecoder: { WireJSONDecoder() }),
            seeds: text(#"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], "total": 2}"#)),
        Subject(
            name: "snake-case keys",
            jsonDecoder: .codable(
                Item.self, name: "item",
                decoder: {
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    return decoder
                }),
            wireDecoder: .codable(
                Item.self, name: "item",
                wireDecoder: {
                    let decoder = WireJSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    return decoder
                }),
            seeds: text(#"{"id": 1, "name": "a", "note": "x"}"#)),
    ]

    @Test(.tags(.heavy), arguments: subjects)
    func sameVerdicts(subject: Subject) throws {
        let seeds = try subject.seeds()
        #expect(subject.jsonDecoder.decoderKind == .jsonDecoder)
        #expect(subject.wireDecoder.decoderKind == .wireJSONDecoder)
        let legacy = ModelCampaign(model: subject.jsonDecoder, seeds: seeds, seed: 11)
        let wire = ModelCampaign(model: subject.wireDecoder, seeds: seeds, seed: 11)
        #expect(legacy.skipped.map(\.name) == wire.skipped.map(\.name))
        #expect(!wire.generator.isEmpty)
        var outcomes: [FuzzOutcome: Int] = [:]
        for k in 0..<TestScale.current.count(1_000) {
            let (mutant, expected) = legacy.evaluate(k)
            let seen = wire.verdict(for: mutant)
            #expect(seen == expected, "mutant \(k), \(mutant.operation)")
            outcomes[seen.outcome, default: 0] += 1
        }
        // The mutants reach rejections and acceptances, not only one of them.
        #expect(outcomes.keys.count >= 2, "\(outcomes)")
    }

    @Test func aSyntaxErrorIsTheValidatorsAtItsLocation() throws {
        let model = FuzzModel.codable(Item.self, name: "item", wireDecoder: { WireJSONDecoder() })
        guard case .rejected(let failure) = model.decode(Array(#"{"id": 1, "name": "a",}"#.utf8)) else {
            Issue.record("accepted a trailing comma")
            return
        }
        #expect(failure.kind == .syntax)
        #expect(failure.judge == .strictValidator)
        #expect(failure.location?.column == 23)
    }

    @Test func theDecoderIsMadeStrict() throws {
        let model = FuzzModel.codable(
            Item.self, name: "item",
            wireDecoder: { WireJSONDecoder(configuredLike: JSONDecoder(), acceptance: .jsonDecoder) })
        guard case .rejected(let failure) = model.decode(Array("\u{FEFF}{\"id\": 1, \"name\": \"a\"}".utf8)) else {
            Issue.record("a byte order mark was accepted: the campaign's decoder is not strict")
            return
        }
        #expect(failure.kind == .syntax)
    }

    @Test func aRepeatedNameIsRejectedAsTheValidatorRejectsIt() throws {
        let bytes = Array(#"{"id": 1, "name": "a", "id": 2}"#.utf8)
        let wire = FuzzModel.codable(Item.self, name: "item", wireDecoder: { WireJSONDecoder() })
        let legacy = FuzzModel.codable(Item.self, name: "item")
        guard case .rejected(let failure) = wire.decode(bytes), case .rejected(let expected) = legacy.decode(bytes)
        else {
            Issue.record("a repeated member name was accepted")
            return
        }
        #expect(failure.kind == .syntax)
        #expect(failure.description == expected.description)
    }

    @Test func theAppsDecoderIsNotChanged() throws {
        let app = WireJSONDecoder(configuredLike: JSONDecoder(), acceptance: .jsonDecoder)
        _ = FuzzModel.codable(Item.self, name: "item", wireDecoder: { app })
        #expect(app.acceptance == .jsonDecoder)
    }
}
