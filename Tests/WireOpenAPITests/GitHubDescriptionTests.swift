import Foundation
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireOpenAPI
import WireSupport

/// The GitHub-like sample's reader contracts against its hand-written 3.1 description, and against
/// GitHub's own REST description when `WIRELOCK_GITHUB_OPENAPI` names a copy (`api.github.com.json`;
/// never committed): no finding is at a member the model does not read.
@Suite("OpenAPI: GitHub-like models")
struct GitHubDescriptionTests {
    static let realDescription = ProcessInfo.processInfo.environment["WIRELOCK_GITHUB_OPENAPI"].flatMap {
        $0.isEmpty ? nil : $0
    }

    static func findings(in document: OpenAPIDocument) throws -> [OpenAPIFinding] {
        var found: [OpenAPIFinding] = []
        for (name, target) in OpenAPITestSupport.gitHubMapping.sorted(by: { $0.key < $1.key }) {
            found += try OpenAPITestSupport.findings(
                try OpenAPITestSupport.gitHubContract(name), named: name, target: target, in: document)
        }
        return found
    }

    @Test func theHandWrittenDescriptionAgreesWithTheModels() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.gitHubLikeSpec)
        #expect(try Self.findings(in: document).isEmpty)
    }

    @Test func openAPI31NullsAndTypeArraysAreFound() throws {
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: OpenAPITestSupport.gitHubLikeSpec))
                as? [String: Any])
        var components = try #require(root["components"] as? [String: Any])
        var schemas = try #require(components["schemas"] as? [String: Any])
        var repository = try #require(schemas["full-repository"] as? [String: Any])
        var properties = try #require(repository["properties"] as? [String: Any])
        // The owner may be null (3.1: an alternative of type null); the id an integer or a string.
        properties["owner"] = ["anyOf": [["$ref": "#/components/schemas/simple-user"], ["type": "null"]]]
        properties["id"] = ["type": ["integer", "string"]]
        repository["properties"] = properties
        schemas["full-repository"] = repository
        components["schemas"] = schemas
        root["components"] = components
        let document = try OpenAPIDocument(
            bytes: Array(try JSONSerialization.data(withJSONObject: root)), file: "github-like.json")
        let findings = try OpenAPITestSupport.findings(
            try OpenAPITestSupport.gitHubContract("repository"), target: "GET /repos/{owner}/{repo} 200",
            in: document)
        #expect(
            findings.map { "\($0.kind.rawValue) \($0.readerPath)" }.sorted() == [
                "openapi.nullable $.owner", "openapi.type-mismatch $.id",
            ])
    }

    /// Every finding is at a path the model reads.
    static func expectOnlyReadPaths(_ findings: [OpenAPIFinding]) throws {
        for finding in findings {
            let contract = try OpenAPITestSupport.gitHubContract(finding.contract)
            #expect(contract.entries[finding.readerPath] != nil, "\(finding)")
            #expect(!contract.dropped.contains(finding.readerPath), "\(finding)")
        }
    }

    @Test(
        .enabled(
            if: realDescription != nil,
            "GitHub's REST description not found: set WIRELOCK_GITHUB_OPENAPI to a copy of api.github.com.json"))
    func githubsOwnDescription() throws {
        let path = try #require(Self.realDescription)
        let document = try OpenAPIDocument.load(RawPath(path))
        let findings = try Self.findings(in: document)
        try Self.expectOnlyReadPaths(findings)
        for finding in findings { print("wirelock: github description: \(finding.kind.rawValue): \(finding)") }
        print("wirelock: github description: \(findings.count) findings, \(findings.filter(\.fails).count) failing")
    }
}
