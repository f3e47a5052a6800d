import WireJSON

/// Renders a syntax error in the compiler style shared by every command:
///
/// ```
/// movies.json:3:33: error: trailing comma before ']' (at $.genres)
///       "genres": ["comédie", "drame",]
///                                     ^
/// ```
struct DiagnosticRenderer: Sendable {
    /// Colours (or none).
    var style: TerminalStyle
    /// The indent of the excerpt lines.
    var excerptIndent = "    "

    /// The first line, without a newline: `FILE:LINE:COLUMN: error: REASON (at PATH)`.
    func headline(_ error: JSONSyntaxError, file: String) -> String {
        let location = "\(file):\(error.location.line):\(error.location.column):"
        return style.bold(location) + " " + style.error("error:") + " " + error.reason + " (at \(error.path))"
    }

    /// The headline, the excerpt and the caret line, each ending in a newline.
    func render(_ error: JSONSyntaxError, file: String) -> String {
        let excerpt: String
        if style.enabled {
            excerpt = excerptIndent + error.excerpt.text + "\n" + excerptIndent
                + String(repeating: " ", count: error.excerpt.caretColumn) + style.caret("^")
        } else {
            excerpt = error.excerpt.rendered(indent: excerptIndent)
        }
        return headline(error, file: file) + "\n" + excerpt + "\n"
    }
}

/// `1 file`, `2 files`.
func pluralized(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
