import Foundation
import WireCommandLine
import WireCommands
import WireDecoder
import WireGolden
import WireLint
import WireReaders
import WireStub
import WireSupport

/// `wirelock contract`: checks a route table against the real service (contract mode).
struct ContractCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "contract",
            abstract: "Check a route table against the live service, or reader contracts against an OpenAPI document.",
            discussion: """
                Each route (without {parameters}) is requested once from the base URL. Its live response \
                must have the route's status (for a sequence, its last answer), be valid JSON, and have \
                the fixture's shape: members removed, added, retyped or made nullable are findings, by \
                the refactor check's rules, both directions. Nothing is written without --record.

                Contract mode is off unless --base-url or \(ContractCheck.baseURLVariable) is given.

                A key-protected service: name its header fields and query items in the route table, each \
                with the environment variable holding its value, e.g. \
                "credentials": {"headers": {"X-Api-Key": "RADARR_API_KEY"}}. Values are read only from \
                the environment, never written, and masked in the output.

                Reader contracts (golden/<name>.reads.json, recorded by assertReaderContract) say what \
                the client's models read. For a route whose fixture a contract was learned from, every \
                member the model reads must be in the live body, with a kind it accepted and null or \
                absent only where it copes (reader-contract findings), and a shape change is a finding \
                only where a model reads: a member no model reads cannot break the client.

                With --openapi SPEC no service is called: the reader contracts are held against an OpenAPI \
                3.0 or 3.1 document in JSON instead (a YAML one is refused with how to convert it). Where \
                each contract's payload is described comes from wirelock.json ("openapi": {"spec": …, \
                "contracts": {"movie": "GET /api/v3/movie 200", "user": "#/components/schemas/user"}}) or \
                --map; --propose prints that block, each contract matched against every response body \
                and component schema (and the route table's routes, when one is given). Only what a \
                model reads is judged: openapi.not-required (read as required, optional in the spec), \
                openapi.nullable (read as non-null, nullable in the spec), openapi.type-mismatch, \
                openapi.format-mismatch, openapi.undeclared-member (a note when read if present) and \
                openapi.enum-value-rejected (where the contract knows the enum's values), each with the \
                read path and the spec's pointer, in the report formats of `check`.

                Exit status: 0 when every route agrees, 1 for findings, 2 for a usage error, an invalid \
                route table, no base URL, a credential variable that is not set, a reader contract \
                that cannot be read, or a file that cannot be written; with --openapi, 2 also for a \
                document, a mapping or a $ref that cannot be used.
                """)
    }

    @Option(
        valueName: "url", as: .text,
        help: "The service to check (http or https); default: $\(ContractCheck.baseURLVariable).")
    var baseURL: String?
    @Option(valueName: "dir", as: .path, help: "Where the table's fixtures are (default: the table's folder).")
    var fixtures: RawPath?
    @Flag(help: "Rewrite each fixture with the live body (redacted, canonical) when the status matches.")
    var record: Bool
    @Option(RedactOption.redact) var patterns: [JSONPathPattern]
    @Option(
        "reads", valueName: "file", as: .path,
        help:
            "A reader contract (golden/<name>.reads.json), repeatable; default: every one under the golden directory. A route whose fixture a contract was learned from must send what the model reads, and only changes to read members are findings."
    )
    var readsPaths: [RawPath]
    @Flag("no-reads", help: "Judge by the fixtures' shapes alone, without reader contracts.") var noReads: Bool
    @Flag(CommonOptions.force) var force: Bool
    @Option(
        "openapi", valueName: "spec", as: .path,
        help:
            "Hold the reader contracts against this OpenAPI document (JSON) instead of calling a service; the mapping is wirelock.json's openapi.contracts and --map."
    )
    var openAPI: RawPath?
    @Option(
        "map", valueName: "name=target", as: .text,
        help:
            "With --openapi: where a contract's payload is described, e.g. 'movie=GET /api/v3/movie 200' or 'user=#/components/schemas/user' (repeatable; overrides wirelock.json)."
    )
    var maps: [String]
    @Flag(
        help:
            "With --openapi: print a ready-to-paste wirelock.json openapi block, each contract matched against the document (and the route table, when given); the ranking goes to standard error."
    )
    var propose: Bool
    @Option(
        "config", valueName: "file", as: .path,
        help:
            "With --openapi: the configuration holding the mapping and the golden folder (default: wirelock.json beside the nearest Package.swift, else in the working directory)."
    )
    var configPath: RawPath?
    @Option(SharedOptions.reportFormat) var format: ReportFormatChoice
    @Argument(help: "The route-table file (routes.json); with --openapi, optional (--propose uses its routes).")
    var routes: RawPath?

    mutating func validate() throws(UsageError) {
        if openAPI == nil {
            if routes == nil { throw UsageError("expected the route-table file, or --openapi SPEC") }
            if propose || !maps.isEmpty || configPath != nil || format != .text {
                throw UsageError("--propose, --map, --config and --format go with --openapi")
            }
        } else if baseURL != nil || record {
            throw UsageError(
                "--base-url and --record check a live service; --openapi checks a document: give one of them")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        if let openAPI { return runOpenAPI(spec: openAPI, in: context) }
        guard let routes else { return .failure }
        let text = baseURL ?? ProcessInfo.processInfo.environment[ContractCheck.baseURLVariable] ?? ""
        guard !text.isEmpty else {
            context.reportError("contract mode is off: give --base-url or set \(ContractCheck.baseURLVariable)")
            return .failure
        }
        guard let url = ContractCheck.absoluteHTTPURL(text) else {
            context.reportError("'\(text)' is not an absolute http or https URL")
            return .failure
        }
        let table: RouteTable
        let named: RouteCredentials
        do throws(RouteFileError) {
            (table, named) = try RouteCredentials.load(path: routes.text)
        } catch {
            context.diagnose("\(error)\n")
            return .failure
        }
        let credentials: [ContractCheck.Credential]
        do throws(ContractCheck.MissingCredential) {
            credentials = try ContractCheck.Credential.resolve(named, environment: ProcessInfo.processInfo.environment)
        } catch {
            context.reportError("\(routes.displayed): \(error)")
            return .failure
        }
        var readers: [ReaderContract] = []
        if !noReads {
            let files =
                readsPaths.isEmpty
                ? ReaderContractFiles.discover(
                    under: CommonOptions.goldenDirectory(nil, environment: context.environment))
                : readsPaths
            do throws(ReaderContractFiles.LoadError) {
                readers = try ReaderContractFiles.load(files)
            } catch {
                context.reportError(error.description)
                return .failure
            }
        }
        let folder = fixtures ?? routes.directoryAndName.directory
        let check = ContractCheck(
            baseURL: url, record: record, redactions: patterns, credentials: credentials, readerContracts: readers)
        let report = Self.wait { await check.run(table, fixturesDirectory: folder.text) }

        for finding in report.findings { context.output.write("\(routes.displayed): \(finding)\n") }
        for skipped in report.skipped { context.output.write("skipped: \(skipped)\n") }
        for fixture in report.recorded {
            let path = RawPath(RouteTable.fixturePath(fixture.name, in: folder.text))
            do throws(AtomicWriteError) {
                try AtomicFile.write(fixture.bytes, to: path, options: .rewrite(force: force))
            } catch {
                context.reportError(error.description)
                return .failure
            }
            context.output.write("recorded \(path.displayed)\n")
        }
        for credential in credentials {
            context.output.write("sent \(credential.place.rawValue) \(credential.name) = \(credential.mask)\n")
        }
        if report.unreadChanges > 0 {
            context.output.write(
                "not reported: \(report.unreadChanges) shape change\(report.unreadChanges == 1 ? "" : "s") at members "
                    + "no reader contract reads (--no-reads reports them)\n")
        }
        context.output.write(
            "contract: \(report.checked) route\(report.checked == 1 ? "" : "s") checked against "
                + "\(check.mask(url.absoluteString)), "
                + "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")\n")
        return report.findings.isEmpty ? .success : .findings
    }

    /// Runs the check to completion from this synchronous command.
    private static func wait(_ body: @escaping @Sendable () async -> ContractCheck.Report) -> ContractCheck.Report {
        let box = ReportBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value ?? ContractCheck.Report()
    }
}

/// The report handed from the check's task to the waiting command.
private final class ReportBox: @unchecked Sendable {
    // @unchecked: written once by the task before the semaphore is signalled, read after the wait.
    var value: ContractCheck.Report?
}
