/// How a test reaches inside ``AtomicFile/write(_:to:options:)``, kept out of
/// ``AtomicFile/Options`` so that no production caller can ask for it: a fault injected for the
/// writes inside ``withInjectedFault(_:_:)``, scoped to the calling task (tests writing goldens on
/// other threads at the same time are not affected). A `package` hook the tests set; nothing here
/// reads the environment.
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
}
