#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be written.
struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    var path: String
    /// The system's reason, e.g. `Permission denied`.
    var reason: String

    var description: String { "cannot write '\(path)': \(reason)" }
}

/// Replaces a file's contents so that a reader (or a crash) sees either the old bytes or the new
/// ones, never a mix: the new bytes go to a temporary file in the same directory, which gets the
/// original's permission bits (and owner, when allowed), is flushed to disk with `fsync`, and is then
/// renamed over the original. A symbolic link is kept: its target is replaced.
enum AtomicFileWriter {
    /// Replaces the contents of the existing file at `path`.
    /// - Throws: ``FileWriteError``; the original is then untouched and no temporary file is left.
    static func replaceContents(ofFileAt path: RawPath, with bytes: [UInt8]) throws(FileWriteError) {
        let target = resolvedPath(path)
        var original = stat()
        guard InputWalker.fileStatus(target, &original) else { throw failure(path) }
        try writeThroughTemporary(bytes, to: target, shownAs: path, original: original, failBeforeRename: false)
    }

    /// Writes a file whether or not it exists: an existing one is replaced as by
    /// ``replaceContents(ofFileAt:with:)``; a new one appears only once complete (temporary file,
    /// `fsync`, rename), with mode 0644 less the umask, so no reader ever sees it empty or half
    /// written. The parent folder must exist.
    ///
    /// ```swift
    /// try AtomicFileWriter.write(Array(text.utf8), toFileAt: RawPath("golden/wirelock.lock"))
    /// ```
    /// - Parameter failBeforeRename: a test hook: fail after the temporary file is written.
    /// - Throws: ``FileWriteError``; nothing is then created or changed and no temporary file is left.
    static func write(_ bytes: [UInt8], toFileAt path: RawPath, failBeforeRename: Bool = false) throws(FileWriteError) {
        let target = resolvedPath(path)
        var original = stat()
        if InputWalker.fileStatus(target, &original) {
            try writeThroughTemporary(bytes, to: target, shownAs: path, original: original, failBeforeRename: failBeforeRename)
        } else {
            guard errno == ENOENT else { throw failure(path) }
            try writeThroughTemporary(bytes, to: target, shownAs: path, original: nil, failBeforeRename: failBeforeRename)
        }
    }

    private static func failure(_ at: RawPath) -> FileWriteError {
        FileWriteError(path: at.displayed, reason: String(cString: strerror(errno)))
    }

    /// The temporary file, its permissions, `fsync`, rename. `original` is the file replaced, or nil
    /// for a new file.
    private static func writeThroughTemporary(_ bytes: [UInt8], to target: RawPath, shownAs path: RawPath, original: stat?,
                                              failBeforeRename: Bool) throws(FileWriteError) {
        let (directory, name) = target.directoryAndName
        let temporaryPath = directory.appending(Array(".".utf8) + name + Array(".wirelock-XXXXXX".utf8))
        var template = (temporaryPath.bytes + [0]).map { CChar(bitPattern: $0) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path) }
        // mkstemp replaced the X's; the name stays bytes (the target's name need not be UTF-8).
        let temporary = RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })

        var closed = false
        do throws(FileWriteError) {
            try writeAll(bytes, to: descriptor, path: path)
            if let original {
                guard fchmod(descriptor, original.st_mode & 0o7777) == 0 else { throw failure(path) }
                if original.st_uid != getuid() || original.st_gid != getgid() {
                    _ = fchown(descriptor, original.st_uid, original.st_gid)   // best effort: needs privileges
                }
            } else {
                // mkstemp made it 0600; a new file gets what open(…, 0644) would give.
                let mask = umask(0)
                umask(mask)
                guard fchmod(descriptor, 0o644 & ~mask) == 0 else { throw failure(path) }
            }
            guard fsync(descriptor) == 0 else { throw failure(path) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(path) }
            if failBeforeRename { errno = EIO; throw failure(path) }
            let renamed = temporary.withCString { from in target.withCString { to in rename(from, to) } }
            guard renamed == 0 else { throw failure(path) }
        } catch {
            if !closed { close(descriptor) }
            temporary.withCString { _ = unlink($0) }
            throw error
        }
        syncDirectory(directory)
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

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:toFileAt:failBeforeRename:)``.
private func _systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
