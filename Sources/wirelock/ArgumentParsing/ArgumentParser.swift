/// Parses one command's arguments against its declarations (``CommandConfiguration``).
///
/// Accepted spellings, as in most Unix tools:
/// - `--name`, `--name value`, `--name=value`;
/// - `-x`, `-x value`, `-xvalue`, and clusters of one-letter flags such as `-ql`;
/// - `--` ends the options: everything after it is positional, even `--help`;
/// - `-` alone is a positional value (standard input).
///
/// The help flag is not handled here; ``CommandParser`` looks for it first.
enum ArgumentParser {
    /// Parses `arguments` (the words after the command's name).
    /// - Throws: ``UsageError`` naming the first problem.
    static func parse(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false

        /// The word after an option, as its value.
        func nextValue(for option: OptionDefinition) throws(UsageError) -> String {
            guard index < arguments.count, !looksLikeOption(arguments[index]) else {
                throw .missingValue(for: option)
            }
            defer { index += 1 }
            return arguments[index]
        }

        func store(_ value: String, for option: OptionDefinition) throws(UsageError) {
            if let expected = option.problem(with: value) {
                throw .invalidValue(value, for: option, expected: expected)
            }
            parsed.values[option.name] = value
        }

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: Substring
                let inlineValue: String?
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                    inlineValue = nil
                }
                guard let option = configuration.option(named: String(name)) else {
                    throw .unknownOption("--" + name)
                }
                if option.takesValue {
                    if let inlineValue {
                        try store(inlineValue, for: option)
                    } else {
                        try store(nextValue(for: option), for: option)
                    }
                } else if inlineValue != nil {
                    throw .unexpectedValue(for: option)
                } else {
                    parsed.flags.insert(option.name)
                }
            } else {
                let letters = Array(word.dropFirst())
                var position = 0
                while position < letters.count {
                    let letter = letters[position]
                    guard let option = configuration.option(short: letter) else {
                        throw .unknownOption("-" + String(letter))
                    }
                    position += 1
                    if option.takesValue {
                        let rest = String(letters[position...])
                        if rest.isEmpty {
                            try store(nextValue(for: option), for: option)
                        } else {
                            try store(rest, for: option)
                        }
                        break
                    }
                    parsed.flags.insert(option.name)
                }
            }
        }

        parsed.positionals = try assign(positionals, to: configuration.arguments)
        return parsed
    }

    /// Whether a word reads as an option rather than a value: it starts with `-`, is not `-`
    /// itself and is not a negative number (so `--max-depth -1` reports a bad value, not a missing one).
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return Double(word) == nil
    }

    /// Hands positional values to the declared arguments in order; a repeating argument takes the rest.
    private static func assign(_ values: [String], to arguments: [ArgumentDefinition]) throws(UsageError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var rest = values[...]
        for argument in arguments {
            if argument.isRepeating {
                result[argument.name] = Array(rest)
                rest = []
            } else if let value = rest.first {
                result[argument.name] = [value]
                rest = rest.dropFirst()
            }
            if argument.isRequired && (result[argument.name] ?? []).isEmpty {
                throw .missingArgument(argument)
            }
        }
        if let extra = rest.first { throw .unexpectedArgument(extra) }
        return result
    }
}
