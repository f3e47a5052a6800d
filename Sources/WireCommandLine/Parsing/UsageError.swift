/// A command line that cannot be run as written: an unknown option, a missing or malformed value,
/// a missing argument. Found before any work starts; the tool prints it on standard error with the
/// command's usage line and exits with ``ExitCode/failure``.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words: `unknown option '--frob'`.
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    package static func unknownOption(_ spelling: String) -> UsageError {
        UsageError("unknown option '\(spelling)'")
    }

    package static func missingValue(for option: OptionDefinition) -> UsageError {
        UsageError("missing value for '\(option.longSpelling)'")
    }

    package static func invalidValue(_ value: String, for option: OptionDefinition, expected: String) -> UsageError {
        UsageError("invalid value '\(value)' for '\(option.longSpelling)': \(expected)")
    }

    package static func unexpectedValue(for option: OptionDefinition) -> UsageError {
        UsageError("'\(option.longSpelling)' does not take a value")
    }

    /// A required option not given: `missing '--out <dir>'`.
    package static func missingOption(_ option: OptionDefinition) -> UsageError {
        UsageError("missing '\(option.usageSpelling)'")
    }

    package static func missingArgument(_ argument: ArgumentDefinition) -> UsageError {
        UsageError("missing argument '<\(argument.name)>'")
    }

    package static func unexpectedArgument(_ value: String) -> UsageError {
        UsageError("unexpected argument '\(value)'")
    }
}
