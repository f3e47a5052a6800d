/// `wirelock oracle`: runs legacy implementations and their fast twins side by side, input by
/// input, and reports every input on which their outputs differ as bytes.
struct OracleCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "oracle",
            abstract: "Prove fast implementations byte-for-byte identical to the legacy ones.",
            subcommands: [OracleDatesCommand.self])
    }

    init(from arguments: ParsedArguments) throws(UsageError) {}

    /// Never called: `oracle` always resolves to one of its subcommands or to help.
    func run(in context: CommandContext) -> ExitCode { .failure }
}
