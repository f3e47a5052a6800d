import Foundation
import Testing
import WireGolden
import WireJSON

@testable import WireFuzz

/// A strict model: `note` is optional, everything else required.
struct Item: Codable, Equatable {
    var id: Int
    var name: String
    var note: String?
}

/// The bug on show: a missing or mistyped `id` becomes 0.
struct LenientItem: Codable, Equatable {
    var id: Int
    var name: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = (try? container.decode(Int.self, forKey: .id)) ?? 0
        name = try container.decode(String.self, forKey: .name)
    }
}

struct LenientPage: Codable, Equatable {
    var items: [LenientItem]
    var total: Int
}

@Suite("Model campaigns")
struct ModelCampaignTests {
    static let item = #"{"id": 1, "name": "a", "note": "x"}"#

    /// The verdict on one hand-picked mutation of `text`.
    func verdict(_ model: FuzzModel, _ text: String, _ mutator: Mutator, _ variant: String, at path: JSONPath) throws
        -> FuzzVerdict
    {
        let fuzzSeed = try seed(text)
        let campaign = ModelCampaign(model: model, seeds: [fuzzSeed], seed: 1)
        let operation = try #require(
            MutationCatalogue.groups(mutator, of: fuzzSeed).joined().first { $0.variant == variant && $0.path == path })
        return try #require(campaign.attempt(operation, on: fuzzSeed)).verdict
    }

    static let strict = FuzzModel.codable(Item.self, name: "item")
    static let lenient = FuzzModel.codable(LenientItem.self, name: "lenient")

    @Test func aDroppedRequiredKeyIsRejectedAtItsPath() throws {
        let v = try verdict(Self.strict, Self.item, .dropKey, "drop", at: [.key("id")])
        #expect(v.outcome == .rejectedAsExpected)
        #expect(v.seen == "rejected: missingKey at $.id")
        #expect(v.expected == "missingKey at $.id, or lossless")
    }

    @Test func aDroppedOptionalKeyIsLossless() throws {
        #expect(try verdict(Self.strict, Self.item, .dropKey, "drop", at: [.key("note")]).outcome == .lossless)
    }

    @Test func aWrongTypeIsATypeMismatchAtItsPath() throws {
        let v = try verdict(Self.strict, Self.item, .wrongType, "to-string", at: [.key("id")])
        #expect(v.outcome == .rejectedAsExpected)
        #expect(v.seen == "rejected: typeMismatch at $.id")
    }

    @Test func nullIsRejectedWhereRequiredAndLosslessWhereOptional() throws {
        #expect(try verdict(Self.strict, Self.item, .null, "null", at: [.key("name")]).outcome == .rejectedAsExpected)
        // null where the model writes nothing back: null and absent are the same.
        #expect(try verdict(Self.strict, Self.item, .null, "null", at: [.key("note")]).outcome == .lossless)
    }

    @Test func anUnknownMemberIsLossless() throws {
        #expect(try verdict(Self.strict, Self.item, .extraKey, "add", at: .root).outcome == .lossless)
    }

    @Test func numbersThatDoNotFitAreRejectedAsInvalidValues() throws {
        let v = try verdict(Self.strict, Self.item, .numbers, "2^63", at: [.key("id")])
        #expect(v.outcome == .rejectedAsExpected, "\(v)")
        #expect(v.expected == "invalidValue at or above $.id, or lossless")
        #expect(try verdict(Self.strict, Self.item, .numbers, "-0", at: [.key("id")]).outcome == .lossless)
    }

    @Test func syntaxMutantsAreRejectedByTheValidator() throws {
        let v = try verdict(Self.strict, Self.item, .duplicateKey, "repeat", at: [.key("id")])
        #expect(v.outcome == .rejectedAsExpected)
        #expect(v.seen == "rejected: syntax at $.id")
    }

    @Test func aDefaultedRequiredFieldIsSilentlyAcceptedWithTheValueItDecodedTo() throws {
        let v = try verdict(Self.lenient, #"{"id": 7, "name": "a"}"#, .dropKey, "drop", at: [.key("id")])
        #expect(v.outcome == .silentlyAccepted)
        #expect(v.seen == "accepted: at $.id the wire has nothing, the model decoded 0")
        let coerced = try verdict(Self.lenient, #"{"id": 7, "name": "a"}"#, .wrongType, "to-bool", at: [.key("id")])
        #expect(coerced.seen == "accepted: at $.id the wire has true, the model decoded 0")
    }

    @Test func anUnmodeledMemberCanBeMutatedFreely() throws {
        // `extra` is not in Item: the model ignores it whatever its type.
        let v = try verdict(
            Self.strict, #"{"id": 1, "name": "a", "extra": 5}"#, .wrongType, "to-string", at: [.key("extra")])
        #expect(v.outcome == .lossless)
    }

    @Test func fixturesTheModelRejectsAreSkipped() throws {
        let campaign = ModelCampaign(
            model: Self.strict, seeds: [try seed(#"{"id": "x", "name": "a"}"#), try seed(Self.item)], seed: 1)
        #expect(campaign.skipped.map(\.reason) == ["the model rejects it: typeMismatch at $.id"])
        #expect(campaign.generator.seeds.count == 1)
    }

    @Test func findingsShrinkToTheSmallestSeedThatStillShowsThem() throws {
        let page = #"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}], "total": 3}"#
        let fuzzSeed = try seed(page)
        let campaign = ModelCampaign(
            model: .codable(LenientPage.self, name: "page"), seeds: [fuzzSeed], seed: 1, mutators: [.dropKey])
        let k = try #require(
            (0..<200).first { k in
                let (mutant, verdict) = campaign.evaluate(k)
                return verdict.outcome == .silentlyAccepted
                    && mutant.operation.path == [.key("items"), .index(1), .key("id")]
            })
        let (finding, expectation) = campaign.shrink(k)
        // items[0] and items[2] go (the path moves to items[0]); `total` and `name` are required.
        #expect(String(decoding: finding.bytes, as: UTF8.self) == #"{"items":[{"name":"b"}],"total":3}"#)
        #expect(finding.operation.path == [.key("items"), .index(0), .key("id")])
        #expect(finding.verdict.outcome == .silentlyAccepted)
        #expect(expectation.path == finding.operation.path)
        // {"items":[{"id":1,"name":"a"},{"name":"b"},{"id":3,"name":"c"}],"total":3}
        #expect(finding.originalSize == 74)
    }

    @Test func aSmallCampaignCountsEveryMutantOnce() throws {
        let campaign = ModelCampaign(model: Self.lenient, seeds: [try seed(#"{"id": 7, "name": "a"}"#)], seed: 3)
        let result = campaign.run(count: 500)
        #expect(result.tally.total.mutants == 500)
        #expect(result.tally.total.asExpected + result.tally.total.findingCount == 500)
        #expect(result.findings.allSatisfy { $0.operation.path == [.key("id")] }, "only id is lenient")
        #expect(result.tally.rows[.dropKey]?.findings[.silentlyAccepted] ?? 0 > 0)
    }

    @Test func expectationsSurviveTheirJSONForm() throws {
        let expectation = ModelExpectation(
            rejections: [.missingValue, .typeMismatch], path: [.key("a b"), .index(2), .key("c")],
            acceptable: true, ignoring: [[.key("x")]], rejectionsAbove: true)
        #expect(ModelExpectation(json: expectation.json()) == expectation)
        #expect(JSONPath.parse(#"$["a b"][2].c"#) == [.key("a b"), .index(2), .key("c")])
        #expect(JSONPath.parse("$.a[") == nil)
    }
}

/// An optional object that the fixture has as `null`.
struct Holder: Codable, Equatable {
    struct Inner: Codable, Equatable { var id: Int }
    var inner: Inner?
}

@Suite("Model campaigns: null in the fixture")
struct NullOriginalTests {
    @Test func anObjectInPlaceOfNullMayBeTheRealTypeAndFailInside() throws {
        // {} is the right kind for `inner`, so missingKey at $.inner.id is a correct rejection.
        let fuzzSeed = try seed(#"{"inner": null}"#)
        let campaign = ModelCampaign(model: .codable(Holder.self, name: "holder"), seeds: [fuzzSeed], seed: 1)
        let operation = try #require(
            MutationCatalogue.groups(.wrongType, of: fuzzSeed).joined().first {
                $0.variant == "to-object" && $0.path == [.key("inner")]
            })
        let result = try #require(campaign.attempt(operation, on: fuzzSeed))
        #expect(result.verdict.outcome == .rejectedAsExpected, "\(result.verdict)")
        #expect(result.verdict.seen == "rejected: missingKey at $.inner.id")
    }
}

@Suite("Decodable-only models and reports")
struct DecodableAndReportTests {
    struct OnlyDecodable: Decodable { var id: Int }

    @Test func aDecodableOnlyModelIsJudgedByWhatItDecoded() throws {
        let fuzzSeed = try seed(#"{"id": 1, "extra": true}"#)
        let campaign = ModelCampaign(model: .decodable(OnlyDecodable.self, name: "only"), seeds: [fuzzSeed], seed: 1)
        let drop = try #require(
            MutationCatalogue.groups(.dropKey, of: fuzzSeed).joined().first { $0.path == [.key("extra")] })
        // A member the model never reads: it decodes what it decoded from the seed.
        #expect(try #require(campaign.attempt(drop, on: fuzzSeed)).verdict.outcome == .lossless)
        let required = try #require(
            MutationCatalogue.groups(.dropKey, of: fuzzSeed).joined().first { $0.path == [.key("id")] })
        #expect(try #require(campaign.attempt(required, on: fuzzSeed)).verdict.outcome == .rejectedAsExpected)
    }

    struct Labels: Decodable {
        struct Label: Decodable { var name: String }
        var labels: [String: Label]
    }

    @Test func anEntryAddedToADictionaryOfRecordsMayLackTheirRequiredMembers() throws {
        // The injected entry is a value the model reads; as a `Label` it lacks `name`, and saying so
        // (missingKey below it) is a right rejection, not a misclassified one.
        let fuzzSeed = try seed(#"{"labels": {"a": {"name": "x"}}}"#)
        let campaign = ModelCampaign(model: .decodable(Labels.self, name: "labels"), seeds: [fuzzSeed], seed: 1)
        let add = try #require(
            MutationCatalogue.groups(.extraKey, of: fuzzSeed).joined().first { $0.path == [.key("labels")] })
        let verdict = try #require(campaign.attempt(add, on: fuzzSeed)).verdict
        #expect(verdict.outcome == .rejectedAsExpected, "\(verdict)")
    }

    /// A one-of object, as DynamoDB's attribute values are (`{"N": "1"}` or `{"S": "a"}`): the
    /// variant is the one key present.
    struct Tagged: Decodable {
        enum Value {
            case number(String)
            case string(String)
        }
        enum Keys: String, CodingKey {
            case n = "N"
            case s = "S"
        }
        var value: Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            guard container.allKeys.count == 1, let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: container.codingPath, debugDescription: "expected exactly one key"))
            }
            value =
                key == .n
                ? .number(try container.decode(String.self, forKey: .n))
                : .string(try container.decode(String.self, forKey: .s))
        }
    }

    struct Holding: Decodable { var id: Tagged }

    @Test func droppingAnObjectsOnlyMemberMayMakeTheObjectInvalid() throws {
        // `{}` has no variant: invalidValue at the object is a right rejection, as missingKey at the
        // member would be; elsewhere the rule stays.
        let fuzzSeed = try seed(#"{"id": {"N": "1"}}"#)
        let campaign = ModelCampaign(model: .decodable(Holding.self, name: "holding"), seeds: [fuzzSeed], seed: 1)
        for mutator in [Mutator.dropKey, .renameKey] {
            let operation = try #require(
                MutationCatalogue.groups(mutator, of: fuzzSeed).joined().first { $0.path == [.key("id"), .key("N")] })
            let verdict = try #require(campaign.attempt(operation, on: fuzzSeed)).verdict
            #expect(verdict.outcome == .rejectedAsExpected, "\(mutator): \(verdict)")
        }
        let dropID = try #require(
            MutationCatalogue.groups(.dropKey, of: fuzzSeed).joined().first { $0.path == [.key("id")] })
        let expectation = ModelExpectation.of(
            dropID, baseline: [], original: fuzzSeed.value["id"], parent: fuzzSeed.value)
        #expect(expectation.rejections == [.missingKey])
        #expect(ModelExpectation(json: expectation.json()) == expectation)
    }

    @Test func theTableHasARowPerMutatorThatRanAndATotal() {
        var tally = FuzzTally()
        tally.add(.truncate, .rejectedAsExpected)
        tally.add(.truncate, .rejectedAsExpected)
        tally.add(.null, .silentlyAccepted)
        tally.add(.null, .lossless)
        // Column widths: the longest cell of each column; names left-aligned, counts right-aligned.
        #expect(
            tally.table() == """
                mutator   mutants  as expected  misclassified  silently-accepted  crash  hang
                truncate        2            2              0                  0      0     0
                null            2            1              0                  1      0     0
                total           4            3              0                  1      0     0

                """)
        #expect(tally.total.findingCount == 1)
    }
}
