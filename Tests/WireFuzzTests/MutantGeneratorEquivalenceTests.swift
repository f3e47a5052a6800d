import Testing
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// The generator counts mutations instead of listing them, finds the ones a mutant needs a batch at
/// a time (tracing the shuffle back instead of shuffling every group), and writes structural
/// mutants by splicing the seed's compact bytes instead of rewriting its tree. Campaigns must be
/// exactly what they were: the previous generator, catalogue and writer are kept below, unchanged
/// but for names, and compared mutant by mutant.
@Suite("Mutant generator, equivalence with the previous one")
struct MutantGeneratorEquivalenceTests {
    static let fixtures = [
        "API/v3/calendar-success.json", "API/v3/error-404.json", "API/v3/movies-success.json",
        "API/v3/series-success.json", "API/v3/sync-record-future-kind.json",
    ]

    /// Small batches, so that the fixtures go through the batched path (and its forgetting) too.
    static let tiny = Dealer.Batching(whole: 8, first: 4, largest: 16)

    static func compare(
        _ seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator] = Mutator.allCases, count: Int,
        batching: Dealer.Batching, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reference = _ReferenceMutantGenerator(seeds: seeds, seed: seed, mutators: mutators)
        let generator = MutantGenerator(seeds: seeds, seed: seed, mutators: mutators, maxDepth: 512, batching: batching)
        #expect(generator.productiveSeeds == reference.productiveSeeds, sourceLocation: sourceLocation)
        #expect(generator.distinctMutations == reference.distinctMutations, sourceLocation: sourceLocation)
        guard !reference.isEmpty else { return }
        var mismatches = 0
        for k in 0..<count where mismatches < 5 {
            let expected = reference.mutant(k)
            let actual = generator.mutant(k)
            if expected.operation != actual.operation || expected.bytes != actual.bytes
                || expected.expectation != actual.expectation
            {
                mismatches += 1
                Issue.record(
                    "mutant \(k): expected \(expected.operation) \(expected.expectation), got \(actual.operation) \(actual.expectation)\(expected.bytes == actual.bytes ? "" : " (bytes differ)")",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// 1,500 mutants a campaign under the full `WIRELOCK_TEST_SCALE` (CI), 150 under the quick one.
    @Test(.tags(.heavy), arguments: [7, 8, 1234])
    func fixtureCampaignsAreUnchanged(seed: UInt64) throws {
        let seeds = try Self.fixtures.map(fixtureSeed)
        let count = TestScale.current.count(1_500)
        Self.compare(seeds, seed: seed, count: count, batching: .standard)
        Self.compare(seeds, seed: seed, count: count, batching: Self.tiny)
    }

    @Test func singleMutatorCampaignsAreUnchanged() throws {
        let seeds = try Self.fixtures.map(fixtureSeed)
        for mutator in Mutator.allCases {
            Self.compare(seeds, seed: 3, mutators: [mutator], count: 300, batching: Self.tiny)
        }
    }

    /// 400 mutants a campaign under the full `WIRELOCK_TEST_SCALE` (CI), 40 under the quick one.
    @Test(.tags(.heavy), arguments: 0..<40)
    func randomSeedCampaignsAreUnchanged(index: Int) throws {
        var rng = SplitMix64(seed: UInt64(index))
        let seeds = try (0..<(1 + rng.next(below: 3))).map { _ in
            try FuzzSeed(name: "random", bytes: Array(RandomDocument.text(&rng).utf8))
        }
        Self.compare(
            seeds, seed: UInt64(index), count: TestScale.current.count(400),
            batching: index % 2 == 0 ? .standard : Self.tiny)
    }

    @Test func seedsWithRepeatedNamesAreUnchanged() throws {
        let options = JSONParseOptions(allowDuplicateKeys: true)
        let seeds = [
            try FuzzSeed(
                name: "a", bytes: Array(#"{"id": 1, "id": {"x": [1, 2]}, "tags": ["a", {"k": 1, "k": 2}]}"#.utf8),
                options: options),
            try FuzzSeed(
                name: "b", bytes: Array(#"[{"a": 1, "a": 1}, {"b": {"c": null, "c": "x"}}]"#.utf8), options: options),
            // Two spellings of é: different bytes (strict JSON accepts both), one name to Swift.
            // (Scalars: a path into one of them would reach the other, whose value has no such
            // path, and the generator has no mutant there.)
            try FuzzSeed(name: "c", bytes: Array("{\"\u{E9}\": 1, \"e\u{301}\": \"x\"}".utf8)),
        ]
        Self.compare(seeds, seed: 5, count: 600, batching: Self.tiny)
    }

    /// A seed large enough that its truncation groups are traced, not shuffled (more than 65,536
    /// cuts in a group): the first mutants of the campaign are those of the full shuffle.
    @Test func aLargeSeedsTracedShuffleMatchesTheFullOne() throws {
        var rng = SplitMix64(seed: 99)
        let text = "[" + (0..<12_000).map { _ in RandomDocument.text(&rng) }.joined(separator: ",") + "]"
        let large = try FuzzSeed(name: "large", bytes: Array(text.utf8))
        let sizes = try #require(MutationCatalogue.groupSizes([.truncate], of: large)[.truncate])
        #expect(sizes.max()! > 65_536, "the largest truncation group must be traced: \(sizes)")
        Self.compare([large], seed: 11, mutators: [.truncate, .wrongType, .strings], count: 120, batching: .standard)
    }

    @Test func theShuffleTraceFindsWhereEveryPositionCameFrom() {
        for (count, start) in [(70_000, UInt64(1)), (100_003, UInt64.max), (65_537, 0x1234_5678)] {
            var rng = SplitMix64(seed: start)
            let order = Array(0..<count).shuffled(with: &rng)
            let positions = [0, 1, 2, count / 2, count - 2, count - 1] + (0..<50).map { ($0 * 7_919) % count }
            let traced = Shuffle.originals(count: count, start: start, positions: positions)
            #expect(positions.allSatisfy { traced[$0] == order[$0] }, "count \(count)")
        }
    }

    @Test func theGeneratorsStateGrowsByItsIncrementPerDraw() {
        var rng = SplitMix64(seed: 42)
        _ = rng.next()
        _ = rng.next(below: 10)
        #expect(rng.state == 42 &+ 2 &* SplitMix64.increment)
    }
}

/// Random small documents as text (pretty or compact, with escapes and multi-byte characters), for
/// seeds whose bytes are not what the compact writer would make.
enum RandomDocument {
    static let names = ["id", "title", "tags", "é", "😀", "a b", "next", "year"]
    static let strings = [#""plain""#, #""q\"uote""#, #""tab\t""#, #""\u00e9""#, "\"猫\"", "\"😀\"", #""""#]
    static let numbers = ["0", "-1", "42", "1.5", "1e3", "-0", "12345678901234567890"]

    static func text(_ rng: inout SplitMix64, depth: Int = 0) -> String {
        let space = rng.next(below: 2) == 0 ? "" : " "
        switch rng.next(below: depth >= 3 ? 4 : 6) {
        case 0: return ["null", "true", "false"][rng.next(below: 3)]
        case 1: return numbers[rng.next(below: numbers.count)]
        case 2, 3: return strings[rng.next(below: strings.count)]
        case 4:
            return "["
                + (0..<rng.next(below: 4)).map { _ in space + text(&rng, depth: depth + 1) }.joined(separator: ",")
                + "]"
        default:
            var used = Set<String>()
            var members: [String] = []
            for _ in 0..<rng.next(below: 5) {
                let name = names[rng.next(below: names.count)]
                guard used.insert(name).inserted else { continue }
                members.append("\n" + space + "\"\(name)\":" + space + text(&rng, depth: depth + 1))
            }
            return "{" + members.joined(separator: ",") + "\n}"
        }
    }
}

// MARK: - The previous generator, catalogue and writer, unchanged but for names.

enum _ReferenceCatalogue {
    typealias Operation = MutationOperation

    static func groups(_ mutator: Mutator, of seed: FuzzSeed) -> [[Operation]] {
        let paths = seed.value.allPaths()
        switch mutator {
        case .truncate:
            let cuts = TruncationPoints.cuts(of: seed.bytes)
            return TruncationPlace.allCases.map { place in
                cuts.filter { $0.place == place }.map {
                    Operation(mutator: .truncate, path: .root, variant: "cut-in-\(place.rawValue)", edit: .truncate($0))
                }
            }
        case .wrongType:
            return MutationCatalogue.wrongTypeValues.map { name, replacement in
                paths.filter { $0.value.kindName != replacement.kindName }
                    .map { Operation(mutator: .wrongType, path: $0.path, variant: name, edit: .replace(replacement)) }
            }
        case .dropKey:
            return [memberPaths(paths).map { Operation(mutator: .dropKey, path: $0, variant: "drop", edit: .remove) }]
        case .renameKey:
            return [
                memberPaths(paths).flatMap { path -> [Operation] in
                    guard case .key(let key)? = path.components.last else { return [] }
                    return MutationCatalogue.renamings(of: key).map { name, variant in
                        Operation(mutator: .renameKey, path: path, variant: variant, edit: .rename(name))
                    }
                }
            ]
        case .null:
            return [
                paths.filter { $0.value != .null }.map {
                    Operation(mutator: .null, path: $0.path, variant: "null", edit: .replace(.null))
                }
            ]
        case .duplicateKey:
            return [
                memberPaths(paths).map {
                    Operation(mutator: .duplicateKey, path: $0, variant: "repeat", edit: .splice(.duplicateMember))
                }
            ]
        case .extraKey:
            return [
                paths.filter { if case .object = $0.value { return true } else { return false } }.map {
                    Operation(
                        mutator: .extraKey, path: $0.path, variant: "add",
                        edit: .add(key: MutationCatalogue.extraKey, value: MutationCatalogue.extraValue))
                }
            ]
        case .numbers:
            return [
                paths.flatMap { entry -> [Operation] in
                    guard case .number(let number) = entry.value else { return [] }
                    return MutationCatalogue.numberVariants(for: number).map {
                        Operation(mutator: .numbers, path: entry.path, variant: $0.0, edit: $0.1)
                    }
                }
            ]
        case .strings:
            let stringPaths = paths.filter { if case .string = $0.value { return true } else { return false } }
            return [
                stringPaths.enumerated().flatMap { i, entry -> [Operation] in
                    guard case .string(let text) = entry.value else { return [] }
                    return MutationCatalogue.stringVariants(for: text, includeHuge: i == 0).map {
                        Operation(mutator: .strings, path: entry.path, variant: $0.0, edit: $0.1)
                    }
                }
            ]
        case .depth:
            return [
                paths.filter { entry in
                    switch entry.value {
                    case .array, .object: true
                    default: false
                    }
                }.map { Operation(mutator: .depth, path: $0.path, variant: "nest-past-limit", edit: .splice(.nesting)) }
            ]
        case .emptyBody:
            return [
                [
                    Operation(
                        mutator: .emptyBody, path: .root, variant: "empty",
                        edit: .body([], kinds: [.emptyInput], offsets: 0...0)),
                    Operation(
                        mutator: .emptyBody, path: .root, variant: "whitespace",
                        edit: .body(Array(" \n\t \r\n".utf8), kinds: [.emptyInput], offsets: 6...6)),
                ]
            ]
        }
    }

    private static func memberPaths(_ paths: [(path: JSONPath, value: JSONValue)]) -> [JSONPath] {
        paths.compactMap { entry in
            if case .key? = entry.path.components.last { return entry.path }
            return nil
        }
    }

}

enum _ReferenceApply {
    static func apply(_ operation: MutationOperation, to seed: FuzzSeed, maxDepth: Int) -> (
        bytes: [UInt8], expectation: ValidatorExpectation
    )? {
        let path = operation.path
        switch operation.edit {
        case .truncate(let cut):
            guard cut.offset < seed.bytes.count else { return nil }
            return (Array(seed.bytes[0..<cut.offset]), SyntaxRules.truncation(cut, bytes: seed.bytes))
        case .body(let bytes, let kinds, let offsets):
            return (bytes, .invalid(kinds: kinds, offsets: offsets))
        case .replace(let value):
            guard seed.value[path] != nil, let tree = seed.value.replacing(at: path, { _ in value }) else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .remove:
            guard seed.value[path] != nil, let tree = seed.value.replacing(at: path, { _ in nil }) else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .rename(let name):
            guard seed.value[path] != nil, seed.value[path.parent]?[name] == nil else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(seed.value.renamingMember(at: path, to: name)).bytes, .valid)
        case .add(let key, let value):
            guard case .object? = seed.value[path], seed.value[path.appending(key: key)] == nil,
                let tree = seed.value.replacing(
                    at: path,
                    { parent in
                        guard case .object(var object) = parent else { return parent }
                        object.members.append(JSONObject.Member(key: key, value: value))
                        return .object(object)
                    })
            else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .splice(let splice):
            guard let current = seed.value[path] else { return nil }
            let raw: [UInt8]
            let expectation: (Int) -> ValidatorExpectation
            switch splice {
            case .valid(let bytes):
                raw = bytes
                expectation = { _ in .valid }
            case .invalid(let bytes, let kinds, let offsets):
                raw = bytes
                expectation = { start in
                    .invalid(kinds: kinds, offsets: (start + offsets.lowerBound)...(start + offsets.upperBound))
                }
            case .duplicateMember:
                guard case .key(let key)? = path.components.last else { return nil }
                let value = CanonicalJSONWriter.sourceOrdered(current).bytes
                var bytes = value
                bytes.append(UInt8(ascii: ","))
                CanonicalJSONWriter.writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes += value
                raw = bytes
                let second = value.count + 1
                expectation = { start in SyntaxRules.duplicateKey(at: start + second) }
            case .nesting:
                let tooDeep = maxDepth - path.components.count
                guard tooDeep >= 0 else { return nil }
                raw =
                    [UInt8](repeating: UInt8(ascii: "["), count: tooDeep + 1)
                    + [UInt8](repeating: UInt8(ascii: "]"), count: tooDeep + 1)
                expectation = { start in SyntaxRules.nesting(at: start + tooDeep) }
            }
            let (bytes, start) = CanonicalJSONWriter.sourceOrdered(seed.value, splice: (path, raw))
            guard let start else { return nil }
            return (bytes, expectation(start))
        }
    }
}

struct _ReferenceMutantGenerator {
    /// The seeds, in campaign order.
    let seeds: [FuzzSeed]
    /// The campaign seed.
    let seed: UInt64
    /// The mutators enabled.
    let mutators: [Mutator]
    /// The validator's depth limit (for ``Mutator/depth``).
    let maxDepth: Int

    /// Per seed: the mutators that have mutations there, each with its dealing order.
    private let plans: [[(Mutator, [MutationOperation])]]

    /// Prepares the campaign (enumerates and orders every seed's mutations once).
    /// - Parameters:
    ///   - seeds: well-formed documents; seeds without any mutation for the enabled mutators are
    ///     kept but yield nothing (see ``productiveSeeds``).
    ///   - seed: the campaign seed.
    ///   - mutators: which mutators to use (all by default), in any order.
    ///   - maxDepth: the depth limit of the validator under test.
    init(
        seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator] = Mutator.allCases,
        maxDepth: Int = JSONParseOptions.strict.maxDepth
    ) {
        let enabled = Mutator.allCases.filter(mutators.contains)
        let productive = seeds.filter { candidate in
            enabled.contains { !_ReferenceCatalogue.groups($0, of: candidate).allSatisfy(\.isEmpty) }
        }
        self.seeds = productive
        self.seed = seed
        self.mutators = enabled
        self.maxDepth = maxDepth
        plans = productive.map { fuzzSeed in
            enabled.compactMap { mutator -> (Mutator, [MutationOperation])? in
                var rng = SplitMix64(
                    seed: SplitMix64.mix(seed, fuzzSeed.digest, UInt64(Mutator.allCases.firstIndex(of: mutator)!)))
                let groups = _ReferenceCatalogue.groups(mutator, of: fuzzSeed).map { $0.shuffled(with: &rng) }.filter {
                    !$0.isEmpty
                }
                guard !groups.isEmpty else { return nil }
                var order: [MutationOperation] = []
                let longest = groups.map(\.count).max() ?? 0
                for i in 0..<longest {
                    for group in groups where i < group.count { order.append(group[i]) }
                }
                return (mutator, order)
            }
        }
        productiveSeeds = productive.map(\.name)
    }

    /// The names of the seeds that yield mutants (a seed yields none when, say, only `truncate` is
    /// enabled and its root is a number).
    let productiveSeeds: [String]

    /// Whether there is anything to generate.
    var isEmpty: Bool { seeds.isEmpty }

    /// How many different mutations the seeds have (a campaign of this many mutants has no repeats
    /// when every seed has the same number of mutations per mutator).
    var distinctMutations: Int {
        plans.reduce(0) { $0 + $1.reduce(0) { $0 + $1.1.count } }
    }

    /// The mutation that mutant number `k` applies, and its seed's position.
    /// - Precondition: ``isEmpty`` is false.
    func operation(_ k: Int) -> (seedIndex: Int, operation: MutationOperation) {
        let seedIndex = k % seeds.count
        let local = k / seeds.count
        let plan = plans[seedIndex]
        let (_, order) = plan[local % plan.count]
        let position = local / plan.count
        let operation = order[position % order.count]
        let round = position / order.count
        guard round > 0 else { return (seedIndex, operation) }
        var rng = SplitMix64(seed: SplitMix64.mix(seed, seeds[seedIndex].digest, UInt64(k)))
        return (seedIndex, operation.varied(round: round, rng: &rng))
    }

    /// Mutant number `k`.
    /// - Precondition: ``isEmpty`` is false.
    func mutant(_ k: Int) -> Mutant {
        let (seedIndex, operation) = operation(k)
        let fuzzSeed = seeds[seedIndex]
        // Every catalogued operation applies to its own seed.
        let (bytes, expectation) = _ReferenceApply.apply(operation, to: fuzzSeed, maxDepth: maxDepth)!
        return Mutant(
            index: k, seedName: fuzzSeed.name, seedIndex: seedIndex, operation: operation,
            bytes: bytes, expectation: expectation)
    }
}
