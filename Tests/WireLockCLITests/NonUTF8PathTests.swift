#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    #if canImport(Glibc)
        import Glibc
    #endif

    #if os(Linux)
        /// Linux file systems take any bytes but `/` and NUL as a name; APFS and HFS+ refuse a name that is
        /// not UTF-8 (EILSEQ), so on Darwin these tests are skipped with this reason, not passed.
        private let fileNamesAreBytes = true
    #else
        private let fileNamesAreBytes = false
    #endif

    /// Issue 10, item 8: Linux file names are bytes. A name that is not UTF-8 (`ok\xFF.json`) is read
    /// from the raw command line, found by the directory walk, opened, rewritten and renamed as bytes,
    /// and printed escaped (`ok\xFF.json`).
    @Suite(
        "File names that are not UTF-8 (binary)",
        .enabled(if: fileNamesAreBytes, "needs file names that are not UTF-8, which APFS and HFS+ refuse"))
    struct NonUTF8PathTests {
        /// `ok` 0xFF `.json`.
        static let name: [UInt8] = Array("ok".utf8) + [0xFF] + Array(".json".utf8)
        static let shown = #"ok\xFF.json"#

        /// A directory with `ok\xFF.json` holding `text`.
        static func directory(_ text: String, in subfolder: String = "") throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            let folder = subfolder.isEmpty ? directory.url : directory.url.appendingPathComponent(subfolder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try create(text, at: Array(folder.path.utf8) + [UInt8(ascii: "/")] + name)
            return directory
        }

        static func create(_ text: String, at path: [UInt8]) throws {
            let descriptor = (path + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            #expect(descriptor >= 0, "cannot create the test file")
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }

        static func contents(of path: [UInt8]) -> String? {
            let descriptor = (path + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
            }
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        }

        @Test func validateReadsAFileNamedOnTheCommandLine() throws {
            let directory = try Self.directory("{}")
            defer { directory.remove() }
            let result = try RawProcess.run([Array("validate".utf8), Self.name], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == "\(Self.shown): ok (1 document, 2 bytes)\n1 file: 1 valid, 0 invalid\n")
            #expect(result.stderr.isEmpty)
        }

        @Test func validateFindsItWhenWalkingADirectory() throws {
            let directory = try Self.directory("{}", in: "dir8")
            defer { directory.remove() }
            let result = try RawProcess.run(["validate", "dir8"], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == "dir8/\(Self.shown): ok (1 document, 2 bytes)\n1 file: 1 valid, 0 invalid\n")
        }

        @Test func validateNamesItInErrorsAndInJSON() throws {
            let directory = try Self.directory("[1,]")
            defer { directory.remove() }
            let text = try RawProcess.run([Array("validate".utf8), Self.name], in: directory.url)
            #expect(text.termination == .exited(1), "\(text)")
            #expect(text.stdoutText.hasPrefix("\(Self.shown):1:4: error: trailing comma before ']'"), "\(text)")

            let json = try RawProcess.run(
                [Array("validate".utf8), Array("--format=json".utf8), Self.name], in: directory.url)
            #expect(json.termination == .exited(1), "\(json)")
            let document = try JSONValue.parse(json.stdout)
            #expect(document["files"]?[0]?["path"] == .string(Self.shown))
        }

        @Test func validateReportsAMissingOneEscaped() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try RawProcess.run([Array("validate".utf8), Self.name], in: directory.url)
            #expect(result.termination == .exited(2), "\(result)")
            #expect(result.stderrText == "wirelock: error: cannot read '\(Self.shown)': No such file or directory\n")
        }

        @Test func fmtRewritesItInPlace() throws {
            let directory = try Self.directory(#"{"b":1,"a":2}"#)
            defer { directory.remove() }
            let result = try RawProcess.run([Array("fmt".utf8), Self.name], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == "formatted \(Self.shown)\n1 file: 1 formatted, 0 unchanged, 0 invalid\n")
            #expect(
                Self.contents(of: Array(directory.url.path.utf8) + [UInt8(ascii: "/")] + Self.name)
                    == "{\n  \"a\": 2,\n  \"b\": 1\n}\n")
            #expect(try directory.names().count == 1, "the rewrite renamed over the same name, no temporary left")
        }

        @Test func fmtRewritesItWhenWalkingADirectory() throws {
            let directory = try Self.directory(#"{"b":1}"#, in: "d")
            defer { directory.remove() }
            let result = try RawProcess.run(["fmt", "d"], in: directory.url)
            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == "formatted d/\(Self.shown)\n1 file: 1 formatted, 0 unchanged, 0 invalid\n")
            #expect(
                Self.contents(of: Array(directory.path("d").utf8) + [UInt8(ascii: "/")] + Self.name)
                    == "{\n  \"b\": 1\n}\n"
            )
        }

        @Test func shapeAndFuzzReadIt() throws {
            let directory = try Self.directory(#"{"id":1}"#)
            defer { directory.remove() }
            let shape = try RawProcess.run([Array("shape".utf8), Self.name], in: directory.url)
            #expect(shape.termination == .exited(0), "\(shape)")
            #expect(try JSONValue.parse(shape.stdout)["name"] == .string(#"ok\xFF"#))

            let fuzz = try RawProcess.run([Array("fuzz".utf8), Array("--count=20".utf8), Self.name], in: directory.url)
            #expect(fuzz.termination == .exited(0), "\(fuzz)")
            #expect(fuzz.stdoutText.hasSuffix("20 mutants: 20 as expected, 0 findings\n"), "\(fuzz)")
        }

        /// `lock --golden` with a golden directory whose own name is not UTF-8: its files are read and
        /// the lock file is written inside it.
        @Test func lockUsesAGoldenDirectoryNamedInBytes() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let golden: [UInt8] = Array("g".utf8) + [0xFE]
            let goldenPath = Array(directory.url.path.utf8) + [UInt8(ascii: "/")] + golden
            #expect(
                (goldenPath + [0]).withUnsafeBufferPointer {
                    $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
                } == 0)
            try Self.create("{\n  \"id\": 1\n}\n", at: goldenPath + Array("/movie.json".utf8))

            let result = try RawProcess.run([Array("lock".utf8), Array("--golden".utf8), golden], in: directory.url)

            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == #"wrote g\xFE/wirelock.lock (1 format) and 1 shape file"# + "\n")
            #expect(Self.contents(of: goldenPath + Array("/wirelock.lock".utf8))?.contains("movie shape=") == true)
        }
    }
#endif
