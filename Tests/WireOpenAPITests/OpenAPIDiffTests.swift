import Testing
import WireDecoder
import WireJSON
import WireOpenAPI
import WireReaders
import WireSupport

/// Response-side changes between two documents, by oasdiff rule id, and how reader contracts judge
/// them: a change breaks a reader that reads the member in a way the change fails; one it copes
/// with does not; one at a member nobody reads breaks nobody.
@Suite("OpenAPI: diffs judged by reader contracts")
struct OpenAPIDiffTests {
    static func document(_ paths: String, _ schemas: String = "", version: String = "3.0.3") throws
        -> OpenAPIDocument
    {
        try OpenAPITestSupport.document(
            json: "{'openapi': '\(version)', 'paths': {\(paths)}, 'components': {'schemas': {\(schemas)}}}"
                .replacingAll("'", with: "\""))
    }

    /// One GET operation answering 200 with `schema`.
    static func operation(_ schema: String) -> String {
        "'/thing': {'get': {'responses': {'200': {'description': 'ok', 'content': {'application/json': {'schema': \(schema)}}}}}}"
    }

    static func judged(old: OpenAPIDocument, new: OpenAPIDocument, contract: ReaderContract) throws
        -> [OpenAPIJudge.Judged]
    {
        let target = try OpenAPITarget(parsing: "GET /thing 200")
        let judge = OpenAPIJudge(
            readers: [.init(name: "thing", contract: contract, target: target, mediaType: "application/json")])
        return OpenAPIDiff(old: old, new: new).changes().map(judge.judge)
    }

    static func entry(absent: Bool = false, null: Bool = false, kinds: [ReaderContract.Kind], types: [String])
        -> ReaderContract.Entry
    {
        ReaderContract.Entry(
            path: .root, types: types, methods: [absent ? .decodeIfPresent : .decode], kinds: kinds,
            mayBeAbsent: absent, mayBeNull: null)
    }

