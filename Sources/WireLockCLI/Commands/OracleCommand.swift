import WireCommandLine

/// `wirelock oracle`: runs legacy implementations and their fast twins side by side, input by
/// input, and reports every input on which their outputs differ as bytes. It only holds
/// subcommands; parsing and running come from ``CommandGroup``.
struct OracleCommand: CommandGroup {
    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "oracle",
            abstract: "Prove fast implementations byte-for-byte identical to the legacy ones.",
            subcommands: [OracleDatesCommand.self, OracleDecoderCommand.self, OracleCompareCommand.self])
    }
}
