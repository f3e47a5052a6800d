#if WIRELOCK_SPAWN
    import Foundation
    import SampleAPI
    import Testing
    import WireLockTestSupport

    @Suite("wirelock shape, lock and diff")
    struct ShapeLockDiffCommandTests {
        typealias R = SampleRefactor

        static var hasGit: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }

        func git(_ arguments: [String], in dir: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments =
                ["-c", "user.email=test@example.com", "-c", "user.name=test", "-c", "commit.gpgsign=false"] + arguments
            process.currentDirectoryURL = dir
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
        }

        /// A repository with the real movies page (see ``SampleRefactor``) as golden/movies-page.json,
        /// locked and committed.
        func repository() throws -> TemporaryDirectory {
            let repo = try TemporaryDirectory()
            try git(["init", "-q"], in: repo.url)
            try repo.write("golden/movies-page.json", bytes: try R.golden(try R.page(SampleAPI.Movie.self)))
            let locked = try WireLockBinary.run(["lock"], in: repo.url)
            #expect(locked.status == 0, "\(locked)")
            try git(["add", "-A"], in: repo.url)
            try git(["commit", "-q", "-m", "v1"], in: repo.url)
            return repo
        }

        /// Issue 26: goldens in a folder are one format for `lock`; `lock` now says so, naming the
        /// format, its sample count and the folder, instead of only counting formats.
        @Test func lockNamesTheFormatsAFolderOfGoldensMakes() throws {
            let repo = try TemporaryDirectory()
            defer { repo.remove() }
            try repo.write("golden/requests/post-issue.json", "{\n  \"title\": \"a\"\n}\n")
            try repo.write("golden/requests/patch-issue.json", "{\n  \"state\": \"closed\"\n}\n")
            try repo.write("golden/movie.json", "{\n  \"id\": 1\n}\n")
            let result = try WireLockBinary.run(["lock", "--golden", "golden"], in: repo.url)
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdout
                    == "wrote golden/wirelock.lock (2 formats) and 2 shape files\n"
                    + "requests: 2 samples, every golden under golden/requests/\n", "\(result)")
        }

        /// The sample refactors themselves are in ``SampleRefactorScenarioTests`` (directories); here
        /// the breaking one is read back through git: the same report from `--git HEAD`.
        @Test(
            "diff --git HEAD reports the sample's dropped fractional seconds as the directory diff does",
            .enabled(if: hasGit, "git not found"))
        func sampleRefactorThroughGit() throws {
            let repo = try repository()
            defer { repo.remove() }
            let encoder = JSONEncoder.sampleAPI
            encoder.dateEncodingStrategy = .iso8601
            try repo.write(
                "golden/movies-page.json",
                bytes: try R.golden(try R.page(MovieVariants.WholeSecondAdded.self), encoder: encoder))
            let diff = try WireLockBinary.run(["diff", "--git", "HEAD"], in: repo.url)
            #expect(diff.status == 1, "\(diff)")
            #expect(
                diff.stdoutLines == [
                    "movies-page",
                    "  BREAKING (backward) date-format-changed at $.records[*].added: date-time (0 or 3 fractional digits, offset Z) → date-time (0 fractional digits, offset Z)",
                    "1 format compared: 1 breaking change, 0 non-breaking",
                ])
            let check = try WireLockBinary.run(["lock", "--check"], in: repo.url)
            #expect(check.status == 1, "\(check)")
        }

        @Test(
            "diff --git reads the old side from git, not the working tree; a bad revision is exit 2",
            .enabled(if: hasGit, "git not found"))
        func gitSide() throws {
            let repo = try repository()
            defer { repo.remove() }
            try repo.write("golden/movies-page.json", #"{"records":[{"id":"x"}]}"#)
            try repo.write("golden/extra.json", #"{"a":1}"#)
            let diff = try WireLockBinary.run(["diff", "--git", "HEAD", "--format", "github"], in: repo.url)
            #expect(diff.status == 1)
            #expect(
                diff.stdoutLines.contains {
                    $0.hasPrefix(
                        "::error file=golden/movies-page.json,title=wirelock type-changed::movies-page $.records[*].id")
                }, "\(diff)")
            #expect(
                diff.stdoutLines.contains {
                    $0.hasPrefix("::notice file=golden/extra.json,title=wirelock format-added::")
                },
                "\(diff)")
            let bad = try WireLockBinary.run(["diff", "--git", "no-such-rev"], in: repo.url)
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("cannot list golden/ at revision 'no-such-rev'"))
        }

        @Test(
            "diff --git from a subfolder finds golden/ beside Package.swift and reads the old side from the repository root",
            .enabled(if: hasGit, "git not found"))
        func gitSideFromASubfolder() throws {
            let repo = try repository()
            defer { repo.remove() }
            try repo.write("Package.swift", "// swift-tools-version:6.0\n")
            try repo.write("Sources/App/main.swift", "")
            let encoder = JSONEncoder.sampleAPI
            encoder.dateEncodingStrategy = .iso8601
            try repo.write(
                "golden/movies-page.json",
                bytes: try R.golden(try R.page(MovieVariants.WholeSecondAdded.self), encoder: encoder))
            let subfolder = repo.url.appendingPathComponent("Sources/App")
            let expected = [
                "movies-page",
                "  BREAKING (backward) date-format-changed at $.records[*].added: date-time (0 or 3 fractional digits, offset Z) → date-time (0 fractional digits, offset Z)",
                "1 format compared: 1 breaking change, 0 non-breaking",
            ]
            let diff = try WireLockBinary.run(["diff", "--git", "HEAD"], in: subfolder)
            #expect(diff.status == 1, "\(diff)")
            #expect(diff.stdoutLines == expected)
            // A golden directory given relative to the subfolder works too.
            let given = try WireLockBinary.run(["diff", "--git", "HEAD", "../../golden"], in: subfolder)
            #expect(given.status == 1, "\(given)")
            #expect(given.stdoutLines == expected)
            let annotations = try WireLockBinary.run(["diff", "--git", "HEAD", "--format", "github"], in: subfolder)
            // The golden found by walking up is outside the working directory, so it is named in full.
            let golden = repo.url.appendingPathComponent("golden/movies-page.json").standardizedFileURL.path
            #expect(annotations.stdoutLines.first?.hasPrefix("::error file=\(golden),") == true, "\(annotations)")
        }

        @Test("diff OLD NEW on files and shape files; usage errors are exit 2")
        func filesAndShapes() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("old.json", #"{"id":1,"tags":["a"]}"#)
            try dir.write("new.json", #"{"id":1.5,"tags":["a"]}"#)
            let diff = try WireLockBinary.run(["diff", "old.json", "new.json"], in: dir.url)
            #expect(diff.status == 1)
            #expect(diff.stdoutLines.dropFirst().first == "  BREAKING (forward) type-changed at $.id: integer → number")
            let shape = try WireLockBinary.run(
                ["shape", "old.json", "--name", "new", "--out", "shapes/new.shape.json"], in: dir.url)
            #expect(shape.status == 0, "\(shape)")
            let fromShape = try WireLockBinary.run(
                ["diff", "shapes/new.shape.json", "new.json", "--allow", "type-changed"], in: dir.url)
            #expect(fromShape.status == 0, "\(fromShape)")
            #expect(fromShape.stdout.contains("[allowed] type-changed at $.id"))
            #expect(try WireLockBinary.run(["diff", "old.json"], in: dir.url).status == 2)
            #expect(
                try WireLockBinary.run(["diff", "--allow", "nonsense", "old.json", "new.json"], in: dir.url).status == 2
            )
        }

        @Test("shape prints the shape file, or JSON Schema; an invalid sample is exit 1 with its location")
        func shapeCommand() throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("movie.json", #"{"added":"2024-05-01T10:00:00.123Z","id":7}"#)
            let shape = try WireLockBinary.run(["shape", "movie.json"], in: dir.url)
            #expect(shape.status == 0)
            #expect(shape.stdout.contains(#""name": "movie""#))
            #expect(shape.stdout.contains(#""format": "date-time""#))
            let schema = try WireLockBinary.run(["shape", "movie.json", "--schema"], in: dir.url)
            #expect(schema.stdout.contains(#""$schema": "https://json-schema.org/draft/2020-12/schema""#))
            try dir.write("bad.json", #"{"a": }"#)
            let bad = try WireLockBinary.run(["shape", "bad.json"], in: dir.url)
            #expect(bad.status == 1)
            #expect(bad.stderr.hasPrefix("bad.json:1:7: error:"), "\(bad)")
        }

        /// One invalid input, reported by each command exactly as `validate` reports it: status 1,
        /// `FILE:LINE:COLUMN: error: REASON (at PATH)`, then the line and a caret.
        @Test(
            "an invalid input is exit 1 in validate's form, for every command that reads goldens",
            arguments: [
                (["validate", "golden/bad.json"], "golden/bad.json"),
                (["shape", "golden/bad.json"], "golden/bad.json"),
                (["diff", "golden/bad.json", "good.json"], "golden/bad.json"),
                (["diff", "good.json", "golden/bad.json"], "golden/bad.json"),
                (["diff", "golden", "good.json"], "golden/bad.json"),
                (["lock"], "golden/bad.json"),
                (["lock", "--check"], "golden/bad.json"),
            ])
        func invalidInputIsReportedLikeValidate(arguments: [String], file: String) throws {
            let dir = try TemporaryDirectory()
            defer { dir.remove() }
            try dir.write("golden/bad.json", "{\"a\": 1,\n \"b\": }\n")
            try dir.write("good.json", #"{"a":1}"#)
            let result = try WireLockBinary.run(arguments, in: dir.url)
            #expect(result.status == 1, "\(result)")
            let expected = [
                "\(file):2:7: error: expected a value after ':', found '}' (at $.b)",
                "     \"b\": }",
                "          ^",
            ]
            // validate reports on standard output (it is its result); the others on standard error.
            let report = arguments[0] == "validate" ? result.stdout : result.stderr
            #expect(
                Array(report.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map(String.init))
                    == expected, "\(result)")
            #expect(
                !FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("golden/wirelock.lock").path))
        }
    }
#endif
