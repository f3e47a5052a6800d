import Testing
import WireJSON

/// The one rendering of a located error, in each of its forms.
@Suite("Located-error rendering")
struct JSONDiagnosticTests {
    /// A real error from the parser, so the forms are checked against what users see.
    func trailingComma() throws -> JSONSyntaxError {
        do throws(JSONSyntaxError) {
            _ = try JSONValue.parse(Array("{\n  \"genres\": [\"a\", \"b\",]\n}\n".utf8))
        } catch {
            return error
        }
        Issue.record("the trailing comma was accepted")
        throw CancellationError()
    }

    @Test func headlineNamesFileLineColumnReasonAndPath() throws {
        let diagnostic = JSONDiagnostic(try trailingComma(), file: "movie.json")
        #expect(diagnostic.headline == "movie.json:2:23: trailing comma before ']' (at $.genres)")
        #expect(diagnostic.description == diagnostic.headline)
        #expect(diagnostic.location == "movie.json:2:23:")
    }

    @Test func withoutAFileTheHeadlineStartsAtTheLine() throws {
        #expect(JSONDiagnostic(try trailingComma()).headline == "2:23: trailing comma before ']' (at $.genres)")
    }

    @Test func inlineFormIsForListsThatNameTheFile() throws {
        #expect(
            JSONDiagnostic(try trailingComma(), file: "ignored.json").inline
                == "trailing comma before ']' (line 2, column 23)")
    }

    @Test(arguments: ["    ", "", "  "])
    func blockHasTheExcerptAndACaretUnderTheSpot(indent: String) throws {
        let block = JSONDiagnostic(try trailingComma(), file: "movie.json").block(indent: indent)
        #expect(
            block == """
                movie.json:2:23: error: trailing comma before ']' (at $.genres)
                \(indent)  "genres": ["a", "b",]
                \(indent)                      ^

                """)
    }
}
