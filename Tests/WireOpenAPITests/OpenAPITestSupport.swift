import Foundation
import WireCommands
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireOpenAPI
import WireReaders
import WireSupport

/// The documents and contracts the OpenAPI tests read, and small helpers to build them.
enum OpenAPITestSupport {
    /// The sample API's description (`Fixtures/openapi/media-api.json`).
    static var sampleSpec: URL { Repository.url("Fixtures/openapi/media-api.json") }
    /// The same with one change planted per finding kind (`Tests/Fixtures/OpenAPI/media-api-changed.json`).
    static var plantedSpec: URL { Repository.url("Tests/Fixtures/OpenAPI/media-api-changed.json") }
    /// The GitHub-like sample's hand-written 3.1 description.
    static var gitHubLikeSpec: URL { GitHubSample.fixtures.appendingPathComponent("openapi.json") }

    /// The mapping of the repository's wirelock.json, as targets by contract name.
    static let sampleMapping: [String: String] = [
        "calendar": "GET /api/v3/calendar 200",
        "error": "#/components/responses/NotFound",
        "movie": "GET /api/v3/movie 200",
        "rate-limit": "GET /api/v3/calendar 429",
        "series": "GET /api/v3/series 200",
        "sync-record": "#/components/schemas/SyncRecord",
    ]

    /// The GitHub-like sample's mapping (Tests/Fixtures/GitHubSample/wirelock.json).
    static let gitHubMapping: [String: String] = [
        "issues": "GET /repos/{owner}/{repo}/issues 200",
        "repository": "GET /repos/{owner}/{repo} 200",
        "search-repositories": "GET /search/repositories 200",
        "user": "GET /users/{username} 200",
    ]

    static func document(_ url: URL) throws -> OpenAPIDocument {
        try OpenAPIDocument.load(RawPath(url.path))
    }

    /// A document from JSON text.
    static func document(json text: String, file: String = "spec.json") throws -> OpenAPIDocument {
        try OpenAPIDocument(bytes: Array(text.utf8), file: file)
    }

    /// A contract file of the repository's golden folder.
    static func goldenContract(_ name: String) throws -> ReaderContract {
        let url = Repository.url("golden/\(name).reads.json")
        return try ReaderContract(parsing: Array(try Data(contentsOf: url)), file: url.path)
    }

    /// A GitHub-like sample contract (Tests/Fixtures/GitHubSample/golden).
    static func gitHubContract(_ name: String) throws -> ReaderContract {
        let url = GitHubSample.fixtures.appendingPathComponent("golden/\(name).reads.json")
        return try ReaderContract(parsing: Array(try Data(contentsOf: url)), file: url.path)
    }

    /// The contract a model shows on one fixture of the sample API.
    static func learn<T: Decodable>(_ type: T.Type, fixture: String, decoder: WireJSONDecoder = WireJSONDecoder())
        throws -> ReaderContract
    {
        let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/\(fixture).json"))
        let report = try decoder.decodeWithReport(type, from: data).report
        return ReaderContract(model: "\(type)", fixture: fixture, report: report)
    }

    /// The findings of one contract held against a target of a document.
    static func findings(
        _ contract: ReaderContract, named name: String = "model", target: String, in document: OpenAPIDocument
    ) throws -> [OpenAPIFinding] {
        let body = try OpenAPITarget(parsing: target).resolve(in: document)
        return OpenAPIContractCheck.check(contract, named: name, body: body, resolver: SchemaResolver(document))
            .findings
    }

    /// A contract with one entry per path, built by hand (`"$.a": entry`).
    static func contract(_ entries: [String: ReaderContract.Entry], model: String = "Model") throws -> ReaderContract {
        var contract = ReaderContract(model: model)
        for (path, entry) in entries {
            var entry = entry
            entry.path = try JSONPathPattern(path)
            contract.set(entry)
        }
        return contract
    }
}

// MARK: Stricter clients of the sample API than SampleAPI's own models

/// An error body read with a closed enum: a severity the model does not know fails to decode.
struct StrictErrorBody: Decodable {
    enum Severity: String, Decodable, CaseIterable {
        case error, warning, info
    }

    struct Failure: Decodable {
        var errorMessage: String
        var severity: Severity
    }

    var message: String
    var errors: [Failure]?
}

/// A sync record whose play count is a 32-bit integer.
struct CompactSyncRecord: Decodable {
    var recordID: String
    var playCount: Int32

    enum CodingKeys: String, CodingKey {
        case recordID = "record_id"
        case playCount = "play_count"
    }
}
