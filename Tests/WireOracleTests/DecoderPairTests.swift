import Foundation
import Testing
import WireDecoderOracle
import WireOracle

private struct Pairing: Codable, Equatable {
    var a: Int
    var b: Int
}

/// `JSONDecoder`, its error rewritten: the coding path of every typeMismatch becomes `["b"]`.
private func misplacingCandidate(_ bytes: [UInt8]) -> DecodeOutcome {
    do {
        let value = try JSONDecoder().decode(Pairing.self, from: Data(bytes))
        return .value(canonical: Array("\(value.a),\(value.b)".utf8))
    } catch {
        var summary = DecodingErrorSummary(error)
        if summary.errorCase == .typeMismatch { summary.codingPath = [.init(stringValue: "b", intValue: nil)] }
        return .error(summary)
    }
}

private func legacyPairing(_ bytes: [UInt8]) -> DecodeOutcome {
    DecodeOutcome(decoding: { try JSONDecoder().decode(Pairing.self, from: Data(bytes)) }) {
        Array("\($0.a),\($0.b)".utf8)
    }
}

@Suite("Decoder oracle: pairs and runs")
struct DecoderPairTests {
    @Test func aCandidateThatDecodesAnotherValueIsReported() {
        let pair = DecoderPair(
            name: "off by one", legacy: legacyPairing,
            candidate: { bytes in
                DecodeOutcome(decoding: { try JSONDecoder().decode(Pairing.self, from: Data(bytes)) }) {
                    Array("\($0.a + 1),\($0.b)".utf8)
                }
            })
        let check = pair.check(Array(#"{"a":1,"b":2}"#.utf8))
        #expect(check.verdict == .mismatch(reason: "the values differ"))
        #expect(check.legacy == .value(canonical: Array("1,2".utf8)))
        #expect(check.candidate == .value(canonical: Array("2,2".utf8)))
    }

    @Test func aCandidateThatThrowsAtAnotherPathIsReportedAndTheRightPathIsNot() {
        let pair = DecoderPair(name: "misplacing", legacy: legacyPairing, candidate: misplacingCandidate)
        // JSONDecoder fails at "a" (the first member Pairing reads); the candidate says "b".
        #expect(pair.check(Array(#"{"a":"x","b":"y"}"#.utf8)).verdict.isMismatch)
        // Here both say "b": no mismatch.
        #expect(pair.check(Array(#"{"a":1,"b":"y"}"#.utf8)).verdict == .sameError(.typeMismatch))
    }

    @Test func aRunCountsEveryVerdictAndKeepsTheMismatchesInInputOrder() {
        let pair = DecoderPair(name: "misplacing", legacy: legacyPairing, candidate: misplacingCandidate)
        let inputs = [
            #"{"a":1,"b":2}"#, #"{"a":"x","b":2}"#, #"{"a":1}"#, #"{"a":1,"b":"y"}"#, #"{}"#, #"{"a":[],"b":0}"#,
        ]
        let corpus = inputs.enumerated().map { DecoderInput(target: 0, bytes: Array($1.utf8), origin: "input \($0)") }
        let report = DecoderOracle(targets: [DecoderTarget(name: "pairing", pairs: [pair])], blockSize: 2).run(corpus)
        #expect(report.inputs == 6)
        #expect(report.compared == 6)
        #expect(report.valuesEqual == 1)
        #expect(report.errorsEqual == [.keyNotFound: 2, .typeMismatch: 1])
        #expect(report.mismatched == 2)
        #expect(report.mismatches.map(\.index) == [1, 5])
        #expect(report.mismatches.first?.origin == "input 1")
        #expect(report.mismatches.first?.input == Array(#"{"a":"x","b":2}"#.utf8))
        #expect(!report.isClean)
    }

    /// `JSONDecoder` itself as the legacy, a candidate that reports a chosen dictionary member.
    private func dictionaryPair(candidateKey: String) -> DecoderPair {
        DecoderPair(
            name: "[String: Int]",
            legacy: { bytes in
                DecodeOutcome(decoding: { try JSONDecoder().decode([String: Int].self, from: Data(bytes)) }) {
                    Array($0.sorted { $0.key < $1.key }.description.utf8)
                }
            },
            candidate: { _ in
                .error(
                    DecodingErrorSummary(
                        errorCase: .typeMismatch,
                        codingPath: [.init(stringValue: candidateKey, intValue: nil, typeName: "_DictionaryCodingKey")])
                )
            })
    }

    @Test func theDictionaryRuleAcceptsEitherBadMemberAndRejectsAGoodOne() {
        let input = Array(#"{"x":"a","ok":1,"y":"b"}"#.utf8)
        for key in ["x", "y"] {
            let verdict = dictionaryPair(candidateKey: key).check(input).verdict
            // Which of x and y JSONDecoder names is hash order; either is fine, by the rule.
            #expect(verdict == .sameError(.typeMismatch) || verdict == .sameErrorInHashOrder(.typeMismatch), "\(key)")
        }
        #expect(dictionaryPair(candidateKey: "ok").check(input).verdict.isMismatch)
        #expect(dictionaryPair(candidateKey: "missing").check(input).verdict.isMismatch)
    }

    @Test func theDictionaryRuleFindsNestedDictionariesUnderSnakeCaseKeys() {
        var strategies = DecoderStrategies(name: "snake")
        strategies.keys = .convertFromSnakeCase
        struct Outer: Codable { var innerScores: [String: Int] }
        let legacyDecoder = strategies.legacyDecoder()
        let pair = DecoderPair(
            name: "Outer", strategies: strategies,
            legacy: { bytes in
                DecodeOutcome(decoding: { try legacyDecoder.decode(Outer.self, from: Data(bytes)) }) { _ in [] }
            },
            candidate: { _ in
                .error(
                    DecodingErrorSummary(
                        errorCase: .typeMismatch,
                        codingPath: [
                            .init(stringValue: "innerScores", intValue: nil, typeName: "CodingKeys"),
                            // JSONDecoder leaves the member names of a [String: T] as they are,
                            // even under convertFromSnakeCase (pinned by the legacy's own path).
                            .init(stringValue: "b_b", intValue: nil, typeName: "_CodingKey"),
                        ]))
            })
        let input = Array(#"{"inner_scores":{"a_a":"1","b_b":"2","c":3}}"#.utf8)
        let verdict = pair.check(input).verdict
        #expect(verdict == .sameError(.typeMismatch) || verdict == .sameErrorInHashOrder(.typeMismatch), "\(verdict)")
    }

    @Test func canonicalBytesTellMinusZeroFromZeroAndKeepDatesExact() throws {
        let pair = DecoderPair.codable([Double].self, name: "[Double]")
        let check = pair.check(Array("[-0.0, 0]".utf8))
        #expect(check.verdict == .sameValue)
        guard case .value(let bytes) = check.legacy else {
            Issue.record("[-0.0, 0] did not decode: \(check.legacy)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "[-0,0]")
        let encoder = DecoderPair.canonicalEncoder()
        let a = try encoder.encode([Date(timeIntervalSinceReferenceDate: 0.123)])
        let b = try encoder.encode([Date(timeIntervalSinceReferenceDate: 0.1229999999)])
        #expect(a != b)
        #expect(try encoder.encode([Double.nan, .infinity]) == Data(#"["NaN","+Infinity"]"#.utf8))
    }

    @Test func anyJSONTakesEveryKindAndComparesDoublesByBits() throws {
        let value = try JSONDecoder().decode(AnyJSON.self, from: Data(#"{"a":[1,2.5,null,true,"s",{}],"b":-0.0}"#.utf8))
        #expect(
            value
                == .object([
                    "a": .array([.int(1), .double(2.5), .null, .bool(true), .string("s"), .object([:])]),
                    // JSONDecoder reads -0.0 as the Int 0, and AnyJSON tries Int first.
                    "b": .int(0),
                ]))
        #expect(AnyJSON.double(-0.0) != AnyJSON.double(0.0))
        #expect(AnyJSON.double(-0.0).canonicalBytes != AnyJSON.double(0.0).canonicalBytes)
    }
}

/// The value form of the dictionary rule: names that become one `Int` key.
@Suite("Decoder oracle: colliding dictionary keys")
struct CollidingKeyTests {
    static func rendering(_ value: [[Int: String]]) -> [UInt8] {
        Array(value.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }.description.utf8)
    }

    /// `JSONDecoder`, except that on an input where `"01"` and `"1"` collide it answers as if it had
    /// visited `"01"` last (the hash order it takes in some processes), so the test does not
    /// depend on this process's hash seed.
    static func legacy(_ bytes: [UInt8]) -> DecodeOutcome {
        if String(decoding: bytes, as: UTF8.self).contains(#""01""#) {
            return .value(canonical: rendering([[1: "a"], [2: "x"]]))
        }
        return DecodeOutcome(decoding: { try JSONDecoder().decode([[Int: String]].self, from: Data(bytes)) }) {
            rendering($0)
        }
    }

    static func pair(answering value: [[Int: String]]) -> DecoderPair {
        DecoderPair(name: "[[Int: String]]", legacy: legacy, candidate: { _ in .value(canonical: rendering(value)) })
    }

    static let input = Array(#"[{"01":"a", "1" : "b"},{"2":"x"}]"#.utf8)

    @Test func theLastOfTheCollidingMembersIsOneOfJSONDecodersAnswers() {
        #expect(Self.pair(answering: [[1: "b"], [2: "x"]]).check(Self.input).verdict == .sameValueInHashOrder)
    }

    @Test func anotherValueStaysAMismatch() {
        // "c" is nobody's member; [1: "a"] with the other element changed is not the edit's answer either.
        #expect(Self.pair(answering: [[1: "c"], [2: "x"]]).check(Self.input).verdict.isMismatch)
        #expect(Self.pair(answering: [[1: "b"], [2: "y"]]).check(Self.input).verdict.isMismatch)
    }

    @Test func withoutCollidingNamesNothingIsForgiven() {
        let input = Array(#"[{"1":"b"},{"2":"x"}]"#.utf8)
        #expect(
            Self.pair(answering: [[1: "c"], [2: "x"]]).check(input).verdict == .mismatch(reason: "the values differ"))
    }

    @Test func theRuleIsCountedApartInTheReport() {
        let target = DecoderTarget(name: "t", pairs: [Self.pair(answering: [[1: "b"], [2: "x"]])])
        let report = DecoderOracle(targets: [target]).run([DecoderInput(target: 0, bytes: Self.input, origin: "input")])
        #expect(report.valuesEqual == 1)
        #expect(report.hashOrderValues == 1)
        #expect(report.mismatched == 0)
    }
}
