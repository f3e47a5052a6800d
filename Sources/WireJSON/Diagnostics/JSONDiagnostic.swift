import WireSupport

/// The one way a ``JSONSyntaxError`` is shown, in every layer: the CLI's diagnostics, assertion
/// messages, fuzz reports, golden and lock errors.
///
/// The forms, for the error at line 3, column 33 of `movies.json`:
///
/// | form | text |
/// |---|---|
/// | ``headline`` | `movies.json:3:33: trailing comma before ']' (at $.genres)` |
/// | ``headline`` without a file | `3:33: trailing comma before ']' (at $.genres)` |
/// | ``block(indent:)`` | `movies.json:3:33: error: …` then the excerpt and a caret under the spot |
/// | ``inline`` (in a list that already names the file) | `trailing comma before ']' (line 3, column 33)` |
///
/// ```swift
/// do {
///     _ = try JSONValue.parse(bytes)
/// } catch {
///     print(JSONDiagnostic(error, file: "movies.json").block())
///     // movies.json:3:33: error: trailing comma before ']' (at $.genres)
///     //       "genres": ["comédie", "drame",]
///     //                                     ^
/// }
/// ```
public struct JSONDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The error.
    public var error: JSONSyntaxError
    /// The file it is in, as it is to be shown, or nil when the context already names it.
    public var file: String?

    /// A diagnostic for `error` in `file` (as displayed).
    public init(_ error: JSONSyntaxError, file: String? = nil) {
        self.error = error
        self.file = file
    }

    /// `FILE:LINE:COLUMN:` (`LINE:COLUMN:` without a file).
    public var location: String {
        (file.map { $0 + ":" } ?? "") + "\(error.location.line):\(error.location.column):"
    }

    /// `FILE:LINE:COLUMN: REASON (at PATH)`, on one line.
    public var headline: String { headline(label: nil, style: .plain) }

    /// `REASON (line LINE, column COLUMN)`, for a list whose entries already name their file.
    public var inline: String {
        "\(error.reason) (line \(error.location.line), column \(error.location.column))"
    }

    /// The compiler-style block: `FILE:LINE:COLUMN: error: REASON (at PATH)`, the line of input,
    /// and a caret under the spot, each line indented by `indent` and ending in a newline.
    public func block(indent: String = "    ") -> String {
        block(style: .plain, indent: indent)
    }

    /// ``headline``.
    public var description: String { headline }

    /// The headline with a label after the location (`error:`), styled for a terminal: the
    /// location bold, the label red.
    package func headline(label: String?, style: TerminalStyle) -> String {
        var text = style.bold(location) + " "
        if let label { text += style.error(label + ":") + " " }
        return text + error.reason + " (at \(error.path))"
    }

    /// ``block(indent:)``, styled for a terminal: the location bold, `error:` red, the caret green.
    package func block(style: TerminalStyle, indent: String = "    ") -> String {
        let excerpt =
            indent + error.excerpt.text + "\n" + indent
            + String(repeating: " ", count: error.excerpt.caretColumn) + style.caret("^")
        return headline(label: "error", style: style) + "\n" + excerpt + "\n"
    }
}
