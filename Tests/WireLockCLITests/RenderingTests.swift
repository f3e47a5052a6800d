#if WIRELOCK_SPAWN
    import Testing
    import WireCommandLine
    import WireCommands
    import WireJSON
    import WireLockTestSupport
    import WireSupport

    @testable import WireLockCLI

    /// A hand-built error, so the renderers are tested apart from the core's locating.
    private let sampleError = JSONSyntaxError(
        kind: .trailingComma,
        reason: "trailing comma before ']'",
        location: JSONSourceLocation(offset: 54, line: 3, column: 33),
        path: [.key("genres")],
        excerpt: JSONExcerpt(text: #"  "genres": ["comédie", "drame",]"#, caretColumn: 32))

    @Suite("Rendering")
    struct RenderingTests {
        @Test func diagnosticIsCompilerStyleWithExcerptAndCaret() {
            let text = JSONDiagnostic(sampleError, file: "movie.json").block(style: .plain)
            #expect(
                text == """
                    movie.json:3:33: error: trailing comma before ']' (at $.genres)
                          "genres": ["comédie", "drame",]
                                                        ^

                    """)
        }

        @Test func colouredDiagnosticKeepsTheSameText() {
            let text = JSONDiagnostic(sampleError, file: "movie.json").block(style: TerminalStyle(enabled: true))
            #expect(text.contains("\u{1B}["))
            let stripped = text.replacing(/\x1B\[[0-9;]*m/, with: "")
            #expect(stripped == JSONDiagnostic(sampleError, file: "movie.json").block(style: .plain))
        }

        @Test(arguments: [
            (true, [String: String](), true),
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": ""], true),  // no-color.org: only a non-empty value disables colour
            (false, [String: String](), false),
            (false, ["TERM": "xterm"], false),
        ])
        func colourOnlyOnATerminalWithoutNoColor(isTerminal: Bool, environment: [String: String], expected: Bool) {
            #expect(TerminalStyle.shouldColor(isTerminal: isTerminal, environment: environment) == expected)
        }

        @Test(arguments: [
            (ValidationTally(valid: 2, invalid: 1, unreadable: 0), "3 files: 2 valid, 1 invalid\n", ExitCode.findings),
            (ValidationTally(valid: 1, invalid: 0, unreadable: 0), "1 file: 1 valid, 0 invalid\n", ExitCode.success),
            (ValidationTally(valid: 0, invalid: 0, unreadable: 0), "0 files: 0 valid, 0 invalid\n", ExitCode.success),
            (
                ValidationTally(valid: 1, invalid: 1, unreadable: 1), "3 files: 1 valid, 1 invalid, 1 unreadable\n",
                ExitCode.failure
            ),
        ])
        func validationSummaryAndExitCode(tally: ValidationTally, line: String, exit: ExitCode) {
            #expect(ValidationTextRenderer(style: .plain, quiet: false).summary(tally) == line)
            #expect(tally.exitCode == exit)
        }

        @Test func validFileLineIsHiddenWhenQuiet() {
            let result = FileValidation(
                displayPath: "a.json", framing: .document,
                report: JSONValidationReport(errors: [], documentCount: 1, byteCount: 12))
            #expect(
                ValidationTextRenderer(style: .plain, quiet: false).render(result)
                    == "a.json: ok (1 document, 12 bytes)\n")
            #expect(ValidationTextRenderer(style: .plain, quiet: true).render(result) == "")
        }

        @Test func jsonLinesFileWithErrorsGetsACountLine() {
            let result = FileValidation(
                displayPath: "a.jsonl", framing: .lines,
                report: JSONValidationReport(errors: [sampleError], documentCount: 4, byteCount: 80))
            let text = ValidationTextRenderer(style: .plain, quiet: false).render(result)
            #expect(text.hasSuffix("a.jsonl: 1 of 4 documents invalid\n"))
            #expect(!ValidationTextRenderer(style: .plain, quiet: true).render(result).contains("of 4 documents"))
        }

        @Test func jsonReportHasEveryField() throws {
            let results = [
                FileValidation(
                    displayPath: "movie.json", framing: .document,
                    report: JSONValidationReport(errors: [sampleError], documentCount: 1, byteCount: 58))
            ]
            let document = ValidationJSONRenderer.document(
                results: results, unreadable: [JSONInputError(path: "gone.json", reason: "No such file or directory")],
                tally: ValidationTally(valid: 0, invalid: 1, unreadable: 1))
            // Through the canonical writer and back, as the command prints it.
            let value = try JSONValue.parse(CanonicalJSONWriter.bytes(document))
            let file = try #require(value["files"]?[0])
            #expect(file["path"] == .string("movie.json"))
            #expect(file["valid"] == .bool(false))
            #expect(file["documents"] == .number(1))
            #expect(file["bytes"] == .number(58))
            let error = try #require(file["errors"]?[0])
            expectGenresTrailingComma(error)
            #expect(value["unreadable"]?[0]?["path"] == .string("gone.json"))
            #expect(
                value["summary"] == (try JSONValue.parse(#"{"files": 2, "valid": 0, "invalid": 1, "unreadable": 1}"#)))
        }

        @Test(arguments: [
            (
                false, FormatTally(changed: 1, unchanged: 1, invalid: 1, unreadable: 0),
                "3 files: 1 formatted, 1 unchanged, 1 invalid\n", ExitCode.findings
            ),
            (
                false, FormatTally(changed: 2, unchanged: 0, invalid: 0, unreadable: 0),
                "2 files: 2 formatted, 0 unchanged, 0 invalid\n", ExitCode.success
            ),
            (
                true, FormatTally(changed: 1, unchanged: 2, invalid: 0, unreadable: 0),
                "3 files: 2 canonical, 1 not canonical, 0 invalid\n", ExitCode.findings
            ),
            (
                true, FormatTally(changed: 0, unchanged: 1, invalid: 0, unreadable: 0),
                "1 file: 1 canonical, 0 not canonical, 0 invalid\n", ExitCode.success
            ),
            (
                true, FormatTally(changed: 0, unchanged: 1, invalid: 1, unreadable: 1),
                "3 files: 1 canonical, 0 not canonical, 1 invalid, 1 unreadable\n", ExitCode.failure
            ),
            (
                false, FormatTally(changed: 1, unchanged: 0, invalid: 0, unreadable: 0, unwritable: 1),
                "2 files: 1 formatted, 0 unchanged, 0 invalid, 1 unwritable\n", ExitCode.failure
            ),
        ])
        func formatSummaryAndExitCode(check: Bool, tally: FormatTally, line: String, exit: ExitCode) {
            #expect(FormatRenderer(style: .plain, check: check).summary(tally) == line)
            #expect(tally.exitCode(check: check) == exit)
        }

        @Test func formatChangeLines() {
            #expect(FormatRenderer(style: .plain, check: false).changed("a.json") == "formatted a.json\n")
            #expect(FormatRenderer(style: .plain, check: true).changed("a.json") == "a.json: not in canonical form\n")
        }

        @Test(arguments: [(1, "file", "1 file"), (0, "file", "0 files"), (2, "byte", "2 bytes")])
        func pluralization(count: Int, word: String, expected: String) {
            #expect(Text.pluralized(count, word) == expected)
        }
    }

    @Suite("Inputs and canonical formatting")
    struct CanonicalFormatterTests {
        @Test(arguments: [
            ("a.json", JSONParseOptions.Framing.document),
            ("dir/a.jsonl", .lines),
            ("A.NDJSON", .lines),
            ("dir.jsonl/a.json", .document),
            ("a.txt", .document),
            (".jsonl", .document),
            ("-", .document),
        ])
        func framingFollowsTheFileName(path: String, framing: JSONParseOptions.Framing) {
            #expect(InputFile(path: path).framing == framing)
        }

        @Test func documentBecomesPrettyCanonicalText() {
            let outcome = CanonicalFormatter(options: .strict).format(
                Array(#"{"b":[1,2.50],"a":{}}"#.utf8), framing: .document)
            #expect(outcome == .canonical(Array("{\n  \"a\": {},\n  \"b\": [\n    1,\n    2.50\n  ]\n}\n".utf8)))
        }

        @Test func jsonLinesBecomeCompactRecordsWithoutBlankLines() {
            let input = "{\"b\": 1, \"a\": [ 2 ]}\r\n\n   \n[true,  null]"
            let outcome = CanonicalFormatter(options: .strict).format(Array(input.utf8), framing: .lines)
            #expect(outcome == .canonical(Array("{\"a\":[2],\"b\":1}\n[true,null]\n".utf8)))
        }

        @Test func emptyJSONLinesFileStaysEmpty() {
            #expect(CanonicalFormatter(options: .strict).format([], framing: .lines) == .canonical([]))
        }

        @Test func badJSONLinesRecordIsLocatedInTheWholeFile() throws {
            let input = "{\"a\":1}\n\n{\"a\":2,}\n{\"a\":3}\n"
            guard
                case .invalid(let errors) = CanonicalFormatter(options: .strict).format(
                    Array(input.utf8), framing: .lines)
            else {
                Issue.record("expected the file to be invalid")
                return
            }
            let error = try #require(errors.first)
            #expect(errors.count == 1)
            #expect(error.kind == .trailingComma)
            #expect(error.location.line == 3)  // line 2 is blank
            #expect(error.location.column == 8)  // {"a":2,} — the '}' is the 8th character
            #expect(error.location.offset == 16)  // 8 + 1 bytes before line 3, then 7
        }

        @Test func duplicateKeysAreKeptInSourceOrderWhenAllowed() {
            let input = Array(#"{"b":1,"a":1,"b":2}"#.utf8)
            guard case .invalid = CanonicalFormatter(options: .strict).format(input, framing: .document) else {
                Issue.record("duplicate keys must be rejected by default")
                return
            }
            let relaxed = CanonicalFormatter(options: JSONParseOptions(allowDuplicateKeys: true))
            #expect(
                relaxed.format(input, framing: .document)
                    == .canonical(Array("{\n  \"a\": 1,\n  \"b\": 1,\n  \"b\": 2\n}\n".utf8)))
        }
    }

    @Suite("Commands in-process")
    struct InProcessCommandTests {
        private func run(_ words: [String], terminal: Bool, environment: [String: String] = [:]) -> (
            ExitCode, String, String
        ) {
            let output = BufferSink()
            let diagnostics = BufferSink()
            let context = CommandContext(
                output: output, diagnostics: diagnostics, environment: environment,
                outputIsTerminal: terminal)
            let status = WireLockCommand.main(words, context: context)
            return (status, output.text, diagnostics.text)
        }

        @Test func colourOnATerminalAndNotWithNoColor() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = try directory.write("bad.json", "[1,]")
            let (status, coloured, _) = run(["validate", path], terminal: true)
            #expect(status == .findings)
            #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
            let (_, plain, _) = run(["validate", path], terminal: true, environment: ["NO_COLOR": "1"])
            #expect(!plain.contains("\u{1B}["))
            let (_, piped, _) = run(["validate", path], terminal: false)
            #expect(!piped.contains("\u{1B}["))
            #expect(piped == plain)
        }

        @Test func usageErrorGoesToDiagnostics() {
            let (status, output, diagnostics) = run(["validate", "--frob", "x"], terminal: false)
            #expect(status == .failure)
            #expect(output == "")
            #expect(diagnostics.hasPrefix("wirelock: error: unknown option '--frob'\n"))
        }
    }
#endif
