/// The result of parsing one command's arguments: which flags were given, the value of each option,
/// and the positional values, all already checked against their declarations.
struct ParsedArguments: Hashable, Sendable {
    /// Long names of the flags that were given.
    var flags: Set<String> = []
    /// Option values by long name (the last one wins when an option repeats).
    var values: [String: String] = [:]
    /// Positional values by argument name, in command-line order.
    var positionals: [String: [String]] = [:]
    /// The exact bytes of the option values (``values`` repairs bytes that are not UTF-8), when
    /// the parser was given them.
    var rawValues: [String: [UInt8]] = [:]
    /// The exact bytes of the positional values, when the parser was given them.
    var rawPositionals: [String: [[UInt8]]] = [:]

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

    /// The values of a positional argument as paths: their exact bytes from the command line, so a
    /// name that is not UTF-8 can still be opened.
    func paths(_ argument: ArgumentDefinition) -> [RawPath] {
        if let raw = rawPositionals[argument.name] { return raw.map { RawPath(bytes: $0) } }
        return values(argument).map { RawPath($0) }
    }

    /// An option's value as a path (its exact bytes), or nil when the option was not given and has
    /// no default.
    func path(_ option: OptionDefinition) -> RawPath? {
        if let raw = rawValues[option.name] { return RawPath(bytes: raw) }
        return value(option).map { RawPath($0) }
    }
}
