/// ANSI colours for terminal output, or nothing at all when disabled.
struct TerminalStyle: Hashable, Sendable {
    /// Whether escape sequences are emitted.
    var enabled: Bool

    /// No colour.
    static let plain = TerminalStyle(enabled: false)

    /// Colour only on a terminal, and never when `NO_COLOR` is set to a non-empty value (no-color.org:
    /// an empty `NO_COLOR=` leaves colour on).
    static func shouldColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func error(_ text: String) -> String { wrap(text, "1;31") }
    func caret(_ text: String) -> String { wrap(text, "1;32") }
    func success(_ text: String) -> String { wrap(text, "32") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
