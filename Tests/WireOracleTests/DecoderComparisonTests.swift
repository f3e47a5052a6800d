import Foundation
import Testing
import WireDecoderOracle
import WireOracle

private typealias Key = DecodingErrorSummary.Key

private func dictKey(_ name: String) -> Key { Key(stringValue: name, intValue: nil, typeName: "_DictionaryCodingKey") }
private func structKey(_ name: String) -> Key { Key(stringValue: name, intValue: nil, typeName: "CodingKeys") }
private func error(_ errorCase: DecodingErrorSummary.Case, _ path: [Key], missing: Key? = nil, _ message: String = "")
    -> DecodeOutcome
{
    .error(DecodingErrorSummary(errorCase: errorCase, codingPath: path, missingKey: missing, message: message))
}

/// A reduction that must not be asked for.
private func noReduction(_ request: DictionaryReduction) -> DecodeOutcome? {
    Issue.record("the dictionary rule was consulted where it does not apply")
    return nil
}

@Suite("Decoder oracle: the comparison rule")
struct DecoderComparisonTests {
    @Test func equalCanonicalBytesAreTheSameValueAndOtherBytesAMismatch() {
        let a = DecodeOutcome.value(canonical: Array("{\"a\":1}".utf8))
        #expect(DecoderComparison.compare(legacy: a, candidate: a, reduced: noReduction) == .sameValue)
        let b = DecodeOutcome.value(canonical: Array("{\"a\":2}".utf8))
        #expect(DecoderComparison.compare(legacy: a, candidate: b, reduced: noReduction).isMismatch)
    }

    @Test func aValueAgainstAnErrorIsAMismatchEitherWay() {
        let value = DecodeOutcome.value(canonical: [1])
        let thrown = error(.dataCorrupted, [])
        #expect(DecoderComparison.compare(legacy: value, candidate: thrown, reduced: noReduction).isMismatch)
        #expect(DecoderComparison.compare(legacy: thrown, candidate: value, reduced: noReduction).isMismatch)
    }

    @Test func errorsWithTheSameCaseAndPathAreEqualWhateverTheirDescriptions() {
        let a = error(
            .typeMismatch, [structKey("records"), Key(stringValue: "Index 0", intValue: 0), structKey("id")], "x")
        let b = error(
            .typeMismatch, [structKey("records"), Key(stringValue: "Index 0", intValue: 0), structKey("id")], "y")
        #expect(DecoderComparison.compare(legacy: a, candidate: b, reduced: noReduction) == .sameError(.typeMismatch))
    }

