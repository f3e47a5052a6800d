/// The report for GitHub Actions: one workflow command per finding, which the runner turns into an
/// annotation on the file and line of the pull request.
///
/// `::error file=Fixtures/a.json,line=3,col=12,endLine=3,endColumn=12,title=format.invalid-json::MESSAGE`
/// — `error`, `warning` or `notice` by severity; the file relative to the repository; the message
/// followed by the JSON path and the hint on lines of their own. Values are escaped as the runner
/// reads them: `%` as `%25`, CR as `%0D`, LF as `%0A`, and in the properties also `:` as `%3A` and
/// `,` as `%2C`.
///
/// GitHub shows only 10 errors, 10 warnings and 10 notices per step; when a level has more, the
/// report starts with one `::notice` giving the totals (first, so that it is never the one left
/// out), and every finding is still listed in the log.
package enum GitHubReport {
    /// How many annotations of one level GitHub shows per step.
    package static let annotationsPerLevel = 10

    /// The report; see the type.
    package static func render(_ findings: [Finding], context: ReportContext) -> String {
        let sorted = context.ordered(findings)
        var out = ""
        let counts = Dictionary(grouping: sorted, by: \.severity).mapValues(\.count)
        if counts.values.contains(where: { $0 > annotationsPerLevel }) {
            let parts = Finding.Severity.allCases.reversed().map {
                TextReport.count(counts[$0] ?? 0, $0.rawValue)
            }
            let message =
                "\(context.toolName): \(TextReport.count(sorted.count, "finding")) in total (\(parts.joined(separator: ", "))); "
                + "GitHub annotates only \(annotationsPerLevel) of each level per step: the log and the SARIF report list them all"
            out += "::notice title=\(property("\(context.toolName) summary"))::\(data(message))\n"
        }
        for finding in sorted {
            var properties = ["file=\(property(context.repositoryRelative(finding.file)))"]
            if let region = finding.region {
                properties += [
                    "line=\(region.line)", "col=\(region.column)",
                    "endLine=\(region.endLine)", "endColumn=\(region.endColumn)",
                ]
            }
            properties.append("title=\(property(finding.ruleID))")
            var message = finding.message
            if let path = finding.path, !path.components.isEmpty { message += "\nat \(path)" }
            if let hint = finding.hint { message += "\nhint: \(hint)" }
            if let snippet = finding.snippet { message += "\nsnippet: \(snippet)" }
            out += "::\(command(finding.severity)) \(properties.joined(separator: ","))::\(data(message))\n"
        }
        return out
    }

    /// The workflow command of a severity.
    static func command(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// A command's message, escaped: `%`, CR and LF.
    package static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value, escaped: as ``data(_:)`` and also `:` and `,`.
    package static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
