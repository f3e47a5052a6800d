import Testing
import WireCommands
import WireJSON

@testable import WireFuzz

/// Seeds whose objects have one name in two spellings — composed é (U+00E9) and e + U+0301, equal
/// as Swift strings, two names to JSON and to the strict validator — fuzz like any other seed.
@Suite("Exact names in fuzzing")
struct ExactNameFuzzTests {
    /// `{"café": 1, "café": 2}`, composed then decomposed.
    static let flat = "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
    /// The same pair one level down, with values of different shapes.
    static let nested = "{\"a\": {\"caf\u{E9}\": [1, 2], \"cafe\u{301}\": {\"x\": true}}}"

    @Test(arguments: [flat, nested])
    func aCampaignOverBothSpellingsRunsCleanly(text: String) throws {
        let generator = MutantGenerator(seeds: [try seed(text)], seed: 0)
        let result = ValidatorCampaign(generator: generator).run(count: 3_000)
        #expect(result.tally.total.mutants == 3_000)
        #expect(result.tally.total.asExpected == 3_000)
        #expect(result.findings.isEmpty, "\(result.findings.prefix(3).map { "\($0.operation): \($0.verdict.seen)" })")
    }

    @Test(arguments: [flat, nested])
    func everyCataloguedMutationAppliesToItsSeed(text: String) throws {
        let fuzzSeed = try seed(text)
        for mutator in Mutator.allCases {
            for operation in MutationCatalogue.groups(mutator, of: fuzzSeed).joined() {
                #expect(operation.apply(to: fuzzSeed) != nil, "\(operation)")
            }
        }
    }

    @Test func theSeedDoesNotRepeatAName() throws {
        #expect(!(try seed(Self.flat)).repeatsNames)
        #expect(!(try seed(Self.nested)).repeatsNames)
        #expect(
            try FuzzSeed(
                name: "r", bytes: Array("{\"cafe\u{301}\": 1, \"cafe\u{301}\": 2}".utf8),
                options: JSONParseOptions(allowDuplicateKeys: true)
            ).repeatsNames)
    }

    @Test func droppingOneSpellingKeepsTheOther() throws {
        let fuzzSeed = try seed(Self.flat)
        let drop = try #require(
            MutationCatalogue.groups(.dropKey, of: fuzzSeed).joined().first { $0.path == [.key("cafe\u{301}")] })
        let (bytes, expectation) = try #require(drop.apply(to: fuzzSeed))
        #expect(bytes == Array("{\"caf\u{E9}\":1}".utf8))
        #expect(expectation == .valid)
        let repeatComposed = try #require(
            MutationCatalogue.groups(.duplicateKey, of: fuzzSeed).joined().first { $0.path == [.key("caf\u{E9}")] })
        let (repeated, _) = try #require(repeatComposed.apply(to: fuzzSeed))
        #expect(repeated == Array("{\"caf\u{E9}\":1,\"caf\u{E9}\":1,\"cafe\u{301}\":2}".utf8))
    }
}

extension ExactNameFuzzTests {
    @Test func renamingsToEitherSpellingAreTwoOperations() {
        let composed = MutationOperation(
            mutator: .renameKey, path: [.key("x")], variant: "v", edit: .rename("caf\u{E9}"))
        let decomposed = MutationOperation(
            mutator: .renameKey, path: [.key("x")], variant: "v", edit: .rename("cafe\u{301}"))
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        let added = MutationOperation(
            mutator: .extraKey, path: .root, variant: "add", edit: .add(key: "caf\u{E9}", value: .null))
        #expect(
            added
                != MutationOperation(
                    mutator: .extraKey, path: .root, variant: "add", edit: .add(key: "cafe\u{301}", value: .null)))
        #expect(
            added
                == MutationOperation(
                    mutator: .extraKey, path: .root, variant: "add", edit: .add(key: "caf\u{E9}", value: .null)))
    }
}
