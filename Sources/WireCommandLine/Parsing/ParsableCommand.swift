/// A command, in the shape of swift-argument-parser's `ParsableCommand`: what it says about itself
/// (``about``: its name, help text and subcommands), its options and arguments declared once each
/// as properties (``Option``, ``Flag``, ``Argument``, ``OptionGroup``, found by reflection),
/// ``ParsableArguments/validate()`` for what the declarations cannot rule out, and `run`.
///
/// ```swift
/// struct Greet: ParsableCommand {
///     static var about: CommandConfiguration { CommandConfiguration(commandName: "greet", abstract: "Say hello.") }
///     @Flag(help: "Shout.") var loud: Bool
///     @Option(valueName: "name", as: .text, help: "Whom to greet.") var to: String   // required
///     func run(in context: CommandContext) -> ExitCode {
///         context.output.write(loud ? "HELLO \(to.uppercased())\n" : "hello \(to)\n")
///         return .success
///     }
/// }
/// ```
package protocol ParsableCommand: ParsableArguments {
    /// The command's name, help text and subcommands; options and arguments listed here (shared
    /// declarations a command takes as they are) come before the ones its properties declare.
    static var about: CommandConfiguration { get }

    /// Does the work, writing results and diagnostics through `context`.
    /// - Returns: the exit status.
    func run(in context: CommandContext) -> ExitCode
}

extension ParsableCommand {
    /// Everything the command declares: ``about`` with the options and arguments of its properties
    /// added, in declaration order. Parsing, usage lines and `--help` all come from it.
    package static var configuration: CommandConfiguration {
        var configuration = about
        let declared = declarations
        configuration.options += declared.options
        configuration.arguments += declared.arguments
        return configuration
    }

    /// The default for a command that does no work of its own (one that only holds subcommands,
    /// or whose tool dispatches on the parsed command itself): it prints its help on standard
    /// output. The parser never stops at a command with subcommands, so a group reaches this
    /// only when called directly.
    package func run(in context: CommandContext) -> ExitCode {
        context.output.write(HelpFormatter.help(for: Self.configuration, path: [Self.configuration.commandName]))
        return .success
    }
}

/// A command that only holds subcommands (`wirelock oracle`): it declares ``ParsableCommand/about``
/// and nothing else; parsing it and running it come from here.
///
/// ```swift
/// struct OracleCommand: CommandGroup {
///     static var about: CommandConfiguration {
///         CommandConfiguration(
///             commandName: "oracle", abstract: "…", subcommands: [OracleDatesCommand.self])
///     }
/// }
/// ```
package protocol CommandGroup: ParsableCommand {}
