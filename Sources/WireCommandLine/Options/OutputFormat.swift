/// The formats a command can print its results in, for the one shared `--format` option: each
/// case says whom it is for, and the help text is built from those phrases.
package protocol OutputFormatChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// `for people`, `for one machine-readable document`.
    var audience: String { get }
}

/// `text` for people or `json` for machines: what most commands offer.
package enum OutputFormat: String, OutputFormatChoice {
    case text
    case json

    package var audience: String {
        switch self {
        case .text: "for people"
        case .json: "for one machine-readable document"
        }
    }
}

extension Option where Value: OutputFormatChoice {
    /// `--format <format>`, declared once for every command: `How to print results: text for
    /// people, json for one machine-readable document.`, with the values and the default listed.
    package static func format(default defaultValue: Value) -> Option<Value> {
        let phrases = Value.allCases.map { "\($0.rawValue) \($0.audience)" }.joined(separator: ", ")
        return Option(
            "format", valueName: "format", as: .choice, default: defaultValue,
            help: "How to print results: \(phrases).")
    }
}
