/// A type whose properties declare command-line options, flags and arguments, each once, with
/// ``Option``, ``Flag``, ``Argument`` and ``OptionGroup``: the parser finds them by reflection
/// (`Mirror`) on a fresh `init()` instance, so a property's name, value, help and whether it is
/// required all come from its one declaration, as in swift-argument-parser.
///
/// A command (``ParsableCommand``) is one; a group of options several commands share is another,
/// included in each with ``OptionGroup``.
///
/// ```swift
/// struct ParseOptions: ParsableArguments {
///     @Flag(help: "Accept /* ... */ and // comments.") var allowComments: Bool
///     @Option(valueName: "n", as: .positiveInteger, default: 512, help: "The deepest nesting.") var maxDepth: Int
/// }
/// ```
package protocol ParsableArguments {
    /// An instance before parsing: its properties' wrappers carry the declarations.
    init()

    /// Checks what the declarations alone cannot rule out (combinations, values that depend on
    /// each other), after every property has its value and before any work starts.
    /// - Throws: ``UsageError``, printed with the usage line; the tool exits with status 2.
    mutating func validate() throws(UsageError)
}

extension ParsableArguments {
    /// Nothing to check beyond the declarations.
    package mutating func validate() throws(UsageError) {}

    /// The options and arguments the type's properties declare, in declaration order.
    package static var declarations: Declarations {
        var declarations = Declarations()
        Self().declare(into: &declarations)
        return declarations
    }

    /// An instance whose properties hold the values in `parsed`, validated.
    /// - Throws: ``UsageError`` from ``validate()`` (its own or a group's).
    package static func parse(from parsed: ParsedArguments) throws(UsageError) -> Self {
        var value = Self()
        try value.read(from: parsed)
        try value.validate()
        return value
    }

    /// Adds what each declared property declares.
    func declare(into declarations: inout Declarations) {
        for (label, property) in Self.declaredProperties(of: self) {
            property.declare(label: label, into: &declarations)
        }
    }

    /// Hands each declared property its value.
    func read(from parsed: ParsedArguments) throws(UsageError) {
        for (label, property) in Self.declaredProperties(of: self) {
            try property.read(label: label, from: parsed)
        }
    }

    /// The wrapped properties, by name (a wrapper is stored as `_name`).
    private static func declaredProperties(of value: Self) -> [(String, any DeclaredProperty)] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let property = child.value as? any DeclaredProperty, let label = child.label else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, property)
        }
    }
}

/// What a type's properties declare: options (and flags), then positional arguments, each in
/// declaration order.
package struct Declarations: Sendable {
    /// The options and flags, in help order.
    package var options: [OptionDefinition] = []
    /// The positional arguments, in order.
    package var arguments: [ArgumentDefinition] = []

    package init() {}

    /// The option name a property gets when it declares none: each word of its camel-case name,
    /// lowercased, joined by `-`; a run of capitals is one word (`maxDepth` → `max-depth`,
    /// `baseURL` → `base-url`, `parseURLText` → `parse-url-text`).
    package static func optionName(forProperty label: String) -> String {
        let characters = Array(label)
        var name = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase && index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A new word: after a lowercase letter or a digit, or the last capital of a run
                // that a lowercase letter follows (the `T` of `URLText`).
                if !previous.isUppercase || next?.isLowercase == true { name += "-" }
            }
            name += character.lowercased()
        }
        return name
    }
}

/// A property wrapper the parser reads (``Option``, ``Flag``, ``Argument``, ``OptionGroup``).
/// Declarations use the property's name when they declare none of their own.
package protocol DeclaredProperty {
    /// Adds this property's options or arguments.
    func declare(label: String, into declarations: inout Declarations)
    /// Takes this property's value from the parsed command line.
    /// - Throws: ``UsageError`` from a group's ``ParsableArguments/validate()``.
    func read(label: String, from parsed: ParsedArguments) throws(UsageError)
}
