import Testing
import WireCommands
import WireJSON

@testable import WireFuzz

/// Each mutator's mutants and expected verdicts, worked out by hand on small documents, and then
/// checked against the validator.
@Suite("Mutator expectations")
struct MutatorExpectationTests {
    static let document = #"{"id": 7, "name": "Ab", "tags": ["x"]}"#

    /// The operations of one mutator on `text`, applied, by "variant path".
    func mutants(_ mutator: Mutator, _ text: String = document, maxDepth: Int = 512) throws -> [String: (
        String, ValidatorExpectation
    )] {
        let fuzzSeed = try seed(text)
        var out: [String: (String, ValidatorExpectation)] = [:]
        for group in MutationCatalogue.groups(mutator, of: fuzzSeed) {
            for operation in group {
                let (bytes, expectation) = try #require(operation.apply(to: fuzzSeed, maxDepth: maxDepth))
                let key =
                    operation.offset.map { "\(operation.variant) \($0)" } ?? "\(operation.variant) \(operation.path)"
                out[key] = (String(decoding: bytes, as: UTF8.self), expectation)
                var options = JSONParseOptions.strict
                options.maxDepth = maxDepth
                let check = ValidatorCheck(options: options)
                let mutant = Mutant(
                    index: 0, seedName: "inline", seedIndex: 0, operation: operation, bytes: bytes,
                    expectation: expectation)
                #expect(check.mismatch(mutant) == nil, "\(key)")
            }
        }
        return out
    }

    static func invalid(_ kind: JSONSyntaxError.Kind, at offset: Int) -> ValidatorExpectation {
        .invalid(kinds: [kind], offsets: offset...offset)
    }

    @Test func truncationsCutTheOriginalBytesAndAreRejectedAtTheCut() throws {
        // {"a":"é\n"}: { " a " : " é(2 bytes) \ n " }
        // 0 1 2 3 4 5 6,7   8 9   10 11
        let all = try mutants(.truncate, "{\"a\":\"\u{e9}\\n\"}")
        #expect(all.count == 11)
        #expect(all["cut-in-boundary 1"]?.0 == "{")
        #expect(all["cut-in-string 2"]?.1 == Self.invalid(.unexpectedEndOfInput, at: 2))
        #expect(all["cut-in-utf8 7"]?.1 == Self.invalid(.invalidUTF8, at: 7))
        #expect(all["cut-in-escape 9"]?.0 == "{\"a\":\"\u{e9}\\")
        #expect(all["cut-in-escape 9"]?.1 == Self.invalid(.unexpectedEndOfInput, at: 9))
        #expect(all["cut-in-string 10"]?.1 == Self.invalid(.unexpectedEndOfInput, at: 10))
        #expect(all["cut-in-boundary 11"]?.0 == "{\"a\":\"\u{e9}\\n\"")
        #expect(all.keys.contains("cut-in-boundary 12") == false, "the whole document is not a truncation")
    }

    @Test func truncationsInsideNumbersAndLiterals() throws {
        let all = try mutants(.truncate, "[12, true]")
        #expect(all["cut-in-number 2"]?.0 == "[1")
        #expect(all["cut-in-number 2"]?.1 == Self.invalid(.unexpectedEndOfInput, at: 2))
        #expect(all["cut-in-literal 7"]?.0 == "[12, tr")
        #expect(all["cut-in-literal 7"]?.1 == Self.invalid(.unexpectedEndOfInput, at: 7))
    }

