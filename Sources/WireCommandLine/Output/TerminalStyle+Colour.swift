import WireSupport

extension TerminalStyle {
    /// Colour only on a terminal, and never when `NO_COLOR` is set to a non-empty value (no-color.org:
    /// an empty `NO_COLOR=` leaves colour on).
    package static func shouldColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
