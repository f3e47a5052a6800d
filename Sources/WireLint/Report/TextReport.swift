/// The report for people: findings grouped by file (a blank line between files), each as
/// `FILE:LINE:COLUMN: rule-id: message`, then its JSON path, hint and masked snippet indented
/// below it, and one summary line.
///
/// ```text
/// Fixtures/API/v3/movies.json:3:12: format.invalid-json: expected ',' or '}' after a member
///     at $.movies[0]
///     hint: fix the JSON at this place (`wirelock validate` shows an excerpt)
///
/// 1 finding (1 error) in 1 file
/// ```
package enum TextReport {
    /// The report; see the type.
    package static func render(_ findings: [Finding], context: ReportContext) -> String {
        var out = ""
        var previousFile: String?
        for finding in context.ordered(findings) {
            if let previousFile, previousFile != finding.file { out += "\n" }
            previousFile = finding.file
            out += "\(finding.locationText): \(finding.ruleID): \(oneLine(finding.message))\n"
            if let path = finding.path, !path.components.isEmpty { out += "    at \(path)\n" }
            if let hint = finding.hint { out += "    hint: \(oneLine(hint))\n" }
            if let snippet = finding.snippet { out += "    snippet: \(oneLine(snippet))\n" }
        }
        if !findings.isEmpty { out += "\n" }
        return out + summary(findings) + "\n"
    }

    /// `3 findings (2 errors, 1 warning) in 2 files`, or `no findings`.
    package static func summary(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "no findings" }
        let counts = Finding.Severity.allCases.reversed().compactMap { severity -> String? in
            let n = findings.filter { $0.severity == severity }.count
            return n == 0 ? nil : count(n, severity.rawValue)
        }
        let files = Set(findings.map(\.file)).count
        return "\(count(findings.count, "finding")) (\(counts.joined(separator: ", "))) in \(count(files, "file"))"
    }

    /// Line breaks and other control characters as visible escapes, so one finding stays one line.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func count(_ n: Int, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }
}
