#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Issue 10, items 1 and 7, through the built binary: a string left open after the document is an
    /// error (never silently dropped by `fmt`), and JSON Lines counts every invalid line.
    @Suite("wirelock validate: content after the document, JSON Lines counts (binary)")
    struct ValidateDocumentEndTests {
        /// `{"id":1}` is bytes 0–7, a space at 8, the quote at 9: line 1, column 10.
        static let note = #"{"id":1} "note: keep me"#
        static let diagnostic = "1:10: error: unexpected string after the end of the JSON document (at $)"

        @Test func fileWithAnOpenStringAfterTheDocumentIsInvalid() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("a.json", Self.note)

            let result = try WireLockBinary.run(["validate", "a.json"], in: directory.url)

            #expect(result.status == 1, "\(result)")
            #expect(
                result.stdoutLines == [
                    "a.json:" + Self.diagnostic,
                    "    " + Self.note,
                    "    " + String(repeating: " ", count: 9) + "^",
                    "1 file: 0 valid, 1 invalid",
                ], "\(result)")
        }

        @Test func standardInputAndJSONLinesToo() throws {
            let stdin = try WireLockBinary.run(["validate", "-"], stdin: Array(Self.note.utf8))
            #expect(stdin.status == 1)
            #expect(stdin.stdoutLines.first == "<stdin>:" + Self.diagnostic, "\(stdin)")

            let lines = try WireLockBinary.run(
                ["validate", "--lines", "-"], stdin: Array("{\"id\":1} \"lost text\n{\"id\":2}\n".utf8))
            #expect(lines.status == 1)
            #expect(lines.stdoutLines.first == "<stdin>:" + Self.diagnostic, "\(lines)")
            #expect(lines.stdout.contains("<stdin>: 1 of 2 documents invalid\n"), "\(lines)")
        }

        @Test func fmtLeavesTheFileAsItWas() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("a.json", Self.note)

            let result = try WireLockBinary.run(["fmt", "a.json"], in: directory.url)

            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("a.json:" + Self.diagnostic + "\n"), "\(result)")
            #expect(try directory.read("a.json") == Array(Self.note.utf8))
            #expect(try directory.names() == ["a.json"])
        }

        /// 150 lines of `{`: each is cut off at its end (column 2). Only the first 100 errors are kept,
        /// but all 150 invalid documents are counted, and the output says 50 were left out.
        @Test func jsonLinesCountsEveryInvalidLineAndSaysWhatWasLeftOut() throws {
            let input = Array(String(repeating: "{\n", count: 150).utf8)

            let text = try WireLockBinary.run(["validate", "--lines", "-"], stdin: input)
            #expect(text.status == 1)
            #expect(text.stdoutLines.filter { $0.contains(": error: ") }.count == 100)
            #expect(
                text.stdoutLines.first
                    == "<stdin>:1:2: error: unexpected end of input inside an object (missing '}') (at $)")
            #expect(text.stdout.contains("<stdin>: … and 50 more errors not shown\n"), "\(text)")
            #expect(text.stdout.contains("<stdin>: 150 of 150 documents invalid\n"), "\(text)")

            let json = try WireLockBinary.run(["validate", "--lines", "--format", "json", "-"], stdin: input)
            let file = try #require(try JSONValue.parse(json.stdout)["files"]?[0])
            #expect(file["documents"] == .number(150))
            #expect(file["invalidDocuments"] == .number(150))
            #expect(file["omittedErrors"] == .number(50))
            guard case .array(let errors)? = file["errors"] else {
                Issue.record("errors is not an array: \(json)")
                return
            }
            #expect(errors.count == 100)
        }
    }
#endif
