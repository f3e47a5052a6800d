import Foundation

/// A file WireLock could not write or delete, said in words: which step failed, on which path, and
/// the system's reason with its `errno`.
///
/// ```swift
/// do {
///     try GoldenFiles.writeAtomically(bytes, to: url)
/// } catch let error as FileWriteError {
///     print(error)   // cannot create the folder /repo/golden: Not a directory (errno 20)
/// }
/// ```
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done: `create the folder`, `create a temporary file in`, `write`, `flush`,
    /// `rename the temporary file over`, `delete`.
    public var step: String
    /// The path the step was about.
    public var path: String
    /// The system's error number (`ENOTDIR`, `EACCES`, `ENOSPC`, …).
    public var code: Int32

    /// An error for `step` on `path` with the system's error number.
    public init(step: String, path: String, code: Int32) {
        self.step = step
        self.path = path
        self.code = code
    }

    /// The system's text for ``code`` (`No space left on device`).
    public var reason: String { String(cString: strerror(code)) }

    /// `cannot <step> <path>: <reason> (errno <code>)`.
    public var description: String { "cannot \(step) \(path): \(reason) (errno \(code))" }
}

extension FileWriteError {
    /// Creates `directory` and its missing parents, naming the first one that cannot be made.
    /// - Throws: ``FileWriteError``: `ENOTDIR` when a file stands where a folder should be.
    static func makeDirectory(_ directory: URL) throws(FileWriteError) {
        let path = directory.standardizedFileURL.path
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw FileWriteError(step: "create the folder", path: path, code: ENOTDIR) }
            return
        }
        let parent = directory.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path && !parent.path.isEmpty { try makeDirectory(parent) }
        if mkdir(path, 0o755) != 0 {
            let code = errno
            // Another process may have made it in between.
            if code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
            throw FileWriteError(step: "create the folder", path: path, code: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Deletes the file at `url`.
    /// - Throws: ``FileWriteError`` with the system's reason.
    static func delete(_ url: URL) throws(FileWriteError) {
        guard unlink(url.path) == 0 else { throw FileWriteError(step: "delete", path: url.path, code: errno) }
    }
}

/// Bridged to `NSError` with the system error underneath (`NSUnderlyingErrorKey` holds the
/// `POSIXError`, `NSFilePathErrorKey` the path), so code that reads Foundation errors finds the
/// reason, and `localizedDescription` is the sentence above rather than "The operation could not be
/// completed".
extension FileWriteError: LocalizedError, CustomNSError {
    public var errorDescription: String? { description }
    public static var errorDomain: String { "WireLockCore.FileWriteError" }
    public var errorCode: Int { Int(code) }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: description]
        if let posix = POSIXErrorCode(rawValue: code) { info[NSUnderlyingErrorKey] = POSIXError(posix) }
        return info
    }
}