    @Test func aCutAfterABackslashIsAnEndOfInputNotABadEscape() {
        // Found by the fuzzer: this used to be reported as "invalid escape '\the end of the input'".
        let error = JSONValidator().validate(Array(#"["a\"#.utf8)).errors.first
        #expect(error?.kind == .unexpectedEndOfInput)
        #expect(error?.location.offset == 4)
        #expect(error?.reason == "unexpected end of input inside a string escape")
    }

    @Test func wrongTypeReplacesEachValueWithEveryOtherKind() throws {
        let all = try mutants(.wrongType)
        #expect(all["to-string $.id"]?.0 == #"{"id":"wirelock","name":"Ab","tags":["x"]}"#)
        #expect(all["to-number $.name"]?.0 == #"{"id":7,"name":7,"tags":["x"]}"#)
        #expect(all["to-object $.tags"]?.0 == #"{"id":7,"name":"Ab","tags":{}}"#)
        #expect(all["to-bool $.tags[0]"]?.0 == #"{"id":7,"name":"Ab","tags":[true]}"#)
        #expect(all["to-array $"]?.0 == "[]")
        #expect(all["to-number $.id"] == nil, "never the same kind")
        #expect(all.values.allSatisfy { $0.1 == .valid })
        // 5 values x 5 kinds, minus the one kind each already has.
        #expect(all.count == 5 * 4)
    }

    @Test func dropRenameNullAndExtra() throws {
        let dropped = try mutants(.dropKey)
        #expect(dropped["drop $.name"]?.0 == #"{"id":7,"tags":["x"]}"#)
        #expect(dropped.count == 3)
        let renamed = try mutants(.renameKey)
        #expect(renamed["first-letter-case $.id"]?.0 == #"{"Id":7,"name":"Ab","tags":["x"]}"#)
        #expect(
            MutationCatalogue.renamings(of: "originalTitle").map(\.0) == [
                "OriginalTitle", "originaltitle", "original_title",
            ])
        #expect(MutationCatalogue.renamings(of: "release_date").map(\.0) == ["Release_date", "releaseDate"])
        let nulls = try mutants(.null)
        #expect(nulls["null $.tags[0]"]?.0 == #"{"id":7,"name":"Ab","tags":[null]}"#)
        #expect(nulls["null $"]?.0 == "null")
        let extra = try mutants(.extraKey)
        #expect(
            extra["add $"]?.0
                == #"{"id":7,"name":"Ab","tags":["x"],"wirelockFuzzExtra":{"note":"a member no model knows","values":[1,2.5,null]}}"#
        )
        for all in [dropped, renamed, nulls, extra] { #expect(all.values.allSatisfy { $0.1 == .valid }) }
    }

    @Test func duplicateKeysAreRejectedAtTheSecondName() throws {
        let all = try mutants(.duplicateKey)
        // {"id":7,"id":7,...: the second "id" starts at byte 8.
        #expect(all["repeat $.id"]?.0 == #"{"id":7,"id":7,"name":"Ab","tags":["x"]}"#)
        #expect(all["repeat $.id"]?.1 == Self.invalid(.duplicateKey, at: 8))
        // {"id":7,"name":"Ab","tags":["x"],"tags":[...: "name" is bytes 8-13, "Ab" 15-18, "tags" 20-25,
        // ["x"] 27-31, so the second "tags" starts at byte 33.
        #expect(all["repeat $.tags"]?.1 == Self.invalid(.duplicateKey, at: 33))
    }

    @Test func numbers() throws {
        let all = try mutants(.numbers)
        #expect(all["2^63 $.id"]?.0 == #"{"id":9223372036854775808,"name":"Ab","tags":["x"]}"#)
        #expect(all["-2^63-1 $.id"]?.0 == #"{"id":-9223372036854775809,"name":"Ab","tags":["x"]}"#)
        #expect(all["1e309 $.id"]?.1 == .valid)
        #expect(all["-0 $.id"]?.0 == #"{"id":-0,"name":"Ab","tags":["x"]}"#)
        #expect(all["1.5-for-integer $.id"]?.0 == #"{"id":1.5,"name":"Ab","tags":["x"]}"#)
        // {"id":01: the 1 after the leading zero is byte 7.
        #expect(all["leading-zero $.id"]?.1 == Self.invalid(.invalidNumber, at: 7))
        // No 1.5 where the number is not an integer, and no variant equal to the original.
        let fractional = try mutants(.numbers, "[1.5, -0]")
        #expect(fractional["1.5-for-integer $[0]"] == nil)
        #expect(fractional["-0 $[1]"] == nil)
    }

    @Test func strings() throws {
        let all = try mutants(.strings)
        #expect(all["empty $.name"]?.0 == #"{"id":7,"name":"","tags":["x"]}"#)
        #expect(all["escapes $.name"]?.1 == .valid)
        // {"id":7,"name":"a\ud800b": the opening quote is byte 15, the backslash byte 17.
        #expect(all["lone-surrogate $.name"]?.1 == Self.invalid(.loneSurrogate, at: 17))
        #expect(all["invalid-utf8 $.name"]?.1 == Self.invalid(.invalidUTF8, at: 17))
        #expect(all["control-character $.name"]?.1 == Self.invalid(.controlCharacter, at: 17))
        #expect(all["1MiB $.name"].map { $0.0.utf8.count > 1 << 20 } == true, "the first string gets the huge one")
        #expect(all["1MiB $.tags[0]"] == nil, "only the first string")
    }

    @Test func depthGoesOneLevelPastTheLimit() throws {
        let all = try mutants(.depth, maxDepth: 4)
        // $.tags is at depth 1 (inside the root object), so 3 more levels fit and the 4th bracket
        // of the splice, which starts at byte 27, is one too deep: byte 30.
        #expect(all["nest-past-limit $.tags"]?.0 == #"{"id":7,"name":"Ab","tags":[[[[]]]]}"#)
        #expect(all["nest-past-limit $.tags"]?.1 == Self.invalid(.nestingTooDeep, at: 30))
        #expect(all["nest-past-limit $"]?.1 == Self.invalid(.nestingTooDeep, at: 4))
    }

    @Test func emptyBodies() throws {
        let all = try mutants(.emptyBody)
        #expect(all["empty $"]?.0 == "")
        #expect(all["empty $"]?.1 == Self.invalid(.emptyInput, at: 0))
        #expect(all["whitespace $"]?.1 == Self.invalid(.emptyInput, at: 6))
    }

    @Test func everyFixtureMutantMeetsItsExpectation() throws {
        let seeds = try ["API/v3/calendar-success.json", "API/v3/error-429.json", "API/v3/series-success.json"].map(
            fixtureSeed)
        let generator = MutantGenerator(seeds: seeds, seed: 7)
        let check = ValidatorCheck()
        let problems = (0..<6000).compactMap { k -> String? in
            let mutant = generator.mutant(k)
            return check.mismatch(mutant).map { "\(k) \(mutant.operation): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
