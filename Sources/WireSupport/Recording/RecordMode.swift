/// When a golden assertion may write golden files.
///
/// - ``never``: never write; a missing golden fails and shows what would have been written (the
///   default when the `CI` environment variable is set to anything but `false`, `0` or `no`).
/// - ``missing``: write goldens that do not exist yet (the local default).
/// - ``failed``: also overwrite goldens that do not match.
/// - ``all``: rewrite every golden that differs.
///
/// A run that writes a golden still fails with "recorded golden/…; review and re-run", so recording
/// never passes silently. Set it with `WIRELOCK_RECORD=never|missing|failed|all`, per call with the
/// `record:` argument, or per test with the `.recordMode(_:)` trait.
///
/// **Under CI nothing is written.** An explicit mode other than `never` — a `record:` argument, the
/// trait, or `WIRELOCK_RECORD` — makes the assertion fail under CI with a message saying to remove
/// it, whether or not the golden matches, unless `WIRELOCK_RECORD_IN_CI=1` says recording in CI is
/// meant (then the explicit mode applies as it does locally).
public enum RecordMode: String, Sendable, CaseIterable {
    case never, missing, failed, all

    /// A record mode set for the current task and its children (see `.recordMode(_:)`).
    @TaskLocal public static var current: RecordMode?

    /// The mode the environment configures: `WIRELOCK_RECORD` if set and valid, else `never` under CI
    /// and `missing` elsewhere. Under CI the assertions write nothing whatever this says, unless
    /// `WIRELOCK_RECORD_IN_CI=1` (see ``RecordMode``).
    /// - Throws: ``RecordModeError`` when `WIRELOCK_RECORD` holds an unknown value.
    public static func fromEnvironment(_ environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let raw = environment["WIRELOCK_RECORD"], !raw.isEmpty {
            guard let mode = RecordMode(rawValue: raw.lowercased()) else { throw RecordModeError(value: raw) }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    /// Whether `CI` is set to something other than `false`/`0`/`no`/empty.
    public static func isCI(_ environment: [String: String]) -> Bool {
        isSet(environment["CI"])
    }

    /// Whether `WIRELOCK_RECORD_IN_CI` is set (to anything but `false`/`0`/`no`/empty): the
    /// documented override that lets an explicit record mode write under CI.
    public static func recordsInCI(_ environment: [String: String]) -> Bool {
        isSet(environment["WIRELOCK_RECORD_IN_CI"])
    }

    static func isSet(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return !(value.isEmpty || value == "false" || value == "0" || value == "no")
    }

    /// Where the mode an assertion runs with came from.
    package enum Source: Sendable, Equatable {
        /// The assertion's `record:` argument.
        case argument
        /// The `.recordMode(…)` trait (``current``).
        case trait
        /// `WIRELOCK_RECORD`.
        case environment
        /// Nothing chose: `missing` locally, `never` under CI.
        case defaulted
    }

    /// The mode an assertion runs with, where it came from, and whether it runs under CI.
    /// Why nothing may be written: a record mode left on under CI, or an unknown `WIRELOCK_RECORD`.
    package struct Refusal: Error, Sendable {
        package var message: String
    }

    package struct Decision: Sendable {
        package var mode: RecordMode
        package var source: Source
        package var inCI: Bool
    }

    /// Decides the mode from the `record:` argument, the trait and the environment, applying the CI
    /// rule: under CI an explicit mode other than `never` is refused (the message says what to remove)
    /// unless `WIRELOCK_RECORD_IN_CI` is set.
    package static func decide(explicit: RecordMode?, environment: [String: String]) -> Result<
        Decision, Refusal
    > {
        let inCI = isCI(environment)
        var decision: Decision
        if let explicit {
            decision = Decision(mode: explicit, source: .argument, inCI: inCI)
        } else if let current {
            decision = Decision(mode: current, source: .trait, inCI: inCI)
        } else if let raw = environment["WIRELOCK_RECORD"], !raw.isEmpty {
            guard let mode = RecordMode(rawValue: raw.lowercased()) else {
                return .failure(Refusal(message: RecordModeError(value: raw).description))
            }
            decision = Decision(mode: mode, source: .environment, inCI: inCI)
        } else {
            decision = Decision(mode: inCI ? .never : .missing, source: .defaulted, inCI: inCI)
        }
        guard inCI, decision.mode != .never, !recordsInCI(environment) else { return .success(decision) }
        let override = "(or set WIRELOCK_RECORD_IN_CI=1 to record in CI on purpose)"
        let reason: String
        switch decision.source {
        case .argument:
            reason =
                "`record: .\(decision.mode.rawValue)` is left in this assertion, but under CI nothing is written: remove it \(override)."
        case .trait:
            reason =
                "the `.recordMode(.\(decision.mode.rawValue))` trait is on this test or its suite, but under CI nothing is written: remove it \(override)."
        case .environment:
            reason =
                "WIRELOCK_RECORD=\(environment["WIRELOCK_RECORD"] ?? decision.mode.rawValue) is set under CI, where nothing is written: remove it from the CI environment \(override)."
        case .defaulted:
            return .success(decision)
        }
        return .failure(Refusal(message: reason))
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
