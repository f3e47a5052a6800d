import WireCommandLine
import WireJSON
import WireSupport

/// Renders `validate` results as text (pure: strings in, strings out).
struct ValidationTextRenderer: Sendable {
    /// Colours (or none).
    var style: TerminalStyle
    /// Print only errors and the summary.
    var quiet: Bool

    /// What to print for one file: its errors, or an `ok` line (not when quiet).
    func render(_ result: FileValidation) -> String {
        let report = result.report
        if report.isValid {
            if quiet { return "" }
            return
                "\(result.displayPath): \(style.success("ok")) (\(Text.pluralized(report.documentCount, "document")), "
                + "\(Text.pluralized(report.byteCount, "byte")))\n"
        }
        var text = report.errors.map { JSONDiagnostic($0, file: result.displayPath).block(style: style) }.joined()
        if report.omittedErrorCount > 0 {
            text +=
                "\(result.displayPath): … and \(report.omittedErrorCount) more \(report.omittedErrorCount == 1 ? "error" : "errors") not shown\n"
        }
        if result.framing == .lines && !quiet {
            text +=
                "\(result.displayPath): \(report.invalidDocumentCount) of \(Text.pluralized(report.documentCount, "document")) invalid\n"
        }
        return text
    }

    /// `3 files: 2 valid, 1 invalid` (and `, 1 unreadable` when any were).
    func summary(_ tally: ValidationTally) -> String {
        var text = "\(Text.pluralized(tally.files, "file")): \(tally.valid) valid, \(tally.invalid) invalid"
        if tally.unreadable > 0 { text += ", \(tally.unreadable) unreadable" }
        return style.bold(text) + "\n"
    }
}

/// Renders `validate --format json` (pure): one JSON document for the whole run.
///
/// ```json
/// {"files": [{"path": "a.json", "valid": false, "documents": 1, "invalidDocuments": 1, "bytes": 52,
///             "errors": [{"kind": "trailing-comma", "reason": "…", "line": 3, "column": 33,
///                         "offset": 54, "path": "$.genres",
///                         "excerpt": {"text": "…", "caretColumn": 32}}],
///             "omittedErrors": 0}],
///  "unreadable": [{"path": "missing.json", "reason": "No such file or directory"}],
///  "summary": {"files": 2, "valid": 0, "invalid": 1, "unreadable": 1}}
/// ```
enum ValidationJSONRenderer {
    /// The report as a value (print it with ``CanonicalJSONWriter``).
    static func document(results: [FileValidation], unreadable: [JSONInputError], tally: ValidationTally) -> JSONValue {
        .object(
            JSONObject([
                "files": .array(results.map(file)),
                "unreadable": .array(
                    unreadable.map { error in
                        .object(JSONObject(["path": .string(error.path), "reason": .string(error.reason)]))
                    }),
                "summary": .object(
                    JSONObject([
                        "files": number(tally.files),
                        "valid": number(tally.valid),
                        "invalid": number(tally.invalid),
                        "unreadable": number(tally.unreadable),
                    ])),
            ]))
    }

    static func file(_ result: FileValidation) -> JSONValue {
        .object(
            JSONObject([
                "path": .string(result.displayPath),
                "valid": .bool(result.report.isValid),
                "documents": number(result.report.documentCount),
                "invalidDocuments": number(result.report.invalidDocumentCount),
                "bytes": number(result.report.byteCount),
                "errors": .array(result.report.errors.map(error)),
                "omittedErrors": number(result.report.omittedErrorCount),
            ]))
    }

    static func error(_ error: JSONSyntaxError) -> JSONValue {
        .object(
            JSONObject([
                "kind": .string(error.kind.name),
                "reason": .string(error.reason),
                "line": number(error.location.line),
                "column": number(error.location.column),
                "offset": number(error.location.offset),
                "path": .string(error.path.description),
                "excerpt": .object(
                    JSONObject([
                        "text": .string(error.excerpt.text),
                        "caretColumn": number(error.excerpt.caretColumn),
                    ])),
            ]))
    }

    private static func number(_ value: Int) -> JSONValue {
        .number(JSONNumber(integerLiteral: value))
    }
}
