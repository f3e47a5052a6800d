import WireSupport

/// An option that takes a value, declared with its type: the value is parsed and checked once,
/// while the command line is read, and a bad one is a usage error naming the option
/// (`invalid value 'zero' for '--max-depth': expected a positive whole number`) before any work
/// starts. A command reads it back typed, with ``ParsedArguments/value(_:)``.
///
/// An option with a default has a non-optional value; one without is `Value?`, nil when absent.
///
/// ```swift
/// static let count = Option<Int>("count", short: "n", valueName: "n", as: .positiveInteger, default: 10000,
///                                help: "How many mutants.")
/// static let out = Option<RawPath?>("out", short: "o", valueName: "dir", as: .path, help: "Where to write.")
/// static let format = Option<OutputFormat>("format", valueName: "format", as: .choice, default: .text,
///                                          help: "How to print results.")
///
/// init(from arguments: ParsedArguments) throws(UsageError) {
///     count = arguments.value(Self.count)   // Int
///     out = arguments.value(Self.out)       // RawPath?
/// }
/// ```
package struct Option<Value: Sendable>: Sendable {
    /// The declaration the parser and the help use.
    package var definition: OptionDefinition
    /// The value when the option is not given.
    package var defaultValue: Value

    /// An option with a default value.
    /// - Parameters:
    ///   - showsDefault: show `(default: …)` in the help (turn off when the help says it in words).
    package init(
        _ name: String, short: Character? = nil, valueName: String, as parser: ValueParser<Value>,
        default defaultValue: Value, showsDefault: Bool = true, help: String
    ) {
        definition = OptionDefinition(
            name: name, short: short, kind: .value(valueName: valueName), help: help,
            defaultText: showsDefault ? parser.describe(defaultValue) : nil, allowedValues: parser.allowedValues,
            convert: { text, bytes in parser.parse(text, bytes).map { $0 as any Sendable } })
        self.defaultValue = defaultValue
    }

    /// An option without a default: nil when absent.
    /// - Parameter repeats: every occurrence counts (read them with ``ParsedArguments/values(_:)``).
    package init<Wrapped>(
        _ name: String, short: Character? = nil, valueName: String, as parser: ValueParser<Wrapped>,
        repeats: Bool = false, help: String
    ) where Value == Wrapped? {
        definition = OptionDefinition(
            name: name, short: short, kind: .value(valueName: valueName), help: help,
            defaultText: nil, allowedValues: parser.allowedValues, repeats: repeats,
            convert: { text, bytes in parser.parse(text, bytes).map { Optional($0) as any Sendable } })
        defaultValue = nil
    }

    /// The long name, without `--`.
    package var name: String { definition.name }
}

/// How a value word becomes a typed value, and how a value is shown as a default.
///
/// The kinds every command uses are here, with their error wordings (the parser adds
/// `invalid value 'V' for '--NAME': ` in front): ``positiveInteger``, ``wholeNumber``, ``text``,
/// ``path``, ``choice`` (an enum, or fixed words), ``glob``, and ``custom(describe:parse:)``.
package struct ValueParser<T: Sendable>: Sendable {
    /// Reads a value from its text and its exact bytes (argv need not be UTF-8).
    package var parse: @Sendable (String, [UInt8]) -> Result<T, OptionValueError>
    /// The value as shown in `(default: …)`.
    package var describe: @Sendable (T) -> String
    /// The words allowed, shown as `(values: …)`; nil for open-ended values.
    package var allowedValues: [String]?

    package init(
        allowedValues: [String]? = nil, describe: @escaping @Sendable (T) -> String,
        parse: @escaping @Sendable (String, [UInt8]) -> Result<T, OptionValueError>
    ) {
        self.parse = parse
        self.describe = describe
        self.allowedValues = allowedValues
    }

    /// A value of its own kind: `parse` reads the text.
    package static func custom(
        describe: @escaping @Sendable (T) -> String = { "\($0)" },
        parse: @escaping @Sendable (String) -> Result<T, OptionValueError>
    ) -> ValueParser<T> {
        ValueParser(describe: describe) { text, _ in parse(text) }
    }
}

extension ValueParser where T == Int {
    /// A whole number greater than zero: `expected a positive whole number`.
    package static var positiveInteger: ValueParser<Int> {
        .custom { text in
            if let number = Int(text), number > 0 { return .success(number) }
            return .failure(.expected("expected a positive whole number"))
        }
    }
}

extension ValueParser where T == UInt64 {
    /// A whole number from 0 to 2^64-1 (a seed): `expected a whole number from 0 to 18446744073709551615`.
    package static var wholeNumber: ValueParser<UInt64> {
        .custom { text in
            guard let number = UInt64(text) else {
                return .failure(.expected("expected a whole number from 0 to \(UInt64.max)"))
            }
            return .success(number)
        }
    }
}

extension ValueParser where T == String {
    /// Any text.
    package static var text: ValueParser<String> {
        .custom { .success($0) }
    }

    /// One of fixed words: `expected one of a, b`.
    package static func choice(_ words: [String]) -> ValueParser<String> {
        ValueParser(allowedValues: words, describe: { $0 }) { text, _ in
            words.contains(text)
                ? .success(text) : .failure(.expected("expected one of " + words.joined(separator: ", ")))
        }
    }
}

extension ValueParser where T == RawPath {
    /// A path: its exact bytes from the command line, so a name that is not UTF-8 can be opened.
    package static var path: ValueParser<RawPath> {
        ValueParser(describe: { $0.displayed }) { _, bytes in .success(RawPath(bytes: bytes)) }
    }
}

extension ValueParser where T == GlobPattern {
    /// A shell wildcard pattern, as bytes.
    package static var glob: ValueParser<GlobPattern> {
        ValueParser(describe: { $0.description }) { _, bytes in .success(GlobPattern(bytes: bytes)) }
    }
}

extension ValueParser where T: CaseIterable & RawRepresentable, T.RawValue == String {
    /// One of an enum's cases, by raw value: `expected one of text, json`.
    package static var choice: ValueParser<T> {
        let words = T.allCases.map(\.rawValue)
        return ValueParser(allowedValues: words, describe: { $0.rawValue }) { text, _ in
            T(rawValue: text).map { .success($0) }
                ?? .failure(.expected("expected one of " + words.joined(separator: ", ")))
        }
    }
}
