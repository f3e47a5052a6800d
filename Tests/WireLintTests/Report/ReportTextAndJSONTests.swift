import Testing
import WireJSON
import WireLint

@Suite("Text and JSON reports")
struct ReportTextAndJSONTests {
    @Test func textGroupsByFileWithLocationRuleMessageAndHint() {
        let text = ReportFormat.text.render(ReportSamples.all, context: ReportSamples.context)
        #expect(
            text == """
                Fixtures/API/calendar.json:2:1: format.non-canonical: not in canonical form
                    hint: run `wirelock fmt Fixtures/API/calendar.json`

                /work/repo/Fixtures/API/movies.json:3:12: format.invalid-json: expected ',' or '}' after a member
                    at $.movies[0]
                    hint: fix the JSON at this place

                golden/wirelock.lock: lock.shape-changed: movies-page: shape changed

                3 findings (1 error, 1 warning, 1 note) in 3 files

                """)
    }

    @Test func textKeepsOneFindingOnOneLine() {
        let finding = Finding(ruleID: "x.y", file: "a.json", message: "two\nlines", hint: "a\rb")
        let text = ReportFormat.text.render([finding], context: ReportContext(toolVersion: "1"))
        #expect(text.hasPrefix("a.json: x.y: two\\nlines\n    hint: a\\rb\n"))
    }

    @Test func textWithoutFindingsSaysSo() {
        #expect(ReportFormat.text.render([], context: ReportContext(toolVersion: "1")) == "no findings\n")
    }

    @Test func jsonIsValidCanonicalAndCarriesEveryField() throws {
        let text = ReportFormat.json.render(ReportSamples.all, context: ReportSamples.context)
        let bytes = Array(text.utf8)
        #expect(JSONValidator().validate(bytes).isValid)
        #expect(try CanonicalJSONWriter.canonicalize(bytes) == bytes, "written in canonical form")
        let document = try JSONValue.parse(text)
        #expect(document["tool"]?["name"] == JSONValue.string("wirelock"))
        #expect(document["tool"]?["version"] == JSONValue.string("9.8.7"))
        #expect(document["summary"]?["findings"] == JSONValue.number(JSONNumber(integerLiteral: 3)))
        #expect(document["summary"]?["errors"] == JSONValue.number(JSONNumber(integerLiteral: 1)))
        #expect(document["summary"]?["warnings"] == JSONValue.number(JSONNumber(integerLiteral: 1)))
        #expect(document["summary"]?["notes"] == JSONValue.number(JSONNumber(integerLiteral: 1)))
        #expect(document["summary"]?["files"] == JSONValue.number(JSONNumber(integerLiteral: 3)))
        guard case .array(let findings)? = document["findings"] else {
            Issue.record("no findings array")
            return
        }
        #expect(findings.count == 3)
        let invalid = findings[1]
        #expect(invalid["ruleId"] == JSONValue.string("format.invalid-json"))
        #expect(invalid["severity"] == JSONValue.string("error"))
        #expect(invalid["file"] == JSONValue.string("Fixtures/API/movies.json"))
        #expect(invalid["line"] == JSONValue.number(JSONNumber(integerLiteral: 3)))
        #expect(invalid["column"] == JSONValue.number(JSONNumber(integerLiteral: 12)))
        #expect(invalid["endLine"] == JSONValue.number(JSONNumber(integerLiteral: 3)))
        #expect(invalid["endColumn"] == JSONValue.number(JSONNumber(integerLiteral: 12)))
        #expect(invalid["path"] == JSONValue.string("$.movies[0]"))
        #expect(invalid["message"] == JSONValue.string("expected ',' or '}' after a member"))
        #expect(invalid["hint"] == JSONValue.string("fix the JSON at this place"))
        #expect(findings[2]["line"] == nil as JSONValue?)
        #expect(findings[2]["severity"] == JSONValue.string("note"))
    }
}
