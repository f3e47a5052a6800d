#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireCommandLine
    import WireLockTestSupport
    import WireSupport

    @testable import WireLockCLI

    /// `GoldenSources.write` (behind `lock` and `shape --out`): a new file appears only once complete,
    /// an existing one is replaced whole, and a failed write leaves nothing behind.
    @Suite("Golden file writes")
    struct GoldenSourcesWriteTests {
        /// The names in a folder, hidden temporaries included.
        func names(_ directory: TemporaryDirectory, _ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path(folder)).sorted()
        }

        @Test func aFailedWriteOfANewFileLeavesNoFileAndNoTemporary() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("golden/keep.json", "{}")
            #expect(throws: AtomicWriteError.self) {
                try GoldenSources.write(
                    Array("x\n".utf8), to: RawPath(directory.path("golden/wirelock.lock")), failBeforeRename: true)
            }
            // Creating the file first and filling it afterwards would leave an empty wirelock.lock here.
            #expect(try names(directory, "golden") == ["keep.json"])
        }

        @Test func aFailedReplaceKeepsTheOldBytes() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("golden/wirelock.lock", "old\n")
            #expect(throws: AtomicWriteError.self) {
                try GoldenSources.write(
                    Array("new\n".utf8), to: RawPath(directory.path("golden/wirelock.lock")), failBeforeRename: true)
            }
            #expect(try directory.read("golden/wirelock.lock") == Array("old\n".utf8))
            #expect(try names(directory, "golden") == ["wirelock.lock"])
        }

        @Test func aNewFileIsCreatedWithItsFoldersAndTheUsualMode() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.path("golden/shapes/movie.shape.json")
            try GoldenSources.write(Array("{}\n".utf8), to: RawPath(path))
            #expect(try directory.read("golden/shapes/movie.shape.json") == Array("{}\n".utf8))
            #expect(try names(directory, "golden/shapes") == ["movie.shape.json"])
            let mask = umask(0)
            umask(mask)
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == Int(0o644 & ~mask), "as open(…, 0644) would make it, not mkstemp's 0600")
        }

        @Test func anExistingFileKeepsItsMode() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = try directory.write("golden/wirelock.lock", "old\n", permissions: 0o640)
            try GoldenSources.write(Array("new\n".utf8), to: RawPath(path))
            #expect(try directory.read("golden/wirelock.lock") == Array("new\n".utf8))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        }
    }
#endif
