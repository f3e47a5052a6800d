#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few system calls every layer wraps, written once: whole writes and reads that retry on
/// `EINTR`, `stat`, `mkdir -p`, sorted directory listings, the text of an `errno`. Paths are
/// ``RawPath`` bytes, so a name that is not UTF-8 works like any other. No Foundation.
///
/// ```swift
/// if let code = FileSystem.writeAll(Array("{}\n".utf8), to: descriptor) {
///     print("cannot write: \(FileSystem.reason(code))")
/// }
/// ```
package enum FileSystem {
    /// Writes every byte to `descriptor`, retrying after `EINTR` and short writes.
    /// - Returns: nil when all was written, else the `errno` of the write that failed.
    @discardableResult
    package static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
        let bytes = Array(bytes)
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { _write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            start += written
        }
        return nil
    }

    /// Everything readable from `descriptor` until its end (it stays open), retrying after `EINTR`.
    /// - Returns: the bytes, or the `errno` of the read that failed (a directory: `EISDIR`).
    package static func readAll(from descriptor: Int32) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// A descriptor open for reading on `path` (the caller closes it), or the `errno`.
    package static func openForReading(_ path: RawPath) -> Result<Int32, SystemError> {
        let descriptor = path.withCString { _open($0, O_RDONLY) }
        return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(errno))
    }

    /// Everything in the file at `path`.
    package static func readFile(_ path: RawPath) -> Result<[UInt8], SystemError> {
        switch openForReading(path) {
        case .failure(let error): return .failure(error)
        case .success(let descriptor):
            defer { close(descriptor) }
            return readAll(from: descriptor)
        }
    }

    /// `stat(2)` (symbolic links followed); false, with `errno` set, when it fails.
    package static func status(_ path: RawPath, _ info: inout stat) -> Bool {
        path.withCString { _stat($0, &info) } == 0
    }

    /// `lstat(2)` (a symbolic link itself); false, with `errno` set, when it fails.
    package static func linkStatus(_ path: RawPath, _ info: inout stat) -> Bool {
        path.withCString { lstat($0, &info) } == 0
    }

    /// Whether `path` names a directory (symbolic links followed).
    package static func isDirectory(_ path: RawPath) -> Bool {
        var info = stat()
        return status(path, &info) && isDirectory(info)
    }

    /// Whether a `stat` result is a directory.
    package static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether a `stat` result is a regular file.
    package static func isRegularFile(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `mkdir -p`: creates `directory` and the folders above it that are missing, top down.
    /// - Returns: nil when the folder exists afterwards, else the first folder that could not be
    ///   made and why: `ENOTDIR` when a file stands where a folder should be. A folder another
    ///   process makes at the same moment counts as made.
    package static func makeDirectories(_ directory: RawPath) -> (folder: RawPath, error: SystemError)? {
        let bytes = directory.withoutTrailingSlash.bytes
        var ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: "/") && $0 != 0 }
        ends.append(bytes.endIndex)
        for end in ends {
            let folder = RawPath(bytes: bytes[..<end])
            var info = stat()
            if status(folder, &info) {
                if isDirectory(info) { continue }
                return (folder, SystemError(ENOTDIR))
            }
            if folder.withCString({ mkdir($0, 0o755) }) != 0 {
                let code = errno
                if code == EEXIST, status(folder, &info), isDirectory(info) { continue }
                return (folder, SystemError(code == EEXIST ? ENOTDIR : code))
            }
        }
        return nil
    }

    /// The names in a directory (without `.` and `..`) as bytes, sorted by them.
    package static func list(_ directory: RawPath) -> Result<[[UInt8]], SystemError> {
        guard let handle = directory.withCString({ opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return .success(names.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// The file a symbolic link points to (the path itself when it is not a link or cannot be resolved).
    package static func resolvingSymbolicLink(_ path: RawPath) -> RawPath {
        var info = stat()
        guard linkStatus(path, &info), (info.st_mode & S_IFMT) == S_IFLNK,
            let resolved = path.withCString({ realpath($0, nil) })
        else { return path }
        defer { free(resolved) }
        return RawPath(
            bytes: UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }

    /// `fsync` of a directory, which makes a rename in it durable (best effort: not every file
    /// system supports it).
    package static func syncDirectory(_ directory: RawPath) {
        let descriptor = directory.withCString { _open($0, O_RDONLY | O_DIRECTORY) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The working directory, or nil when it cannot be told (removed, too long).
    package static func currentDirectory() -> RawPath? {
        guard let text = getcwd(nil, 0) else { return nil }
        defer { free(text) }
        return RawPath(bytes: UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) })
    }
}

/// A system error number with its text: `SystemError(ENOENT).reason` is `No such file or directory`.
package struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32

    package init(_ code: Int32) { self.code = code }

    /// The current `errno`.
    package static var current: SystemError { SystemError(errno) }

    /// The system's words for ``code`` (`strerror`).
    package var reason: String { String(cString: strerror(code)) }

    package var description: String { reason }
}

/// `write(2)`, named apart from ``FileSystem/writeAll(_:to:)``.
private func _write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `open(2)`, named apart from ``FileSystem/openForReading(_:)``.
private func _open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `stat(2)`, named apart from ``FileSystem/status(_:_:)``.
private func _stat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
    stat(path, &info)
}
