import Foundation
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireOpenAPI
import WireReaders

/// The sample API's own description, and the same with one change planted per finding kind: each
/// kind is found once, at the read path and the pointer of its plant, and nothing else is found —
/// not at `Movie.popularity`, which the planted document retypes and no model reads.
@Suite("OpenAPI: the sample API's description")
struct SampleSpecTests {
    static func sampleContracts() throws -> [(name: String, contract: ReaderContract)] {
        try OpenAPITestSupport.sampleMapping.keys.sorted().map { ($0, try OpenAPITestSupport.goldenContract($0)) }
    }

    /// Every sample contract and both strict models against `document`.
    static func allFindings(in document: OpenAPIDocument) throws -> [OpenAPIFinding] {
        var found: [OpenAPIFinding] = []
        for (name, contract) in try sampleContracts() {
            found += try OpenAPITestSupport.findings(
                contract, named: name, target: OpenAPITestSupport.sampleMapping[name]!, in: document)
        }
        found += try OpenAPITestSupport.findings(
            try strictError(), named: "strict-error", target: "#/components/responses/NotFound", in: document)
        found += try OpenAPITestSupport.findings(
            try compactSync(), named: "compact-sync", target: "#/components/schemas/SyncRecord", in: document)
        return found
    }

    static func strictError() throws -> ReaderContract {
        try OpenAPITestSupport.learn(StrictErrorBody.self, fixture: "error-404")
    }

    static func compactSync() throws -> ReaderContract {
        try OpenAPITestSupport.learn(CompactSyncRecord.self, fixture: "sync-record-v1")
    }

    static func planted() throws -> [OpenAPIFinding] {
        try allFindings(in: try OpenAPITestSupport.document(OpenAPITestSupport.plantedSpec))
    }

    static func only(_ kind: OpenAPIFinding.Kind, in findings: [OpenAPIFinding]) throws -> OpenAPIFinding {
        let matching = findings.filter { $0.kind == kind }
        #expect(matching.count == 1, "\(matching)")
        return try #require(matching.first)
    }

    @Test func theSampleDescriptionAgreesWithEveryReader() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        #expect(try Self.allFindings(in: document).isEmpty)
        // It was not vacuous: the contracts' paths were walked and described.
        var checked = 0
        for (name, contract) in try Self.sampleContracts() {
            let body = try OpenAPITarget(parsing: OpenAPITestSupport.sampleMapping[name]!).resolve(in: document)
            let result = OpenAPIContractCheck.check(
                contract, named: name, body: body, resolver: SchemaResolver(document))
            #expect(result.undescribed.isEmpty, "\(name): \(result.undescribed)")
            checked += result.checked
        }
        #expect(checked == 232)
    }

    @Test func theStrictModelsKnowWhatTheyAccept() throws {
        let severity = try #require(try Self.strictError().entries[JSONPathPattern("$.errors[*].severity")])
        #expect(severity.values == [.string("error"), .string("info"), .string("warning")])
        let count = try #require(try Self.compactSync().entries[JSONPathPattern("$.play_count")])
        #expect(count.types == ["Int32"])
    }

    @Test func everyPlantIsFoundOnceAndNothingElse() throws {
        let found = try Self.planted()
        #expect(Set(found.map(\.kind)) == Set(OpenAPIFinding.Kind.allCases))
        #expect(found.count == OpenAPIFinding.Kind.allCases.count, "\(found.map(\.description))")
        #expect(!found.contains { $0.readerPath.description.contains("popularity") })
        #expect(found.allSatisfy { $0.fails })
    }

    @Test func aMemberReadAsRequiredThatTheSpecDoesNotRequire() throws {
        let finding = try Self.only(.notRequired, in: try Self.planted())
        #expect(finding.contract == "movie")
        #expect(finding.readerPath.description == "$.records[*].title")
        #expect(finding.pointer.description == "#/components/schemas/Movie")
        #expect(finding.target.description == "GET /api/v3/movie 200")
    }

    @Test func aMemberReadAsNonNullWhereTheSpecAllowsNull() throws {
        let finding = try Self.only(.nullable, in: try Self.planted())
        #expect(finding.contract == "calendar")
        #expect(finding.readerPath.description == "$[*].title")
        #expect(finding.pointer.description == "#/components/schemas/CalendarEntry/properties/title")
    }

    @Test func aTypeTheReaderDoesNotTake() throws {
        let finding = try Self.only(.typeMismatch, in: try Self.planted())
        #expect(finding.readerPath.description == "$.records[*].year")
        #expect(finding.pointer.description == "#/components/schemas/Movie/properties/year")
        #expect(finding.detail.contains("the spec allows string"))
    }

    @Test func aFormatTheReadersTypeCannotHold() throws {
        let finding = try Self.only(.formatMismatch, in: try Self.planted())
        #expect(finding.contract == "compact-sync")
        #expect(finding.readerPath.description == "$.play_count")
        #expect(finding.pointer.description == "#/components/schemas/SyncRecord/properties/play_count")
        #expect(finding.detail.contains("Int32 (32 bits)") && finding.detail.contains("format int64"))
    }

    @Test func aMemberTheSpecDoesNotDeclare() throws {
        let finding = try Self.only(.undeclaredMember, in: try Self.planted())
        #expect(finding.readerPath.description == "$.records[*].studio")
        #expect(finding.pointer.description == "#/components/schemas/Movie")
        #expect(finding.fails)
    }

    @Test func anEnumValueTheReaderRejects() throws {
        let finding = try Self.only(.enumValueRejected, in: try Self.planted())
        #expect(finding.contract == "strict-error")
        #expect(finding.readerPath.description == "$.errors[*].severity")
        #expect(finding.detail.hasSuffix("and the spec's enum also allows \"fatal\""))
        // The sample's own model reads severity as an open enum: it knows no values, so nothing is claimed.
        #expect(try Self.planted().filter { $0.contract == "error" }.isEmpty)
    }
}
