/// ANSI colours for terminal output, or nothing at all when disabled. Whether to enable them (a
/// terminal, `NO_COLOR`) is the command line's decision; this only applies it.
///
/// ```swift
/// TerminalStyle(enabled: true).error("error:")   // "\u{1B}[1;31merror:\u{1B}[0m"
/// TerminalStyle.plain.error("error:")            // "error:"
/// ```
package struct TerminalStyle: Hashable, Sendable {
    /// Whether escape sequences are emitted.
    package var enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    /// No colour.
    package static let plain = TerminalStyle(enabled: false)

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func error(_ text: String) -> String { wrap(text, "1;31") }
    package func caret(_ text: String) -> String { wrap(text, "1;32") }
    package func success(_ text: String) -> String { wrap(text, "32") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
