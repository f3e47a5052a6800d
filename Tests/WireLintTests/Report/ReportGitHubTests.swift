import Testing
import WireJSON
import WireLint

@Suite("GitHub workflow commands")
struct ReportGitHubTests {
    @Test func oneCommandPerFindingWithRepositoryRelativeFileAndLevelBySeverity() {
        let lines = ReportFormat.github.render(ReportSamples.all, context: ReportSamples.context)
            .split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "::warning file=Fixtures/API/calendar.json,line=2,col=1,endLine=2,endColumn=1,title=format.non-canonical::not in canonical form%0Ahint: run `wirelock fmt Fixtures/API/calendar.json`",
                "::error file=Fixtures/API/movies.json,line=3,col=12,endLine=3,endColumn=12,title=format.invalid-json::expected ',' or '}' after a member%0Aat $.movies[0]%0Ahint: fix the JSON at this place",
                "::notice file=golden/wirelock.lock,title=lock.shape-changed::movies-page: shape changed",
            ])
    }

    @Test func messageEscapesPercentCarriageReturnAndLineFeed() {
        let finding = Finding(ruleID: "x.y", file: "a.json", message: "100% sure\r\nnext: a,b")
        let line = ReportFormat.github.render([finding], context: ReportContext(toolVersion: "1"))
        // In the message only %, CR and LF are escaped; ':' and ',' stay.
        #expect(line == "::error file=a.json,title=x.y::100%25 sure%0D%0Anext: a,b\n")
    }

    @Test func propertiesAlsoEscapeColonAndComma() {
        let finding = Finding(
            ruleID: "rule:with,odd%id", file: "Fixtures/a:b,c%d\ne.json", region: Finding.Region(line: 1, column: 2),
            message: "m")
        let line = ReportFormat.github.render([finding], context: ReportContext(toolVersion: "1"))
        #expect(
            line
                == "::error file=Fixtures/a%3Ab%2Cc%25d%0Ae.json,line=1,col=2,endLine=1,endColumn=2,title=rule%3Awith%2Codd%25id::m\n"
        )
        #expect(GitHubReport.property("a:b,c") == "a%3Ab%2Cc")
        #expect(GitHubReport.data("a:b,c") == "a:b,c")
    }

    @Test func tenErrorsNeedNoNotice() {
        let text = ReportFormat.github.render(ReportSamples.errors(10), context: ReportContext(toolVersion: "1"))
        #expect(!text.contains("::notice"))
        #expect(text.split(separator: "\n").count == 10)
    }

    @Test(arguments: [Finding.Severity.error, .warning, .note])
    func moreThanTenOfALevelAddOneNoticeWithTheTotalFirst(severity: Finding.Severity) {
        let text = ReportFormat.github.render(
            ReportSamples.errors(11, severity: severity) + [ReportSamples.lock],
            context: ReportContext(toolVersion: "1"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 13)
        let summaries = lines.filter { $0.hasPrefix("::notice title=wirelock summary::") }
        #expect(summaries.count == 1)
        #expect(lines.first == summaries.first)
        #expect(summaries.first?.contains("12 findings in total") == true)
        let name = severity.rawValue
        let expectedCount = severity == .note ? 12 : 11
        #expect(summaries.first?.contains("\(expectedCount) \(name)s") == true, "\(summaries)")
    }
}
