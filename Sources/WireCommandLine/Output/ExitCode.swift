/// The status a command ends with. WireLock uses exactly three, the same for every command.
///
/// | code | meaning |
/// |---|---|
/// | 0 | ``success``: everything checked out |
/// | 1 | ``findings``: the command ran and found problems (invalid JSON, files not in canonical form) |
/// | 2 | ``failure``: a usage error, or an input or output that could not be read or written |
///
/// When several outcomes occur in one run, the highest code wins (see ``combined(with:)``).
package struct ExitCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The value handed to `exit(3)`.
    package let rawValue: Int32

    package init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// Everything checked out.
    package static let success = ExitCode(0)
    /// The command ran and found problems in its inputs.
    package static let findings = ExitCode(1)
    /// A usage error, or an I/O error (a path that does not exist, a file that cannot be written).
    package static let failure = ExitCode(2)

    /// The more severe of two outcomes: a failure outranks findings, which outrank success.
    package func combined(with other: ExitCode) -> ExitCode { max(self, other) }

    package static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { String(rawValue) }
}
