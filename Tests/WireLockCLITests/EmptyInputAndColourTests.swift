#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// Issue 10, item 11: a directory in which no JSON file is found is an error (status 2) unless
    /// `--allow-empty`, for every command that walks directories; and `NO_COLOR` set to the empty
    /// string leaves colour on (no-color.org: only a non-empty value disables it).
    @Suite("Empty directories and NO_COLOR (binary)")
    struct EmptyInputAndColourTests {
        /// `empty/`, `docs/` (a README and a hidden JSON file only), `a.json`, and `golden/` with one golden.
        static func project() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(
                at: directory.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
            try directory.write("docs/README.md", "# not JSON\n")
            try directory.write("docs/.hidden.json", "{}")
            try directory.write("a.json", "{\n  \"id\": 1\n}\n")
            try directory.write("golden/a.json", "{\n  \"id\": 1\n}\n")
            return directory
        }

        static func noJSON(_ directory: String) -> String {
            "wirelock: error: no JSON files found under '\(directory)'; pass --allow-empty if that is expected\n"
        }

        @Test(arguments: ["empty", "docs", "empty/"])
        func validateOfADirectoryWithoutJSONIsAnError(directory name: String) throws {
            let directory = try Self.project()
            defer { directory.remove() }

            let result = try RawProcess.run(["validate", name], in: directory.url)

            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText == Self.noJSON(name))
            #expect(result.stdoutText == "0 files: 0 valid, 0 invalid\n")
        }

        @Test func validateAcceptsItWithAllowEmpty() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["validate", "--allow-empty", "empty", "docs"], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdoutText == "0 files: 0 valid, 0 invalid\n")
        }

        @Test func anEmptyDirectoryBesideGoodInputsStillFailsTheRun() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["validate", "a.json", "empty"], in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stdoutText == "a.json: ok (1 document, 14 bytes)\n1 file: 1 valid, 0 invalid\n")
            #expect(result.stderrText == Self.noJSON("empty"))
        }

        /// Each command that walks directories, given one without JSON: status 2 and the same message;
        /// with --allow-empty, not that message.
        @Test(arguments: [
            (["fmt", "empty"], "empty"), (["fmt", "--check", "docs"], "docs"),
            (["shape", "a.json", "empty"], "empty"), (["fuzz", "--count", "5", "a.json", "empty"], "empty"),
            (["diff", "empty", "golden"], "empty"), (["lock", "--golden", "empty"], "empty"),
        ])
        func everyWalkingCommandRefusesADirectoryWithoutJSON(arguments: [String], name: String) throws {
            let directory = try Self.project()
            defer { directory.remove() }

            let result = try RawProcess.run(arguments, in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText.contains(Self.noJSON(name)), "\(result)")

            let allowed = try RawProcess.run(arguments + ["--allow-empty"], in: directory.url)
            #expect(!allowed.stderrText.contains("no JSON files found"), "\(allowed)")
            #expect(allowed.termination == .exited(0), "\(allowed)")
        }

        // MARK: NO_COLOR

        @Test(arguments: [
            ([String: String](), true),
            (["NO_COLOR": ""], true),
            (["NO_COLOR": "1"], false),
            (["NO_COLOR": "0"], false),
        ])
        func colourOnATerminalUnlessNoColorHasAValue(environment: [String: String], coloured: Bool) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("bad.json", "[1,]")

            let result = try RawProcess.run(
                ["validate", "bad.json"], stdout: .terminal, in: directory.url, environment: environment)

            #expect(result.termination == .exited(1), "\(result)")
            #expect(result.stdoutText.contains("error:"), "\(result)")
            #expect(result.stdoutText.contains("\u{1B}[1;31merror:\u{1B}[0m") == coloured, "\(result)")
        }
    }
#endif
