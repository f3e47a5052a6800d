#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport
    import WireSupport
    import WireToolSupport

    /// The one input walker's `--exclude GLOB`: patterns match an entry's name or its path relative to
    /// the directory given (`*` also matches `/`), an excluded folder is not entered, and a path named
    /// on the command line is never excluded.
    @Suite("Input walker excludes")
    struct InputWalkerExcludeTests {
        /// `movies-success.json`, `movies-malformed.json`, `sub/deep-malformed.json`, `sub/ok.json`,
        /// `cache/x.json`, `.hidden.json`, `notes.txt`.
        func tree() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            for name in [
                "movies-success.json", "movies-malformed.json", "sub/deep-malformed.json", "sub/ok.json",
                "cache/x.json", ".hidden.json",
            ] {
                try directory.write(name, "{}\n")
            }
            try directory.write("notes.txt", "not json")
            return directory
        }

        /// The files found, relative to the tree, in walk order.
        func found(_ excludes: [String], in directory: TemporaryDirectory) -> [String] {
            let walker = InputWalker(extensions: ["json"], excludes: excludes.map { GlobPattern($0) })
            let root = directory.url.path + "/"
            return walker.entries(for: [RawPath(directory.url.path)]).compactMap { entry in
                guard case .file(let path, _) = entry else { return nil }
                return String(path.text.dropFirst(root.count))
            }
        }

        @Test(arguments: [
            (
                [String](),
                [
                    "cache/x.json", "movies-malformed.json", "movies-success.json", "sub/deep-malformed.json",
                    "sub/ok.json",
                ]
            ),
            (["*-malformed*"], ["cache/x.json", "movies-success.json", "sub/ok.json"]),
            (["cache"], ["movies-malformed.json", "movies-success.json", "sub/deep-malformed.json", "sub/ok.json"]),
            (["sub/*"], ["cache/x.json", "movies-malformed.json", "movies-success.json"]),
            (
                ["sub/ok.json"],
                ["cache/x.json", "movies-malformed.json", "movies-success.json", "sub/deep-malformed.json"]
            ),
            (["*ok*", "cache"], ["movies-malformed.json", "movies-success.json", "sub/deep-malformed.json"]),
            (
                ["*/ok.json"],
                ["cache/x.json", "movies-malformed.json", "movies-success.json", "sub/deep-malformed.json"]
            ),
        ])
        func excludesMatchTheNameOrThePathBelowTheRoot(excludes: [String], expected: [String]) throws {
            let directory = try tree()
            defer { directory.remove() }
            #expect(found(excludes, in: directory) == expected)
        }

        @Test func anExcludedFolderIsNotEntered() throws {
            let directory = try tree()
            defer { directory.remove() }
            // A dangling link with a wanted name: a walk that enters the folder reports it as unreadable.
            try FileManager.default.createSymbolicLink(
                atPath: directory.path("cache/gone.json"), withDestinationPath: "missing")
            let entering = InputWalker(extensions: ["json"]).entries(for: [RawPath(directory.url.path)])
            #expect(entering.contains { if case .unreadable = $0 { true } else { false } })
            let walker = InputWalker(extensions: ["json"], excludes: [GlobPattern("cache")])
            let entries = walker.entries(for: [RawPath(directory.url.path)])
            #expect(!entries.contains { if case .unreadable = $0 { true } else { false } })
        }

        @Test func aFileNamedOnTheCommandLineIsNeverExcluded() throws {
            let directory = try tree()
            defer { directory.remove() }
            let path = RawPath(directory.path("movies-malformed.json"))
            let walker = InputWalker(extensions: ["json"], excludes: [GlobPattern("*-malformed*")])
            #expect(walker.entries(for: [path]) == [.file(path, root: nil)])
        }

        @Test func excludingEverythingLeavesAnEmptyDirectory() throws {
            let directory = try tree()
            defer { directory.remove() }
            let root = RawPath(directory.url.path)
            let walker = InputWalker(extensions: ["json"], excludes: [GlobPattern("*")])
            #expect(walker.entries(for: [root]) == [.empty(root)])
        }

        /// Listings that do not come from the file system (`git ls-tree` for `diff --git`) follow the
        /// same rules, folder by folder.
        @Test(arguments: [
            ("a/b.json", false), ("a/b-malformed.json", true), ("x-malformed/b.json", true),
            (".git/b.json", true), ("a/.b.json", true), ("a/b.txt", true),
        ])
        func relativeListingsFollowTheSameRules(path: String, skipped: Bool) {
            let walker = InputWalker(extensions: ["json"], excludes: [GlobPattern("*-malformed*")])
            #expect(walker.skips(relativePath: Array(path.utf8)) == skipped)
        }

        /// End to end: `validate --exclude` over a directory, and the empty-result rule.
        @Test func validateSkipsExcludedFilesAndReportsAnEmptyResult() throws {
            let directory = try tree()
            defer { directory.remove() }
            try directory.write("movies-malformed.json", "[1,]")
            try directory.write("sub/deep-malformed.json", "{")
            let skipped = try WireLockBinary.run(["validate", "--exclude", "*-malformed*", "."], in: directory.url)
            #expect(skipped.status == 0, "\(skipped)")
            #expect(skipped.stdoutLines.last == "3 files: 3 valid, 0 invalid")
            let all = try WireLockBinary.run(["validate", "."], in: directory.url)
            #expect(all.status == 1, "\(all)")
            let nothing = try WireLockBinary.run(["validate", "--exclude=*", "."], in: directory.url)
            #expect(nothing.status == 2, "\(nothing)")
            #expect(nothing.stderr.contains("no JSON files found under '.'"), "\(nothing)")
            let allowed = try WireLockBinary.run(["validate", "--exclude=*", "--allow-empty", "."], in: directory.url)
            #expect(allowed.status == 0, "\(allowed)")
        }
    }
#endif
