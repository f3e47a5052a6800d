import Foundation
import WireSupport

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
    /// The support target's write error in this type's words: the step, the path it was about,
    /// the system's reason.
    init(_ error: AtomicWriteError) {
        let step: String
        switch error.step {
        case .createFolder: step = "create the folder"
        case .createTemporary: step = "create a temporary file in"
        case .write, .inspect, .setOwner, .setMode: step = "write"
        case .flush: step = "flush"
        case .rename: step = "rename the temporary file over"
        case .delete: step = "delete"
        }
        self.init(step: step, path: error.path.text, code: error.error?.code ?? EPERM)
    }

    /// Creates `directory` and its missing parents, naming the first one that cannot be made.
    /// - Throws: ``FileWriteError``: `ENOTDIR` when a file stands where a folder should be.
    static func makeDirectory(_ directory: URL) throws(FileWriteError) {
        if let (folder, error) = FileSystem.makeDirectories(RawPath(directory.standardizedFileURL.path)) {
            throw FileWriteError(step: "create the folder", path: folder.text, code: error.code)
        }
    }

    /// Deletes the file at `url`.
    /// - Throws: ``FileWriteError`` with the system's reason.
    package static func delete(_ url: URL) throws(FileWriteError) {
        do throws(AtomicWriteError) { try AtomicFile.delete(RawPath(url.path)) } catch { throw FileWriteError(error) }
    }
}

/// Bridged to `NSError` with the system error underneath (`NSUnderlyingErrorKey` holds the
/// `POSIXError`, `NSFilePathErrorKey` the path), so code that reads Foundation errors finds the
/// reason, and `localizedDescription` is the sentence above rather than "The operation could not be
/// completed".
extension FileWriteError: LocalizedError, CustomNSError {
    public var errorDescription: String? { description }
    public static var errorDomain: String { "WireGolden.FileWriteError" }
    public var errorCode: Int { Int(code) }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: description]
        if let posix = POSIXErrorCode(rawValue: code) { info[NSUnderlyingErrorKey] = POSIXError(posix) }
        return info
    }
}
