import WireSupport

/// A flag (`--quiet`), declared once on the property that holds it: present or absent, no value.
/// The name is the property's unless one is given.
///
/// ```swift
/// @Flag(short: "q", help: "Print only errors and the summary.") var quiet: Bool   // -q, --quiet
/// @Flag(CommonOptions.force) var force: Bool                                       // a shared flag
/// ```
@propertyWrapper
package struct Flag: Sendable {
    /// The declaration the parser and the help use (name empty: the property's).
    package var definition: OptionDefinition
    /// Whether the parser saw the flag.
    private let slot = Locked(false)

    /// Declares a flag.
    /// - Parameter name: the long name, without `--`; nil to use the property's name.
    package init(_ name: String? = nil, short: Character? = nil, help: String) {
        definition = .flag(name ?? "", short: short, help: help)
    }

    /// A property declared by a shared flag (``CommonOptions/force``).
    package init(_ shared: OptionDefinition) {
        precondition(!shared.takesValue, "'\(shared.longSpelling)' takes a value: declare it with @Option")
        definition = shared
    }

    /// Whether the command line gave the flag.
    package var wrappedValue: Bool { slot.withLock { $0 } }
}

extension Flag: DeclaredProperty {
    package func declare(label: String, into declarations: inout Declarations) {
        declarations.options.append(resolved(label: label))
    }

    package func read(label: String, from parsed: ParsedArguments) throws(UsageError) {
        let given = parsed.flag(resolved(label: label))
        slot.withLock { $0 = given }
    }

    private func resolved(label: String) -> OptionDefinition {
        guard definition.name.isEmpty else { return definition }
        var named = definition
        named.name = Declarations.optionName(forProperty: label)
        return named
    }
}
