/// A command of the `wirelock` tool, in the shape of swift-argument-parser's `ParsableCommand`:
/// a static declaration of its options and arguments, an initialiser that turns parsed arguments
/// into typed properties (and rejects bad combinations before any work starts), and `run`.
protocol ParsableCommand {
    /// The command's name, help text, options, arguments and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Reads typed values from parsed arguments.
    /// - Throws: ``UsageError`` for combinations the declarations alone cannot rule out.
    init(from arguments: ParsedArguments) throws(UsageError)

    /// Does the work, writing results and diagnostics through `context`.
    /// - Returns: the exit status.
    func run(in context: CommandContext) -> ExitCode
}
