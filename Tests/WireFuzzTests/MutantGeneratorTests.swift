import Testing
import WireJSON
import WireLock
import WireLockTestSupport
import WireSupport

@testable import WireFuzz

@Suite("Mutant generator")
struct MutantGeneratorTests {
    static let fixtures = ["API/v3/calendar-success.json", "API/v3/error-404.json", "API/v3/movies-success.json"]

    @Test func sameSeedGivesIdenticalMutants() throws {
        let a = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 7)
        let b = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 7)
        for k in 0..<3000 {
            let x = a.mutant(k)
            let y = b.mutant(k)
            #expect(x.bytes == y.bytes && x.operation == y.operation && x.expectation == y.expectation, "mutant \(k)")
        }
    }

    @Test func mutantKDoesNotDependOnWhatWasGeneratedBefore() throws {
        let generator = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 7)
        let forward = (0..<500).map { generator.mutant($0).contentHash }
        let backward = (0..<500).reversed().map { generator.mutant($0).contentHash }
        #expect(forward == backward.reversed())
    }

    @Test func anotherSeedGivesAnotherOrder() throws {
        let a = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 7)
        let b = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 8)
        let differing = (0..<300).filter { a.mutant($0).bytes != b.mutant($0).bytes }.count
        #expect(differing > 200)
    }

    @Test func mutatorsTakeTurnsWithinASeed() throws {
        let generator = MutantGenerator(seeds: [try seed(#"{"id": 7, "name": "Ab", "tags": ["x", 1.5]}"#)], seed: 1)
        let first = (0..<Mutator.allCases.count).map { generator.mutant($0).mutator }
        #expect(first == Mutator.allCases)
    }

    @Test func onlyTheChosenMutatorsAreUsed() throws {
        let generator = MutantGenerator(
            seeds: try Self.fixtures.map(fixtureSeed), seed: 7, mutators: [.null, .truncate])
        let used = Set((0..<400).map { generator.mutant($0).mutator })
        #expect(used == [.null, .truncate])
    }

    @Test func aShortCampaignSeesEveryTruncationPlace() throws {
        let generator = MutantGenerator(
            seeds: [try fixtureSeed("API/v3/movies-success.json")], seed: 3, mutators: [.truncate])
        let places = Set((0..<12).map { generator.mutant($0).operation.variant })
        #expect(places == Set(TruncationPlace.allCases.map { "cut-in-\($0.rawValue)" }))
    }

    /// The campaign the shard tests split: 1,000 mutants under the full `WIRELOCK_TEST_SCALE` (CI),
    /// 100 under the quick one.
    static let shardTotal = TestScale.current.count(1000)

    /// The content hashes of the whole campaign, computed once for every shard count (it was
    /// recomputed for each argument).
    static let wholeCampaignHashes: [String] = {
        guard let seeds = try? fixtures.map(fixtureSeed) else { return [] }
        let generator = MutantGenerator(seeds: seeds, seed: 11)
        return (0..<shardTotal).map { generator.mutant($0).contentHash }
    }()

    @Test(.tags(.heavy), arguments: [1, 2, 3, 4, 7])
    func shardsPartitionTheCampaign(count: Int) throws {
        let total = Self.shardTotal
        let generator = MutantGenerator(seeds: try Self.fixtures.map(fixtureSeed), seed: 11)
        var covered: [Int] = []
        var hashes: [String] = []
        for i in 1...count {
            let shard = try #require(Shard(index: i, count: count))
            let mine = Array(shard.indices(upTo: total))
            #expect(mine.allSatisfy(shard.contains))
            covered += mine
            hashes += mine.map { generator.mutant($0).contentHash }
        }
        #expect(covered.sorted() == Array(0..<total), "no overlap and no gap")
        let whole = Self.wholeCampaignHashes
        #expect(whole.count == total, "the fixtures were read")
        #expect(hashes.sorted() == whole.sorted())
    }

    @Test func shardIndicesForASmallCampaign() throws {
        #expect(Array(try Shard.parse("2/4").indices(upTo: 10)) == [1, 5, 9])
        #expect(Array(try Shard.parse("4/4").indices(upTo: 3)) == [])
        #expect(Array(Shard.whole.indices(upTo: 3)) == [0, 1, 2])
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3", "-1/2", ""])
    func badShardsAreRejected(text: String) {
        #expect(throws: Shard.ParseError.self) { try Shard.parse(text) }
    }

    @Test func mutatorListsParse() throws {
        #expect(try Mutator.parseList("null,truncate").get() == [.truncate, .null])
        #expect(try Mutator.parseList("wrong-type, empty-body").get() == [.wrongType, .emptyBody])
        guard case .failure(let error) = Mutator.parseList("null,bogus") else {
            Issue.record("bogus accepted")
            return
        }
        #expect(error.name == "bogus")
    }

    @Test func seedsWithoutMutationsAreLeftOut() throws {
        // A number root cannot be truncated into an invalid document, so it yields no truncations.
        let generator = MutantGenerator(seeds: [try seed("123"), try seed("[1]")], seed: 1, mutators: [.truncate])
        #expect(generator.productiveSeeds == ["inline"])
        #expect(generator.seeds.count == 1)
    }
}

/// "Same seed, same mutants on any machine" needs more than two generators agreeing in one process:
/// the campaign itself is locked in a golden file, so a CI machine (another CPU, libc or Swift
/// version) that generated anything else, or a code change that silently reorders campaigns and so
/// invalidates every shard plan and saved reproduction line, fails here with the first mutant that
/// differs.
@Suite("Mutant generator, locked across machines")
struct MutantCampaignLockTests {
    struct Entry: Encodable {
        var index: Int
        var seed: String
        var mutation: String
        var contentHash: String  // the name its corpus file gets (SHA-256 prefix of the bytes)
    }

    @Test func theFirst400MutantsOfASeededCampaignMatchTheLockedGolden() throws {
        let generator = MutantGenerator(seeds: try MutantGeneratorTests.fixtures.map(fixtureSeed), seed: 7)
        let campaign = (0..<400).map { k in
            let mutant = generator.mutant(k)
            return Entry(
                index: k, seed: mutant.seedName, mutation: mutant.operation.description, contentHash: mutant.contentHash
            )
        }
        // Read-only in CI (never records there); locally a missing golden is recorded and the test fails.
        assertGolden(
            campaign, named: "calendar-404-movies-seed7-first400",
            goldenDirectory: repositoryRoot.appendingPathComponent("Tests/WireFuzzTests/golden"))
    }
}
