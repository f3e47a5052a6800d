#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    /// Issue 10, item 9: what `diff` compares must not depend on how a path is spelled.
    @Suite("wirelock diff ignores how paths are spelled (binary)")
    struct DiffPathSpellingTests {
        static func project() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            try directory.write("dA/y.json", "{\"y\": 1}\n")
            try directory.write("dB/y.json", "{\"y\": 2}\n")
            return directory
        }

        static let nothing = "1 format compared: 0 breaking changes, 0 non-breaking\n"

        @Test(arguments: [
            ["dA/y.json", "./dA/y.json"],
            ["dA/y.json", "dA//y.json"],
            ["./dA/y.json", "dA/../dA/y.json"],
            ["dA", "./dA/"],
            ["dA/", "dA/."],
        ])
        func aFileOrFolderComparedWithItselfHasNoChange(paths: [String]) throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["diff"] + paths, in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == Self.nothing, "\(result)")
        }

        @Test func theAbsoluteSpellingOfTheSameFileHasNoChangeEither() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["diff", "dA/y.json", directory.path("dA/y.json")], in: directory.url)
            #expect(result.stdoutText == Self.nothing, "\(result)")
        }

        /// The other side of the fix: two files with different values are still a value-only change.
        @Test func twoFilesWithDifferentValuesAreStillAValueOnlyChange() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["diff", "dA/y.json", "./dB/y.json"], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(
                result.stdoutText == """
                    y
                      non-breaking value-only at $: golden values changed; the shape did not
                    1 format compared: 0 breaking changes, 1 non-breaking

                    """)
        }
    }
#endif
