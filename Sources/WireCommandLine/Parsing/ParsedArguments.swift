import WireSupport

/// The result of parsing one command's arguments: which flags were given, every option value
/// (already parsed to its type and checked), and the positional values.
package struct ParsedArguments: Sendable {
    /// Long names of the flags that were given.
    package var flags: Set<String> = []
    /// The text of each option's last value, by long name.
    package var texts: [String: String] = [:]
    /// Every value given for each option, parsed, in command-line order.
    package var typed: [String: [any Sendable]] = [:]
    /// Positional values by argument name, in command-line order.
    package var positionals: [String: [String]] = [:]
    /// The exact bytes of the positional values, when the parser was given them.
    package var rawPositionals: [String: [[UInt8]]] = [:]

    package init() {}

    /// Whether a flag was given.
    package func flag(_ option: OptionDefinition) -> Bool {
        flags.contains(option.name)
    }

    /// Whether an option was given at all.
    package func isGiven<Value>(_ option: Option<Value>) -> Bool {
        !(typed[option.name] ?? []).isEmpty
    }

    /// An option's value: the last one given, or its default.
    ///
    /// A required option has no default: the parser reports it missing before a command reads it,
    /// so reading one that was not given is a programming error and stops the program.
    package func value<Value>(_ option: Option<Value>) -> Value {
        if let given = typed[option.name]?.last as? Value { return given }
        guard let defaultValue = option.defaultValue else {
            preconditionFailure("the required option '\(option.definition.longSpelling)' was not parsed")
        }
        return defaultValue
    }

    /// Every value given for a repeatable option, in order.
    package func values<Wrapped>(_ option: Option<Wrapped?>) -> [Wrapped] {
        (typed[option.name] ?? []).compactMap { ($0 as? Wrapped?) ?? nil }
    }

    /// The values given for a positional argument.
    package func values(_ argument: ArgumentDefinition) -> [String] {
        positionals[argument.name] ?? []
    }

    /// The values of a positional argument as paths: their exact bytes from the command line, so a
    /// name that is not UTF-8 can still be opened.
    package func paths(_ argument: ArgumentDefinition) -> [RawPath] {
        if let raw = rawPositionals[argument.name] { return raw.map { RawPath(bytes: $0) } }
        return values(argument).map { RawPath($0) }
    }
}
