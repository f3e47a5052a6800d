import Testing
import WireJSON
import WireOpenAPI

/// Reading documents, pointers and targets: what is refused and how it is said.
@Suite("OpenAPI: documents and targets")
struct OpenAPIDocumentTests {
    @Test func aYAMLDocumentIsRefusedWithHowToConvertIt() throws {
        for (text, file) in [("openapi: 3.0.0\npaths: {}\n", "api.json"), ("{\"openapi\": \"3.0.0\"}", "api.yaml")] {
            let error = try #require(throws: OpenAPIError.self) {
                try OpenAPIDocument(bytes: Array(text.utf8), file: file)
            }
            #expect(error.description.hasPrefix("\(file):1:1: error: a YAML document"))
            #expect(error.message.contains("yaml.safe_load") && error.message.contains("yq -o=json"))
        }
    }

    @Test func swaggerTwoAndUnknownVersionsAreRefused() throws {
        let swagger = try #require(throws: OpenAPIError.self) {
            try OpenAPITestSupport.document(json: #"{"swagger": "2.0", "paths": {}}"#)
        }
        #expect(swagger.message.contains("Swagger 2.0"))
        let future = try #require(throws: OpenAPIError.self) {
            try OpenAPITestSupport.document(json: "{\n  \"openapi\": \"4.0.0\"\n}")
        }
        #expect(future.description == "spec.json:2:3: error: OpenAPI 4.0.0: wirelock reads 3.0 and 3.1 documents")
        let missing = try #require(throws: OpenAPIError.self) { try OpenAPITestSupport.document(json: "{}") }
        #expect(missing.message.contains("no \"openapi\" member"))
    }

    @Test func invalidJSONIsLocated() throws {
        let error = try #require(throws: OpenAPIError.self) {
            try OpenAPITestSupport.document(json: "{\n  \"openapi\": \"3.1.0\",\n  \"paths\": {,}\n}")
        }
        #expect(error.line == 3 && error.column == 13)
        #expect(error.message.hasPrefix("not valid JSON:"))
    }

    @Test func operationsAndVersions() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        #expect(document.version == .openAPI30)
        #expect(document.operations.map(\.description).contains("GET /api/v3/movie/{id}"))
        #expect(try OpenAPITestSupport.document(OpenAPITestSupport.gitHubLikeSpec).version == .openAPI31)
    }

    @Test func pointersEscapeAndUnescapeTheirTokens() throws {
        let pointer = try JSONPointer(parsing: "#/paths/~1repos~1%7Bowner%7D/get/a~0b")
        #expect(pointer.tokens == ["paths", "/repos/{owner}", "get", "a~b"])
        #expect(pointer.description == "#/paths/~1repos~1{owner}/get/a~0b")
        #expect(try JSONPointer(parsing: "#") == .root)
        #expect(throws: JSONPointer.ParseError.self) { try JSONPointer(parsing: "components/schemas/a") }
    }

    @Test func targetsParseInTheirTwoForms() throws {
        #expect(
            try OpenAPITarget(parsing: "get /repos/{owner}/{repo} 2XX")
                == .response(method: "GET", path: "/repos/{owner}/{repo}", status: "2XX"))
        #expect(try OpenAPITarget(parsing: "#/components/schemas/x").description == "#/components/schemas/x")
        for bad in ["GET /movie", "FETCH /movie 200", "GET movie 200", "GET /movie 999", "schemas/x"] {
            let error = try #require(throws: OpenAPITarget.ParseError.self) { try OpenAPITarget(parsing: bad) }
            #expect(error.description.contains("expected an operation and status") || error.reason.contains("local"))
        }
    }

    @Test func targetsResolveToTheirJSONBodyOrSayWhatIsMissing() throws {
        let document = try OpenAPITestSupport.document(OpenAPITestSupport.sampleSpec)
        let movie = try OpenAPITarget(parsing: "GET /api/v3/movie 200").resolve(in: document)
        #expect(
            movie.schema.description == "#/paths/~1api~1v3~1movie/get/responses/200/content/application~1json/schema")
        #expect(movie.mediaType == "application/json")
        // A response reached through components/responses, and a response pointer.
        let limited = try OpenAPITarget(parsing: "GET /api/v3/calendar 429").resolve(in: document)
        #expect(limited.schema.description == "#/components/responses/TooManyRequests/content/application~1json/schema")
        let notFound = try OpenAPITarget(parsing: "#/components/responses/NotFound").resolve(in: document)
        #expect(notFound.schema.description == "#/components/responses/NotFound/content/application~1json/schema")
        func failure(_ text: String) throws -> String {
            try #require(throws: OpenAPITarget.ResolveError.self) {
                try OpenAPITarget(parsing: text).resolve(in: document)
            }.description
        }
        #expect(try failure("GET /api/v3/movies 200").contains("did you mean 'GET /api/v3/movie'"))
        #expect(try failure("GET /api/v3/movie 404") == "GET /api/v3/movie has no 404 response (it has 200, 429, 500)")
        #expect(try failure("#/components/schemas/Film").hasPrefix("#/components/schemas/Film does not exist"))
    }

    @Test func jsonMediaTypesComeFirstByApplicationJSON() {
        #expect(
            OpenAPITarget.jsonMediaTypes([
                "text/plain", "application/vnd.github.v3+json", "application/json; charset=utf-8",
            ])
                == ["application/json; charset=utf-8", "application/vnd.github.v3+json"])
    }
}
