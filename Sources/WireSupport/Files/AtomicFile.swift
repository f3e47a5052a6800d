#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way WireLock writes a file: so that a reader (or a crash) sees either the old bytes or
/// the new ones, never a mix. The new bytes go to a temporary file `.NAME.wirelock-XXXXXX` in the
/// same directory, which gets the original's permission bits (and, if asked, its owner and group),
/// is flushed to disk if asked, and is then renamed over the original. A new file appears only once
/// complete, with mode 0644 less the umask. On any failure the original is untouched and no
/// temporary file is left.
///
/// What differs between the writers that use it is an ``Options`` value, not a copy of the code:
///
/// | preset | who | refuses (``RewritePolicy``) | owner kept | flushed | signal cleanup | folders made | existing file |
/// |---|---|---|---|---|---|---|---|
/// | ``Options/rewrite(force:)`` | `fmt`, `lock`, `shape --out` | unless forced | yes | file and folder | yes | yes | replaced (through a symbolic link) |
/// | ``Options/golden`` | golden files, regression cases | never | no | file | no (tests write on many threads) | yes | replaced |
/// | ``Options/corpus`` | `fuzz --out` | never | no | no (thousands of files; a lost one is regenerated) | yes | no | kept (content-addressed) |
///
/// ```swift
/// try AtomicFile.write(Array(text.utf8), to: RawPath("golden/wirelock.lock"), options: .rewrite(force: false))
/// ```
package enum AtomicFile {
    /// How a write behaves; see the presets.
    package struct Options: Hashable, Sendable {
        /// What to do with a file already at the path.
        package enum Existing: Hashable, Sendable {
            /// Replace it (or create the file).
            case replace
            /// Replace it; there must be one (`fmt` rewrites, it never creates).
            case replaceOnly
            /// Leave it as it is and report success (a content-addressed file is already right).
            case keep
        }

        /// How much is flushed to disk before the write counts as done.
        package enum Durability: Hashable, Sendable {
            /// Nothing: the rename is atomic, but a power cut may lose the file.
            case none
            /// `fsync` of the temporary file before the rename.
            case file
            /// `fsync` of the file, and of its folder after the rename.
            case fileAndFolder
        }

        /// Whether ``RewritePolicy`` is consulted before an existing file is replaced.
        package enum Refusals: Hashable, Sendable {
            /// Never refuse (the library's own files).
            case never
            /// Refuse what the policy refuses, and an owner that cannot be kept.
            case unlessForced
            /// `--force`: replace anyway (an owner that cannot be kept is then lost).
            case forced
        }

        package var existing: Existing
        package var durability: Durability
        package var refusals: Refusals
        /// Give the new file the old one's owner and group (`fchown`); refused when that fails
        /// (unless forced).
        package var keepsOwner: Bool
        /// Register the temporary file with ``TemporaryFiles`` so SIGTERM, SIGINT or SIGHUP removes
        /// it. Only for a process that writes on one thread and installed the handlers (the CLI).
        /// Such a write also honours `WIRELOCK_TEST_HOLD_TEMPORARY` (see ``AtomicFile/holdVariable``).
        package var registersTemporary: Bool
        /// Create the folders above the file (`mkdir -p`).
        package var createsFolders: Bool
        /// Replace what a symbolic link points to, keeping the link; else the link is replaced.
        package var followsSymbolicLinks: Bool

        /// `fmt`, `lock`, `shape --out`: refused per ``RewritePolicy`` unless `force`, owner and mode
        /// kept, file and folder flushed, temporary registered for the signal cleanup.
        package static func rewrite(force: Bool, existing: Existing = .replace) -> Options {
            Options(
                existing: existing, durability: .fileAndFolder, refusals: force ? .forced : .unlessForced,
                keepsOwner: true, registersTemporary: true, createsFolders: true, followsSymbolicLinks: true)
        }

        /// Golden files and regression cases, written by test processes on many threads: never
        /// refused, mode kept, file flushed, folders made, nothing registered.
        package static let golden = Options(
            existing: .replace, durability: .file, refusals: .never, keepsOwner: false,
            registersTemporary: false, createsFolders: true, followsSymbolicLinks: false)

        /// `fuzz --out` corpus files: an existing file is kept (its name is its content's hash),
        /// a new one is renamed into place unflushed; the temporary is registered.
        package static let corpus = Options(
            existing: .keep, durability: .none, refusals: .never, keepsOwner: false,
            registersTemporary: true, createsFolders: false, followsSymbolicLinks: false)
    }

    /// Writes `bytes` to `path` as `options` say.
    /// - Throws: ``AtomicWriteError`` naming the step, the path it was about and the system's
    ///   reason (or the policy's refusal); the original is then untouched and no temporary file is left.
    package static func write(_ bytes: [UInt8], to path: RawPath, options: Options) throws(AtomicWriteError) {
        let target = options.followsSymbolicLinks ? FileSystem.resolvingSymbolicLink(path) : path
        let folder = target.directoryAndName.directory
        func failure(_ step: AtomicWriteError.Step, _ about: RawPath, _ code: Int32 = errno) -> AtomicWriteError {
            AtomicWriteError(step: step, path: about, file: path, error: SystemError(code))
        }

        if options.createsFolders, let (blocked, error) = FileSystem.makeDirectories(folder) {
            throw AtomicWriteError(step: .createFolder, path: blocked, file: path, error: error)
        }
        var original = stat()
        let exists = FileSystem.status(target, &original)
        if exists && options.existing == .keep { return }
        if !exists && (options.existing == .replaceOnly || errno != ENOENT) { throw failure(.inspect, target) }
        let writer = RewritePolicy.Writer.current()
        if exists, options.refusals == .unlessForced,
            let refusal = RewritePolicy.refusal(for: RewritePolicy.FileFacts(original), writer: writer)
        {
            throw AtomicWriteError(step: .inspect, path: target, file: path, refusal: refusal)
        }

        let template = folder.appending(Array(".".utf8) + target.directoryAndName.name + Array(".wirelock-XXXXXX".utf8))
        guard
            let (descriptor, temporary) = TemporaryFiles.create(
                template.bytes, mode: 0o644,
                registered: options.registersTemporary)
        else {
            throw failure(.createTemporary, folder)
        }
        var closed = false
        do throws(AtomicWriteError) {
            if let code = FileSystem.writeAll(bytes, to: descriptor) { throw failure(.write, temporary, code) }
            if exists {
                if options.keepsOwner {
                    try keepOwner(
                        of: original, on: descriptor, target: target, file: path,
                        refusing: options.refusals == .unlessForced, writer: writer)
                }
                // After fchown, which clears the set-user-ID and set-group-ID bits.
                guard fchmod(descriptor, mode_t(original.st_mode & 0o7777)) == 0 else {
                    throw failure(.setMode, temporary)
                }
            }
            if options.durability != .none, fsync(descriptor) != 0 { throw failure(.flush, temporary) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(.write, temporary) }
            if injectedFault == .failBeforeRename { throw failure(.write, temporary, ENOSPC) }
            if options.registersTemporary { holdForSignalTests() }
            let renamed =
                options.registersTemporary
                ? TemporaryFiles.rename(temporary, to: target)
                : temporary.withCString { from in target.withCString { to in _rename(from, to) } } == 0
            guard renamed else { throw failure(.rename, target) }
        } catch {
            let saved = errno
            if !closed { close(descriptor) }
            if options.registersTemporary {
                TemporaryFiles.remove(temporary)
            } else {
                temporary.withCString { _ = unlink($0) }
            }
            errno = saved
            throw error
        }
        if options.durability == .fileAndFolder { FileSystem.syncDirectory(folder) }
    }

    /// Deletes the file at `path`.
    /// - Throws: ``AtomicWriteError`` (step ``AtomicWriteError/Step/delete``) with the system's reason.
    package static func delete(_ path: RawPath) throws(AtomicWriteError) {
        guard path.withCString({ unlink($0) }) == 0 else {
            throw AtomicWriteError(step: .delete, path: path, file: path, error: .current)
        }
    }

    /// Gives the temporary file the original's owner and group when they differ from its own.
    /// ``RewritePolicy`` has already refused the files whose owner the process may not set; if
    /// `fchown` still fails, that is a refusal too (unless forced).
    private static func keepOwner(
        of original: stat, on descriptor: Int32, target: RawPath, file: RawPath,
        refusing: Bool, writer: RewritePolicy.Writer
    ) throws(AtomicWriteError) {
        var created = stat()
        guard fstat(descriptor, &created) == 0 else {
            throw AtomicWriteError(step: .setOwner, path: target, file: file, error: .current)
        }
        guard created.st_uid != original.st_uid || created.st_gid != original.st_gid else { return }
        if fchown(descriptor, original.st_uid, original.st_gid) != 0 && refusing {
            let refusal = RewritePolicy.Refusal.owner(
                owner: UInt32(original.st_uid), group: UInt32(original.st_gid),
                writer: writer.user)
            throw AtomicWriteError(step: .setOwner, path: target, file: file, refusal: refusal)
        }
    }
}

