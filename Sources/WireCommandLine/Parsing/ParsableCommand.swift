/// A command, in the shape of swift-argument-parser's `ParsableCommand`: a static declaration of
/// its options, arguments and subcommands, an initialiser that turns parsed arguments into typed
/// properties (and rejects bad combinations before any work starts), and `run`.
///
/// ```swift
/// struct Greet: ParsableCommand {
///     static let loud = OptionDefinition.flag("loud", help: "Shout.")
///     static var configuration: CommandConfiguration {
///         CommandConfiguration(commandName: "greet", abstract: "Say hello.", options: [loud])
///     }
///     var loud: Bool
///     init(from arguments: ParsedArguments) throws(UsageError) { loud = arguments.flag(Self.loud) }
///     func run(in context: CommandContext) -> ExitCode {
///         context.output.write(loud ? "HELLO\n" : "hello\n")
///         return .success
///     }
/// }
/// ```
package protocol ParsableCommand {
    /// The command's name, help text, options, arguments and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Reads typed values from parsed arguments.
    /// - Throws: ``UsageError`` for combinations the declarations alone cannot rule out.
    init(from arguments: ParsedArguments) throws(UsageError)

    /// Does the work, writing results and diagnostics through `context`.
    /// - Returns: the exit status.
    func run(in context: CommandContext) -> ExitCode
}

extension ParsableCommand {
    /// The default for a command that does no work of its own (one that only holds subcommands,
    /// or whose tool dispatches on the parsed command itself): it prints its help on standard
    /// output. The parser never stops at a command with subcommands, so a group reaches this
    /// only when called directly.
    package func run(in context: CommandContext) -> ExitCode {
        context.output.write(HelpFormatter.help(for: Self.configuration, path: [Self.configuration.commandName]))
        return .success
    }
}

/// A command that only holds subcommands (`wirelock oracle`): it declares its ``configuration``
/// and nothing else; parsing it and running it come from here.
///
/// ```swift
/// struct OracleCommand: CommandGroup {
///     static var configuration: CommandConfiguration {
///         CommandConfiguration(commandName: "oracle", abstract: "…", subcommands: [OracleDatesCommand.self])
///     }
/// }
/// ```
package protocol CommandGroup: ParsableCommand {
    init()
}

extension CommandGroup {
    /// A group takes no options or arguments of its own.
    package init(from arguments: ParsedArguments) throws(UsageError) {
        self.init()
    }
}
