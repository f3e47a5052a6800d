#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command reads answers to its questions (`wirelock accept` asks per file on a terminal).
package protocol InputSource: AnyObject {
    /// Whether a person is there to answer: only then does a command ask.
    var isTerminal: Bool { get }
    /// The next line without its newline, or nil at the end of input.
    func readLine() -> String?
}

/// Standard input.
package final class StandardInput: InputSource {
    package let isTerminal = isatty(STDIN_FILENO) == 1

    package func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Fixed answers, for tests that run a command in-process (and the default: no input, no terminal).
package final class ScriptedInput: InputSource {
    package let isTerminal: Bool
    private var lines: [String]

    package init(_ lines: [String] = [], isTerminal: Bool = false) {
        self.lines = lines
        self.isTerminal = isTerminal
    }

    package func readLine() -> String? {
        lines.isEmpty ? nil : lines.removeFirst()
    }
}
