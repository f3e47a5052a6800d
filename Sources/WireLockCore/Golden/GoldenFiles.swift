import Foundation
import WireJSON

/// Where golden files and fixtures live, and how they are written.
///
/// The golden directory is `golden/` at the package root, found by walking up from the test file's
/// `#filePath` to the folder that holds `Package.swift`; `WIRELOCK_GOLDEN_DIR` overrides it.
/// Fixtures live in `Fixtures/` (override: `WIRELOCK_FIXTURES_DIR`).
public enum GoldenFiles {
    /// The package root above `filePath` (the folder holding `Package.swift`), if any.
    public static func packageRoot(from filePath: String) -> URL? {
        var dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while dir.path != "/" && !dir.path.isEmpty {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The golden directory for a test file.
    public static func goldenDirectory(for filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override = environment["WIRELOCK_GOLDEN_DIR"], !override.isEmpty { return URL(fileURLWithPath: override) }
        return (packageRoot(from: filePath) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .appendingPathComponent("golden")
    }

    /// The fixtures directory for a test file.
    public static func fixturesDirectory(for filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override = environment["WIRELOCK_FIXTURES_DIR"], !override.isEmpty { return URL(fileURLWithPath: override) }
        return (packageRoot(from: filePath) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .appendingPathComponent("Fixtures")
    }

    /// The pending file beside a golden: `movies.json` → `movies.actual.json`.
    public static func pendingURL(for golden: URL) -> URL {
        golden.deletingPathExtension().appendingPathExtension("actual.json")
    }

    /// The golden a pending file belongs to: `movies.actual.json` → `movies.json`.
    public static func goldenURL(forPending pending: URL) -> URL? {
        let name = pending.lastPathComponent
        guard name.hasSuffix(".actual.json") else { return nil }
        return pending.deletingLastPathComponent().appendingPathComponent(String(name.dropLast(".actual.json".count)) + ".json")
    }

    /// Writes `bytes` to `url` atomically: a temporary file in the same folder, flushed, then renamed
    /// over the target, so a crash or a full disk never leaves a half-written golden. Keeps the
    /// permissions of an existing file. Creates missing folders.
    /// - Throws: the underlying file-system error; the old file is then intact.
    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try writeAtomically(bytes, to: url, failBeforeRename: false)
    }

    /// Test hook: `failBeforeRename` simulates a failure after the temporary file was written.
    package static func writeAtomically(_ bytes: [UInt8], to url: URL, failBeforeRename: Bool) throws {
        let fm = FileManager.default
        let dir = url.deletingLastPathComponent()
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temp.path]) }
        var ok = false
        defer {
            if !ok { unlink(temp.path) }
        }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written && synced else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        var info = stat()
        if stat(url.path, &info) == 0 { chmod(temp.path, info.st_mode & 0o7777) }
        if failBeforeRename { throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: url.path]) }
        guard rename(temp.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
        }
        ok = true
    }

    /// A path relative to the package root when possible (`golden/movies.json`), for messages.
    package static func display(_ url: URL, root: URL?) -> String {
        guard let root else { return url.path }
        let prefix = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Records that a test asserted the golden at `url`, in `<root>/.wirelock/runs/<run>.touched`, so
    /// `wirelock golden --orphans` can list goldens no test uses (see ``GoldenRuns``). One append per
    /// assertion: safe with tests running in parallel. The process that creates the file also writes
    /// a `#` line with its arguments, so a filtered run can be told from a full one, and deletes
    /// records older than two weeks.
    static func recordTouched(_ url: URL, root: URL?) {
        guard let root else { return }
        let dir = GoldenRuns.directory(root: root)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("\(RunIdentity.current).touched")
        var text = display(url, root: root) + "\n"
        var fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, 0o644)
        if fd >= 0 {
            text = GoldenRuns.argumentsLine(Array(CommandLine.arguments.dropFirst())) + "\n" + text
            GoldenRuns.prune(root: root)
        } else {
            fd = open(file.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        guard fd >= 0 else { return }
        let line = Array(text.utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

/// One identity per test process, for the touched-goldens record: `<start>-<parent pid>-<pid>`. The
/// processes one `swift test` starts (XCTest, Swift Testing, parallel workers) share a parent, which
/// is how ``GoldenRuns`` puts their records back together.
enum RunIdentity {
    static let current: String = {
        let time = Int(Date().timeIntervalSince1970)
        return "\(time)-\(getppid())-\(getpid())"
    }()
}
