#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Runs the built `wirelock fmt` and checks output, exit status and the files left behind.
    @Suite("wirelock fmt (binary)")
    struct FmtEndToEndTests {
        static let messy =
            #"{"title":"Heat","year":1995,"genres":["crime","drama"],"rating":{"imdb":8.30,"votes":[]},"note":"caf\u00e9 \/ \"x\""}"#

        /// Keys sorted, two-space indent, `8.30` kept as written, `\u00e9` and `\/` unescaped, `\"`
        /// kept, empty array as `[]`, final newline — written out by hand.
        static let canonical = """
            {
              "genres": [
                "crime",
                "drama"
              ],
              "note": "café / \\"x\\"",
              "rating": {
                "imdb": 8.30,
                "votes": []
              },
              "title": "Heat",
              "year": 1995
            }

            """

        @Test func rewritesToTheExactCanonicalTextAndKeepsPermissions() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("movie.json", Self.messy, permissions: 0o640)

            let result = try WireLockBinary.run(["fmt", "movie.json"], in: directory.url)

            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "")
            #expect(result.stdout == "formatted movie.json\n1 file: 1 formatted, 0 unchanged, 0 invalid\n")
            #expect(try directory.readText("movie.json") == Self.canonical)
            #expect(try directory.permissions("movie.json") == 0o640)
            #expect(try directory.names() == ["movie.json"], "no temporary file is left behind")
        }

        @Test func secondRunChangesNothing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("movie.json", Self.messy)
            _ = try WireLockBinary.run(["fmt", "movie.json"], in: directory.url)
            let inode =
                try FileManager.default.attributesOfItem(atPath: directory.path("movie.json"))[.systemFileNumber]
                as? Int

            let again = try WireLockBinary.run(["fmt", "movie.json"], in: directory.url)

            #expect(again.status == 0)
            #expect(again.stdout == "1 file: 0 formatted, 1 unchanged, 0 invalid\n")
            let after =
                try FileManager.default.attributesOfItem(atPath: directory.path("movie.json"))[.systemFileNumber]
                as? Int
            #expect(inode == after, "an unchanged file is not rewritten")
        }

        /// Line 2 is ` "a": [1, 2,]}`: space 1, `"a"` 2–4, `:` 5, space 6, `[` 7, `1` 8, `,` 9,
        /// space 10, `2` 11, `,` 12, `]` 13 — the error is at the `]`.
        @Test func invalidFileIsReportedAndLeftByteForByte() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = Array("{\"b\": 1,\n \"a\": [1, 2,]}".utf8)
            try directory.write("bad.json", bytes: original, permissions: 0o600)

            let result = try WireLockBinary.run(["fmt", "bad.json"], in: directory.url)

            #expect(result.status == 1)
            #expect(
                result.stderr == """
                    bad.json:2:13: error: trailing comma before ']' (at $.a)
                         "a": [1, 2,]}
                                    ^

                    """)
            #expect(result.stdout == "1 file: 0 formatted, 0 unchanged, 1 invalid\n")
            #expect(try directory.read("bad.json") == original)
            #expect(try directory.permissions("bad.json") == 0o600)
            #expect(try directory.names() == ["bad.json"])
        }

        @Test func checkListsNonCanonicalFilesAndChangesNothing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("messy.json", Self.messy)
            try directory.write("clean.json", Self.canonical)

            let result = try WireLockBinary.run(["fmt", "--check", "clean.json", "messy.json"], in: directory.url)

            #expect(result.status == 1)
            #expect(
                result.stdout == "messy.json: not in canonical form\n2 files: 1 canonical, 1 not canonical, 0 invalid\n"
            )
            #expect(try directory.readText("messy.json") == Self.messy)
            #expect(try directory.readText("clean.json") == Self.canonical)
        }

        @Test func checkExitsZeroOnCanonicalFiles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("clean.json", Self.canonical)
            try directory.write("events.jsonl", "{\"a\":1}\n[1,2]\n")

            let result = try WireLockBinary.run(["fmt", "--check", "."], in: directory.url)

            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "2 files: 2 canonical, 0 not canonical, 0 invalid\n")
        }

        @Test func jsonLinesGetOneCompactRecordPerLine() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("events.jsonl", "{\"b\": 1, \"a\": {\"y\": [ ], \"x\": 2}}\n\n  [1, 2.0] \r\n\"last\"")

            let result = try WireLockBinary.run(["fmt", "events.jsonl"], in: directory.url)

            #expect(result.status == 0, "\(result)")
            #expect(try directory.readText("events.jsonl") == "{\"a\":{\"x\":2,\"y\":[]},\"b\":1}\n[1,2.0]\n\"last\"\n")
        }

        @Test func badJSONLinesRecordIsReportedAtItsLine() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = Array("{\"a\": 1}\n{\"a\": 2,}\n".utf8)
            try directory.write("events.ndjson", bytes: original)

            let result = try WireLockBinary.run(["fmt", "events.ndjson"], in: directory.url)

            #expect(result.status == 1)
            // `{"a": 2,}`: the `}` is the 9th character of line 2.
            #expect(
                result.stderr.hasPrefix("events.ndjson:2:9: error: trailing comma before '}' (at $)\n"), "\(result)")
            #expect(try directory.read("events.ndjson") == original)
        }

        @Test func directoryWalkFormatsOnlyJSONFiles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("d/a.json", "[1,2]")
            try directory.write("d/sub/b.json", "{}\n")
            try directory.write("d/notes.txt", "[1,2]")
            try directory.write("d/.cache/c.json", "[1,2]")

            let result = try WireLockBinary.run(["fmt", "d"], in: directory.url)

            #expect(result.status == 0)
            #expect(result.stdout == "formatted d/a.json\n2 files: 1 formatted, 1 unchanged, 0 invalid\n")
            #expect(try directory.readText("d/a.json") == "[\n  1,\n  2\n]\n")
            #expect(try directory.readText("d/sub/b.json") == "{}\n")
            #expect(try directory.readText("d/notes.txt") == "[1,2]")
            #expect(try directory.readText("d/.cache/c.json") == "[1,2]")
        }

        @Test func symbolicLinkStaysALinkAndItsTargetIsFormatted() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("target.json", "[1,2]")
            try FileManager.default.createSymbolicLink(
                atPath: directory.path("link.json"), withDestinationPath: "target.json")

            let result = try WireLockBinary.run(["fmt", "link.json"], in: directory.url)

            #expect(result.status == 0, "\(result)")
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("link.json")) == "target.json")
            #expect(try directory.readText("target.json") == "[\n  1,\n  2\n]\n")
        }

        @Test func duplicateKeysNeedTheFlag() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("dup.json", #"{"b": 1, "a": 0, "b": 2}"#)

            let strict = try WireLockBinary.run(["fmt", "dup.json"], in: directory.url)
            #expect(strict.status == 1)
            #expect(try directory.readText("dup.json") == #"{"b": 1, "a": 0, "b": 2}"#)

            let relaxed = try WireLockBinary.run(["fmt", "--allow-duplicate-keys", "dup.json"], in: directory.url)
            #expect(relaxed.status == 0)
            #expect(try directory.readText("dup.json") == "{\n  \"a\": 0,\n  \"b\": 1,\n  \"b\": 2\n}\n")
        }

        @Test func standardInputIsPrintedInCanonicalForm() throws {
            let result = try WireLockBinary.run(["fmt", "-"], stdin: Self.messy)
            #expect(result.status == 0)
            #expect(result.stdout == Self.canonical)

            let check = try WireLockBinary.run(["fmt", "--check", "-"], stdin: Self.messy)
            #expect(check.status == 1)
            #expect(check.stdout == "<stdin>: not in canonical form\n")

            let invalid = try WireLockBinary.run(["fmt", "-"], stdin: "[1,]")
            #expect(invalid.status == 1)
            #expect(invalid.stdout == "")
            #expect(invalid.stderr.hasPrefix("<stdin>:1:4: error: trailing comma before ']' (at $)\n"))
        }

        @Test func missingPathExitsTwo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("ok.json", "[]\n")
            let result = try WireLockBinary.run(["fmt", "nope.json", "ok.json"], in: directory.url)
            #expect(result.status == 2)
            #expect(result.stderr == "wirelock: error: cannot read 'nope.json': No such file or directory\n")
            #expect(result.stdout == "2 files: 0 formatted, 1 unchanged, 0 invalid, 1 unreadable\n")
        }

        /// Root ignores permission bits, so this only runs for other users.
        @Test(.enabled(if: getuid() != 0, "root can write anywhere"))
        func unwritableDirectoryIsAnIOError() throws {
            let directory = try TemporaryDirectory()
            defer {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path("ro"))
                directory.remove()
            }
            try directory.write("ro/a.json", "[1,2]")
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path("ro"))
            let result = try WireLockBinary.run(["fmt", "ro/a.json"], in: directory.url)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("wirelock: error: cannot write 'ro/a.json': "))
            #expect(result.stdout == "1 file: 0 formatted, 0 unchanged, 0 invalid, 1 unwritable\n")
            #expect(try directory.readText("ro/a.json") == "[1,2]")
        }
    }
#endif
