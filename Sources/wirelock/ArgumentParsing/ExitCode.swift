/// The status a command ends with. WireLock uses exactly three, the same for every command.
///
/// | code | meaning |
/// |---|---|
/// | 0 | ``success``: everything checked out |
/// | 1 | ``findings``: the command ran and found problems (invalid JSON, files not in canonical form) |
/// | 2 | ``failure``: a usage error, or an input or output that could not be read or written |
///
/// When several outcomes occur in one run, the highest code wins (see ``combined(with:)``).
struct ExitCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The value handed to `exit(3)`.
    let rawValue: Int32

    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// Everything checked out.
    static let success = ExitCode(0)
    /// The command ran and found problems in its inputs.
    static let findings = ExitCode(1)
    /// A usage error, or an I/O error (a path that does not exist, a file that cannot be written).
    static let failure = ExitCode(2)

    /// The more severe of two outcomes: a failure outranks findings, which outrank success.
    func combined(with other: ExitCode) -> ExitCode { max(self, other) }

    static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String { String(rawValue) }
}