/// A file that could not be written, or that ``AtomicFile`` refused to rewrite (``RewritePolicy``):
/// the step that failed, the path that step was about, the file being written, and the system's
/// error or the refusal. Each layer words it for its readers: the CLI says
/// `cannot write 'golden/x.json': Permission denied` (``description``), the golden library names
/// the step (`cannot rename the temporary file over /repo/golden/x.json: …`).
package struct AtomicWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done.
    package enum Step: Hashable, Sendable {
        case createFolder, inspect, createTemporary, write, setOwner, setMode, flush, rename, delete
    }

    package var step: Step
    /// The path the step was about: the folder, the temporary file, or the target.
    package var path: RawPath
    /// The file that was to be written, as the caller named it.
    package var file: RawPath
    /// The system's error (nil for a refusal).
    package var error: SystemError?
    /// Why the file was refused, when it was refused on purpose rather than failed.
    package var refusal: RewritePolicy.Refusal?

    package init(step: Step, path: RawPath, file: RawPath, error: SystemError) {
        self.step = step
        self.path = path
        self.file = file
        self.error = error
    }

    package init(step: Step, path: RawPath, file: RawPath, refusal: RewritePolicy.Refusal) {
        self.step = step
        self.path = path
        self.file = file
        self.refusal = refusal
    }

    /// Whether it was refused on purpose (read-only, hard-linked or someone else's file).
    package var isRefusal: Bool { refusal != nil }

    /// The system's reason, or the refusal's.
    package var reason: String { refusal?.reason ?? error?.reason ?? "" }

    /// `cannot write 'FILE': REASON`, or `refusing to rewrite 'FILE': REASON` (the file escaped by
    /// ``PathDisplay``).
    package var description: String {
        isRefusal ? "refusing to rewrite '\(file.displayed)': \(reason)" : "cannot write '\(file.displayed)': \(reason)"
    }
}

/// `rename(2)`, named apart from ``TemporaryFiles/rename(_:to:)``.
private func _rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    rename(from, to)
}
