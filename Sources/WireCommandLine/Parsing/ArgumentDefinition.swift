/// A positional argument (`<path> ...`), declared once for the parser, the usage line and the help.
package struct ArgumentDefinition: Hashable, Sendable {
    /// The name shown as `<name>` in usage and help.
    package var name: String
    /// One or two sentences for `--help`.
    package var help: String
    /// Whether the argument takes every remaining positional value.
    package var isRepeating: Bool
    /// Whether at least one value must be given.
    package var isRequired: Bool

    /// Declares a positional argument.
    package init(_ name: String, help: String, isRepeating: Bool = false, isRequired: Bool = true) {
        self.name = name
        self.help = help
        self.isRepeating = isRepeating
        self.isRequired = isRequired
    }

    /// `<path> ...`, or `[<path> ...]` when optional.
    package var usageSpelling: String {
        var text = "<" + name + ">"
        if isRepeating { text += " ..." }
        return isRequired ? text : "[" + text + "]"
    }
}
