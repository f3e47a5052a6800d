/// The report for test dashboards: JUnit XML as GitLab (`artifacts:reports:junit`), Jenkins and
/// the common GitHub test-report actions read it.
///
/// `<testsuites>` holds one `<testsuite>` per rule family (`format`, `lock`, `secret`, …) and one
/// `<testcase>` per finding: `classname` is the file, `name` the rule id with the line, column and
/// JSON path (numbered when two findings would share it, so each pair is unique), with `file` and
/// `line` attributes and a `<failure>` whose `message` is the finding's message and whose text
/// adds the hint and the masked snippet. Every attribute and text is XML-escaped, and characters
/// XML 1.0 cannot carry (control characters other than tab, line feed and carriage return) are
/// removed. With no findings the report has one empty suite, so the file is still a valid report.
package enum JUnitReport {
    /// The report; see the type.
    package static func render(_ findings: [Finding], context: ReportContext) -> String {
        let sorted = context.ordered(findings)
        var families: [String] = []
        var byFamily: [String: [Finding]] = [:]
        for finding in sorted {
            if byFamily[finding.family] == nil { families.append(finding.family) }
            byFamily[finding.family, default: []].append(finding)
        }
        families.sort()
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out +=
            "<testsuites name=\(attribute(context.toolName)) tests=\"\(sorted.count)\" failures=\"\(sorted.count)\" errors=\"0\">\n"
        if families.isEmpty {
            out += "  <testsuite name=\(attribute(context.toolName)) tests=\"0\" failures=\"0\" errors=\"0\"/>\n"
        }
        var used = Set<String>()
        for family in families {
            let members = byFamily[family]!
            out +=
                "  <testsuite name=\(attribute(family)) tests=\"\(members.count)\" failures=\"\(members.count)\" errors=\"0\">\n"
            for finding in members {
                let file = context.repositoryRelative(finding.file)
                var name = finding.ruleID
                if let region = finding.region { name += " at \(region.line):\(region.column)" }
                if let path = finding.path, !path.components.isEmpty { name += " \(path)" }
                var unique = name
                var number = 2
                while !used.insert(file + "\u{0}" + unique).inserted {
                    unique = "\(name) #\(number)"
                    number += 1
                }
                var attributes =
                    "classname=\(attribute(file)) name=\(attribute(unique)) file=\(attribute(file))"
                if let region = finding.region { attributes += " line=\"\(region.line)\"" }
                out += "    <testcase \(attributes)>\n"
                var details = "\(finding.locationText): \(finding.ruleID): \(finding.message)"
                if let path = finding.path, !path.components.isEmpty { details += "\nat \(path)" }
                if let hint = finding.hint { details += "\nhint: \(hint)" }
                if let snippet = finding.snippet { details += "\nsnippet: \(snippet)" }
                out +=
                    "      <failure message=\(attribute(finding.message)) type=\(attribute(finding.severity.rawValue))>"
                    + escapedText(details) + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// A quoted attribute value: `&`, `<`, `>`, `"` and `'` as entities, tab, line feed and carriage
    /// return as character references (so a parser does not fold them into spaces), other
    /// characters XML cannot carry removed.
    package static func attribute(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Element text: `&`, `<` and `>` as entities, a carriage return as a character reference,
    /// characters XML cannot carry removed.
    package static func escapedText(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// XML 1.0's `Char` production, without the C1 controls and DEL (legal but refused by some
    /// readers, and never meaningful in a report).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20, 0x7F...0x9F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
