#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// Issue 26, done-when 1, as a user runs it: a client's fixtures (`adoption-fixtures/`, snake_case,
    /// not canonical, one e-mail address, none named by a test) copied to a scratch folder with no
    /// `wirelock.json`; `wirelock check --baseline` records, the next run passes, a planted finding
    /// fails, `wirelock fmt` keeps the baseline valid, a fix is reported and a write shrinks it.
    @Suite("wirelock check --baseline (end to end)")
    struct CheckBaselineEndToEndTests {
        static let fixtures = Repository.root.appendingPathComponent("Tests/WireLockCLITests/adoption-fixtures")
        /// Not CI, whatever runs the tests: recording a baseline is refused under CI.
        static let local = ["CI": ""]

        func scratch() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(names.count == 4)
            for name in names {
                try directory.write(
                    "Fixtures/\(name)", bytes: Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
            }
            return directory
        }

        func check(_ arguments: [String], in directory: TemporaryDirectory) throws -> CommandResult {
            try WireLockBinary.run(["check", "--quiet"] + arguments, in: directory.url, environment: Self.local)
        }

        @Test func recordPassPlantFormatFixAndShrink() throws {
            let directory = try scratch()
            defer { directory.remove() }
            let baseline = ["--baseline", "wirelock-baseline.json"]

            // Today's findings fail the run without a baseline.
            let before = try check([], in: directory)
            #expect(before.status == 1, "\(before)")
            #expect(before.stderr.contains("wirelock: note: no wirelock.json: every default applies"), "\(before)")
            let total = try #require(Int(before.stdout.split(separator: "\n").last?.split(separator: " ").first ?? ""))
            #expect(total == 12, "4 names, 4 unreferenced, 3 non-canonical, 1 e-mail address: \(before.stdout)")

            // Recorded: the run passes and says how many.
            let recorded = try check(baseline, in: directory)
            #expect(recorded.status == 0, "\(recorded)")
            #expect(recorded.stdout == "no findings\n")
            #expect(recorded.stderr.contains("baseline wirelock-baseline.json: recorded 12 findings (a new file)"))

            // The next run passes.
            let next = try check(baseline, in: directory)
            #expect(next.status == 0, "\(next)")
            #expect(next.stderr.contains("12 recorded findings accepted"), "\(next)")

            // A planted finding fails it, alone.
            try directory.write(
                "Fixtures/user_me.json",
                try directory.readText("Fixtures/user_me.json").replacingOccurrences(
                    of: "\"site_admin\"",
                    with: "\"token\": \"ghp_" + String(repeating: "A1b2", count: 9) + "\",\n    \"site_admin\""))
            let planted = try check(baseline, in: directory)
            #expect(planted.status == 1, "\(planted)")
            #expect(planted.stdout.hasPrefix("Fixtures/user_me.json:5:14: secret.github-token: "), "\(planted)")
            #expect(planted.stdout.hasSuffix("1 finding (1 error) in 1 file\n"), "\(planted)")

            // The planted secret removed, every file through `wirelock fmt`: every line moves, and the
            // baseline still holds (the 3 fmt findings are fixed and reported as gone).
            try directory.write(
                "Fixtures/user_me.json",
                "{\n    \"login\": \"sample-user\",\n    \"id\": 7,\n    \"email\": \"jane.doe@acme-mail.io\",\n    \"site_admin\": false\n}\n"
            )
            let fmt = try WireLockBinary.run(["fmt", "Fixtures"], in: directory.url, environment: Self.local)
            #expect(fmt.status == 0, "\(fmt)")
            let formatted = try check(baseline, in: directory)
            #expect(formatted.status == 0, "\(formatted)")
            #expect(formatted.stderr.contains("9 recorded findings accepted"), "\(formatted)")
            #expect(
                formatted.stderr.contains(
                    "the baseline has 3 entries that no longer occur; run `wirelock check --baseline wirelock-baseline.json --write-baseline` to shrink it"
                ), "\(formatted)")

            // Fixing one more (the e-mail address) and writing shrinks the file.
            try directory.write(
                "Fixtures/user_me.json",
                try directory.readText("Fixtures/user_me.json").replacingOccurrences(
                    of: "jane.doe@acme-mail.io", with: "user@example.com"))
            let shrunk = try check(baseline + ["--write-baseline"], in: directory)
            #expect(shrunk.status == 0, "\(shrunk)")
            #expect(shrunk.stderr.contains("recorded 8 findings (it had 12 entries)"), "\(shrunk)")
            let text = try directory.readText("wirelock-baseline.json")
            #expect(!text.contains("personal.email") && !text.contains("format.non-canonical"), "\(text)")
            #expect(try check(baseline, in: directory).status == 0)
        }

        @Test func aBadBaselineIsALocatedErrorWithStatus2() throws {
            let directory = try scratch()
            defer { directory.remove() }
            try directory.write("wirelock-baseline.json", "{\"wirelock-baseline\": 1, \"findings\": {}}\n")
            let result = try check(["--baseline", "wirelock-baseline.json"], in: directory)
            #expect(result.status == 2, "\(result)")
            #expect(
                result.stderr.hasPrefix("wirelock-baseline.json:1:38: error: $.findings: not a valid baseline"),
                "\(result)")
            #expect(result.stdout.isEmpty)
        }

        @Test func underCIAMissingBaselineIsNotRecorded() throws {
            let directory = try scratch()
            defer { directory.remove() }
            let result = try WireLockBinary.run(
                ["check", "--quiet", "--baseline", "wirelock-baseline.json"], in: directory.url,
                environment: ["CI": "true"])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("under CI nothing is recorded"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("wirelock-baseline.json")))
        }

        /// Issue 26: with no `wirelock.json` and no `Fixtures/`, `check` printed an error and then
        /// "no findings". It now says what it did not check, and that nothing was checked (status 2).
        @Test func withNoConfigurationAndNoFixturesItSaysNothingWasChecked() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try WireLockBinary.run(["check"], in: directory.url, environment: Self.local)
            #expect(result.status == 2, "\(result)")
            #expect(!result.stdout.contains("no findings"), "\(result)")
            #expect(result.stderr.contains("wirelock: note: no wirelock.json: every default applies"), "\(result)")
            #expect(
                result.stderr.contains(
                    "error: nothing was checked: 'Fixtures' does not exist and there is no golden folder"), "\(result)")
        }

        /// Issue 26: `lint.disable` did not reach `fmt --check`, and every snake_case name was a
        /// `naming.file-name` finding. Both are settings now.
        @Test func theFmtStageAndTheNamingConventionAreSettings() throws {
            let directory = try scratch()
            defer { directory.remove() }
            try directory.write(
                "wirelock.json",
                """
                {
                  "check": { "fmt": false },
                  "fuzz": { "count": 0 },
                  "lint": { "disable": ["unreferenced"], "naming": { "pattern": "snake_case" } }
                }

                """)
            let result = try check([], in: directory)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.hasPrefix("Fixtures/user_me.json:4:14: personal.email: "), "\(result)")
            #expect(result.stdout.hasSuffix("1 finding (1 error) in 1 file\n"), "\(result)")
        }

        @Test func theRunRecordIsWrittenWithTheFailingFilesChecksums() throws {
            let directory = try scratch()
            defer { directory.remove() }
            let result = try check(["--run-record", "out/run.json"], in: directory)
            #expect(result.status == 1, "\(result)")
            let record = try directory.readText("out/run.json")
            #expect(record.contains("\"command\": \"wirelock check\""), "\(record)")
            #expect(record.contains("\"file\": \"Fixtures/user_me.json\""), "\(record)")
            #expect(record.contains("\"status\": 1"), "\(record)")
            #expect(record.contains("\"sha256\": \""), "\(record)")
        }
    }
#endif
