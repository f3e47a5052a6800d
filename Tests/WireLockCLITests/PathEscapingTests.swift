#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Issue 10, item 11: a file name is printed through one escaping function, so an escape sequence
    /// in a name cannot recolour the terminal, a newline cannot split a line, and JSON output stays
    /// valid JSON.
    @Suite("File names with control characters are printed escaped (binary)")
    struct PathEscapingTests {
        /// The bytes of a result that a terminal would act on: C0 controls but the line feeds, and DEL.
        static func controlBytes(_ bytes: [UInt8]) -> [UInt8] {
            bytes.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        }

        @Test(arguments: [
            ("esc\u{1B}[31m.json", #"esc\x1B[31m.json"#),
            ("new\nline.json", #"new\nline.json"#),
            ("tab\there.json", #"tab\there.json"#),
            ("back\\slash.json", #"back\\slash.json"#),
            ("bell\u{07}.json", #"bell\x07.json"#),
            ("rtl\u{202E}nosj.json", #"rtl\u{202E}nosj.json"#),
            ("café.json", "café.json"),
        ])
        func validatePrintsTheNameEscaped(name: String, shown: String) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write(name, "{}")

            let result = try RawProcess.run(["validate", name], in: directory.url)

            #expect(result.termination == .exited(0), "\(result)")
            #expect(result.stdoutText == "\(shown): ok (1 document, 2 bytes)\n1 file: 1 valid, 0 invalid\n")
            #expect(Self.controlBytes(result.stdout).isEmpty)
        }

        @Test func theWalkAndTheJSONReportEscapeToo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("d/esc\u{1B}[31m.json", "[1,]")
            try directory.write("d/new\nline.json", "{}")

            let text = try RawProcess.run(["validate", "d"], in: directory.url)
            #expect(text.termination == .exited(1), "\(text)")
            #expect(
                text.stdoutText.hasPrefix(#"d/esc\x1B[31m.json:1:4: error: trailing comma before ']' (at $)"#),
                "\(text)")
            #expect(text.stdoutText.contains("\n" + #"d/new\nline.json: ok (1 document, 2 bytes)"# + "\n"))
            #expect(Self.controlBytes(text.stdout).isEmpty)

            let json = try RawProcess.run(["validate", "--format", "json", "d"], in: directory.url)
            #expect(json.termination == .exited(1), "\(json)")
            let document = try JSONValue.parse(json.stdout)
            #expect(document["files"]?[0]?["path"] == .string(#"d/esc\x1B[31m.json"#))
            #expect(document["files"]?[1]?["path"] == .string(#"d/new\nline.json"#))
        }

        @Test func fmtEscapesInItsListAndItsDiagnostics() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("esc\u{1B}[31m.json", "[1,]")
            try directory.write("new\nline.json", #"{"a":1}"#)

            let result = try RawProcess.run(["fmt", "esc\u{1B}[31m.json", "new\nline.json"], in: directory.url)

            #expect(result.termination == .exited(1), "\(result)")
            #expect(
                result.stderrText.hasPrefix(#"esc\x1B[31m.json:1:4: error: trailing comma before ']' (at $)"#),
                "\(result)")
            #expect(
                result.stdoutText == #"formatted new\nline.json"# + "\n2 files: 1 formatted, 0 unchanged, 1 invalid\n")
            #expect(Self.controlBytes(result.stdout + result.stderr).isEmpty)
        }

        @Test func reviewCommandsEscapeThePendingFilesTheyName() throws {
            let project = try GoldenProject()
            defer { project.remove() }
            try project.write("golden/x\u{1B}[2J.actual.json", "1")

            let result = try RawProcess.run(["reject"], in: project.root)

            #expect(result.termination == .exited(0), "\(result)")
            #expect(
                result.stdoutText == #"deleted golden/x\x1B[2J.actual.json"#
                    + "\nrejected 1 pending golden; the goldens are unchanged\n")
        }

        @Test func aMissingPathIsNamedEscaped() throws {
            let result = try RawProcess.run(["validate", "gone\u{1B}[31m.json"])
            #expect(result.termination == .exited(2), "\(result)")
            #expect(
                result.stderrText == #"wirelock: error: cannot read 'gone\x1B[31m.json': No such file or directory"#
                    + "\n")
        }
    }
#endif
