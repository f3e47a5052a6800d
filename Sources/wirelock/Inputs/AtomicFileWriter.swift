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
    static func replaceContents(ofFileAt path: String, with bytes: [UInt8]) throws(FileWriteError) {
        func failure(_ at: String) -> FileWriteError {
            FileWriteError(path: at, reason: String(cString: strerror(errno)))
        }

        let target = resolvedPath(path)
        var original = stat()
        guard stat(target, &original) == 0 else { throw failure(path) }

        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory.isEmpty ? "/" : directory + "/").utf8CString.dropLast())
        template += Array(".\(name).wirelock-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }

        var closed = false
        do throws(FileWriteError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, original.st_mode & 0o7777) == 0 else { throw failure(path) }
            if original.st_uid != getuid() || original.st_gid != getgid() {
                _ = fchown(descriptor, original.st_uid, original.st_gid)   // best effort: needs privileges
            }
            guard fsync(descriptor) == 0 else { throw failure(path) }
            closed = true
            guard close(descriptor) == 0 else { throw failure(path) }
            guard rename(temporary, target) == 0 else { throw failure(path) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        syncDirectory(directory.isEmpty ? "/" : directory)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileWriteError) {
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(path: path, reason: String(cString: strerror(errno)))
            }
            start += written
        }
    }

    /// The file a symbolic link points to (the path itself when it is not a link).
    private static func resolvedPath(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Makes the rename durable (best effort: not every file system supports it).
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
