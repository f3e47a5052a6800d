import Foundation
import Testing
import WireCommands
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Contract checks against a key-protected service (Radarr's `X-Api-Key`): credentials named in the
/// route table, values only from the environment, masked in what the check reports or records.
@Suite("Contract credentials")
struct ContractCredentialTests {
    static let key = "0123456789abcdef0123456789abcdef"
    static let table = """
        {"credentials": {"headers": {"X-Api-Key": "RADARR_API_KEY"}, "query": {"apikey": "RADARR_QUERY_KEY"}},
         "routes": [{"method": "GET", "path": "/api/v3/system/status", "fixture": "status-success"}]}
        """

    @Test func theTableNamesVariablesAndRoundTripsWithoutValues() throws {
        let bytes = Array(Self.table.utf8)
        let table = try RouteTable.parse(bytes, file: "routes.json")
        let credentials = try RouteCredentials.parse(bytes, file: "routes.json")
        #expect(credentials.headers == ["X-Api-Key": "RADARR_API_KEY"])
        #expect(credentials.query == ["apikey": "RADARR_QUERY_KEY"])
        let file = credentials.fileBytes(of: table)
        #expect(String(decoding: file, as: UTF8.self).contains(#""X-Api-Key": "RADARR_API_KEY""#))
        #expect(try RouteTable.parse(file, file: "again.json") == table)
        #expect(try RouteCredentials.parse(file, file: "again.json") == credentials)
        // Stubs tolerate the member; a table written without credentials has none.
        #expect(try RouteCredentials.parse(table.fileBytes, file: "bare.json").isEmpty)
    }

    @Test func aCredentialPastedIntoTheTableIsRefusedWithItsPlace() throws {
        let text = #"{"credentials": {"headers": {"X-Api-Key": "\#(Self.key)"}}, "routes": []}"#
        #expect(try RouteTable.parse(Array(text.utf8), file: "routes.json").routes.isEmpty)
        let error = #expect(throws: RouteFileError.self) {
            try RouteCredentials.parse(Array(text.utf8), file: "routes.json")
        }
        #expect(error?.description.contains("never the credential itself") == true, "\(String(describing: error))")
        #expect(
            error?.description.contains(#"$.credentials.headers["X-Api-Key"]"#) == true
                || error?.description.contains("$.credentials.headers.X-Api-Key") == true,
            "\(String(describing: error))")
    }

    @Test func valuesComeOnlyFromTheEnvironmentAndAMissingOneIsNamed() throws {
        let named = try RouteCredentials.parse(Array(Self.table.utf8), file: "routes.json")
        let error = #expect(throws: ContractCheck.MissingCredential.self) {
            try ContractCheck.Credential.resolve(named, environment: ["RADARR_API_KEY": Self.key])
        }
        #expect(error?.missing == ["query apikey from $RADARR_QUERY_KEY"])
        let resolved = try ContractCheck.Credential.resolve(
            named, environment: ["RADARR_API_KEY": Self.key, "RADARR_QUERY_KEY": "q-secret"])
        #expect(resolved.map(\.mask) == ["<$RADARR_API_KEY>", "<$RADARR_QUERY_KEY>"])
    }

    /// A stub service that answers only with the key (in the header and the query), through the
    /// check's loader: unauthenticated it is a 401 finding with the hint; with the key it passes; a
    /// body echoing the key is recorded masked, and findings never show it.
    @Test func theKeyIsSentAndMaskedEverywhere() async throws {
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        try Data(#"{"version": "5.0", "authentication": "apikey"}"#.utf8)
            .write(to: fixtures.appendingPathComponent("status-success.json"))
        try Data(Self.table.utf8).write(to: fixtures.appendingPathComponent("routes.json"))
        let (table, named) = try RouteCredentials.load(path: fixtures.appendingPathComponent("routes.json").path)
        let server = StubServer()
        server.stub(
            StubRoute.get("/api/v3/system/status").header("X-Api-Key", Self.key).query("apikey", "q-secret"),
            status: 200, json: #"{"version": "5.1", "authentication": "apikey \#(Self.key)"}"#)
        server.stub(.get("/api/v3/system/status").optional(), status: 401)
        let base = URL(string: "https://radarr.example")!

        let anonymous = await ContractCheck(baseURL: base, loader: server)
            .run(table, fixturesDirectory: fixtures.path)
        #expect(anonymous.findings.map(\.kind) == [.status])
        #expect(anonymous.findings.first?.message.contains("the service wants credentials") == true)

        let credentials = try ContractCheck.Credential.resolve(
            named, environment: ["RADARR_API_KEY": Self.key, "RADARR_QUERY_KEY": "q-secret"])
        let check = ContractCheck(baseURL: base, loader: server, record: true, credentials: credentials)
        let report = await check.run(table, fixturesDirectory: fixtures.path)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let recorded = try #require(report.recorded.first.map { String(decoding: $0.bytes, as: UTF8.self) })
        #expect(!recorded.contains(Self.key) && recorded.contains("apikey <$RADARR_API_KEY>"), "\(recorded)")
        #expect(server.requests.last?.header("X-Api-Key") == Self.key)
        #expect(server.requests.last?.queryValue("apikey") == "q-secret")
        #expect(
            check.mask("GET /x?apikey=q-secret: \(Self.key)") == "GET /x?apikey=<$RADARR_QUERY_KEY>: <$RADARR_API_KEY>")
    }
}