    @Test(arguments: [
        ("another case", error(.valueNotFound, [structKey("a")])),
        ("another struct key", error(.typeMismatch, [structKey("b")])),
        ("a longer path", error(.typeMismatch, [structKey("a"), structKey("b")])),
        ("a shorter path", error(.typeMismatch, [])),
        ("the same string, another int", error(.typeMismatch, [Key(stringValue: "a", intValue: 1)])),
    ])
    func anyOtherErrorIsAMismatch(label: String, candidate: DecodeOutcome) {
        let legacy = error(.typeMismatch, [structKey("a")])
        #expect(
            DecoderComparison.compare(legacy: legacy, candidate: candidate, reduced: noReduction).isMismatch, "\(label)"
        )
    }

    @Test func keyNotFoundComparesTheMissingKey() {
        let a = error(.keyNotFound, [structKey("a")], missing: structKey("id"))
        let b = error(.keyNotFound, [structKey("a")], missing: structKey("name"))
        #expect(DecoderComparison.compare(legacy: a, candidate: b, reduced: noReduction).isMismatch)
        #expect(DecoderComparison.compare(legacy: a, candidate: a, reduced: noReduction) == .sameError(.keyNotFound))
    }

    @Test func differentDictionaryMembersAreEqualOnlyWhenJSONDecoderThrowsTheCandidatesErrorOnTheReducedInput() {
        let legacy = error(.typeMismatch, [structKey("scores"), dictKey("x")])
        let candidate = error(.typeMismatch, [structKey("scores"), dictKey("y")])
        var asked: [DictionaryReduction] = []
        let confirmed = DecoderComparison.compare(legacy: legacy, candidate: candidate) { request in
            asked.append(request)
            return candidate
        }
        #expect(confirmed == .sameErrorInHashOrder(.typeMismatch))
        #expect(asked == [DictionaryReduction(prefix: [structKey("scores")], edit: .keepOnly(dictKey("y")))])

        let otherPath = DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in
            error(.typeMismatch, [structKey("scores"), dictKey("z")])
        }
        #expect(otherPath.isMismatch)
        let decoded = DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in .value(canonical: []) }
        #expect(decoded.isMismatch)
        let unreducible = DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in nil }
        #expect(unreducible.isMismatch)
    }

    @Test func whenTheCandidateFailsAtTheDictionaryJSONDecodersFailingMembersAreTakenOutOneByOne() {
        let legacy = error(.typeMismatch, [dictKey("x")])
        let candidate = error(.dataCorrupted, [])
        var asked: [DictionaryReduction] = []
        let verdict = DecoderComparison.compare(legacy: legacy, candidate: candidate) { request in
            asked.append(request)
            return asked.count == 1 ? error(.typeMismatch, [dictKey("y")]) : candidate
        }
        #expect(verdict == .sameErrorInHashOrder(.dataCorrupted))
        #expect(
            asked == [
                DictionaryReduction(prefix: [], edit: .remove([dictKey("x")])),
                DictionaryReduction(prefix: [], edit: .remove([dictKey("x"), dictKey("y")])),
            ])
        // JSONDecoder decodes once the failing members are out: the candidate's error is not there.
        let decodes = DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in .value(canonical: []) }
        #expect(decodes.isMismatch)
        // A member that keeps failing is not taken out forever.
        var calls = 0
        let stuck = DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in
            calls += 1
            return error(.typeMismatch, [dictKey("m\(calls)")])
        }
        #expect(stuck.isMismatch)
        #expect(calls == DecoderComparison.maxRemovals)
    }

    @Test func aDataCorruptedErrorAtTheObjectIsCheckedAgainstTheCandidatesMember() {
        let legacy = error(.dataCorrupted, [structKey("scores")])
        let candidate = error(.typeMismatch, [structKey("scores"), dictKey("1e2")])
        let verdict = DecoderComparison.compare(legacy: legacy, candidate: candidate) { request in
            request == DictionaryReduction(prefix: [structKey("scores")], edit: .keepOnly(dictKey("1e2")))
                ? candidate : nil
        }
        #expect(verdict == .sameErrorInHashOrder(.typeMismatch))
        let typeMismatchAtObject = error(.typeMismatch, [structKey("scores")])
        #expect(
            DecoderComparison.compare(legacy: typeMismatchAtObject, candidate: candidate, reduced: noReduction)
                .isMismatch)
    }

    @Test func theDictionaryRuleNeedsADictionaryKeyInJSONDecodersPath() {
        let structFirst = error(.typeMismatch, [structKey("x")])
        #expect(
            DecoderComparison.compare(
                legacy: structFirst, candidate: error(.typeMismatch, [dictKey("y")]), reduced: noReduction
            )
            .isMismatch)
        // Hash order also decides between two members failing differently (a key that is no Int,
        // a null value): the reduced input decides.
        let legacy = error(.typeMismatch, [dictKey("1e2")])
        let candidate = error(.valueNotFound, [dictKey("177")])
        #expect(
            DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in candidate }
                == .sameErrorInHashOrder(.valueNotFound))
        #expect(
            DecoderComparison.compare(legacy: legacy, candidate: candidate) { _ in legacy }.isMismatch)
        // Foundation's _CodingKey names a [String: T] member, and an index too: an index never counts.
        let index = error(.typeMismatch, [Key(stringValue: "Index 0", intValue: 0, typeName: "_CodingKey")])
        let otherIndex = error(.typeMismatch, [Key(stringValue: "Index 1", intValue: 1, typeName: "_CodingKey")])
        #expect(DecoderComparison.compare(legacy: index, candidate: otherIndex, reduced: noReduction).isMismatch)
    }

    @Test func summariesKeepCaseKeysAndTheMissingKey() throws {
        struct Model: Decodable { var id: Int }
        let thrown = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Model].self, from: Data(#"[{"id":1},{}]"#.utf8))
        }
        let summary = DecodingErrorSummary(try #require(thrown))
        #expect(summary.errorCase == .keyNotFound)
        #expect(summary.codingPath == [Key(stringValue: "Index 1", intValue: 1)])
        #expect(summary.missingKey == Key(stringValue: "id", intValue: nil))
        #expect(summary.pathText == "[1]")
    }
}

/// The resampling form of the dictionary rule, on hand-made outcomes.
@Suite("Decoder oracle: the resampling rule")
struct DecoderResamplingTests {
    static let unsure = DecoderVerdict.mismatch(reason: "paths part at a dictionary")

    static func error(_ errorCase: DecodingErrorSummary.Case, at path: [String]) -> DecodeOutcome {
        .error(
            DecodingErrorSummary(
                errorCase: errorCase,
                codingPath: path.map {
                    DecodingErrorSummary.Key(stringValue: $0, intValue: nil, typeName: "_DictionaryCodingKey")
                },
                missingKey: nil, message: ""))
    }

    @Test func aCandidateErrorThatJSONDecoderAlsoThrowsIsForgiven() {
        var runs = 0
        let candidate = Self.error(.dataCorrupted, at: [])
        let verdict = DecoderComparison.confirmByResampling(Self.unsure, candidate: candidate) {
            runs += 1
            return runs < 3 ? Self.error(.typeMismatch, at: ["105"]) : candidate
        }
        #expect(verdict == .sameErrorInHashOrder(.dataCorrupted))
        #expect(runs == 3)
    }

    @Test func anErrorJSONDecoderNeverThrowsStaysAMismatch() {
        var runs = 0
        let verdict = DecoderComparison.confirmByResampling(Self.unsure, candidate: Self.error(.dataCorrupted, at: []))
        {
            runs += 1
            return Self.error(.typeMismatch, at: ["105"])
        }
        #expect(verdict == Self.unsure)
        #expect(runs == DecoderComparison.resamples)
    }

    @Test func aValueOrAnAgreementIsLeftAlone() {
        let value = DecodeOutcome.value(canonical: Array("1".utf8))
        #expect(DecoderComparison.confirmByResampling(Self.unsure, candidate: value) { value } == Self.unsure)
        #expect(DecoderComparison.confirmByResampling(.sameValue, candidate: value) { value } == .sameValue)
    }
}
