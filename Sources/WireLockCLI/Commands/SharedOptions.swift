import WireCommandLine
import WireDecoder
import WireGolden
import WireLint

/// The positional argument the JSON commands share, declared once. (The shared options are in
/// WireCommandLine: ``CommonOptions``, ``ParseOptionFlags``, ``InputOptions``.)
enum SharedOptions {
    static let paths = ArgumentDefinition(
        "path",
        help:
            "Files, or directories searched recursively for .json, .jsonl and .ndjson files (names starting with '.' are skipped). Files ending in .jsonl or .ndjson are read as JSON Lines, one document per line.",
        isRepeating: true)

    /// `--format` of the commands that report findings (`check`, `lint`): the report formats,
    /// rendered by the same ``ReportFormat`` renderers.
    static let reportFormat = Option<ReportFormatChoice>.format(default: .text)
}

/// The report formats, as the shared `--format` option offers them.
enum ReportFormatChoice: String, OutputFormatChoice {
    case text
    case json
    case github
    case sarif
    case junit

    var audience: String {
        switch self {
        case .text: "for people"
        case .json: "for one machine-readable document"
        case .github: "for GitHub Actions annotations"
        case .sarif: "for code scanning (SARIF 2.1.0)"
        case .junit: "for test dashboards (JUnit XML)"
        }
    }

    var report: ReportFormat {
        switch self {
        case .text: .text
        case .json: .json
        case .github: .github
        case .sarif: .sarif
        case .junit: .junit
        }
    }
}

/// `--redact PATH-GLOB`, repeatable, as `import-har` and `contract` take it: declared once, and each
/// pattern parsed once, the error naming the option and the value. A command holds every pattern
/// given with `@Option(RedactOption.redact) var patterns: [JSONPathPattern]`.
enum RedactOption {
    static let redact = Option<JSONPathPattern?>(
        "redact", valueName: "path-glob",
        as: .custom(describe: { "\($0)" }) { text in
            do throws(JSONPathPattern.ParseError) {
                return .success(try JSONPathPattern(text))
            } catch {
                return .failure(.expected("\(error)"))
            }
        }, repeats: true,
        help: "Replace the values at this JSON path pattern ($.token, $..email, $.items[*].id) in every body written.")
}
