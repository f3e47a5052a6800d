/// Parses one command's arguments against its declarations (``CommandConfiguration``).
///
/// Accepted spellings, as in most Unix tools:
/// - `--name`, `--name value`, `--name=value`;
/// - `-x`, `-x value`, `-xvalue`, and clusters of one-letter flags such as `-ql`;
/// - `--` ends the options: everything after it is positional, even `--help`;
/// - `-` alone is a positional value (standard input).
///
/// Each option value is parsed to its declared type as it is read (``OptionDefinition/convert``),
/// so the first bad value is reported, naming its option, before the command is built.
///
/// A required option that is not given is reported after every option has been read, before the
/// positional arguments: `missing '--out <dir>'`.
///
/// The help flag is not handled here; ``CommandParser`` looks for it first.
package enum ArgumentParser {
    /// Parses `arguments` (the words after the command's name).
    /// - Parameter raw: the exact bytes of each word, when known (the command line's `argv`): kept
    ///   for values used as paths, which need not be UTF-8. Must have as many words as `arguments`.
    /// - Throws: ``UsageError`` naming the first problem.
    package static func parse(
        _ arguments: [String], raw: [[UInt8]]? = nil,
        for configuration: CommandConfiguration
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var rawPositionals: [[UInt8]] = []
        var index = 0
        var optionsEnded = false

        /// The exact bytes of word `position`.
        func bytes(_ position: Int) -> [UInt8] {
            if let raw, position < raw.count { return raw[position] }
            return Array(arguments[position].utf8)
        }

        /// The word after an option, as its value.
        func nextValue(for option: OptionDefinition) throws(UsageError) -> (String, [UInt8]) {
            guard index < arguments.count, !looksLikeOption(arguments[index]) else {
                throw .missingValue(for: option)
            }
            defer { index += 1 }
            return (arguments[index], bytes(index))
        }

        /// Parses the value to its type, once, here: a bad one names the option.
        func store(_ value: (String, [UInt8]), for option: OptionDefinition) throws(UsageError) {
            switch option.convert(value.0, value.1) {
            case .success(let typed):
                if option.repeats {
                    parsed.typed[option.name, default: []].append(typed)
                } else {
                    parsed.typed[option.name] = [typed]
                }
                parsed.texts[option.name] = value.0
            case .failure(.expected(let expected)):
                throw .invalidValue(value.0, for: option, expected: expected)
            case .failure(.message(let message)):
                throw UsageError(message)
            }
        }

        while index < arguments.count {
            let word = arguments[index]
            let wordBytes = bytes(index)
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                rawPositionals.append(wordBytes)
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
                        // The bytes after the first `=`, which is ASCII in both forms.
                        let equals = wordBytes.firstIndex(of: UInt8(ascii: "=")) ?? wordBytes.endIndex
                        try store((inlineValue, Array(wordBytes[(equals + 1)...])), for: option)
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
                            let consumed = 1 + letters[..<position].reduce(0) { $0 + $1.utf8.count }
                            try store((rest, Array(wordBytes.dropFirst(consumed))), for: option)
                        }
                        break
                    }
                    parsed.flags.insert(option.name)
                }
            }
        }

        for option in configuration.options where option.isRequired && parsed.typed[option.name] == nil {
            throw .missingOption(option)
        }
        let slots = try assign(positionals, to: configuration.arguments)
        parsed.positionals = slots.mapValues { $0.map { positionals[$0] } }
        parsed.rawPositionals = slots.mapValues { $0.map { rawPositionals[$0] } }
        return parsed
    }

    /// Whether a word reads as an option rather than a value: it starts with `-`, is not `-`
    /// itself and is not a negative number (so `--max-depth -1` reports a bad value, not a missing one).
    package static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return Double(word) == nil
    }

    /// Hands positional values to the declared arguments in order; a repeating argument takes the rest.
    /// - Returns: the positions in `values` each argument takes.
    private static func assign(_ values: [String], to arguments: [ArgumentDefinition]) throws(UsageError) -> [String:
        [Int]]
    {
        var result: [String: [Int]] = [:]
        var rest = ArraySlice(values.indices)
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
        if let extra = rest.first { throw .unexpectedArgument(values[extra]) }
        return result
    }
}
