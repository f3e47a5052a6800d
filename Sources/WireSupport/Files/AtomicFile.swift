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
/// What differs between the writers that use it is an ``Options`` value, not a copy of the code.
/// The library's own writes (golden files, regression cases) use ``Options/golden``; the command
/// line adds its part of a rewrite through an ``AtomicWriteSupervisor`` in the options (WireToolSupport's
/// `rewrite(force:existing:)` and `corpus` presets: refusing read-only, hard-linked or someone
/// else's files unless forced, keeping the owner, removing the temporary file on SIGINT/SIGTERM),
/// so none of that is compiled into a test product.
///
/// ```swift
/// try AtomicFile.write(Array(text.utf8), to: RawPath("golden/movie.json"), options: .golden)
/// ```
package enum AtomicFile {
    /// How a write behaves; see the presets.
    package struct Options: Sendable {
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

        package var existing: Existing
        package var durability: Durability
        /// Create the folders above the file (`mkdir -p`).
        package var createsFolders: Bool
        /// Replace what a symbolic link points to, keeping the link; else the link is replaced.
        package var followsSymbolicLinks: Bool
        /// The command line's part of a rewrite, or nil for the library's own files.
        package var supervisor: (any AtomicWriteSupervisor)?

        package init(
            existing: Existing, durability: Durability, createsFolders: Bool, followsSymbolicLinks: Bool,
            supervisor: (any AtomicWriteSupervisor)? = nil
        ) {
            self.existing = existing
            self.durability = durability
            self.createsFolders = createsFolders
            self.followsSymbolicLinks = followsSymbolicLinks
            self.supervisor = supervisor
        }

        /// Golden files and regression cases, written by test processes on many threads: never
        /// refused, mode kept, file flushed, folders made, nothing registered.
        package static let golden = Options(
            existing: .replace, durability: .file, createsFolders: true, followsSymbolicLinks: false)
    }

    /// Writes `bytes` to `path` as `options` say.
    /// - Throws: ``AtomicWriteError`` naming the step, the path it was about and the system's
    ///   reason (or the supervisor's refusal); the original is then untouched and no temporary
    ///   file is left.
    package static func write(_ bytes: [UInt8], to path: RawPath, options: Options) throws(AtomicWriteError) {
        let target = options.followsSymbolicLinks ? FileSystem.resolvingSymbolicLink(path) : path
        let folder = target.directoryAndName.directory
        let supervisor = options.supervisor
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
        if exists { try supervisor?.approve(replacing: original, at: target, file: path) }

        let template = folder.appending(Array(".".utf8) + target.directoryAndName.name + Array(".wirelock-XXXXXX".utf8))
        guard
            let (descriptor, temporary) =
                supervisor.map({ $0.createTemporary(template.bytes, mode: 0o644) })
                ?? createTemporary(template.bytes, mode: 0o644)
        else {
            throw failure(.createTemporary, folder)
        }
        var closed = false
        do throws(AtomicWriteError) {
            if let code = FileSystem.writeAll(bytes, to: descriptor) { throw failure(.write, temporary, code) }
            if exists {
                try supervisor?.prepare(descriptor, replacing: original, at: target, file: path)
                // After fchown, which clears the set-user-ID and set-group-ID bits.
                guard fchmod(descriptor, mode_t(original.st_mode & 0o7777)) == 0 else {
                    throw failure(.setMode, temporary)
                }
            }
            if options.durability != .none, fsync(descriptor) != 0 { throw failure(.flush, temporary) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(.write, temporary) }
            if injectedFault == .failBeforeRename { throw failure(.write, temporary, ENOSPC) }
            let renamed =
                supervisor?.rename(temporary, to: target)
                ?? (temporary.withCString { from in target.withCString { to in _rename(from, to) } } == 0)
            guard renamed else { throw failure(.rename, target) }
        } catch {
            let saved = errno
            if !closed { close(descriptor) }
            if let supervisor {
                supervisor.remove(temporary)
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

    /// Creates a new file from a template (bytes ending in `XXXXXX`, no NUL), as `mkstemp` does (the
    /// `X`s become random letters and digits; `O_EXCL`, retried on a name already taken), but with
    /// `mode` less the umask, so a file that will replace or become another gets the usual `0644`
    /// without touching the process's umask (other threads may be creating files).
    /// - Returns: the open descriptor and the file's path, or nil with `errno` set.
    package static func createTemporary(_ template: [UInt8], mode: mode_t) -> (descriptor: Int32, path: RawPath)? {
        let marker = Array("XXXXXX".utf8)
        guard template.count >= marker.count, template.suffix(marker.count).elementsEqual(marker) else {
            errno = EINVAL
            return nil
        }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let name =
                template.dropLast(marker.count)
                + (0..<marker.count).map { _ in
                    letters[Int(generator.next(upperBound: UInt64(letters.count)))]
                }
            let path = RawPath(bytes: name)
            let descriptor = path.withCString { openExclusive($0, mode) }
            if descriptor >= 0 { return (descriptor, path) }
            if errno != EEXIST { return nil }
        }
        return nil
    }
}

/// What the command line adds to a rewrite, step by step (WireToolSupport's `RewriteSupervisor`):
/// refusing a file it must not replace, giving the new file the old one's owner, and keeping the
/// temporary file where a signal handler can remove it. ``AtomicFile`` calls these in order; the
/// library's own writes have none.
package protocol AtomicWriteSupervisor: Sendable {
    /// Before anything is created, with the status of the file about to be replaced.
    /// - Throws: ``AtomicWriteError`` (step ``AtomicWriteError/Step/inspect``) to refuse the rewrite.
    func approve(replacing original: stat, at target: RawPath, file: RawPath) throws(AtomicWriteError)
    /// With the bytes written to the temporary file, before its mode is set.
    /// - Throws: ``AtomicWriteError`` (step ``AtomicWriteError/Step/setOwner``) to refuse the rewrite.
    func prepare(_ descriptor: Int32, replacing original: stat, at target: RawPath, file: RawPath)
        throws(AtomicWriteError)
    /// Creates the temporary file (see ``AtomicFile/createTemporary(_:mode:)``).
    func createTemporary(_ template: [UInt8], mode: mode_t) -> (descriptor: Int32, path: RawPath)?
    /// Renames the temporary file over the target; whether `rename` succeeded (`errno` set if not).
    func rename(_ temporary: RawPath, to target: RawPath) -> Bool
    /// Deletes the temporary file after a failure.
    func remove(_ temporary: RawPath)
}

/// A file that could not be written, or that a rewrite refused (WireToolSupport's `RewritePolicy`):
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
    /// Why the file was refused (the end of `refusing to rewrite 'FILE': …`), when it was refused
    /// on purpose rather than failed.
    package var refusal: String?

    package init(step: Step, path: RawPath, file: RawPath, error: SystemError) {
        self.step = step
        self.path = path
        self.file = file
        self.error = error
    }

    package init(step: Step, path: RawPath, file: RawPath, refusal: String) {
        self.step = step
        self.path = path
        self.file = file
        self.refusal = refusal
    }

    /// Whether it was refused on purpose (read-only, hard-linked or someone else's file).
    package var isRefusal: Bool { refusal != nil }

    /// The system's reason, or the refusal's.
    package var reason: String { refusal ?? error?.reason ?? "" }

    /// `cannot write 'FILE': REASON`, or `refusing to rewrite 'FILE': REASON` (the file escaped by
    /// ``PathDisplay``).
    package var description: String {
        isRefusal ? "refusing to rewrite '\(file.displayed)': \(reason)" : "cannot write '\(file.displayed)': \(reason)"
    }
}

/// `open(2)` of a new file (`O_EXCL`), closed on `exec`.
private func openExclusive(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
    open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode)
}

/// `rename(2)`, named apart from ``AtomicWriteSupervisor/rename(_:to:)``.
private func _rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    rename(from, to)
}
