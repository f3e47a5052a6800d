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
    public var headline: String { headline(label: nil, marking: { $1 }) }

    /// `REASON (line LINE, column COLUMN)`, for a list whose entries already name their file.
    public var inline: String {
        "\(error.reason) (line \(error.location.line), column \(error.location.column))"
    }

    /// The compiler-style block: `FILE:LINE:COLUMN: error: REASON (at PATH)`, the line of input,
    /// and a caret under the spot, each line indented by `indent` and ending in a newline.
    public func block(indent: String = "    ") -> String {
        block(indent: indent, marking: { $1 })
    }

    /// ``headline``.
    public var description: String { headline }

    /// The parts of a diagnostic a terminal may colour: the command line's `TerminalStyle` marks
    /// them (the location bold, the label red, the caret green); the plain forms leave them as
    /// they are.
    package enum Part: Sendable {
        case location, label, caret
    }

    /// The headline with a label after the location (`error:`), each part passed through `mark`.
    package func headline(label: String?, marking mark: (Part, String) -> String) -> String {
        var text = mark(.location, location) + " "
        if let label { text += mark(.label, label + ":") + " " }
        return text + error.reason + " (at \(error.path))"
    }

    /// ``block(indent:)`` with each part passed through `mark`.
    package func block(indent: String = "    ", marking mark: (Part, String) -> String) -> String {
        let excerpt =
            indent + error.excerpt.text + "\n" + indent
            + String(repeating: " ", count: error.excerpt.caretColumn) + mark(.caret, "^")
        return headline(label: "error", marking: mark) + "\n" + excerpt + "\n"
    }
}
