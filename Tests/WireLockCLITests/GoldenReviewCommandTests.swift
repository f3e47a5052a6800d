#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireCommandLine
    import WireJSON
    import WireGolden
    import WireLockTestSupport
    import WireSupport

    @testable import WireLockCLI

    /// A package-like folder for the review commands: `Package.swift` (so the golden directory is found
    /// by walking up) and `golden/`.
    struct GoldenProject {
        let directory: TemporaryDirectory
        var root: URL { directory.url }
        var golden: URL { root.appendingPathComponent("golden") }

        init() throws {
            directory = try TemporaryDirectory()
            try directory.write("Package.swift", "// swift-tools-version: 6.0\n")
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory.path(name)) }
        func text(_ name: String) throws -> String { try directory.readText(name) }
        func write(_ name: String, _ text: String) throws { try directory.write(name, text) }
        func remove() { directory.remove() }

        /// Runs the built binary in the project folder.
        func wirelock(_ arguments: String...) throws -> CommandResult {
            try WireLockBinary.run(arguments, in: root)
        }
    }

    /// The model the end-to-end test changes.
    enum ReviewScenario {
        struct Movie: Codable {
            var id: Int
            var title: String
            var year: Int?
        }

        static let heat = Movie(id: 1, title: "Heat", year: nil)
        /// The golden `heat` writes, worked out by hand: canonical form, keys sorted, two-space indent.
        static let heatGolden = "{\n  \"id\": 1,\n  \"title\": \"Heat\"\n}\n"
    }

    @Suite("wirelock accept, reject and golden --orphans")
    struct GoldenReviewCommandTests {
        typealias S = ReviewScenario

        @Test func verifyGoldenFailsThenAcceptYesMakesItPass() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)

            // The model changes: the assertion fails, names the paths and leaves a pending file.
            let changed = S.Movie(id: 1, title: "Heat (1995)", year: 1995)
            let failure = try #require(
                verifyGolden(changed, named: "heat", goldenDirectory: project.golden, environment: [:]))
            #expect(failure.differences.map(\.path.description) == ["$.title", "$.year"])
            #expect(project.exists("golden/heat.actual.json"))

            // The real binary, as a person would run it from the package root.
            let result = try project.wirelock("accept", "--yes")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains(#"$.title: golden "Heat" ≠ actual "Heat (1995)""#), "\(result)")
            #expect(result.stdout.contains("$.year: added in actual (1995)"), "\(result)")
            #expect(result.stdout.contains("+  \"year\": 1995"), "the line diff follows")
            #expect(result.stdout.contains("accepted golden/heat.json"))
            #expect(result.stdout.hasSuffix("accepted 1, rejected 0, skipped 0\n"))
            #expect(!project.exists("golden/heat.actual.json"))
            #expect(
                try project.text("golden/heat.json")
                    == "{\n  \"id\": 1,\n  \"title\": \"Heat (1995)\",\n  \"year\": 1995\n}\n")

            // Now the assertion passes.
            #expect(verifyGolden(changed, named: "heat", goldenDirectory: project.golden, environment: [:]) == nil)
        }

        @Test func withoutATerminalAcceptTakesWhatItShowsWithoutAsking() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            try project.write("golden/nested/new.actual.json", #"{"b": 2, "a": 1}"#)
            try project.write("golden/heat.actual.json", #"{"id": 2, "title": "Heat"}"#)
            let result = try project.wirelock("accept")
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.contains("[y]es"), "no question without a terminal")
            #expect(result.stdout.contains("golden/nested/new.json: new golden"))
            #expect(
                try project.text("golden/nested/new.json") == "{\n  \"a\": 1,\n  \"b\": 2\n}\n",
                "written in canonical form"
            )
            #expect(try project.text("golden/heat.json").contains(#""id": 2"#))
            #expect(result.stdout.hasSuffix("accepted 2, rejected 0, skipped 0\n"))
        }

        @Test func acceptListSummarisesEachPendingFileAndChangesNothing() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            try project.write("golden/heat.actual.json", #"{"id": 2, "title": "Heat", "year": 1995}"#)
            try project.write("golden/new.actual.json", "[]")
            let result = try project.wirelock("accept", "--list")
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdoutLines == [
                    "golden/heat.actual.json: 2 differences",
                    "golden/new.actual.json: new golden",
                    "2 pending goldens; `wirelock accept` reviews them",
                ])
            #expect(try project.text("golden/heat.json") == S.heatGolden)
            #expect(project.exists("golden/heat.actual.json") && project.exists("golden/new.actual.json"))
            #expect(!project.exists("golden/new.json"))
        }

        @Test func acceptListExitsOneNamingAnInvalidPendingFile() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            try project.write("golden/heat.actual.json", "{\"id\": 2,\n \"title\": }\n")
            try project.write("golden/new.actual.json", "[]")
            let result = try project.wirelock("accept", "--list")
            #expect(result.status == 1, "\(result)")
            let problem = "golden/heat.actual.json:2:11: expected a value after ':', found '}' (at $.title)"
            #expect(
                result.stdoutLines == [
                    "golden/heat.actual.json: cannot be compared: \(problem)",
                    "golden/new.actual.json: new golden",
                    "2 pending goldens; `wirelock accept` reviews them",
                ])
            #expect(result.stderr == "wirelock: error: \(problem)\n")
            #expect(try project.text("golden/heat.json") == S.heatGolden)
            #expect(project.exists("golden/heat.actual.json"))
        }

        @Test func acceptOnlyTakesTheNamedFiles() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/a.actual.json", "1")
            try project.write("golden/b.actual.json", "2")
            // A golden's own name selects its pending file.
            let result = try project.wirelock("accept", "golden/b.json")
            #expect(result.status == 0, "\(result)")
            #expect(try project.text("golden/b.json") == "2\n")
            #expect(project.exists("golden/a.actual.json") && !project.exists("golden/a.json"))
        }

        @Test(arguments: [["accept"], ["reject"]])
        func nothingPendingIsSaidAndSucceeds(command: [String]) throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            let result = try WireLockBinary.run(command, in: project.root)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "nothing pending in golden/\n")
        }

        @Test(arguments: [
            ["accept", "golden/missing.actual.json"], ["reject", "no-such-dir"], ["accept", "--list", "nope.json"],
        ])
        func aMissingPathExitsTwoNamingIt(arguments: [String]) throws {
            let project = try GoldenProject()
            defer { project.remove() }
            let result = try WireLockBinary.run(arguments, in: project.root)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr == "wirelock: error: '\(arguments.last!)': no such file or directory\n")
            #expect(result.stdout.isEmpty)
        }

        @Test func withoutAGoldenDirectoryAcceptSaysWhereItLooked() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("Package.swift", "")
            let result = try WireLockBinary.run(["accept"], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("no golden directory at 'golden'"), "\(result)")
        }

        @Test func rejectDeletesPendingFilesAndListsThem() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            try project.write("golden/heat.actual.json", #"{"id": 2}"#)
            try project.write("golden/x/y.actual.json", "[]")
            let result = try project.wirelock("reject")
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdoutLines == [
                    "deleted golden/heat.actual.json",
                    "deleted golden/x/y.actual.json",
                    "rejected 2 pending goldens; the goldens are unchanged",
                ])
            #expect(try project.text("golden/heat.json") == S.heatGolden)
            #expect(!project.exists("golden/heat.actual.json") && !project.exists("golden/x/y.actual.json"))
        }

        @Test func anInvalidPendingFileIsNotAcceptedAndExitsOne() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/heat.json", S.heatGolden)
            try project.write("golden/heat.actual.json", "{\n  \"id\": 2,\n}\n")
            let result = try project.wirelock("accept", "--yes")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("golden/heat.actual.json:3:1: trailing comma before '}'"), "\(result)")
            #expect(result.stderr.contains("golden/heat.json not accepted"))
            #expect(try project.text("golden/heat.json") == S.heatGolden)
            #expect(project.exists("golden/heat.actual.json"), "left for the person to fix or reject")
        }

        @Test func aGoldenThatCannotBeReplacedStaysIntactAndExitsTwo() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            // The rename over the golden fails (a directory stands where the golden file would go), as
            // it would on a read-only or full disk: the temporary file is written first, then renamed.
            try project.write("golden/heat.json/keep.txt", "old\n")
            try project.write("golden/heat.actual.json", "[1]")
            let result = try project.wirelock("accept", "--yes")
            #expect(result.status == 2, "\(result)")
            #expect(
                result.stderr.contains("cannot write golden/heat.json: Is a directory; the golden is unchanged"),
                "\(result)")
            #expect(result.stderr.contains("the golden is unchanged"))
            #expect(try project.text("golden/heat.json/keep.txt") == "old\n")
            #expect(
                try project.directory.names(in: "golden") == ["heat.actual.json", "heat.json"], "no temporary file left"
            )
        }

        /// In-process, with answers as if typed on a terminal.
        func runInteractively(_ arguments: [String], answers: [String]) -> (
            status: ExitCode, output: String, errors: String
        ) {
            let output = BufferSink()
            let errors = BufferSink()
            let context = CommandContext(
                output: output, diagnostics: errors, environment: [:], outputIsTerminal: false,
                input: ScriptedInput(answers, isTerminal: true))
            let status = WireLockCommand.main(arguments, context: context)
            return (status, output.text, errors.text)
        }

        @Test func onATerminalAcceptAsksPerFile() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            for name in ["a", "b", "c", "d"] {
                try project.write("golden/\(name).json", "0\n")
                try project.write("golden/\(name).actual.json", "1")
            }
            // a: an unclear answer, asked again, then yes; b: no (reject); c: skip; d: end of input = quit.
            let run = runInteractively(["accept", project.golden.path], answers: ["maybe", "y", "n", "s"])
            #expect(run.status == .success, "\(run.errors)")
            #expect(run.output.components(separatedBy: "[y]es, [n]o (reject), [s]kip, [q]uit: ").count - 1 == 5)
            #expect(run.output.contains("please answer y, n, s or q"))
            #expect(try project.text("golden/a.json") == "1\n" && !project.exists("golden/a.actual.json"))
            #expect(try project.text("golden/b.json") == "0\n" && !project.exists("golden/b.actual.json"))
            #expect(try project.text("golden/c.json") == "0\n" && project.exists("golden/c.actual.json"))
            #expect(try project.text("golden/d.json") == "0\n" && project.exists("golden/d.actual.json"))
            #expect(
                run.output.hasSuffix("stopped: 1 pending golden not reviewed\n\naccepted 1, rejected 1, skipped 2\n"))
        }

        @Test(arguments: [
            ("y", AcceptCommand.Decision.accept), ("YES", .accept), (" n ", .reject), ("reject", .reject),
            ("s", .skip), ("q", .quit), ("quit", .quit), ("", nil), ("maybe", nil),
        ])
        func answersAreRead(answer: String, decision: AcceptCommand.Decision?) {
            #expect(AcceptCommand.Decision(answer: answer) == decision)
        }

        @Test func yesSkipsTheQuestionsOnATerminal() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/a.actual.json", "1")
            let run = runInteractively(["accept", "--yes", project.golden.path], answers: [])
            #expect(run.status == .success)
            #expect(!run.output.contains("[y]es"))
            #expect(try project.text("golden/a.json") == "1\n")
        }

        @Test func listAndYesTogetherAreAUsageError() throws {
            let result = try WireLockBinary.run(["accept", "--list", "--yes"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--list changes nothing; it cannot be combined with --yes"))
        }

        // MARK: golden --orphans

        @Test func orphansWithoutARecordedRunExplainsAndExitsTwo() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/a.json", "1")
            let result = try project.wirelock("golden", "--orphans")
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("no test run is recorded in .wirelock/runs/"), "\(result)")
            #expect(result.stderr.contains("run the whole test suite (swift test) once"))
        }

        @Test func goldenWithoutOrphansIsAUsageError() throws {
            let result = try WireLockBinary.run(["golden"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("pass --orphans"))
        }

        /// golden/: a, b, sub/d, old, plus files that are not goldens; runs recorded by hand.
        func projectWithRuns() throws -> GoldenProject {
            let project = try GoldenProject()
            for name in ["a", "b", "sub/d", "old"] { try project.write("golden/\(name).json", "1") }
            try project.write("golden/README.md", "not a golden")
            try project.write("golden/shapes/a.shape.json", "{}")
            try project.write("golden/b.actual.json", "2")
            // An older run that still used old.json.
            try project.write(".wirelock/runs/1700000000-40-41.touched", "#args\t\ngolden/old.json\n")
            // The latest run: two processes of one `swift test` (same parent pid 50).
            try project.write(".wirelock/runs/1700000900-50-51.touched", "#args\t\ngolden/a.json\n")
            try project.write(
                ".wirelock/runs/1700000901-50-52.touched",
                "golden/b.json\n#args\t--testing-library\tswift-testing\ngolden/sub/d.json\ngolden/b.json\n")
            return project
        }

        @Test func orphansListsGoldensTheLatestRunDidNotAssertAndExitsOne() throws {
            let project = try projectWithRuns()
            defer { project.remove() }
            let result = try project.wirelock("golden", "--orphans")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.isEmpty, "a full run: no warning")
            #expect(
                result.stdoutLines == [
                    "golden/old.json",
                    "1 orphaned golden of 4 in golden/: not asserted by the last test run (started 2023-11-14T22:28:21Z, 2 test processes); delete them or add the test back",
                ])
        }

        @Test func orphansAsJSON() throws {
            let project = try projectWithRuns()
            defer { project.remove() }
            let result = try project.wirelock("golden", "--orphans", "--format", "json")
            #expect(result.status == 1, "\(result)")
            let document = try JSONValue.parse(Array(result.stdout.utf8))
            #expect(document["orphans"] == .array([.string("golden/old.json")]))
            #expect(document["goldens"] == .number(4))
            #expect(document["run"]?["processes"] == .number(2))
            #expect(document["run"]?["asserted"] == .number(3))
            #expect(document["run"]?["filtered"] == .bool(false))
        }

        @Test func noOrphansExitsZero() throws {
            let project = try projectWithRuns()
            defer { project.remove() }
            try FileManager.default.removeItem(atPath: project.directory.path("golden/old.json"))
            let result = try project.wirelock("golden", "--orphans")
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("no orphaned goldens: the last test run"))
            #expect(result.stdout.contains("asserted all 3 goldens in golden/"))
        }

        @Test func aFilteredRunIsCalledOut() throws {
            let project = try projectWithRuns()
            defer { project.remove() }
            try project.write(
                ".wirelock/runs/1700005000-60-61.touched",
                "#args\t--filter\tMovies\t--testing-library\tswift-testing\ngolden/a.json\n")
            let result = try project.wirelock("golden", "--orphans")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("warning: the last test run was filtered (--filter Movies)"), "\(result)")
            #expect(result.stdoutLines.prefix(3) == ["golden/b.json", "golden/old.json", "golden/sub/d.json"])
        }

        @Test func assertionsRecordTheirRunForOrphans() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/used.json", "1\n")
            try project.write("golden/unused.json", "2\n")
            // As if called from a test file of this project: the run is recorded at its root.
            let testFile = project.root.appendingPathComponent("Tests/AppTests/WireTests.swift").path
            #expect(GoldenComparison.verify(.number(1), named: "used", environment: [:], filePath: testFile) == nil)
            let result = try project.wirelock("golden", "--orphans")
            #expect(result.status == 1, "\(result)")
            #expect(result.stdoutLines.first == "golden/unused.json")
            #expect(result.stdoutLines.count == 2)
        }
    }
#endif
