#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be written, or that WireLock refused to rewrite (``RewritePolicy``).
struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written, as displayed.
    var path: String
    /// The system's reason (`Permission denied`), or the policy's.
    var reason: String
    /// Whether WireLock refused on purpose (a read-only, hard-linked or foreign file) rather than failed.
    var isRefusal = false

    var description: String {
        isRefusal ? "refusing to rewrite '\(path)': \(reason)" : "cannot write '\(path)': \(reason)"
    }
}

/// Replaces a file's contents so that a reader (or a crash) sees either the old bytes or the new
/// ones, never a mix: the new bytes go to a temporary file `.NAME.wirelock-XXXXXX` in the same
/// directory, which gets the original's owner, group and permission bits, is flushed to disk with
/// `fsync`, and is then renamed over the original. A symbolic link is kept: its target is replaced.
///
/// Before that, ``RewritePolicy`` decides: a read-only file, a file with several hard links, or one
/// whose owner the process cannot keep is refused (a ``FileWriteError`` with `isRefusal`) unless
/// `force` is set. The temporary file is registered with ``TemporaryFiles``, so SIGTERM, SIGINT or
/// SIGHUP removes it and leaves the original untouched.
///
/// Test hook: with `WIRELOCK_TEST_HOLD_TEMPORARY=N` in the environment, a rewrite waits N seconds
/// with its temporary file complete, before the rename, so a test can signal it at that moment.
enum AtomicFileWriter {
    /// Replaces the contents of the existing file at `path`.
    /// - Parameter force: rewrite even what ``RewritePolicy`` refuses.
    /// - Throws: ``FileWriteError``; the original is then untouched and no temporary file is left.
    static func replaceContents(ofFileAt path: RawPath, with bytes: [UInt8], force: Bool = false) throws(FileWriteError) {
        let target = resolvedPath(path)
        var original = stat()
        guard InputWalker.fileStatus(target, &original) else { throw failure(path) }
        try writeThroughTemporary(bytes, to: target, shownAs: path, original: original, force: force, failBeforeRename: false)
    }

    /// Writes a file whether or not it exists: an existing one is replaced as by
    /// ``replaceContents(ofFileAt:with:force:)``; a new one appears only once complete (temporary
    /// file, `fsync`, rename), with mode 0644 less the umask, so no reader ever sees it empty or half
    /// written. The parent folder must exist.
    ///
    /// ```swift
    /// try AtomicFileWriter.write(Array(text.utf8), toFileAt: RawPath("golden/wirelock.lock"))
    /// ```
    /// - Parameters:
    ///   - force: rewrite even what ``RewritePolicy`` refuses.
    ///   - failBeforeRename: a test hook: fail after the temporary file is written.
    /// - Throws: ``FileWriteError``; nothing is then created or changed and no temporary file is left.
    static func write(_ bytes: [UInt8], toFileAt path: RawPath, force: Bool = false,
                      failBeforeRename: Bool = false) throws(FileWriteError) {
        let target = resolvedPath(path)
        var original = stat()
        if InputWalker.fileStatus(target, &original) {
            try writeThroughTemporary(bytes, to: target, shownAs: path, original: original, force: force,
                                      failBeforeRename: failBeforeRename)
        } else {
            guard errno == ENOENT else { throw failure(path) }
            try writeThroughTemporary(bytes, to: target, shownAs: path, original: nil, force: force,
                                      failBeforeRename: failBeforeRename)
        }
    }

    /// The temporary file's name for `target`: `.NAME.wirelock-XXXXXX` beside it.
    static func temporaryTemplate(for target: RawPath) -> RawPath {
        let (directory, name) = target.directoryAndName
        return directory.appending(Array(".".utf8) + name + Array(".wirelock-XXXXXX".utf8))
    }

    private static func failure(_ at: RawPath, _ code: Int32 = errno) -> FileWriteError {
        FileWriteError(path: at.displayed, reason: String(cString: strerror(code)))
    }

    /// The policy, the temporary file, its owner and permissions, `fsync`, rename. `original` is
    /// the file replaced, or nil for a new file.
    private static func writeThroughTemporary(_ bytes: [UInt8], to target: RawPath, shownAs path: RawPath, original: stat?,
                                              force: Bool, failBeforeRename: Bool) throws(FileWriteError) {
        let writer = RewritePolicy.Writer.current()
        if let original, !force, let refusal = RewritePolicy.refusal(for: RewritePolicy.FileFacts(original), writer: writer) {
            throw FileWriteError(path: path.displayed, reason: refusal.reason, isRefusal: true)
        }
        guard let (descriptor, temporary) = TemporaryFiles.create(temporaryTemplate(for: target).bytes) else {
            throw failure(path)
        }

        var closed = false
        do throws(FileWriteError) {
            try writeAll(bytes, to: descriptor, path: path)
            if let original {
                try keepOwner(of: original, on: descriptor, path: path, writer: writer, force: force)
                // After fchown, which clears the set-user-ID and set-group-ID bits.
                guard fchmod(descriptor, mode_t(original.st_mode & 0o7777)) == 0 else { throw failure(path) }
            } else {
                // mkstemp made it 0600; a new file gets what open(…, 0644) would give.
                let mask = umask(0)
                umask(mask)
                guard fchmod(descriptor, 0o644 & ~mask) == 0 else { throw failure(path) }
            }
            guard fsync(descriptor) == 0 else { throw failure(path) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(path) }
            if failBeforeRename { throw failure(path, EIO) }
            holdForTests()
            guard TemporaryFiles.rename(temporary, to: target) else { throw failure(path) }
        } catch {
            if !closed { close(descriptor) }
            TemporaryFiles.remove(temporary)
            throw error
        }
        syncDirectory(target.directoryAndName.directory)
    }

    /// Gives the temporary file the original's owner and group when they differ from its own.
    /// ``RewritePolicy`` has already refused the files whose owner the process may not set; if
    /// `fchown` still fails, that is a refusal too (unless forced).
    private static func keepOwner(of original: stat, on descriptor: Int32, path: RawPath,
                                  writer: RewritePolicy.Writer, force: Bool) throws(FileWriteError) {
        var created = stat()
        guard fstat(descriptor, &created) == 0 else { throw failure(path) }
        guard created.st_uid != original.st_uid || created.st_gid != original.st_gid else { return }
        if fchown(descriptor, original.st_uid, original.st_gid) != 0 && !force {
            let refusal = RewritePolicy.Refusal.owner(owner: UInt32(original.st_uid), group: UInt32(original.st_gid),
                                                       writer: writer.user)
            throw FileWriteError(path: path.displayed, reason: refusal.reason, isRefusal: true)
        }
    }

    /// The test hook described on the type.
    private static func holdForTests() {
        guard let value = getenv("WIRELOCK_TEST_HOLD_TEMPORARY"), let seconds = UInt32(String(cString: value)) else { return }
        var left = seconds
        while left > 0 { left = sleep(left) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: RawPath) throws(FileWriteError) {
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { _systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            start += written
        }
    }

    /// The file a symbolic link points to (the path itself when it is not a link).
    private static func resolvedPath(_ path: RawPath) -> RawPath {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
              let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return RawPath(bytes: UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }

    /// Makes the rename durable (best effort: not every file system supports it).
    private static func syncDirectory(_ directory: RawPath) {
        let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:toFileAt:force:failBeforeRename:)``.
private func _systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
