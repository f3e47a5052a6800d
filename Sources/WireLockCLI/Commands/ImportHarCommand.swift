import WireCommandLine
import WireCommands
import WireDecoder
import WireGolden
import WireStub
import WireSupport

/// `wirelock import-har`: turns a HAR capture into canonical, redacted fixtures and a route table
/// (`routes.json`) that `StubServer.serve` loads.
struct ImportHarCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "import-har",
            abstract: "Turn a HAR capture into canonical, redacted fixtures and a route table.",
            discussion: """
                Each response with a JSON body becomes <resource>-<scenario>.json in canonical form (what \
                fmt writes); repeated calls to one method, path and query become one route answering in \
                order; routes.json serves them all. A body that is not JSON is not written (its route \
                answers with an empty body, and a note says so). Before anything is written, request \
                header fields are left out, Set-Cookie and other secret response header fields and API-key \
                query items are replaced, Content-Encoding and Content-Length are dropped, and the values \
                at each --redact pattern are replaced. The report counts redactions per kind, never values.

                Exit status: 0 when written, 2 for a usage error, a HAR file that is not valid (nothing is \
                written then) or a file that cannot be read or written.
                """)
    }

    @Option(
        short: "o", valueName: "dir", as: .path,
        help: "The folder to write the fixtures and routes.json into (created if missing). Required.")
    var out: RawPath
    @Option(RedactOption.redact) var patterns: [JSONPathPattern]
    @Flag(CommonOptions.force) var force: Bool
    @Argument(help: "The HAR 1.2 file (.har).") var capture: RawPath

    func run(in context: CommandContext) -> ExitCode {
        let bytes: [UInt8]
        switch FileSystem.readFile(capture) {
        case .success(let read): bytes = read
        case .failure(let error):
            context.reportError("\(capture.displayed): cannot be read: \(error)")
            return .failure
        }
        let result: HARImport.Result
        do throws(RouteFileError) {
            result = try HARImport.convert(bytes, file: capture.displayed, redacting: patterns)
        } catch {
            context.diagnose("\(error)\n")
            return .failure
        }
        let folder = out.withoutTrailingSlash
        let files =
            result.fixtures.map { (folder.appending($0.name + ".json"), $0.bytes) }
            + [(folder.appending(RouteTable.defaultFileName), result.table.fileBytes)]
        for (path, content) in files {
            do throws(AtomicWriteError) {
                try AtomicFile.write(content, to: path, options: .rewrite(force: force))
            } catch {
                context.reportError(error.description)
                return .failure
            }
        }
        context.output.write(
            "\(capture.displayed): wrote \(result.fixtures.count) fixture\(result.fixtures.count == 1 ? "" : "s") "
                + "and \(RouteTable.defaultFileName) (\(result.table.routes.count) "
                + "route\(result.table.routes.count == 1 ? "" : "s")) to \(folder.withTrailingSlash.displayed)\n")
        let redactions = result.redactions
        if redactions.isEmpty {
            context.output.write("redacted: nothing\n")
        } else {
            context.output.write(
                "redacted: " + redactions.map { "\($0.kind) \($0.count)" }.joined(separator: ", ") + "\n")
        }
        for note in result.notes { context.output.write("note: \(note)\n") }
        return .success
    }
}
