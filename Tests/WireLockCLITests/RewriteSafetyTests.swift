#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Issue 10, item 10: what a rewrite (`fmt`, `lock`, `shape --out`) may and may not do to the
    /// file system: an interrupted run leaves the original whole and no temporary; a temporary left
    /// by SIGKILL is reported by the next run; read-only files, hard links and files whose owner
    /// cannot be kept are refused unless `--force`.
    @Suite("Rewrites are safe (binary)")
    struct RewriteSafetyTests {
        struct Timeout: Error, CustomStringConvertible {
            var description: String
        }

        /// `stat` of a path in `directory`.
        static func status(_ directory: TemporaryDirectory, _ name: String) -> stat {
            var info = stat()
            _ = stat(directory.path(name), &info)
            return info
        }

        /// A big document that is not in canonical form (8 MB, keys out of order around a long string).
        static let big = #"{"b":1,"blob":""# + String(repeating: "x", count: 8_000_000) + #"","a":2}"#

        /// Waits until a hidden `.NAME.wirelock-XXXXXX` file exists in `directory` (the writer holds it
        /// open, see `WIRELOCK_TEST_HOLD_TEMPORARY`), then returns its name.
        static func waitForTemporary(in directory: TemporaryDirectory, of name: String) throws -> String {
            for _ in 0..<6000 {
                if let found = try directory.names().first(where: { $0.hasPrefix(".\(name).wirelock-") }) {
                    return found
                }
                usleep(10_000)
            }
            throw Timeout(description: "no temporary file for \(name) appeared in \(directory.url.path)")
        }

        // MARK: signals

        @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
        func aSignalDuringTheRewriteRemovesTheTemporaryAndLeavesTheOriginal(signal: Int32) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("big.json", Self.big)
            var seen: String?

            let result = try RawProcess.run(
                ["fmt", "big.json"], in: directory.url,
                environment: ["WIRELOCK_TEST_HOLD_TEMPORARY": "60"]
            ) { pid in
                seen = try Self.waitForTemporary(in: directory, of: "big.json")
                kill(pid, signal)
            }

            #expect(seen != nil)
            #expect(result.termination == .signaled(signal), "\(result)")
            #expect(try directory.names() == ["big.json"], "the temporary \(seen ?? "?") is gone")
            #expect(try directory.readText("big.json") == Self.big, "the original is untouched")
        }

        /// SIGKILL cannot be caught: the temporary stays, and the next run that touches the folder says so.
        @Test func aTemporaryLeftBySIGKILLIsReportedByTheNextRun() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("big.json", Self.big)
            var left = ""
            let killed = try RawProcess.run(
                ["fmt", "big.json"], in: directory.url,
                environment: ["WIRELOCK_TEST_HOLD_TEMPORARY": "60"]
            ) { pid in
                left = try Self.waitForTemporary(in: directory, of: "big.json")
                kill(pid, SIGKILL)
            }
            #expect(killed.termination == .signaled(SIGKILL))
            #expect(try directory.names() == [left, "big.json"])

            let next = try RawProcess.run(["fmt", "big.json"], in: directory.url)

            #expect(next.termination == .exited(0), "\(next)")
            #expect(
                next.stderrText
                    == "wirelock: warning: '\(left)' looks like a temporary file left by an interrupted wirelock run "
                    + "(or one still running); delete it if no wirelock is running\n")
            #expect(next.stdoutText == "formatted big.json\n1 file: 1 formatted, 0 unchanged, 0 invalid\n")
            #expect(try directory.names() == [left, "big.json"], "reported, never deleted: another run may own it")
        }

        @Test func strayTemporariesBesideAWalkedFileAreReportedOncePerFolder() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("d/a.json", #"{"c":1}"#)
            try directory.write("d/b.json", #"{"c":2}"#)
            try directory.write("d/.wirelock-stale-tmp", "x")
            try directory.write("d/.a.json.wirelock-AbC123", "half")
            try directory.write("d/.hidden.json", "{}")

            let result = try RawProcess.run(["fmt", "d"], in: directory.url)

            #expect(result.termination == .exited(0), "\(result)")
            let warnings = result.stderrText.split(separator: "\n").map(String.init)
            #expect(warnings.count == 2, "\(result)")
            #expect(
                warnings.first?.hasPrefix("wirelock: warning: 'd/.a.json.wirelock-AbC123' looks like a temporary file")
                    == true)
            #expect(
                warnings.last?.hasPrefix("wirelock: warning: 'd/.wirelock-stale-tmp' looks like a temporary file")
                    == true)
            #expect(
                result.stdoutText
                    == "formatted d/a.json\nformatted d/b.json\n2 files: 2 formatted, 0 unchanged, 0 invalid\n",
                "the walk still skips names starting with '.'")
        }

        // MARK: read-only files and hard links

        @Test func aReadOnlyFileIsRefusedEvenAsRootAndRewrittenWithForce() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("ro.json", #"{"b":1}"#, permissions: 0o444)

            let refused = try RawProcess.run(["fmt", "ro.json"], in: directory.url)

            #expect(refused.termination == .exited(2), "\(refused)")
            #expect(
                refused.stderrText
                    == "wirelock: error: refusing to rewrite 'ro.json': it is read-only (mode 0444); pass --force to rewrite it anyway\n"
            )
            #expect(refused.stdoutText == "1 file: 0 formatted, 0 unchanged, 0 invalid, 1 refused\n")
            #expect(try directory.readText("ro.json") == #"{"b":1}"#)

            let check = try RawProcess.run(["fmt", "--check", "ro.json"], in: directory.url)
            #expect(check.termination == .exited(1), "--check changes nothing, so it refuses nothing: \(check)")

            let forced = try RawProcess.run(["fmt", "--force", "ro.json"], in: directory.url)
            #expect(forced.termination == .exited(0), "\(forced)")
            #expect(try directory.readText("ro.json") == "{\n  \"b\": 1\n}\n")
            #expect(try directory.permissions("ro.json") == 0o444, "still read-only")
        }

        @Test func aHardLinkedFileIsRefusedAndSplitOnlyWithForce() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("hl.json", #"{"b":1}"#)
            #expect(link(directory.path("hl.json"), directory.path("hl2.json")) == 0)

            let refused = try RawProcess.run(["fmt", "hl.json"], in: directory.url)

            #expect(refused.termination == .exited(2), "\(refused)")
            #expect(
                refused.stderrText
                    == "wirelock: error: refusing to rewrite 'hl.json': it has 2 hard links, and replacing it would "
                    + "leave the other names with the old text; pass --force to rewrite it anyway (splitting the links)\n"
            )
            #expect(Self.status(directory, "hl.json").st_nlink == 2)
            #expect(try directory.readText("hl2.json") == #"{"b":1}"#)

            let forced = try RawProcess.run(["fmt", "--force", "hl.json"], in: directory.url)
            #expect(forced.termination == .exited(0), "\(forced)")
            #expect(try directory.readText("hl.json") == "{\n  \"b\": 1\n}\n")
            #expect(Self.status(directory, "hl.json").st_nlink == 1, "split, as --force says")
            #expect(try directory.readText("hl2.json") == #"{"b":1}"#)
        }

        @Test func lockRefusesAReadOnlyLockFileToo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("golden/movie.json", "{\n  \"id\": 1\n}\n")
            try directory.write("golden/wirelock.lock", "# old\n", permissions: 0o444)

            let refused = try RawProcess.run(["lock", "--golden", "golden"], in: directory.url)
            #expect(refused.termination == .exited(2), "\(refused)")
            #expect(
                refused.stderrText.hasPrefix(
                    "wirelock: error: refusing to rewrite 'golden/wirelock.lock': it is read-only (mode 0444)"))
            #expect(try directory.readText("golden/wirelock.lock") == "# old\n")

            let forced = try RawProcess.run(["lock", "--golden", "golden", "--force"], in: directory.url)
            #expect(forced.termination == .exited(0), "\(forced)")
            #expect(try directory.readText("golden/wirelock.lock").contains("movie shape="))
        }

        // MARK: owners (a second uid needs root)

        static let isRoot = getuid() == 0

        /// Whether RawProcess can run the binary as a second uid: it does so through util-linux's
        /// `setpriv`, which Darwin does not have (RawProcess throws there).
        static let canRunAsAnotherUser: Bool = {
            #if os(Linux)
                return true
            #else
                return false
            #endif
        }()

        /// Root may give the new file its old owner, so it does; the set-user-ID bit survives the
        /// `fchown` too (it is set after).
        @Test(.enabled(if: isRoot, "needs root to make a file belong to another uid"))
        func rootKeepsTheOwnerGroupAndEveryModeBitOfSomeoneElsesFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = try directory.write("theirs.json", #"{"b":1}"#, permissions: 0o4644)
            #expect(chown(path, 4343, 4344) == 0)
            #expect(chmod(path, 0o4644) == 0)

            let result = try RawProcess.run(["fmt", "theirs.json"], in: directory.url)

            #expect(result.termination == .exited(0), "\(result)")
            let after = Self.status(directory, "theirs.json")
            #expect((after.st_uid, after.st_gid) == (4343, 4344))
            #expect(after.st_mode & 0o7777 == 0o4644)
            #expect(try directory.readText("theirs.json") == "{\n  \"b\": 1\n}\n")
        }

        /// uid 4242 may write to uid 4343's 0666 file, and may rename over it in a 0777 folder, but
        /// cannot give the result back to 4343: refused, untouched; with --force it becomes 4242's.
        @Test(
            .enabled(
                if: canRunAsAnotherUser, "runs the binary as a second uid with setpriv, a Linux (util-linux) tool"),
            .enabled(if: isRoot, "needs root to run as a second uid (setpriv)"))
        func anotherUsersFileIsRefusedWhenItsOwnerCannotBeKept() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            #expect(chmod(directory.url.path, 0o777) == 0)
            let path = try directory.write("theirs.json", #"{"b":1}"#)
            #expect(chown(path, 4343, 4343) == 0)
            #expect(chmod(path, 0o666) == 0)

            let refused = try RawProcess.run(["fmt", "theirs.json"], in: directory.url, user: 4242)

            #expect(refused.termination == .exited(2), "\(refused)")
            #expect(
                refused.stderrText
                    == "wirelock: error: refusing to rewrite 'theirs.json': it belongs to uid 4343, gid 4343, which a "
                    + "rewrite by uid 4242 cannot keep; run as its owner, or pass --force to rewrite it anyway (it will then belong to uid 4242)\n"
            )
            #expect(try directory.readText("theirs.json") == #"{"b":1}"#)
            #expect(Self.status(directory, "theirs.json").st_uid == 4343)
            #expect(try directory.names() == ["theirs.json"])

            let forced = try RawProcess.run(["fmt", "--force", "theirs.json"], in: directory.url, user: 4242)
            #expect(forced.termination == .exited(0), "\(forced)")
            #expect(Self.status(directory, "theirs.json").st_uid == 4242)
        }

        /// As a plain user, a file the user may not write by its mode bits is read-only to WireLock,
        /// although the folder would let it rename over the file.
        @Test(
            .enabled(
                if: canRunAsAnotherUser, "runs the binary as a second uid with setpriv, a Linux (util-linux) tool"),
            .enabled(if: isRoot, "needs root to run as a second uid (setpriv)"))
        func anotherUsersFileWithoutWritePermissionIsReadOnly() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            #expect(chmod(directory.url.path, 0o777) == 0)
            let path = try directory.write("theirs.json", #"{"b":1}"#, permissions: 0o644)
            #expect(chown(path, 4343, 4343) == 0)

            let refused = try RawProcess.run(["fmt", "theirs.json"], in: directory.url, user: 4242)

            #expect(refused.termination == .exited(2), "\(refused)")
            #expect(
                refused.stderrText.hasPrefix(
                    "wirelock: error: refusing to rewrite 'theirs.json': it is read-only (mode 0644)"))
            #expect(try directory.readText("theirs.json") == #"{"b":1}"#)
        }
    }
#endif
