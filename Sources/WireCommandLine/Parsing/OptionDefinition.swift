import WireSupport

/// A named option (`--format json`) or flag (`--quiet`), declared once: the parser, the usage
/// line and the help text are all generated from it. Options with a value are declared as a typed
/// ``Option``, whose value is parsed and checked once, while the command line is read; this is the
/// untyped part the parser and the help share.
///
/// ```swift
/// static let quiet = OptionDefinition.flag("quiet", short: "q", help: "Print only errors and the summary.")
/// static let maxDepth = Option<Int>("max-depth", valueName: "n", as: .positiveInteger, default: 512,
///                                   help: "The deepest nesting of arrays and objects accepted.")
/// ```
package struct OptionDefinition: Sendable {
    /// Whether the option is a bare switch or takes a value.
    package enum Kind: Hashable, Sendable {
        /// Present or absent, no value.
        case flag
        /// Takes one value, shown in help as `<valueName>`.
        case value(valueName: String)
    }

    /// The long name, without the leading `--`.
    package var name: String
    /// An optional one-letter alias, used as `-x`.
    package var short: Character?
    /// Flag or option with a value.
    package var kind: Kind
    /// One or two sentences for `--help`.
    package var help: String
    /// The default, as shown in `--help` (`(default: 512)`), or nil to show none.
    package var defaultText: String?
    /// The values allowed, shown in `--help` (`(values: text, json)`), or nil for open-ended ones.
    package var allowedValues: [String]?
    /// Whether every occurrence counts (`--exclude a --exclude b`); otherwise the last one wins.
    package var repeats = false
    /// Whether the command line must give the option; the parser reports a missing one
    /// (``UsageError/missingOption(_:)``).
    package var isRequired = false
    /// Reads one value word (its text, and its exact bytes for paths) into the typed value.
    package var convert: @Sendable (String, [UInt8]) -> Result<any Sendable, OptionValueError> = { text, _ in
        .success(text)
    }

    /// Declares a flag.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, short: short, kind: .flag, help: help)
    }

    /// `--name`.
    package var longSpelling: String { "--" + name }

    /// Whether the option takes a value.
    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// How the option appears in a usage line: `[--quiet]`, `[--format <format>]`, or `--out <dir>`
    /// when required.
    package var usageToken: String { isRequired ? usageSpelling : "[" + usageSpelling + "]" }

    /// How the option appears in a usage line: `--quiet` or `--format <format>`.
    package var usageSpelling: String {
        switch kind {
        case .flag: longSpelling
        case .value(let valueName): longSpelling + " <" + valueName + ">"
        }
    }

    /// How the option appears in the help list: `-q, --quiet` or `--format <format>`.
    package var helpLabel: String {
        let long = usageSpelling
        guard let short else { return long }
        return "-\(short), " + long
    }

    /// The help text with the allowed values and the default appended.
    package var fullHelp: String {
        var text = help
        if let allowedValues { text += " (values: " + allowedValues.joined(separator: ", ") + ")" }
        if let defaultText { text += " (default: \(defaultText))" }
        return text
    }
}

/// Why an option's value was not accepted.
package enum OptionValueError: Error, Hashable, Sendable {
    /// What was expected, in words: the parser says `invalid value 'zero' for '--max-depth': expected
    /// a positive whole number`.
    case expected(String)
    /// A whole message of its own (`unknown rule 'x' for '--allow'; rules: …`).
    case message(String)
}
