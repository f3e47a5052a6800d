/// A named option (`--format json`) or flag (`--quiet`), declared once: the parser, the usage line
/// and the help text are all generated from it.
///
/// ```swift
/// static let format = OptionDefinition.option(
///     "format", valueName: "format", kind: .choice(["text", "json"]), defaultValue: "text",
///     help: "Output format.")
/// static let quiet = OptionDefinition.flag("quiet", short: "q", help: "Print only errors and the summary.")
/// ```
struct OptionDefinition: Hashable, Sendable {
    /// What an option's value must look like; checked while parsing, before any work starts.
    enum ValueKind: Hashable, Sendable {
        /// Any text.
        case string
        /// One of a fixed set of words.
        case choice([String])
        /// A whole number greater than zero.
        case positiveInteger
    }

    /// Whether the option is a bare switch or takes a value.
    enum Kind: Hashable, Sendable {
        /// Present or absent, no value.
        case flag
        /// Takes one value, shown in help as `<valueName>`.
        case value(valueName: String, kind: ValueKind)
    }

    /// The long name, without the leading `--`.
    var name: String
    /// An optional one-letter alias, used as `-x`.
    var short: Character?
    /// Flag or option with a value.
    var kind: Kind
    /// One or two sentences for `--help`.
    var help: String
    /// The value used when the option is absent, shown in `--help`.
    var defaultValue: String?

    /// Declares a flag.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, short: short, kind: .flag, help: help, defaultValue: nil)
    }

    /// Declares an option that takes a value.
    static func option(_ name: String, short: Character? = nil, valueName: String, kind: ValueKind = .string,
                       defaultValue: String? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, short: short, kind: .value(valueName: valueName, kind: kind),
                         help: help, defaultValue: defaultValue)
    }

    /// `--name`.
    var longSpelling: String { "--" + name }

    /// Whether the option takes a value.
    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// How the option appears in a usage line: `--quiet` or `--format <format>`.
    var usageSpelling: String {
        switch kind {
        case .flag: longSpelling
        case .value(let valueName, _): longSpelling + " <" + valueName + ">"
        }
    }

    /// How the option appears in the help list: `-q, --quiet` or `--format <format>`.
    var helpLabel: String {
        let long = usageSpelling
        guard let short else { return long }
        return "-\(short), " + long
    }

    /// The help text with the allowed values and the default appended.
    var fullHelp: String {
        var text = help
        if case .value(_, .choice(let values)) = kind {
            text += " (values: " + values.joined(separator: ", ") + ")"
        }
        if let defaultValue { text += " (default: \(defaultValue))" }
        return text
    }

    /// Checks a value against ``ValueKind``.
    /// - Returns: nil when the value is acceptable, else what was expected, in words.
    func problem(with value: String) -> String? {
        guard case .value(_, let valueKind) = kind else { return nil }
        switch valueKind {
        case .string:
            return nil
        case .choice(let values):
            return values.contains(value) ? nil : "expected one of " + values.joined(separator: ", ")
        case .positiveInteger:
            if let number = Int(value), number > 0 { return nil }
            return "expected a positive whole number"
        }
    }
}