    @Test func theSampleAndItsPlantedVariantDifferByTheirPlants() throws {
        let old = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        let new = try OpenAPITestSupport.document(OpenAPITestSupport.plantedSpec)
        let changes = OpenAPIDiff(old: old, new: new).changes()
        let rules = Dictionary(grouping: changes, by: \.rule).mapValues(\.count)
        // Movie is in three operations (list, one, lookup): each of its changes appears three times;
        // play_count's new int64 format is the seventh type change.
        #expect(
            rules == [
                "response-property-became-optional": 3, "response-required-property-removed": 3,
                "response-property-type-changed": 7, "response-property-became-nullable": 4,
            ])
        let movieList = changes.filter { $0.operation == "GET /api/v3/movie" }.map { "\($0.rule) \($0.path)" }
        #expect(
            movieList.sorted() == [
                "response-property-became-nullable $.records[*].popularity",
                "response-property-became-optional $.records[*].title",
                "response-property-type-changed $.records[*].popularity",
                "response-property-type-changed $.records[*].year",
                "response-required-property-removed $.records[*].studio",
            ])
    }

    @Test func aChangeAtAMemberNobodyReadsBreaksNobody() throws {
        let old = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        let new = try OpenAPITestSupport.document(OpenAPITestSupport.plantedSpec)
        let movie = try OpenAPITestSupport.goldenContract("movie")
        let judge = OpenAPIJudge(
            readers: [
                .init(
                    name: "movie", contract: movie, target: try OpenAPITarget(parsing: "GET /api/v3/movie 200"),
                    mediaType: "application/json")
            ])
        let judged = OpenAPIDiff(old: old, new: new).changes().map(judge.judge)
        let popularity = judged.filter { $0.change.path.description == "$.records[*].popularity" }
        #expect(popularity.count == 2)
        #expect(popularity.allSatisfy { $0.readers.isEmpty && $0.verdictText == "no reader reads it" })
        let breaking = judged.filter(\.breaks).map { "\($0.change.rule) \($0.change.path)" }
        #expect(
            breaking.sorted() == [
                "response-property-became-optional $.records[*].title",
                "response-property-type-changed $.records[*].year",
                "response-required-property-removed $.records[*].studio",
            ])
        let title = try #require(judged.first { $0.breaks && $0.change.path.description == "$.records[*].title" })
        #expect(title.verdictText == "breaks: movie (Page<Movie>) reads $.records[*].title as required")
    }

    @Test func removedAndOptionalMembersBreakRequiredReadsOnly() throws {
        let old = try Self.document(
            Self.operation(
                "{'type': 'object', 'required': ['a', 'b'], 'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}}}"
            ))
        let new = try Self.document(
            Self.operation("{'type': 'object', 'required': [], 'properties': {'a': {'type': 'string'}}}"))
        let contract = try OpenAPITestSupport.contract([
            "$.a": Self.entry(kinds: [.string], types: ["String"]),
            "$.b": Self.entry(absent: true, null: true, kinds: [.string], types: ["String"]),
        ])
        let judged = try Self.judged(old: old, new: new, contract: contract)
        let verdicts = Dictionary(uniqueKeysWithValues: judged.map { ($0.change.rule, $0.readers.first?.verdict) })
        #expect(verdicts["response-property-became-optional"] == .breaks)
        #expect(verdicts["response-required-property-removed"] == .copes)
    }

    @Test func nullTypeAndEnumChangesAreJudgedByHowTheyAreRead() throws {
        let old = try Self.document(
            Self.operation(
                "{'type': 'object', 'properties': {'n': {'type': 'integer'}, 'm': {'type': 'integer'}, 's': {'type': 'string', 'enum': ['a']}, 't': {'type': 'string', 'enum': ['a']}, 'u': {'type': 'string', 'enum': ['a']}}}"
            ))
        let new = try Self.document(
            Self.operation(
                "{'type': 'object', 'properties': {'n': {'type': 'integer', 'nullable': true}, 'm': {'type': 'number'}, 's': {'type': 'string', 'enum': ['a', 'b']}, 't': {'type': 'string', 'enum': ['a', 'b']}, 'u': {'type': 'string', 'enum': ['a', 'b']}}}"
            ))
        var closed = Self.entry(kinds: [.string], types: ["State", "String"])
        closed.values = [.string("a")]
        let contract = try OpenAPITestSupport.contract([
            "$.n": Self.entry(kinds: [.number], types: ["Int"]),
            "$.m": Self.entry(kinds: [.number], types: ["Int"]),
            "$.s": closed,
            "$.t": Self.entry(kinds: [.string], types: ["String"]),
            "$.u": Self.entry(kinds: [.string], types: ["Kind", "String"]),
        ])
        let judged = try Self.judged(old: old, new: new, contract: contract)
        func verdict(_ path: String) -> OpenAPIJudge.Verdict? {
            judged.first { $0.change.path.description == path }?.readers.first?.verdict
        }
        #expect(verdict("$.n") == .breaks)  // became nullable, read as non-null
        #expect(verdict("$.m") == .breaks)  // integer → number, read as Int
        #expect(verdict("$.s") == .breaks)  // "b" added, the enum accepts only "a"
        #expect(verdict("$.t") == .copes)  // a String takes any value
        #expect(verdict("$.u") == .unknown)  // an enum whose values the contract does not know
        #expect(judged.first { $0.change.path.description == "$.s" }?.verdictText.contains("rejects \"b\"") == true)
    }

    @Test func aRemovedOperationStatusOrMediaTypeBreaksItsReaders() throws {
        let schema = "{'type': 'string'}"
        let old = try Self.document(
            Self.operation(schema) + ", '/gone': {'get': {'responses': {'200': {'description': 'ok'}}}}")
        let noStatus = try Self.document(
            "'/thing': {'get': {'responses': {'201': {'description': 'ok', 'content': {'application/json': {'schema': \(schema)}}}}}}"
        )
        let contract = try OpenAPITestSupport.contract(["$": Self.entry(kinds: [.string], types: ["String"])])
        let judged = try Self.judged(old: old, new: noStatus, contract: contract)
        #expect(
            judged.map(\.change.rule).sorted() == [
                "api-path-removed-without-deprecation", "response-success-status-removed",
            ])
        #expect(judged.first { $0.change.rule == "response-success-status-removed" }?.breaks == true)
        #expect(judged.first { $0.change.rule == "api-path-removed-without-deprecation" }?.readers.isEmpty == true)
        let xml = try Self.document(
            "'/thing': {'get': {'responses': {'200': {'description': 'ok', 'content': {'application/xml': {'schema': \(schema)}}}}}}"
        )
        let media = try Self.judged(old: old, new: xml, contract: contract)
        #expect(media.contains { $0.change.rule == "response-media-type-removed" && $0.breaks })
    }

    @Test func aSharedComponentIsComparedOnceAndReportedAtEveryPath() throws {
        let user = "'user': {'type': 'object', 'properties': {'login': {'type': 'string'}}}"
        let changedUser = "'user': {'type': 'object', 'properties': {'login': {'type': 'integer'}}}"
        let body =
            "{'type': 'object', 'properties': {'owner': {'$ref': '#/components/schemas/user'}, 'author': {'$ref': '#/components/schemas/user'}}}"
        let changes = OpenAPIDiff(
            old: try Self.document(Self.operation(body), user),
            new: try Self.document(Self.operation(body), changedUser)
        ).changes()
        #expect(changes.map(\.path.description).sorted() == ["$.author.login", "$.owner.login"])
        #expect(changes.allSatisfy { $0.rule == "response-property-type-changed" && $0.detail == "string → integer" })
    }

    @Test func aRecursiveSchemaEnds() throws {
        let node =
            "'node': {'type': 'object', 'properties': {'parent': {'$ref': '#/components/schemas/node'}, 'name': {'type': 'string'}}}"
        let changed =
            "'node': {'type': 'object', 'properties': {'parent': {'$ref': '#/components/schemas/node'}, 'name': {'type': 'string', 'nullable': true}}}"
        let body = "{'$ref': '#/components/schemas/node'}"
        let changes = OpenAPIDiff(
            old: try Self.document(Self.operation(body), node), new: try Self.document(Self.operation(body), changed)
        ).changes()
        #expect(changes.map { "\($0.rule) \($0.path)" } == ["response-property-became-nullable $.name"])
    }
}
