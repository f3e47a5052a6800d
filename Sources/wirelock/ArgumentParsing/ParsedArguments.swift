/// The result of parsing one command's arguments: which flags were given, the value of each option,
/// and the positional values, all already checked against their declarations.
struct ParsedArguments: Hashable, Sendable {
    /// Long names of the flags that were given.
    var flags: Set<String> = []
    /// Option values by long name (the last one wins when an option repeats).
    var values: [String: String] = [:]
    /// Positional values by argument name, in command-line order.
    var positionals: [String: [String]] = [:]

    /// Whether a flag was given.
    func flag(_ option: OptionDefinition) -> Bool {
        flags.contains(option.name)
    }

    /// An option's value, or its declared default, or nil.
    func value(_ option: OptionDefinition) -> String? {
        values[option.name] ?? option.defaultValue
    }

    /// An integer option's value (already validated by the parser), or its default.
    func integer(_ option: OptionDefinition) -> Int? {
        value(option).flatMap { Int($0) }
    }

    /// The values given for a positional argument.
    func values(_ argument: ArgumentDefinition) -> [String] {
        positionals[argument.name] ?? []
    }
}
