import Testing

@testable import WireJSON

/// Issue 10, item 7: JSON Lines counted only the errors it kept (100), so 150 bad lines read as
/// "100 of 150 documents invalid".
@Suite("JSON Lines counts")
struct JSONLinesCountTests {
    static let lines = JSONParseOptions(framing: .lines)

    @Test(
        "every invalid line is counted; only the first maxErrors are kept",
        arguments: [(150, 100), (1000, 100), (3, 2), (7, 7)])
    func countsPastTheCap(lines count: Int, maxErrors: Int) throws {
        // Bad lines (`[`) between good ones (`1`), then one good line at the end.
        let input = Array(String(repeating: "[\n1\n", count: count).utf8) + Array("2\n".utf8)
        let report = JSONValidator(options: Self.lines, maxErrors: maxErrors).validate(input)
        #expect(report.documentCount == 2 * count + 1)
        #expect(report.invalidDocumentCount == count)
        #expect(report.errors.count == min(count, maxErrors))
        #expect(report.omittedErrorCount == count - min(count, maxErrors))
        #expect(!report.isValid)
        // The kept errors are the first lines', in order: line 1, 3, 5, …, each at column 2.
        for (i, error) in report.errors.enumerated() {
            #expect(error.location.line == 2 * i + 1 && error.location.column == 2, "\(error)")
        }
        // The file path and a pipe count the same.
        #expect(
            ValidationPaths.validateFileReport(
                input, validator: JSONValidator(options: Self.lines, maxErrors: maxErrors)) == report)
    }

    @Test func aValidInputHasNothingOmitted() {
        let report = JSONValidator(options: Self.lines).validate(Array("1\n2\n".utf8))
        #expect(report.isValid && report.invalidDocumentCount == 0 && report.omittedErrorCount == 0)
    }
}
