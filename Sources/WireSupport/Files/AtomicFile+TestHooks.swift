#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two ways a test reaches inside ``AtomicFile/write(_:to:options:)``, kept out of
/// ``AtomicFile/Options`` so that no production caller can ask for them:
///
/// - a fault injected for the writes inside ``withInjectedFault(_:_:)``, scoped to the calling task
///   (tests writing goldens on other threads at the same time are not affected);
/// - `WIRELOCK_TEST_HOLD_TEMPORARY=N` in a spawned process's environment, which holds a write whose
///   temporary file is registered for the signal cleanup (the CLI's) for N seconds before the
///   rename, so the test can signal the process at that moment.
///
/// ```swift
/// #expect(throws: AtomicWriteError.self) {
///     try AtomicFile.withInjectedFault(.failBeforeRename) {
///         try AtomicFile.write(bytes, to: path, options: .golden)
///     }
/// }
/// ```
extension AtomicFile {
    /// A failure a test makes a write meet, to check what a failed write leaves behind.
    package enum InjectedFault: Hashable, Sendable {
        /// Fail with `ENOSPC` once the temporary file is written and closed, before the rename, as a
        /// full disk would.
        case failBeforeRename
    }

    /// The fault the writes of this task meet: nil unless a test set it with ``withInjectedFault(_:_:)``.
    @TaskLocal static var injectedFault: InjectedFault?

    /// Runs `body` with every ``AtomicFile/write(_:to:options:)`` it makes (on this task) meeting
    /// `fault`.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    package static func withInjectedFault<Result, Failure: Error>(
        _ fault: InjectedFault, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try $injectedFault.withValue(fault) {
            Swift.Result { () throws(Failure) -> Result in try body() }
        }.get()
    }

    /// The environment variable that holds a write before its rename (see the extension).
    package static let holdVariable = "WIRELOCK_TEST_HOLD_TEMPORARY"

    /// Waits the seconds `WIRELOCK_TEST_HOLD_TEMPORARY` gives, if it is set: called with the
    /// temporary file complete, before the rename, by writes that register it for the signal cleanup.
    static func holdForSignalTests() {
        guard let value = getenv(holdVariable), let seconds = UInt32(String(cString: value)) else { return }
        var left = seconds
        while left > 0 { left = sleep(left) }
    }
}
