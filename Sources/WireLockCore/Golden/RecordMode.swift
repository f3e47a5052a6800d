/// When a golden assertion may write golden files.
///
/// - ``never``: never write; a missing golden fails and shows what would have been written (the
///   default when the `CI` environment variable is set to anything but `false` or `0`).
/// - ``missing``: write goldens that do not exist yet (the local default).
/// - ``failed``: also overwrite goldens that do not match.
/// - ``all``: rewrite every golden that differs.
///
/// A run that writes a golden still fails with "recorded golden/…; review and re-run", so recording
/// never passes silently. Set it with `WIRELOCK_RECORD=never|missing|failed|all`, per call with the
/// `record:` argument, or per test with the ``Trait/recordMode(_:)`` trait.
public enum RecordMode: String, Sendable, CaseIterable {
    case never, missing, failed, all

    /// A record mode set for the current task and its children (see ``Trait/recordMode(_:)``).
    @TaskLocal public static var current: RecordMode?

    /// The mode from the environment: `WIRELOCK_RECORD` if set and valid, else `never` under CI and
    /// `missing` elsewhere.
    /// - Throws: ``RecordModeError`` when `WIRELOCK_RECORD` holds an unknown value.
    public static func fromEnvironment(_ environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let raw = environment["WIRELOCK_RECORD"], !raw.isEmpty {
            guard let mode = RecordMode(rawValue: raw.lowercased()) else { throw RecordModeError(value: raw) }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    /// Whether `CI` is set to something other than `false`/`0`/empty.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !(value.isEmpty || value == "false" || value == "0" || value == "no")
    }
}

/// `WIRELOCK_RECORD` holds a value that is not a record mode.
public struct RecordModeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value as it was set (not lower-cased).
    public var value: String
    public var description: String {
        "WIRELOCK_RECORD=\(value) is not a record mode: expected never, missing, failed or all"
    }
}
