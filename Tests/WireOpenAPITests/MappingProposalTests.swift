import Testing
import WireDecoder
import WireReaders

@testable import WireOpenAPI

/// The proposed mapping: every success response and component schema scored by the share of a
/// contract's paths it declares, a route of the route table breaking ties.
@Suite("OpenAPI: proposed mappings")
struct MappingProposalTests {
    @Test func eachSampleContractIsProposedWhereItsPayloadIsDescribed() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        let contracts = try ["calendar", "movie", "series", "sync-record"].map {
            ($0, try OpenAPITestSupport.goldenContract($0))
        }
        let proposals = OpenAPIMappingProposal.propose(contracts: contracts, document: document, routes: [])
        let best = Dictionary(uniqueKeysWithValues: proposals.map { ($0.name, $0.candidates.first) })
        #expect(best["calendar"]??.target.description == "GET /api/v3/calendar 200")
        #expect(best["movie"]??.target.description == "GET /api/v3/movie 200")
        #expect(best["series"]??.target.description == "GET /api/v3/series 200")
        #expect(best["sync-record"]??.target.description == "GET /api/v3/sync/{recordId} 200")
        // Every path of each best candidate is declared; a schema for another resource scores lower.
        for proposal in proposals {
            let first = try #require(proposal.candidates.first)
            #expect(first.declared == first.total, "\(proposal.name): \(first)")
            #expect(proposal.candidates.dropFirst().allSatisfy { $0.score <= first.score })
        }
        let movie = try #require(proposals.first { $0.name == "movie" })
        #expect(!movie.candidates.contains { $0.target.description == "GET /api/v3/series 200" })
    }

    @Test func aRouteOfTheRouteTableBreaksATie() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        let error = try OpenAPITestSupport.goldenContract("error")
        // The error body is the body of 404 and 500 responses alike: the route says which.
        let routes = [
            OpenAPIMappingProposal.Route(method: "GET", path: "/api/v3/movie/42", status: 404, fixture: "error-404")
        ]
        let without = OpenAPIMappingProposal.propose(contracts: [("error", error)], document: document, routes: [])
        let with = OpenAPIMappingProposal.propose(contracts: [("error", error)], document: document, routes: routes)
        let first = try #require(with.first?.candidates.first)
        #expect(first.target.description == "GET /api/v3/movie/{id} 404")
        #expect(first.route == routes.first)
        // Without it, the first equal candidate in the document's order.
        #expect(without.first?.candidates.first?.target.description == "GET /api/v3/movie 500")
        #expect(without.first?.candidates.first?.score == first.score)
    }

    @Test func aMapSchemaDoesNotDeclareEveryName() throws {
        let document = try OpenAPITestSupport.document(
            json: #"""
                {"openapi": "3.0.3", "paths": {}, "components": {"schemas": {
                  "anything": {"type": "object", "additionalProperties": {"type": "string"}},
                  "user": {"type": "object", "properties": {"login": {"type": "string"}, "name": {"type": "string"}}}}}}
                """#)
        let contract = try OpenAPITestSupport.contract([
            "$": ReaderContract.Entry(path: .root, types: ["User"], methods: [.decode], kinds: [.object]),
            "$.login": ReaderContract.Entry(path: .root, types: ["String"], methods: [.decode], kinds: [.string]),
        ])
        let proposal = try #require(
            OpenAPIMappingProposal.propose(contracts: [("user", contract)], document: document, routes: []).first)
        #expect(proposal.candidates.map(\.target.description) == ["#/components/schemas/user"])
    }

    @Test func routePathsMatchTemplatesBelowABasePath() {
        #expect(OpenAPIMappingProposal.pathMatches(route: "/api/v3/movie/{id}", template: "/movie/{id}"))
        #expect(OpenAPIMappingProposal.pathMatches(route: "/repos/octocat/hello", template: "/repos/{owner}/{repo}"))
        #expect(!OpenAPIMappingProposal.pathMatches(route: "/repos/octocat", template: "/repos/{owner}/{repo}"))
        #expect(!OpenAPIMappingProposal.pathMatches(route: "/api/v3/series", template: "/api/v3/movie"))
    }
}
