import Foundation
import WireCommandLine
import WireCommands
import WireGolden
import WireJSON
import WireSupport

/// `wirelock golden --orphans`: lists goldens no test asserted in the last recorded test run.
struct GoldenCommand: ParsableCommand {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "golden",
            abstract: "Check the golden directory: --orphans lists goldens no test asserts any more.",
            discussion: """
                Every golden assertion records the golden it touched under .wirelock/runs/ at the \
                package root, one file per test process; the processes of one `swift test` form a run. \
                --orphans lists the goldens under the golden directory that the latest run did not \
                touch, so dead goldens can be deleted. Run the whole test suite first: after a \
                filtered run (swift test --filter) every golden outside the filter looks orphaned, and \
                the command says so.

                Exit status: 0 when no golden is orphaned, 1 when some are (so CI can gate on it), 2 for \
                a usage error, a golden directory that does not exist, or no recorded test run.
                """)
    }

    @Flag(help: "List golden files that no assertion touched in the last recorded test run.") var orphans: Bool
    @Option(CommonOptions.golden) var golden: RawPath?
    @Option(.format(default: .text)) var format: OutputFormat

    mutating func validate() throws(UsageError) {
        guard orphans else {
            throw UsageError("nothing to do: pass --orphans (the one check `golden` has so far)")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let root = PendingGoldenSelection.packageRoot() ?? PendingGoldenSelection.currentDirectory
        let directory =
            golden.map { URL(fileURLWithPath: $0.text, isDirectory: true) }
            ?? PendingGoldenSelection.goldenDirectory(environment: context.environment)
        let shownDirectory = PendingGoldenSelection.display(directory) + "/"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            context.reportError("no golden directory at '\(shownDirectory)'")
            return .failure
        }
        guard let run = GoldenRuns.latest(root: root) else {
            let runs = PendingGoldenSelection.display(GoldenRuns.directory(root: root)) + "/"
            if format == .json {
                context.output.write(
                    CanonicalJSONWriter.text(
                        Self.document(directory: shownDirectory, run: nil, orphans: nil, goldens: 0)))
            }
            context.reportError(
                """
                no test run is recorded in \(runs), so orphans cannot be told apart. Golden assertions \
                record there which goldens they touch: run the whole test suite (swift test) once, then \
                run this again.
                """)
            return .failure
        }
        let goldens = GoldenRuns.goldens(in: directory)
        let orphans = GoldenRuns.orphans(in: directory, run: run, root: root)
        if run.isFiltered {
            context.diagnose(
                """
                \(context.toolName): warning: the last test run was filtered (\(run.filters.prefix(3).joined(separator: ", "))\
                \(run.filters.count > 3 ? ", …" : "")): goldens outside the filter are listed as orphans; run the whole suite for an exact list

                """)
        }
        if format == .json {
            context.output.write(
                CanonicalJSONWriter.text(
                    Self.document(directory: shownDirectory, run: run, orphans: orphans, goldens: goldens.count)))
            return orphans.isEmpty ? .success : .findings
        }
        for orphan in orphans { context.output.write(PendingGoldenSelection.display(orphan) + "\n") }
        let about =
            "the last test run (started \(Self.timestamp(run.started)), \(Text.pluralized(run.files.count, "test process", "test processes")))"
        if orphans.isEmpty {
            context.output.write(
                "no orphaned goldens: \(about) asserted all \(Text.pluralized(goldens.count, "golden")) in \(shownDirectory)\n"
            )
            return .success
        }
        context.output.write(
            "\(Text.pluralized(orphans.count, "orphaned golden")) of \(goldens.count) in \(shownDirectory): not asserted by \(about); delete them or add the test back\n"
        )
        return .findings
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func document(directory: String, run: GoldenRun?, orphans: [URL]?, goldens: Int) -> JSONValue {
        .object(
            JSONObject([
                "goldenDirectory": .string(directory),
                "goldens": .number(JSONNumber(text: String(goldens))),
                "run": run.map { run in
                    .object(
                        JSONObject([
                            "started": .string(timestamp(run.started)),
                            "processes": .number(JSONNumber(text: String(run.files.count))),
                            "filtered": .bool(run.isFiltered),
                            "filters": .array(run.filters.map { .string($0) }),
                            "asserted": .number(JSONNumber(text: String(run.touched.count))),
                        ]))
                } ?? .null,
                "orphans": orphans.map { .array($0.map { .string(PendingGoldenSelection.display($0)) }) } ?? .null,
            ]))
    }
}
