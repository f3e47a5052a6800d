import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the hidden `.wirelock-` temporary files that a killed rewrite (SIGKILL, a power cut) left
/// beside the files a command touches. The directory walk skips names starting with `.`, so
/// without this they would pile up unnoticed; they are reported, never deleted (another wirelock
/// may be writing one right now).
///
/// Each folder is listed once per run, however many of its files are touched.
///
/// ```swift
/// var stale = StaleTemporaries()
/// for path in stale.newlyFound(besides: RawPath("golden/movie.json")) { print(path.displayed) }
/// ```
package struct StaleTemporaries {
    private var listed: Set<RawPath> = []

    package init() {}

    /// The temporaries in the folder holding `file`, or nothing if that folder was listed before.
    package mutating func newlyFound(besides file: RawPath) -> [RawPath] {
        let directory = file.directoryAndName.directory
        guard listed.insert(directory).inserted else { return [] }
        guard case .success(let names) = FileSystem.list(directory) else { return [] }
        return names.filter(Self.isTemporaryName).map {
            directory == "." ? RawPath(bytes: $0) : directory.appending($0)
        }
        .filter(Self.isRegularFile)
    }

    /// `.NAME.wirelock-XXXXXX` (what ``AtomicFile`` creates) or any hidden `.wirelock-…` name.
    package static func isTemporaryName(_ name: [UInt8]) -> Bool {
        let marker = Array(".wirelock-".utf8)
        guard name.first == UInt8(ascii: "."), name.count > marker.count else { return false }
        return (0...(name.count - marker.count)).contains { name[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// The warning for one of them.
    package static func warning(_ path: RawPath) -> String {
        "'\(path.displayed)' looks like a temporary file left by an interrupted wirelock run (or one still running); "
            + "delete it if no wirelock is running"
    }

    private static func isRegularFile(_ path: RawPath) -> Bool {
        var info = stat()
        return FileSystem.linkStatus(path, &info) && FileSystem.isRegularFile(info)
    }
}
