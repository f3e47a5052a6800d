import Foundation
import WireJSONCore
import WireSupport

/// Where golden files and fixtures live, and how they are written.
///
/// The golden directory is `golden/` at the package root, found by walking up from the test file's
/// `#filePath` to the folder that holds `Package.swift`; `WIRELOCK_GOLDEN_DIR` overrides it.
/// Fixtures live in `Fixtures/` (override: `WIRELOCK_FIXTURES_DIR`).
public enum GoldenFiles {
    /// The package root above `filePath` (the folder holding `Package.swift`), if any.
    public static func packageRoot(from filePath: String) -> URL? {
        PackageLocation.packageRoot(ofFile: filePath).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The golden directory for a test file: `WIRELOCK_GOLDEN_DIR`, else `golden/` beside the
    /// nearest `Package.swift` above the file, else `golden/` in the working directory (the one
    /// lookup the CLI uses too).
    public static func goldenDirectory(
        for filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        URL(fileURLWithPath: PackageLocation.goldenDirectory(ofFile: filePath, environment: environment))
    }

    /// The fixtures directory for a test file: `WIRELOCK_FIXTURES_DIR`, else `Fixtures/` beside
    /// the nearest `Package.swift`, else `Fixtures/` in the working directory.
    public static func fixturesDirectory(
        for filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        URL(fileURLWithPath: PackageLocation.fixturesDirectory(ofFile: filePath, environment: environment))
    }

    /// The pending file beside a golden: `movies.json` → `movies.actual.json`.
    public static func pendingURL(for golden: URL) -> URL {
        golden.deletingPathExtension().appendingPathExtension("actual.json")
    }

    /// The golden a pending file belongs to: `movies.actual.json` → `movies.json`.
    public static func goldenURL(forPending pending: URL) -> URL? {
        let name = pending.lastPathComponent
        guard name.hasSuffix(".actual.json") else { return nil }
        return pending.deletingLastPathComponent().appendingPathComponent(
            String(name.dropLast(".actual.json".count)) + ".json")
    }

    /// Writes `bytes` to `url` atomically: a temporary file in the same folder, flushed, then renamed
    /// over the target, so a crash or a full disk never leaves a half-written golden. Keeps the
    /// permissions of an existing file. Creates missing folders.
    ///
    /// ```swift
    /// try GoldenFiles.writeAtomically(Array("{}\n".utf8), to: URL(fileURLWithPath: "golden/empty.json"))
    /// ```
    /// - Throws: ``FileWriteError`` naming the step that failed (creating a folder, creating,
    ///   writing or flushing the temporary file, renaming it), the path and the system's reason; the
    ///   old file is then intact and no temporary file is left.
    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(FileWriteError) {
        do throws(AtomicWriteError) {
            try AtomicFile.write(bytes, to: RawPath(url.path), options: .golden)
        } catch {
            throw FileWriteError(error)
        }
    }

    /// Why a golden name is not allowed, or nil: a name is a relative path inside the golden
    /// directory (`movie`, `movies/page-1`), so it must not be empty, start with `/`, or have an
    /// empty, `.` or `..` component — any of which could write outside `golden/` or somewhere else
    /// than the name says.
    package static func problem(withName name: String) -> String? {
        let shown = "golden name '\(name)'"
        let fix = "name it relative to the golden directory, such as 'movie' or 'movies/page-1'"
        if name.isEmpty { return "\(shown) is empty: \(fix)" }
        if name.hasPrefix("/") { return "\(shown) is an absolute path, which leaves the golden directory: \(fix)" }
        if name.contains("\0") { return "\(shown) holds a NUL character: \(fix)" }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") {
            return "\(shown) has a '..' component, which leaves the golden directory: \(fix)"
        }
        if components.contains(".") { return "\(shown) has a '.' component: \(fix)" }
        if components.contains("") { return "\(shown) has an empty component ('//' or a trailing '/'): \(fix)" }
        return nil
    }

    /// A path relative to the package root when possible (`golden/movies.json`), for messages.
    package static func display(_ url: URL, root: URL?) -> String {
        PackageLocation.relative(url.standardizedFileURL.path, to: root?.standardizedFileURL.path)
    }

    /// Records that a test asserted the golden at `url`, so `wirelock golden --orphans` can list
    /// goldens no test uses: appended once per process per golden (see ``TouchedGoldens``).
    static func recordTouched(_ url: URL, root: URL?) {
        guard let root else { return }
        TouchedGoldens.shared.note(display(url, root: root), root: root)
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

    /// The run this process belongs to: `<parent pid>-<parent start>`, shared by the processes of one
    /// `swift test`. The parent's start time (from `/proc` on Linux, `sysctl` on macOS; `0` elsewhere)
    /// keeps a reused parent pid from joining an old run.
    static let runKey: String = {
        let parent = getppid()
        return "\(parent)-\(parentStart(parent) ?? "0")"
    }()

    /// When the process `pid` started: on Linux field 22 of `/proc/<pid>/stat` (clock ticks since
    /// boot), on macOS the process's start time from `sysctl` (seconds and microseconds).
    static func parentStart(_ pid: pid_t) -> String? {
        #if os(macOS)
            // <sys/sysctl.h>: CTL_KERN / KERN_PROC / KERN_PROC_PID fills one `kinfo_proc`.
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            guard sysctl(&name, UInt32(name.count), &info, &size, nil, 0) == 0, size > 0 else { return nil }
            // <sys/proc.h> spells `p_starttime` as a macro over `p_un.__p_starttime`; Swift imports
            // no macros, so the field is read by its real name.
            let start = info.kp_proc.p_un.__p_starttime
            return "\(start.tv_sec).\(start.tv_usec)"
        #elseif os(Linux)
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 19 ? String(fields[19]) : nil
        #else
            return nil
        #endif
    }
}
