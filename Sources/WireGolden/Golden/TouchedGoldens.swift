import Foundation
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's part of the touched-goldens record that `wirelock golden --orphans` reads (see
/// ``GoldenRuns``): the goldens its assertions asserted, in `<root>/.wirelock/runs/<start>-<parent
/// pid>-<pid>.touched`, one file per test process.
///
/// Each golden is appended once per process, by the first assertion of it (one `O_APPEND` write,
/// safe with other threads and processes appending too); later assertions of it cost a set lookup
/// and no file system work. Written at once rather than at exit, so another process (the CLI) sees
/// it while the tests still run, and a test process that crashes leaves what it asserted.
///
/// The process that creates the file also writes a `#` line with its arguments, so a filtered run
/// can be told from a full one, and deletes runs and claims older than their limits.
///
/// ```swift
/// TouchedGoldens.shared.note("golden/movie.json", root: root)   // appended to this process's record
/// TouchedGoldens.shared.note("golden/movie.json", root: root)   // already there: nothing written
/// ```
package final class TouchedGoldens: Sendable {
    /// The record of this process.
    package static let shared = TouchedGoldens()

    /// Every golden noted, by root.
    private let noted = Locked([String: Set<String>]())

    /// Notes that an assertion touched the golden shown as `shown` (relative to `root` when inside
    /// it), appending it to this process's record the first time. Without a root nothing is
    /// recorded: there is no `.wirelock/` to record in.
    package func note(_ shown: String, root: URL?) {
        guard let root else { return }
        let isNew = noted.withLock { $0[root.path, default: []].insert(shown).inserted }
        if isNew { append(shown, root: root) }
    }

    /// This process's record under `root`.
    package static func file(root: URL) -> URL {
        GoldenRuns.directory(root: root).appendingPathComponent("\(RunIdentity.current).touched")
    }

    /// One `O_APPEND` write of `name`; the process that creates the file starts it with its
    /// arguments line and prunes old runs and claims.
    private func append(_ name: String, root: URL) {
        let dir = GoldenRuns.directory(root: root)
        _ = FileSystem.makeDirectories(RawPath(dir.path))
        let path = Self.file(root: root).path
        var text = name + "\n"
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, 0o644)
        if fd >= 0 {
            text = GoldenRuns.argumentsLine(Array(CommandLine.arguments.dropFirst())) + "\n" + text
            GoldenRuns.prune(root: root)
            GoldenClaims.prune(root: root)
        } else {
            fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        guard fd >= 0 else { return }
        FileSystem.writeAll(Array(text.utf8), to: fd)
        close(fd)
    }
}
