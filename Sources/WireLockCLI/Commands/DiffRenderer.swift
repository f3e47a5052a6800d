import WireCommandLine
import WireJSON
import WireShapeTools
import WireShapes
import WireSupport

/// Renders `wirelock diff` results (pure: values in, text out).
enum DiffRenderer {
    /// Changes of one format in print order: breaking (not allowed) first, then allowed, then the rest.
    static func ordered(_ changes: [WireChange], allowed: Set<WireRule>) -> [WireChange] {
        func rank(_ c: WireChange) -> Int { !c.isBreaking ? 2 : allowed.contains(c.rule) ? 1 : 0 }
        return changes.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
    }

    /// Formats with unallowed breaking changes first, then by name.
    static func orderedReports(_ reports: [WireFormatReport], allowed: Set<WireRule>) -> [WireFormatReport] {
        reports.enumerated().sorted { a, b in
            let x = a.element.isBreaking(allowing: allowed) ? 0 : 1
            let y = b.element.isBreaking(allowing: allowed) ? 0 : 1
            return (x, a.offset) < (y, b.offset)
        }.map(\.element)
    }

    static func label(_ change: WireChange, allowed: Set<WireRule>) -> String {
        guard change.isBreaking else { return "non-breaking" }
        return change.severity.replacingAll("breaking", with: "BREAKING")
            + (allowed.contains(change.rule) ? " [allowed]" : "")
    }

    /// Grouped by format, severity first, and a summary line.
    static func text(_ reports: [WireFormatReport], allowed: Set<WireRule>, compared: Int, style: TerminalStyle)
        -> String
    {
        var out = ""
        var breaking = 0
        var allowedCount = 0
        var others = 0
        for report in orderedReports(reports, allowed: allowed) {
            out += style.bold(report.name) + "\n"
            for change in ordered(report.changes, allowed: allowed) {
                let text = label(change, allowed: allowed)
                let shown = change.isBreaking && !allowed.contains(change.rule) ? style.error(text) : text
                out += "  \(shown) \(change.rule) at \(change.path): \(change.detail)\n"
                count(change, allowed: allowed, breaking: &breaking, allowedCount: &allowedCount, others: &others)
            }
        }
        var summary =
            "\(Text.pluralized(compared, "format")) compared: \(Text.pluralized(breaking, "breaking change")), \(others) non-breaking"
        if allowedCount > 0 { summary += ", \(allowedCount) breaking but allowed" }
        return out + style.bold(summary) + "\n"
    }

    /// Counts a change as non-breaking, breaking but allowed, or breaking (what the summaries say).
    private static func count(
        _ change: WireChange, allowed: Set<WireRule>, breaking: inout Int, allowedCount: inout Int, others: inout Int
    ) {
        if !change.isBreaking {
            others += 1
        } else if allowed.contains(change.rule) {
            allowedCount += 1
        } else {
            breaking += 1
        }
    }

    /// `{"formats": [{"name", "breaking", "changes": [{"rule", "path", "breaks", "breaking", "allowed", "detail"}]}], "summary": {…}}`.
    static func json(_ reports: [WireFormatReport], allowed: Set<WireRule>) -> JSONValue {
        var breaking = 0
        var allowedCount = 0
        var others = 0
        let formats: [JSONValue] = orderedReports(reports, allowed: allowed).map { report in
            .object(
                JSONObject([
                    "name": .string(report.name),
                    "breaking": .bool(report.isBreaking(allowing: allowed)),
                    "changes": .array(
                        ordered(report.changes, allowed: allowed).map { change in
                            count(
                                change, allowed: allowed, breaking: &breaking, allowedCount: &allowedCount,
                                others: &others)
                            var directions: [JSONValue] = []
                            if change.breaks.contains(.backward) { directions.append(.string("backward")) }
                            if change.breaks.contains(.forward) { directions.append(.string("forward")) }
                            return .object(
                                JSONObject([
                                    "rule": .string(change.rule.rawValue),
                                    "path": .string(change.path.description),
                                    "breaks": .array(directions),
                                    "breaking": .bool(change.isBreaking),
                                    "allowed": .bool(change.isBreaking && allowed.contains(change.rule)),
                                    "detail": .string(change.detail),
                                ]))
                        }),
                ]))
        }
        return .object(
            JSONObject([
                "formats": .array(formats),
                "summary": .object(
                    JSONObject([
                        "breaking": .number(JSONNumber(integerLiteral: breaking)),
                        "allowed": .number(JSONNumber(integerLiteral: allowedCount)),
                        "nonBreaking": .number(JSONNumber(integerLiteral: others)),
                    ])),
            ]))
    }

    /// GitHub workflow commands: `::error` for breaking, `::warning` for allowed breaking,
    /// `::notice` for the rest, pointing at a golden of the format when there is one.
    static func github(_ reports: [WireFormatReport], allowed: Set<WireRule>, files: [String: String]) -> String {
        var out = ""
        for report in orderedReports(reports, allowed: allowed) {
            for change in ordered(report.changes, allowed: allowed) {
                let level = !change.isBreaking ? "notice" : allowed.contains(change.rule) ? "warning" : "error"
                var properties: [String] = []
                if let file = files[report.name] { properties.append("file=" + escapeProperty(file)) }
                properties.append("title=" + escapeProperty("wirelock \(change.rule)"))
                let message = "\(report.name) \(change.path): \(label(change, allowed: allowed)): \(change.detail)"
                out += "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))\n"
            }
        }
        return out
    }

    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}
