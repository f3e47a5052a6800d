#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WireJSON

/// Turns command-line paths into the list of inputs to work on.
///
/// - A file is taken as given, whatever its name.
/// - A directory is searched recursively for files with one of ``extensions``; entries whose
///   names start with `.` (`.git`, `.build`, editor backups) are skipped; entries are visited in
///   byte order of their names, so the output is the same on every machine. Symbolic links are
///   followed, but a directory is never visited twice (no loops).
/// - `-` is standard input.
/// - A path that does not exist, or a directory that cannot be listed, becomes an unreadable entry
///   in place, so that the caller reports it in order and goes on with the others.
struct InputWalker {
    /// One entry of the walk, in order.
    enum Entry: Hashable, Sendable {
        case input(InputFile)
        case unreadable(JSONInputError)
    }

    /// File name endings (lowercase, without the dot) collected from directories.
    var extensions: Set<String>

    /// Walks every path in order.
    func entries(for paths: [String]) -> [Entry] {
        var entries: [Entry] = []
        var visited = Set<DirectoryIdentity>()
        for path in paths {
            if path == InputFile.standardInputPath {
                entries.append(.input(InputFile(path: path, framing: .document)))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                entries.append(.unreadable(JSONInputError(path: path, reason: Self.systemError())))
                continue
            }
            if Self.isDirectory(info) {
                walk(directory: path, identity: DirectoryIdentity(info), visited: &visited, into: &entries)
            } else {
                entries.append(.input(InputFile(path: path)))
            }
        }
        return entries
    }

    private struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private func walk(directory: String, identity: DirectoryIdentity, visited: inout Set<DirectoryIdentity>,
                      into entries: inout [Entry]) {
        guard visited.insert(identity).inserted else { return }
        let names: [String]
        switch Self.listDirectory(directory) {
        case .success(let list): names = list
        case .failure(let error):
            entries.append(.unreadable(error))
            return
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names where !name.hasPrefix(".") {
            let path = base + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                // A dangling symbolic link or a file removed meanwhile: report it only if we wanted it.
                if extensions.contains(InputFile.fileExtension(of: name)) {
                    entries.append(.unreadable(JSONInputError(path: path, reason: Self.systemError())))
                }
                continue
            }
            if Self.isDirectory(info) {
                walk(directory: path, identity: DirectoryIdentity(info), visited: &visited, into: &entries)
            } else if extensions.contains(InputFile.fileExtension(of: name)) {
                entries.append(.input(InputFile(path: path)))
            }
        }
    }

    /// The names in a directory (without `.` and `..`), sorted by their UTF-8 bytes.
    private static func listDirectory(_ path: String) -> Result<[String], JSONInputError> {
        guard let handle = opendir(path) else {
            return .failure(JSONInputError(path: path, reason: systemError()))
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    private static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The text of the current `errno`.
    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
