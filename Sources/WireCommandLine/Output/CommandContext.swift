import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a running command may touch besides the file system: where results go, where diagnostics
/// go, the environment, and whether results go to a terminal. Tests build one over buffers.
package struct CommandContext {
    /// Results (standard output).
    package var output: OutputSink
    /// Diagnostics (standard error).
    package var diagnostics: OutputSink
    /// The environment variables the tool looks at (`NO_COLOR`).
    package var environment: [String: String]
    /// Whether ``output`` is a terminal (colour is only used on one).
    package var outputIsTerminal: Bool
    /// Whether ``diagnostics`` is a terminal (progress lines are only drawn on one).
    package var diagnosticsAreTerminal = false

    /// The name diagnostics start with: `wirelock: error: …`.
    package var toolName = "wirelock"
    /// Answers to questions (standard input); by default none, and not a terminal.
    package var input: any InputSource = ScriptedInput()

    /// A context over the given sinks (tests build one over buffers).
    package init(
        output: OutputSink, diagnostics: OutputSink, environment: [String: String], outputIsTerminal: Bool,
        diagnosticsAreTerminal: Bool = false, input: any InputSource = ScriptedInput()
    ) {
        self.output = output
        self.diagnostics = diagnostics
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.diagnosticsAreTerminal = diagnosticsAreTerminal
        self.input = input
    }

    /// The environment variables read by ``standard()``.
    package static let environmentKeys = [
        "NO_COLOR", "WIRELOCK_GOLDEN_DIR", "CI", "WIRELOCK_RECORD_IN_CI", "GITHUB_SHA",
    ]

    /// Colours for ``output``: on only for a terminal with `NO_COLOR` unset or empty.
    package var outputStyle: TerminalStyle {
        TerminalStyle(enabled: TerminalStyle.shouldColor(isTerminal: outputIsTerminal, environment: environment))
    }

    /// Writes diagnostic text on standard error, after flushing the results written so far so that
    /// both appear in order on a terminal.
    package func diagnose(_ text: String) {
        output.flush()
        diagnostics.write(text)
        diagnostics.flush()
    }

    /// Prints `wirelock: error: <message>` on standard error.
    package func reportError(_ message: String) {
        diagnose("\(toolName): error: \(message)\n")
    }

    /// Prints `wirelock: warning: <message>` on standard error (the status is not changed).
    package func reportWarning(_ message: String) {
        diagnose("\(toolName): warning: \(message)\n")
    }

    /// The real process: standard output (buffered), standard error, the environment, a terminal check.
    ///
    /// Call it before opening any file: a standard descriptor that the process was started without
    /// (`>&-`) is first given `/dev/null`, so that no file opened later takes its number and receives
    /// the output; writing to that stream then fails with `EBADF`, and the tool exits 2 saying so.
    package static func standard() -> CommandContext {
        let closed = StandardDescriptors.reopenClosed()
        var environment: [String: String] = [:]
        for key in environmentKeys {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        let isTerminal = isatty(STDOUT_FILENO) == 1
        return CommandContext(
            output: StandardStream(
                descriptor: STDOUT_FILENO, bufferLimit: isTerminal ? 0 : 64 * 1024,
                closedAtStart: closed.contains(STDOUT_FILENO)),
            diagnostics: StandardStream(
                descriptor: STDERR_FILENO, bufferLimit: 0,
                closedAtStart: closed.contains(STDERR_FILENO)),
            environment: environment, outputIsTerminal: isTerminal,
            diagnosticsAreTerminal: isatty(STDERR_FILENO) == 1, input: StandardInput())
    }
}
