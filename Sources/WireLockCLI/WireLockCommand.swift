import WireCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The root of the command tree: `wirelock <subcommand>`.
struct WireLockCommand: CommandGroup {
    /// Printed by `wirelock --version`.
    static let version = "0.1.0"

    static var about: CommandConfiguration {
        CommandConfiguration(
            commandName: "wirelock",
            abstract:
                "Lock the JSON wire formats of API clients: validate, format, review goldens, diff shapes, prove and fuzz.",
            version: version,
            subcommands: [
                // In the README's tour order: JSON, goldens, refactor checks, oracle, fuzzing.
                ValidateCommand.self, FmtCommand.self,
                AcceptCommand.self, RejectCommand.self, GoldenCommand.self,
                ShapeCommand.self, LockCommand.self, DiffCommand.self,
                OracleCommand.self, FuzzCommand.self,
                LintCommand.self, CheckCommand.self, ExplainCommand.self,
                ImportHarCommand.self, ContractCommand.self,
            ])
    }

    /// The exit codes every command shares, as `wirelock --help` lists them.
    static let exitStatusHelp = """
        EXIT STATUS:
          0   success: nothing found (inputs valid and canonical, lock up to date,
              no breaking change, no lint or check finding)
          1   findings: invalid or non-canonical input, a stale lock, a breaking
              change, a fuzz, lint or check finding
          2   usage error, invalid wirelock.json, or a file or output that cannot
              be read or written
        """

    /// Parses `arguments` (without the program name), runs what they ask for, and returns the status.
    /// - Parameter raw: the exact bytes of each argument, when known (paths need not be UTF-8).
    static func main(_ arguments: [String], raw: [[UInt8]]? = nil, context: CommandContext) -> ExitCode {
        let invocation = CommandParser.parse(arguments, raw: raw, root: WireLockCommand.self)
        let status: ExitCode
        switch invocation.action {
        case .showHelp:
            let isRoot = invocation.commandPath.count == 1
            context.output.write(
                HelpFormatter.help(
                    for: invocation.configuration, path: invocation.commandPath,
                    epilogue: isRoot ? [exitStatusHelp] : []))
            status = .success
        case .showVersion(let text):
            context.output.write(text + "\n")
            status = .success
        case .usageError(let error):
            context.diagnose(
                HelpFormatter.usageError(
                    error, configuration: invocation.configuration,
                    path: invocation.commandPath))
            status = .failure
        case .run(let command):
            status = command.run(in: context)
        }
        return finish(status, context: context)
    }

    /// Flushes and closes standard output, then says so on standard error if anything written to
    /// it was lost (exit 2). Output that standard error itself could not take also makes it 2.
    static func finish(_ status: ExitCode, context: CommandContext) -> ExitCode {
        var status = status
        context.output.close()
        if let error = context.output.writeError {
            context.reportError("cannot write standard output: \(String(cString: strerror(error)))")
            status = status.combined(with: .failure)
        }
        context.diagnostics.flush()
        if context.diagnostics.writeError != nil { status = status.combined(with: .failure) }
        return status
    }
}
