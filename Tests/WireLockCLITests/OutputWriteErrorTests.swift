#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireLockTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    #if os(Linux)
        /// Linux's `/dev/full`: every write to it fails with ENOSPC, a full disk on demand. Darwin has no
        /// such device, so the tests that need it are skipped there (with this reason), not passed.
        private let fullDevice: String? = "/dev/full"
    #else
        private let fullDevice: String? = nil
    #endif

    /// Issue 10, item 4: every command checks what it writes on standard output and standard error
    /// (and the final flush), and exits 2 naming the problem; a pipe closed by the reader (`| head`)
    /// ends the run quietly, by SIGPIPE, as `cat` and `grep` do.
    @Suite("Write errors on standard output and standard error (binary)")
    struct OutputWriteErrorTests {
        /// A package folder where every command has something to print: `a.json` (canonical),
        /// `b.json` (not canonical), `golden/a.json` with a recorded test run that asserted it.
        static func project() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            try directory.write("Package.swift", "// swift-tools-version: 6.0\n")
            try directory.write("a.json", "{\n  \"id\": 1\n}\n")
            try directory.write("b.json", #"{"id":2}"#)
            try directory.write("golden/a.json", "{\n  \"id\": 1\n}\n")
            try directory.write(".wirelock/runs/1700000900-50-51.touched", "#args\t\ngolden/a.json\n")
            return directory
        }

        static let fullDisk = "wirelock: error: cannot write standard output: No space left on device\n"

        /// Each command line prints on standard output when it succeeds (checked first, so that the
        /// case cannot pass by printing nothing).
        @Test(
            .enabled(if: fullDevice != nil, "needs a device that fails every write (Linux only)"),
            arguments: [
                ["--help"], ["--version"], ["help", "fmt"], ["validate", "--help"],
                ["validate", "a.json"], ["validate", "--format", "json", "a.json"],
                ["fmt", "--check", "a.json"], ["shape", "a.json"], ["diff", "a.json", "b.json"],
                ["lock", "--check", "--golden", "golden"], ["fuzz", "--count", "5", "a.json"],
                ["oracle", "dates", "--generate", "10"], ["oracle", "dates", "--list"],
                ["accept", "golden"], ["reject", "golden"], ["golden", "--orphans"],
            ])
        func everyCommandExitsTwoWhenStandardOutputIsFull(arguments: [String]) throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let normal = try RawProcess.run(arguments, in: directory.url)
            #expect(!normal.stdout.isEmpty, "\(normal)")

            let full = try RawProcess.run(arguments, stdout: .file(try #require(fullDevice)), in: directory.url)

            #expect(full.termination == .exited(2), "\(full)")
            #expect(full.stderrText.hasSuffix(Self.fullDisk), "\(full)")
        }

        @Test(.enabled(if: fullDevice != nil, "needs a device that fails every write (Linux only)"))
        func fmtOfStandardInputOnAFullDiskSaysSo() throws {
            let result = try RawProcess.run(
                ["fmt", "-"], stdin: Array(#"{"a": 1}"#.utf8), stdout: .file(try #require(fullDevice)))
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText == Self.fullDisk)
        }

        /// Output larger than any buffer: the failure is caught on a flush in the middle, not only at the end.
        @Test(.enabled(if: fullDevice != nil, "needs a device that fails every write (Linux only)"))
        func aLargeOutputOnAFullDiskStopsBeingWrittenAndSaysSoOnce() throws {
            let big =
                "["
                + Array(repeating: #"{"k":"\#(String(repeating: "x", count: 100))"}"#, count: 3000).joined(
                    separator: ",")
                + "]"
            let result = try RawProcess.run(
                ["fmt", "-"], stdin: Array(big.utf8), stdout: .file(try #require(fullDevice)))
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText == Self.fullDisk)
        }

        @Test func aClosedStandardOutputIsAnError() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["validate", "a.json"], stdout: .closed, in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText == "wirelock: error: cannot write standard output: Bad file descriptor\n")
        }

        /// With standard output closed, a file `fmt` opens must not become descriptor 1 and receive
        /// the report.
        @Test func aClosedStandardOutputNeverLandsInARewrittenFile() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["fmt", "b.json"], stdout: .closed, in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(try directory.readText("b.json") == "{\n  \"id\": 2\n}\n")
        }

        @Test(.enabled(if: fullDevice != nil, "needs a device that fails every write (Linux only)"))
        func diagnosticsThatCannotBeWrittenMakeTheStatusTwo() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            try directory.write("bad.json", "[1,]")
            let normal = try RawProcess.run(["fmt", "bad.json"], in: directory.url)
            #expect(normal.termination == .exited(1), "\(normal)")
            #expect(!normal.stderr.isEmpty)

            let result = try RawProcess.run(
                ["fmt", "bad.json"], stderr: .file(try #require(fullDevice)), in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stdoutText == "1 file: 0 formatted, 0 unchanged, 1 invalid\n")
        }

        /// `wirelock validate … | head` after head has quit: no message, the status of a process ended
        /// by SIGPIPE (141 in the shell), like `cat` or `grep`.
        @Test func aPipeClosedByTheReaderEndsTheRunQuietly() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["validate", "a.json", "b.json"], stdout: .closedPipe, in: directory.url)
            #expect(result.termination == .signaled(SIGPIPE), "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }

        /// A parent that ignores SIGPIPE makes the write fail with EPIPE instead: the run still ends
        /// the same way, with no "Broken pipe" message.
        @Test func aPipeClosedByTheReaderEndsTheRunQuietlyEvenWithSIGPIPEIgnored() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(
                ["validate", "a.json", "b.json"], stdout: .closedPipe, in: directory.url,
                ignoringSIGPIPE: true)
            #expect(result.termination == .signaled(SIGPIPE), "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }

        @Test func fmtIntoAClosedPipeLeavesEveryFileWholeAndNoTemporary() throws {
            let directory = try Self.project()
            defer { directory.remove() }
            let result = try RawProcess.run(["fmt", "b.json"], stdout: .closedPipe, in: directory.url)
            #expect(result.termination == .signaled(SIGPIPE), "\(result)")
            #expect(result.stderr.isEmpty)
            #expect(
                try directory.readText("b.json") == "{\n  \"id\": 2\n}\n", "rewritten before the report was printed")
            #expect(try directory.names() == [".wirelock", "Package.swift", "a.json", "b.json", "golden"])
        }
    }
#endif
