#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// `wirelock contract --openapi`, `diff --openapi` and check's openapi stage, run as built: exit
    /// codes (0 agrees, 1 findings or a change that breaks a reader, 2 a setting, document or
    /// usage that cannot be used), the report formats, and errors that name the file and the key.
    @Suite("wirelock contract --openapi, diff --openapi, check's openapi stage")
    struct OpenAPICommandTests {
        static let planted = "Tests/Fixtures/OpenAPI/media-api-changed.json"
        static let sample = "Fixtures/openapi/media-api.json"

        static func run(_ arguments: [String], in directory: URL = Repository.root) throws -> CommandResult {
            try WireLockBinary.run(arguments, in: directory)
        }

        /// A package with the movie contract, the sample description (or `spec`), and `configuration`.
        static func package(configuration: String, spec: String? = nil) throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            _ = try directory.write("Package.swift", "// swift-tools-version: 6.0\n")
            _ = try directory.write(
                "golden/movie.reads.json", bytes: Array(try Data(contentsOf: Repository.url("golden/movie.reads.json")))
            )
            let text = try spec ?? String(contentsOf: Repository.url(Self.sample), encoding: .utf8)
            _ = try directory.write("api.json", text)
            // The inputs are the golden folder and there is no lock file: check has nothing else to find.
            var configuration = configuration
            if configuration.hasPrefix("{\"") {
                configuration = #"{"inputs": "golden", "check": {"lock": false}, "# + configuration.dropFirst()
            }
            _ = try directory.write("wirelock.json", configuration)
            return directory
        }

        static let movieConfiguration = """
            {"openapi": {"spec": "api.json", "contracts": {"movie": "GET /api/v3/movie 200"}}}
            """

        @Test func theSampleDescriptionAgreesWithTheRepositorysContracts() throws {
            let result = try Self.run(["contract", "--openapi", Self.sample])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("no findings\nopenapi: 7 contracts held against \(Self.sample): "))
            #expect(result.stdout.contains("; 251 read paths checked\n"))
        }

        @Test func thePlantedDescriptionFailsWithTheReadPathAndThePointer() throws {
            let result = try Self.run(["contract", "--openapi", Self.planted])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stdout.contains(
                    "golden/calendar.reads.json:33:5: openapi.nullable: Array<CalendarEntry> reads $[*].title as non-null, "
                        + "and the spec allows null (#/components/schemas/CalendarEntry/properties/title; GET /api/v3/calendar 200)\n"
                ))
            #expect(result.stdout.contains("4 findings (4 errors) in 2 files\n"))
            #expect(!result.stdout.contains("popularity"))
        }

        @Test(arguments: ["json", "sarif", "junit", "github"])
        func everyReportFormatOfCheck(_ format: String) throws {
            let result = try Self.run(["contract", "--openapi", Self.planted, "--format", format])
            #expect(result.status == 1, "\(result)")
            // The summary goes to standard error, so standard output stays one document.
            #expect(result.stderr.hasPrefix("openapi: 7 contracts held against"))
            switch format {
            case "json", "sarif":
                let document = try JSONValue.parse(Array(result.stdout.utf8))
                #expect(result.stdout.contains("openapi.undeclared-member"))
                if format == "sarif" {
                    #expect(document["runs"]?[0]?["tool"]?["driver"]?["rules"] != nil)
                    #expect(result.stdout.contains("Read as non-null, nullable in the spec"))
                }
            case "junit":
                #expect(result.stdout.hasPrefix("<?xml"))
                #expect(result.stdout.contains("openapi.type-mismatch"))
            default:
                #expect(
                    result.stdout.contains(
                        "::error file=golden/movie.reads.json,line=119,col=5,endLine=119,endColumn=5,title=openapi.type-mismatch::"
                    ))
            }
        }

        @Test func aMappingTheDocumentDoesNotHaveIsAnErrorAtItsKey() throws {
            let cases: [(String, String)] = [
                (
                    #"{"openapi": {"spec": "api.json", "contracts": {"moive": "GET /api/v3/movie 200"}}}"#,
                    "wirelock.json:1:103: error: openapi.contracts.moive: no reader contract named 'moive' (1 contract found; did you mean 'movie'?)"
                ),
                (
                    #"{"openapi": {"spec": "api.json", "contracts": {"movie": "GET /api/v3/movies 200"}}}"#,
                    "wirelock.json:1:103: error: openapi.contracts.movie: GET /api/v3/movies is not an operation of api.json; did you mean 'GET /api/v3/movie'"
                ),
                (
                    #"{"openapi": {"spec": "api.json", "contracts": {"movie": "/api/v3/movie"}}}"#,
                    "wirelock.json:1:103: error: openapi.contracts.movie: '/api/v3/movie': expected an operation and status"
                ),
            ]
            for (configuration, message) in cases {
                let directory = try Self.package(configuration: configuration)
                defer { directory.remove() }
                let result = try Self.run(["contract", "--openapi", "api.json"], in: directory.url)
                #expect(result.status == 2, "\(result)")
                #expect(result.stderr.hasPrefix(message), "\(result)")
                // check reports the same, as an error of the run.
                let check = try Self.run(["check", "--quiet"], in: directory.url)
                #expect(check.status == 2, "\(check)")
                #expect(
                    check.stderr.contains(
                        "wirelock: error: " + message.replacingOccurrences(of: ": error: ", with: ": ")))
            }
        }

        @Test func aYAMLDocumentIsRefusedWithHowToConvertIt() throws {
            let directory = try Self.package(
                configuration: Self.movieConfiguration, spec: "openapi: 3.0.3\npaths: {}\n")
            defer { directory.remove() }
            let result = try Self.run(["contract", "--openapi", "api.json"], in: directory.url)
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix(
                    "api.json:1:1: error: a YAML document: wirelock reads OpenAPI documents in JSON"))
        }

        @Test func usageErrors() throws {
            #expect(try Self.run(["contract"]).status == 2)
            let map = try Self.run(["contract", "routes.json", "--map", "movie=GET /x 200"])
            #expect(map.status == 2 && map.stderr.contains("--propose, --map, --config and --format go with --openapi"))
            let live = try Self.run(["contract", "--openapi", Self.sample, "--base-url", "http://127.0.0.1:1"])
            #expect(live.status == 2 && live.stderr.contains("give one of them"))
            let diff = try Self.run(["diff", "--openapi", Self.sample])
            #expect(diff.status == 2 && diff.stderr.contains("with --openapi, give OLD and NEW"))
            let badMap = try Self.run(["contract", "--openapi", Self.sample, "--map", "movie"])
            #expect(badMap.status == 2 && badMap.stderr.contains("expected NAME=TARGET"))
        }

        @Test func proposeMatchesEachContractToItsResponse() throws {
            let directory = try Self.package(configuration: "{}")
            defer { directory.remove() }
            let result = try Self.run(["contract", "--openapi", "api.json", "--propose"], in: directory.url)
            #expect(result.status == 0, "\(result)")
            let block = try JSONValue.parse(Array(result.stdout.utf8))
            #expect(block["openapi"]?["contracts"]?["movie"] == .string("GET /api/v3/movie 200"))
            #expect(block["openapi"]?["spec"] == .string("api.json"))
            #expect(result.stderr.hasPrefix("movie (Page<Movie>): GET /api/v3/movie 200: 111 of 111 paths declared\n"))
        }

        @Test func diffBreaksOnlyOnChangesAReaderReads() throws {
            let result = try Self.run(["diff", "--openapi", Self.sample, Self.planted])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stdout.contains(
                    "  BREAKING response-property-became-optional at $.records[*].title: no longer required; "
                        + "breaks: movie (Page<Movie>) reads $.records[*].title as required\n"))
            #expect(
                result.stdout.contains(
                    "19 changes: 4 break a reader, 1 a reader copes with, 1 may break (values unknown), 13 no reader reads (--all lists them)\n"
                ))
            #expect(!result.stdout.contains("popularity"))
            let all = try Self.run(["diff", "--openapi", Self.sample, Self.planted, "--all"])
            #expect(
                all.stdout.contains(
                    "response-property-type-changed at $.records[*].popularity: number → string; no reader reads it\n"))
            // Nothing changed, nothing breaks; a change only unread members see does not fail either.
            #expect(try Self.run(["diff", "--openapi", Self.sample, Self.sample]).status == 0)
            let unread = try Self.run([
                "diff", "--openapi", Self.sample, Self.planted, "--map", "movie=GET /api/v3/series 200", "--reads",
                "golden/movie.reads.json",
            ])
            #expect(unread.status == 0, "\(unread)")
            let json = try Self.run(["diff", "--openapi", Self.sample, Self.planted, "--format", "json"])
            let document = try JSONValue.parse(Array(json.stdout.utf8))
            #expect(document["rules"]?["response-property-became-optional"]?["breaking"] == .number(1))
            let github = try Self.run(["diff", "--openapi", Self.sample, Self.planted, "--format", "github"])
            #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 4)
        }

        @Test func checkRunsTheStageWithItsSwitchAndABaseline() throws {
            let spec = try String(contentsOf: Repository.url(Self.planted), encoding: .utf8)
            let directory = try Self.package(configuration: Self.movieConfiguration, spec: spec)
            defer { directory.remove() }
            let failing = try Self.run(["check"], in: directory.url)
            #expect(failing.status == 1, "\(failing)")
            #expect(failing.stdout.contains("golden/movie.reads.json:116:5: openapi.not-required:"))
            #expect(failing.stderr.contains("\nopenapi           2         3"), "\(failing)")
            // Recorded locally (a CI run never records: `CI` is cleared for this one, whatever runs
            // the tests), then read back as a CI run would.
            let recorded = try WireLockBinary.run(
                ["check", "--quiet", "--baseline", "baseline.json"], in: directory.url, environment: ["CI": "false"])
            #expect(recorded.status == 0, "\(recorded)")
            #expect(try Self.run(["check", "--quiet", "--baseline", "baseline.json"], in: directory.url).status == 0)
            _ = try directory.write(
                "wirelock.json",
                #"{"inputs": "golden", "check": {"lock": false, "openapi": false}, "openapi": {"spec": "api.json", "contracts": {"movie": "GET /api/v3/movie 200"}}}"#
            )
            let off = try Self.run(["check"], in: directory.url)
            #expect(off.status == 0, "\(off)")
            #expect(off.stderr.contains("off (check.openapi in wirelock.json)"))
        }
    }
#endif
