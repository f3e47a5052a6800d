import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line's part of an ``AtomicFile`` write: ``RewritePolicy``'s refusals (unless
/// forced), the old file's owner and group kept, and the temporary file registered with
/// ``TemporaryFiles`` so SIGTERM, SIGINT or SIGHUP removes it. Only for a process that writes on
/// one thread and installed the handlers (the CLI).
///
/// | preset | who | refuses | owner kept | flushed | folders made | existing file |
/// |---|---|---|---|---|---|---|
/// | `rewrite(force:existing:)` | `fmt`, `lock`, `shape --out` | unless forced | yes | file and folder | yes | replaced (through a symbolic link) |
/// | `corpus` | `fuzz --out` | never | no | no (thousands of files; a lost one is regenerated) | no | kept (content-addressed) |
///
/// ```swift
/// try AtomicFile.write(Array(text.utf8), to: RawPath("golden/wirelock.lock"), options: .rewrite(force: false))
/// ```
package struct RewriteSupervisor: AtomicWriteSupervisor {
    /// Whether ``RewritePolicy`` is consulted before an existing file is replaced.
    package enum Refusals: Hashable, Sendable {
        /// Never refuse.
        case never
        /// Refuse what the policy refuses, and an owner that cannot be kept.
        case unlessForced
        /// `--force`: replace anyway (an owner that cannot be kept is then lost).
        case forced
    }

    package var refusals: Refusals
    /// Give the new file the old one's owner and group (`fchown`); refused when that fails (unless
    /// forced).
    package var keepsOwner: Bool
    /// The process's user and groups, read once per write.
    private let writer = RewritePolicy.Writer.current()

    package init(refusals: Refusals, keepsOwner: Bool) {
        self.refusals = refusals
        self.keepsOwner = keepsOwner
    }

    package func approve(replacing original: stat, at target: RawPath, file: RawPath) throws(AtomicWriteError) {
        guard refusals == .unlessForced,
            let refusal = RewritePolicy.refusal(for: RewritePolicy.FileFacts(original), writer: writer)
        else { return }
        throw AtomicWriteError(step: .inspect, path: target, file: file, refusal: refusal.reason)
    }

    /// Gives the temporary file the original's owner and group when they differ from its own.
    /// ``RewritePolicy`` has already refused the files whose owner the process may not set; if
    /// `fchown` still fails, that is a refusal too (unless forced).
    package func prepare(_ descriptor: Int32, replacing original: stat, at target: RawPath, file: RawPath)
        throws(AtomicWriteError)
    {
        guard keepsOwner else { return }
        var created = stat()
        guard fstat(descriptor, &created) == 0 else {
            throw AtomicWriteError(step: .setOwner, path: target, file: file, error: .current)
        }
        guard created.st_uid != original.st_uid || created.st_gid != original.st_gid else { return }
        if fchown(descriptor, original.st_uid, original.st_gid) != 0 && refusals == .unlessForced {
            let refusal = RewritePolicy.Refusal.owner(
                owner: UInt32(original.st_uid), group: UInt32(original.st_gid), writer: writer.user)
            throw AtomicWriteError(step: .setOwner, path: target, file: file, refusal: refusal.reason)
        }
    }

    package func createTemporary(_ template: [UInt8], mode: mode_t) -> (descriptor: Int32, path: RawPath)? {
        TemporaryFiles.create(template, mode: mode)
    }

    package func rename(_ temporary: RawPath, to target: RawPath) -> Bool {
        TemporaryFiles.rename(temporary, to: target)
    }

    package func remove(_ temporary: RawPath) {
        TemporaryFiles.remove(temporary)
    }
}

extension AtomicFile.Options {
    /// `fmt`, `lock`, `shape --out`: refused per ``RewritePolicy`` unless `force`, owner and mode
    /// kept, file and folder flushed, temporary registered for the signal cleanup.
    package static func rewrite(force: Bool, existing: Existing = .replace) -> Self {
        Self(
            existing: existing, durability: .fileAndFolder, createsFolders: true, followsSymbolicLinks: true,
            supervisor: RewriteSupervisor(refusals: force ? .forced : .unlessForced, keepsOwner: true))
    }

    /// `fuzz --out` corpus files: an existing file is kept (its name is its content's hash), a new
    /// one is renamed into place unflushed; the temporary is registered.
    package static let corpus = Self(
        existing: .keep, durability: .none, createsFolders: false, followsSymbolicLinks: false,
        supervisor: RewriteSupervisor(refusals: .never, keepsOwner: false))
}
