import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files a rewrite has open, so that SIGTERM, SIGINT or SIGHUP (and a closed pipe)
/// remove them before the process ends: an interrupted rewrite leaves the original whole and no
/// hidden `.name.wirelock-XXXXXX` file behind. (SIGKILL cannot be caught; the next run that
/// touches the folder reports what it left, see ``StaleTemporaries``.)
///
/// The paths live in fixed, preallocated slots that the signal handler reads with nothing but
/// `unlink`, `signal` and `raise`, which are async-signal-safe. Every change to a slot happens with
/// those signals blocked, so the handler never sees half a path, and a file is registered in the
/// same blocked stretch as it is created (and unregistered as `rename` or `unlink` removes it).
/// The commands that rewrite files run on one thread.
///
/// ```swift
/// TemporaryFiles.installSignalHandlers()          // once, at start
/// let (descriptor, temporary) = TemporaryFiles.create(template)!
/// // … write, fsync, close …
/// TemporaryFiles.rename(temporary, to: target)    // or TemporaryFiles.remove(temporary)
/// ```
package enum TemporaryFiles {
    /// How many temporary files may be registered at once (a rewrite has one).
    package static let slotCount = 4
    /// The longest path a slot holds, NUL included (Linux's PATH_MAX).
    package static let slotSize = 4096

    /// The signals that remove the temporary files, then end the process as they would have.
    package static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGPIPE]

    /// Installs the cleanup handler for ``signals``. A signal the process was started with ignored
    /// (SIGINT and SIGHUP under `nohup` or `&`, SIGPIPE under some parents) stays ignored.
    package static func installSignalHandlers() {
        _ = temporarySlots  // initialised now: never for the first time inside a handler
        for signal in signals {
            let previous = setSignalHandler(signal, removeTemporariesAndReraise)
            if isIgnore(previous) { _ = setSignalHandler(signal, SIG_IGN) }
        }
    }

    /// Creates a new file from a template as ``AtomicFile/createTemporary(_:mode:)`` does and
    /// registers it for the signal cleanup, in one stretch with the signals blocked.
    /// - Returns: the open descriptor and the file's path, or nil with `errno` set (`EMFILE` when
    ///   every slot is taken, `ENAMETOOLONG` for a path no slot holds).
    package static func create(_ template: [UInt8], mode: mode_t = 0o600) -> (descriptor: Int32, path: RawPath)? {
        guard template.count < slotSize else {
            errno = ENAMETOOLONG
            return nil
        }
        return blockingSignals {
            guard let (descriptor, path) = AtomicFile.createTemporary(template, mode: mode) else { return nil }
            if !register(path) {
                // No free slot (never with one rewrite at a time): do not keep an untracked file.
                let reason = EMFILE
                path.withCString { _ = unlink($0) }
                close(descriptor)
                errno = reason
                return nil
            }
            return (descriptor, path)
        }
    }

    /// How long a registered rename waits before it happens, in seconds: 0, unless the command
    /// line's test hook set it (WireLockCLI reads `WIRELOCK_TEST_HOLD_TEMPORARY` at start, so a test
    /// can signal the process while a temporary file exists). Set once, before any write.
    nonisolated(unsafe) package static var holdBeforeRename: UInt32 = 0

    /// Renames a registered temporary file over `target` and unregisters it.
    /// - Returns: whether `rename` succeeded (else `errno` is set and the file stays registered).
    package static func rename(_ temporary: RawPath, to target: RawPath) -> Bool {
        var left = holdBeforeRename
        while left > 0 { left = sleep(left) }
        return blockingSignals {
            let renamed = temporary.withCString { from in target.withCString { to in _rename(from, to) } } == 0
            let saved = errno
            if renamed { unregister(temporary) }
            errno = saved
            return renamed
        }
    }

    /// Deletes a registered temporary file and unregisters it.
    package static func remove(_ temporary: RawPath) {
        blockingSignals {
            temporary.withCString { _ = unlink($0) }
            unregister(temporary)
        }
    }

    /// Deletes every registered temporary file (the process is about to end).
    package static func removeAll() {
        blockingSignals {
            for slot in 0..<slotCount where temporarySlots.inUse[slot] != 0 {
                _ = unlink(temporarySlots.path(slot))
                temporarySlots.inUse[slot] = 0
            }
        }
    }

    private static func register(_ path: RawPath) -> Bool {
        guard let slot = (0..<slotCount).first(where: { temporarySlots.inUse[$0] == 0 }) else { return false }
        let destination = temporarySlots.path(slot)
        for (index, byte) in path.bytes.enumerated() { destination[index] = CChar(bitPattern: byte) }
        destination[path.bytes.count] = 0
        temporarySlots.inUse[slot] = 1
        return true
    }

    private static func unregister(_ path: RawPath) {
        for slot in 0..<slotCount where temporarySlots.inUse[slot] != 0 {
            if strlen(temporarySlots.path(slot)) == path.bytes.count,
                path.bytes.enumerated().allSatisfy({
                    temporarySlots.path(slot)[$0.offset] == CChar(bitPattern: $0.element)
                })
            {
                temporarySlots.inUse[slot] = 0
            }
        }
    }

    /// Runs `body` with ``signals`` blocked on this thread; one that arrives meanwhile is handled
    /// right after, when the slots are consistent again.
    private static func blockingSignals<Result>(_ body: () -> Result) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    private static func isIgnore(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
        let ignoreHandler: (@convention(c) (Int32) -> Void)? = SIG_IGN  // optional on some platforms
        guard let handler, let ignore = ignoreHandler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(ignore, to: Int.self)
    }
}

/// The slots: `slotCount` paths of `slotSize` bytes and a flag for each, allocated once and never
/// freed (they must outlive anything a signal can interrupt).
struct TemporarySlots: @unchecked Sendable {
    // @unchecked: written only with the cleanup signals blocked, by the one thread that rewrites;
    // read by the signal handler, which interrupts that same thread between two such stretches.
    let paths: UnsafeMutablePointer<CChar>
    let inUse: UnsafeMutablePointer<Int32>

    init() {
        paths = .allocate(capacity: TemporaryFiles.slotCount * TemporaryFiles.slotSize)
        paths.initialize(repeating: 0, count: TemporaryFiles.slotCount * TemporaryFiles.slotSize)
        inUse = .allocate(capacity: TemporaryFiles.slotCount)
        inUse.initialize(repeating: 0, count: TemporaryFiles.slotCount)
    }

    func path(_ slot: Int) -> UnsafeMutablePointer<CChar> { paths + slot * TemporaryFiles.slotSize }
}

let temporarySlots = TemporarySlots()

/// The handler: delete what is registered, then end by the same signal with its default action.
private func removeTemporariesAndReraise(_ signal: Int32) {
    for slot in 0..<TemporaryFiles.slotCount where temporarySlots.inUse[slot] != 0 {
        _ = unlink(temporarySlots.path(slot))
    }
    _ = setSignalHandler(signal, SIG_DFL)
    raise(signal)
}

/// `signal(2)`, named apart from the loop variables and parameters called `signal` above.
private func setSignalHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> (
    @convention(c) (Int32) -> Void
)? {
    signal(number, handler)
}

/// `rename(2)`, named apart from ``TemporaryFiles/rename(_:to:)``.
private func _rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    rename(from, to)
}
