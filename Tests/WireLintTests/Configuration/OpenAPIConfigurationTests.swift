import Testing
import WireLint

/// The `openapi` section of wirelock.json: the document and, per reader contract, where its payload
/// is described; each target keeps its place so a later error can point at it.
@Suite("wirelock.json: openapi")
struct OpenAPIConfigurationTests {
    @Test func theSectionIsReadWithThePlaceOfEachTarget() throws {
        let configuration = try ConfigurationTests.parse(
            """
            {
              "openapi": {
                "spec": "api/openapi.json",
                "contracts": {
                  "movie": "GET /api/v3/movie 200",
                  "error": ["#/components/responses/NotFound", "GET /api/v3/movie 500"]
                }
              }
            }
            """)
        let settings = try #require(configuration.openapi)
        #expect(settings.spec == "api/openapi.json")
        #expect(settings.contracts.map(\.name) == ["movie", "error"])
        let movie = try #require(settings.contracts.first?.targets.first)
        #expect(movie.text == "GET /api/v3/movie 200")
        #expect((movie.line, movie.column, movie.setting) == (5, 16, "openapi.contracts.movie"))
        let error = settings.contracts[1].targets
        #expect(error.map(\.setting) == ["openapi.contracts.error[0]", "openapi.contracts.error[1]"])
        #expect(error[1].line == 6)
        #expect(ConfigurationTests.error(#"{"check": {"openapi": false}}"#) == nil)
    }

    @Test(arguments: [
        (#"{"openapi": "api.json"}"#, "openapi", "expected an object with spec and contracts"),
        (#"{"openapi": {"contracts": {}}}"#, "openapi", "expected spec, the OpenAPI document"),
        (#"{"openapi": {"spec": ""}}"#, "openapi.spec", "expected spec, the OpenAPI document"),
        (#"{"openapi": {"spec": "a.json", "contract": {}}}"#, "openapi.contract", "openapi takes spec and contracts"),
        (#"{"openapi": {"spec": "a.json", "contracts": []}}"#, "openapi.contracts", "from reader contract names"),
        (
            #"{"openapi": {"spec": "a.json", "contracts": {"movie": 200}}}"#, "openapi.contracts.movie",
            "METHOD /path STATUS"
        ),
        (
            #"{"openapi": {"spec": "a.json", "contracts": {"movie": [1]}}}"#, "openapi.contracts.movie[0]",
            "found the number 1"
        ),
        (#"{"check": {"openapi": 1}}"#, "check.openapi", "expected true, false"),
    ])
    func aWrongSettingIsNamed(_ text: String, _ setting: String, _ words: String) throws {
        let error = try #require(ConfigurationTests.error(text))
        #expect(error.setting == setting, "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }
}
