import Foundation
import Testing
import WireJSON
import WireLint

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What Foundation's XML parser saw: every element with its attributes, and the text of each
/// `<failure>`.
final class XMLElements: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var failureTexts: [String] = []
    private var text: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
        if elementName == "failure" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "failure", let text {
            failureTexts.append(text)
            self.text = nil
        }
    }

    static func parse(_ xml: String) -> (XMLElements, Bool, String) {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = XMLElements()
        parser.delegate = collector
        let ok = parser.parse()
        return (collector, ok, parser.parserError.map { "\($0)" } ?? "")
    }

    func named(_ name: String) -> [[String: String]] {
        elements.filter { $0.name == name }.map(\.attributes)
    }
}

@Suite("JUnit XML")
struct ReportJUnitTests {
    @Test func parsesWithSuitesPerFamilyAndOneCasePerFinding() throws {
        let xml = ReportFormat.junit.render(ReportSamples.all, context: ReportSamples.context)
        let (parsed, ok, error) = XMLElements.parse(xml)
        #expect(ok, "\(error)\n\(xml)")
        #expect(parsed.named("testsuites").first?["tests"] == "3")
        #expect(parsed.named("testsuites").first?["failures"] == "3")
        #expect(parsed.named("testsuite").map { $0["name"] } == ["format", "lock"])
        #expect(parsed.named("testsuite").map { $0["tests"] } == ["2", "1"])
        let cases = parsed.named("testcase")
        #expect(cases.count == 3)
        let movies = try #require(cases.first { $0["file"] == "Fixtures/API/movies.json" })
        #expect(movies["classname"] == "Fixtures/API/movies.json")
        #expect(movies["name"] == "format.invalid-json at 3:12 $.movies[0]")
        #expect(movies["line"] == "3")
        #expect(cases.first { $0["file"] == "golden/wirelock.lock" }?["line"] == nil)
        let failures = parsed.named("failure")
        #expect(failures.count == 3)
        #expect(failures.contains { $0["message"] == "expected ',' or '}' after a member" })
        #expect(
            parsed.failureTexts.contains {
                $0.contains("hint: fix the JSON at this place") && $0.contains("at $.movies[0]")
            })
    }

    @Test func classnameAndNameAreUniqueEvenForRepeats() {
        let same = Finding(ruleID: "x.y", file: "a.json", region: Finding.Region(line: 1, column: 1), message: "m")
        let xml = ReportFormat.junit.render([same, same, same], context: ReportContext(toolVersion: "1"))
        let (parsed, ok, _) = XMLElements.parse(xml)
        #expect(ok)
        let pairs = parsed.named("testcase").map { "\($0["classname"] ?? "")|\($0["name"] ?? "")" }
        #expect(pairs.count == 3)
        #expect(Set(pairs).count == 3, "\(pairs)")
    }

    @Test func escapesEveryAttributeAndTextAndRemovesControlCharacters() throws {
        let nasty = "a<b>&\"quote\" 'apos'\u{0}\u{1}\u{1B}[31m\u{7F}\u{85} tab\there\nnew"
        let finding = Finding(
            ruleID: "x.<y>", file: "dir/&\"odd\u{1}'.json", region: Finding.Region(line: 2, column: 3),
            message: nasty, hint: "h]]>&<", snippet: "s\u{2}")
        let xml = ReportFormat.junit.render([finding], context: ReportContext(toolName: "wire&lock", toolVersion: "1"))
        #expect(!xml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0 == "\u{7F}" })
        let (parsed, ok, error) = XMLElements.parse(xml)
        #expect(ok, "\(error)\n\(xml)")
        #expect(parsed.named("testsuites").first?["name"] == "wire&lock")
        let failure = try #require(parsed.named("failure").first)
        #expect(failure["message"] == "a<b>&\"quote\" 'apos'[31m tab\there\nnew")
        let testcase = try #require(parsed.named("testcase").first)
        #expect(testcase["file"] == "dir/&\"odd'.json")
        #expect(testcase["name"] == "x.<y> at 2:3")
        #expect(parsed.failureTexts.first?.contains("hint: h]]>&<") == true)
        #expect(parsed.failureTexts.first?.contains("snippet: s") == true)
    }

    @Test func noFindingsIsStillAValidReport() {
        let xml = ReportFormat.junit.render([], context: ReportContext(toolVersion: "1"))
        let (parsed, ok, _) = XMLElements.parse(xml)
        #expect(ok)
        #expect(parsed.named("testsuites").first?["tests"] == "0")
        #expect(parsed.named("testsuite").count == 1)
        #expect(parsed.named("testcase").isEmpty)
    }
}
