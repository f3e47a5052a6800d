#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Runs the built `wirelock validate` and checks standard output, standard error and the exit status.
    @Suite("wirelock validate (binary)")
    struct ValidateEndToEndTests {
        /// Three lines; the third holds a trailing comma and a two-byte character before it.
        ///
        /// Worked out by hand: line 3 is `  "genres": ["comédie", "drame",]`; counting characters, the
        /// two spaces are 1–2, `"genres"` 3–10, `:` 11, space 12, `[` 13, `"comédie"` 14–22, `,` 23,
        /// space 24, `"drame"` 25–31, `,` 32 and `]` 33. The error is reported at the `]` (the first
        /// byte that cannot continue the document): line 3, column 33. Bytes: line 1 is 2 (`{` and the
        /// newline), line 2 is 19, so line 3 starts at offset 21; 32 characters with one two-byte `é`
        /// are 33 bytes, so the `]` is at offset 54.
        static let movie = """
            {
              "title": "Heat",
              "genres": ["comédie", "drame",]
            }

            """

        @Test func trailingCommaIsReportedWithLineColumnPathAndCaret() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("movie.json", Self.movie)

            let result = try WireLockBinary.run(["validate", "movie.json"], in: directory.url)

            #expect(result.status == 1)
            #expect(result.stderr == "")
            #expect(
                result.stdoutLines == [
                    "movie.json:3:33: error: trailing comma before ']' (at $.genres)",
                    #"      "genres": ["comédie", "drame",]"#,
                    "    " + String(repeating: " ", count: 32) + "^",
                    "1 file: 0 valid, 1 invalid",
                ], "\(result)")
        }

        @Test func jsonFormatParsesAndHasEveryField() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("movie.json", Self.movie)
            try directory.write("ok.json", #"{"id": 1}"#)

            let result = try WireLockBinary.run(
                ["validate", "--format", "json", "movie.json", "ok.json"], in: directory.url)

            #expect(result.status == 1)
            let report = try JSONValue.parse(result.stdout)
            let movie = try #require(report["files"]?[0])
            #expect(movie["path"] == .string("movie.json"))
            #expect(movie["valid"] == .bool(false))
            #expect(movie["documents"] == .number(1))
            #expect(movie["bytes"] == .number(JSONNumber(integerLiteral: Self.movie.utf8.count)))
            let error = try #require(movie["errors"]?[0])
            expectGenresTrailingComma(error)
            let ok = try #require(report["files"]?[1])
            #expect(ok["path"] == .string("ok.json"))
            #expect(ok["valid"] == .bool(true))
            #expect(ok["errors"] == .array([]))
            #expect(ok["bytes"] == .number(9))
            #expect(
                report["summary"] == (try JSONValue.parse(#"{"files": 2, "valid": 1, "invalid": 1, "unreadable": 0}"#)))
            // The document is printed in canonical form.
            #expect(result.stdout == report.canonicalText())
        }

        @Test func missingPathExitsTwoNamesThePathAndGoesOn() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("good.json", "[1, 2]")
            try directory.write("bad.json", "[1, 2,]")

            let result = try WireLockBinary.run(
                ["validate", "missing.json", "bad.json", "good.json"], in: directory.url)

            #expect(result.status == 2, "an I/O error outranks an invalid file")
            #expect(result.stderr == "wirelock: error: cannot read 'missing.json': No such file or directory\n")
            #expect(result.stdout.contains("bad.json:1:7: error: trailing comma before ']' (at $)\n"))
            #expect(result.stdout.contains("good.json: ok (1 document, 6 bytes)\n"))
            #expect(result.stdoutLines.last == "3 files: 1 valid, 1 invalid, 1 unreadable")
        }

        @Test func missingPathInJSONFormatIsListedAsUnreadable() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try WireLockBinary.run(["validate", "--format=json", "gone.json"], in: directory.url)
            #expect(result.status == 2)
            #expect(result.stderr == "wirelock: error: cannot read 'gone.json': No such file or directory\n")
            let report = try JSONValue.parse(result.stdout)
            #expect(report["unreadable"]?[0]?["path"] == .string("gone.json"))
            #expect(report["unreadable"]?[0]?["reason"] == .string("No such file or directory"))
            #expect(report["summary"]?["unreadable"] == .number(1))
            #expect(report["files"] == .array([]))
        }

        @Test func mixedDirectoryIsWalkedInOrderAndExitsOne() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("data/a-valid.json", #"{"ok": true}"#)
            try directory.write("data/b-invalid.json", "[1, 2")
            try directory.write("data/nested/c.jsonl", "{\"n\": 1}\n{\"n\": 2}\n")
            try directory.write("data/z.ndjson", "[]\n")
            try directory.write("data/.hidden/d.json", "not json")
            try directory.write("data/.git/e.json", "not json")
            try directory.write("data/notes.txt", "not json")

            let result = try WireLockBinary.run(["validate", "data"], in: directory.url)

            #expect(result.status == 1)
            #expect(result.stderr == "")
            #expect(
                result.stdoutLines == [
                    "data/a-valid.json: ok (1 document, 12 bytes)",
                    "data/b-invalid.json:1:6: error: unexpected end of input inside an array (missing ']') (at $)",
                    "    [1, 2",
                    "         ^",
                    "data/nested/c.jsonl: ok (2 documents, 18 bytes)",
                    "data/z.ndjson: ok (1 document, 3 bytes)",
                    "4 files: 3 valid, 1 invalid",
                ], "\(result)")
        }

        @Test func quietPrintsOnlyErrorsAndTheSummary() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("a.json", "{}")
            try directory.write("b.json", "{} {}")

            let result = try WireLockBinary.run(["validate", "--quiet", "a.json", "b.json"], in: directory.url)

            #expect(result.status == 1)
            #expect(!result.stdout.contains("a.json"))
            #expect(result.stdoutLines.first?.hasPrefix("b.json:1:4: error: ") == true, "\(result)")
            #expect(result.stdoutLines.last == "2 files: 1 valid, 1 invalid")
            #expect(result.stdoutLines.count == 4)
        }

        @Test func allValidExitsZero() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("a.json", "{}")
            let result = try WireLockBinary.run(["validate", "a.json"], in: directory.url)
            #expect(result.status == 0)
            #expect(result.stdout == "a.json: ok (1 document, 2 bytes)\n1 file: 1 valid, 0 invalid\n")
        }

        @Test func standardInputIsReadForDash() throws {
            let valid = try WireLockBinary.run(["validate", "-"], stdin: #"{"a": [1, 2]}"#)
            #expect(valid.status == 0)
            #expect(valid.stdout == "<stdin>: ok (1 document, 13 bytes)\n1 file: 1 valid, 0 invalid\n")

            let invalid = try WireLockBinary.run(["validate", "-"], stdin: "[1, 2,]")
            #expect(invalid.status == 1)
            #expect(invalid.stdoutLines.first == "<stdin>:1:7: error: trailing comma before ']' (at $)")
        }

        @Test func linesFlagReadsStandardInputAsJSONLines() throws {
            let input = "{\"a\": 1}\n[1,]\n"
            let result = try WireLockBinary.run(["validate", "--lines", "-"], stdin: input)
            #expect(result.status == 1)
            // Line 2 is `[1,]`: the `]` is its 4th character, at byte 9 + 3 = 12.
            #expect(result.stdoutLines.first == "<stdin>:2:4: error: trailing comma before ']' (at $)")
            #expect(result.stdout.contains("<stdin>: 1 of 2 documents invalid\n"))

            // Without --lines the same bytes are one document with trailing content.
            let single = try WireLockBinary.run(["validate", "-"], stdin: input)
            #expect(single.status == 1)
            #expect(single.stdoutLines.first?.hasPrefix("<stdin>:2:1: error: ") == true, "\(single)")
        }

        /// Four records; the third lacks a comma between two array elements.
        ///
        /// By hand: line 3 is `{"id":3,"tags":["a" "b"]}`: `{` 1, `"id"` 2–5, `:` 6, `3` 7, `,` 8,
        /// `"tags"` 9–14, `:` 15, `[` 16, `"a"` 17–19, space 20, `"b"` starts at 21. Lines 1 and 2 are
        /// 9 bytes each with their newlines, so the `"b"` is at offset 18 + 20 = 38. The error concerns
        /// the array's punctuation, so it is located at the array, `$.tags` (as a trailing comma is).
        @Test func jsonLinesFileReportsTheBadLineAndCountsDocuments() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write(
                "events.jsonl", "{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"tags\":[\"a\" \"b\"]}\n{\"id\":4}\n")

            let text = try WireLockBinary.run(["validate", "events.jsonl"], in: directory.url)
            #expect(text.status == 1)
            #expect(text.stdoutLines.first?.hasPrefix("events.jsonl:3:21: error: ") == true, "\(text)")
            #expect(text.stdoutLines.first?.hasSuffix(" (at $.tags)") == true, "\(text)")
            #expect(text.stdoutLines.dropFirst().first == #"    {"id":3,"tags":["a" "b"]}"#)
            #expect(text.stdoutLines.dropFirst(2).first == "    " + String(repeating: " ", count: 20) + "^")
            #expect(text.stdout.contains("events.jsonl: 1 of 4 documents invalid\n"))

            let json = try WireLockBinary.run(["validate", "--format", "json", "events.jsonl"], in: directory.url)
            let file = try #require(try JSONValue.parse(json.stdout)["files"]?[0])
            #expect(file["documents"] == .number(4))
            guard case .array(let errors)? = file["errors"] else {
                Issue.record("errors is not an array")
                return
            }
            #expect(errors.count == 1)
            #expect(errors.first?["line"] == .number(3))
            #expect(errors.first?["column"] == .number(21))
            #expect(errors.first?["offset"] == .number(38))
        }

        @Test func strictnessOptionsRelaxTheChecks() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("comment.json", "// note\n{\"a\": 1}\n")
            try directory.write("dup.json", #"{"id": 1, "id": 2}"#)
            try directory.write("deep.json", "[[[1]]]")

            let strict = try WireLockBinary.run(["validate", "-q", "comment.json", "dup.json"], in: directory.url)
            #expect(strict.status == 1)
            #expect(strict.stdout.contains("comment.json:1:1: error: "))
            // `{"id": 1, "id": 2}`: the second `"id"` starts at column 11.
            #expect(strict.stdout.contains("dup.json:1:11: error: duplicate key \"id\" (at $.id)\n"))

            let relaxed = try WireLockBinary.run(
                ["validate", "--allow-comments", "--allow-duplicate-keys", "comment.json", "dup.json"],
                in: directory.url)
            #expect(relaxed.status == 0, "\(relaxed)")

            let shallow = try WireLockBinary.run(["validate", "--max-depth", "2", "deep.json"], in: directory.url)
            #expect(shallow.status == 1)
            // The third `[` (column 3) opens a third level; it is the value at $[0][0].
            #expect(shallow.stdoutLines.first?.hasPrefix("deep.json:1:3: error: ") == true, "\(shallow)")
            let deepEnough = try WireLockBinary.run(["validate", "--max-depth=3", "deep.json"], in: directory.url)
            #expect(deepEnough.status == 0)
        }

        @Test func noColourWhenOutputIsNotATerminal() throws {
            let result = try WireLockBinary.run(["validate", "-"], stdin: "[1,]")
            #expect(!result.stdout.contains("\u{1B}"))
        }

        @Test func helpListsEveryOption() throws {
            let result = try WireLockBinary.run(["validate", "--help"])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            for option in [
                "--format <format>", "--allow-duplicate-keys", "--allow-comments", "--max-depth <n>",
                "--lines", "-q, --quiet", "-h, --help", "<path>",
            ] {
                #expect(result.stdout.contains(option), "help lacks \(option)")
            }
        }

        @Test(arguments: [["--help"], ["help"], ["-h"]])
        func rootHelpListsSubcommands(arguments: [String]) throws {
            let result = try WireLockBinary.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("validate"))
            #expect(result.stdout.contains("fmt"))
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
        }

        @Test func helpSubcommandShowsTheSubcommandsHelp() throws {
            let result = try WireLockBinary.run(["help", "fmt"])
            #expect(result.status == 0)
            #expect(
                result.stdout.contains(
                    "USAGE: wirelock fmt [--check] [--force] [--allow-duplicate-keys]\n"
                        + "                    [--exclude <glob>] [--allow-empty] <path> ..."))
        }

        @Test func versionIsPrinted() throws {
            let result = try WireLockBinary.run(["--version"])
            #expect(result.status == 0)
            #expect(result.stdout == "wirelock 0.1.0\n")
        }

        @Test(arguments: [
            (["validate", "--frob", "a.json"], "wirelock: error: unknown option '--frob'"),
            (
                ["validate", "--format", "xml", "a.json"],
                "wirelock: error: invalid value 'xml' for '--format': expected one of text, json"
            ),
            (
                ["validate", "--max-depth", "ten", "a.json"],
                "wirelock: error: invalid value 'ten' for '--max-depth': expected a positive whole number"
            ),
            (["validate", "a.json", "--format"], "wirelock: error: missing value for '--format'"),
            (["validate"], "wirelock: error: missing argument '<path>'"),
            (["frobnicate"], "wirelock: error: unknown subcommand 'frobnicate'"),
            ([], "wirelock: error: missing subcommand"),
        ])
        func usageErrorsExitTwoBeforeAnyWork(arguments: [String], firstLine: String) throws {
            let result = try WireLockBinary.run(arguments)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr.components(separatedBy: "\n").first == firstLine, "\(result)")
            #expect(result.stderr.contains("Usage: wirelock"))
            #expect(result.stderr.contains("--help' for more information."))
        }
    }

    /// Every broken fixture is reported where `Fixtures/invalid/README.md` says it is.
    @Suite("wirelock validate on the fixtures (binary)")
    struct FixtureEndToEndTests {
        static let repository = Repository.root

        static var hasFixtures: Bool {
            FileManager.default.fileExists(atPath: repository.appendingPathComponent("Fixtures/invalid").path)
        }

        @Test(
            .enabled(if: FixtureEndToEndTests.hasFixtures),
            arguments: [
                ("calendar-with-comment.json", "comment-not-allowed", 2, 3, 4),
                ("movie-duplicate-key.json", "duplicate-key", 8, 3, 82),
                ("movie-latin1-title.json", "invalid-utf8", 5, 15, 73),
                ("movies-truncated.json", "unexpected-end-of-input", 173, 80, 4616),
                ("ratings-nan.json", "non-finite-number", 9, 14, 122),
                ("series-trailing-comma.json", "trailing-comma", 12, 5, 232),
            ])
        func invalidFixtureIsLocated(file: String, kind: String, line: Int, column: Int, offset: Int) throws {
            let path = "Fixtures/invalid/" + file
            let result = try WireLockBinary.run(["validate", "--format", "json", path], in: Self.repository)
            #expect(result.status == 1)
            let error = try #require(try JSONValue.parse(result.stdout)["files"]?[0]?["errors"]?[0], "\(result)")
            #expect(error["kind"] == .string(kind))
            #expect(error["line"] == .number(JSONNumber(integerLiteral: line)))
            #expect(error["column"] == .number(JSONNumber(integerLiteral: column)))
            #expect(error["offset"] == .number(JSONNumber(integerLiteral: offset)))
        }

        @Test(.enabled(if: FixtureEndToEndTests.hasFixtures))
        func validFixturesPass() throws {
            // `-malformed` fixtures are broken on purpose (decoding-failure tests); every other one is valid.
            let dir = Self.repository.appendingPathComponent("Fixtures/API/v3")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            let valid = names.filter { !$0.contains("-malformed") }.map { "Fixtures/API/v3/" + $0 }
            let malformed = names.filter { $0.contains("-malformed") }.map { "Fixtures/API/v3/" + $0 }
            let result = try WireLockBinary.run(["validate"] + valid, in: Self.repository)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines.last?.hasSuffix(" valid, 0 invalid") == true)
            let broken = try WireLockBinary.run(["validate", "--quiet"] + malformed, in: Self.repository)
            #expect(broken.status == 1)
            #expect(broken.stdoutLines.last == "\(malformed.count) files: 0 valid, \(malformed.count) invalid")
        }
    }
#endif
