/// The formats every check's findings can be reported in. Each rendering is a pure function of
/// the findings and a ``ReportContext``: no file is read, nothing is printed.
///
/// | format | for |
/// |---|---|
/// | ``text`` | people: grouped by file, `FILE:LINE:COLUMN: rule-id: message` and a hint |
/// | ``json`` | machines: one canonical JSON document |
/// | ``github`` | GitHub Actions: `::error file=…,line=…::…` workflow commands (annotations) |
/// | ``sarif`` | code scanning: SARIF 2.1.0 |
/// | ``junit`` | GitLab, Jenkins and test-report actions: JUnit XML |
///
/// ```swift
/// let finding = Finding(ruleID: "format.non-canonical", file: "Fixtures/a.json",
///                       region: Finding.Region(line: 2, column: 1), message: "not in canonical form")
/// print(ReportFormat.github.render([finding], context: ReportContext(toolVersion: "0.1.0")), terminator: "")
/// // ::error file=Fixtures/a.json,line=2,col=1,endLine=2,endColumn=1,title=format.non-canonical::not in canonical form
/// ```
package enum ReportFormat: String, CaseIterable, Hashable, Sendable {
    case text
    case json
    case github
    case sarif
    case junit

    /// The whole report as text (every format ends with a newline).
    package func render(_ findings: [Finding], context: ReportContext) -> String {
        switch self {
        case .text: TextReport.render(findings, context: context)
        case .json: JSONReport.render(findings, context: context)
        case .github: GitHubReport.render(findings, context: context)
        case .sarif: SARIFReport.render(findings, context: context)
        case .junit: JUnitReport.render(findings, context: context)
        }
    }
}

extension ReportContext {
    /// `findings` in report order (``Finding/reportOrder(_:_:)``) with files compared as the
    /// report shows them, relative to the repository.
    package func ordered(_ findings: [Finding]) -> [Finding] {
        findings.map { ($0, repositoryRelative($0.file)) }
            .sorted { lhs, rhs in
                lhs.1 != rhs.1 ? lhs.1 < rhs.1 : Finding.reportOrder(lhs.0, rhs.0)
            }
            .map(\.0)
    }
}

extension Finding {
    /// Report order: by file, then line and column (file-wide findings first), then rule id and
    /// message, so every format lists the same findings in the same order whatever order the
    /// checks produced them in.
    package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = lhs.region.map { ($0.line, $0.column) } ?? (0, 0)
        let right = rhs.region.map { ($0.line, $0.column) } ?? (0, 0)
        if left != right { return left < right }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }

    /// `FILE:LINE:COLUMN` (or `FILE` for a finding about the whole file).
    package var locationText: String {
        guard let region else { return file }
        return "\(file):\(region.line):\(region.column)"
    }
}
