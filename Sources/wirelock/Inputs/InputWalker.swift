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
///   byte order of their names, so the output is the same on every machine. Names are kept as
///   bytes, so a name that is not UTF-8 is found and opened like any other. Symbolic links are
///   followed, but a directory is never visited twice (no loops).
/// - `-` is standard input.
/// - A path that does not exist, or a directory that cannot be listed, becomes an unreadable entry
///   in place, so that the caller reports it in order and goes on with the others.
/// - A directory on the command line in which nothing was found (no file with one of
///   ``extensions``, nothing unreadable) becomes an ``Entry/empty(_:)`` entry: usually a wrong
///   path, which commands report unless `--allow-empty`.
struct InputWalker {
    /// One entry of the walk, in order.
    enum Entry: Hashable, Sendable {
        case input(InputFile)
        case unreadable(JSONInputError)
        /// A directory given on the command line that holds no input.
        case empty(RawPath)
    }

    /// File name endings (lowercase, without the dot) collected from directories.
    var extensions: Set<String>

    /// Walks every path in order.
    func entries(for paths: [RawPath]) -> [Entry] {
        var entries: [Entry] = []
        var visited = Set<DirectoryIdentity>()
        for path in paths {
            if path.isStandardInput {
                entries.append(.input(InputFile(path: path, framing: .document)))
                continue
            }
            var info = stat()
            guard Self.fileStatus(path, &info) else {
                entries.append(.unreadable(JSONInputError(path: path.displayed, reason: Self.systemError())))
                continue
            }
            if Self.isDirectory(info) {
                let before = entries.count
                walk(directory: path, identity: DirectoryIdentity(info), visited: &visited, into: &entries)
                if entries.count == before { entries.append(.empty(path)) }
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

    private func walk(directory: RawPath, identity: DirectoryIdentity, visited: inout Set<DirectoryIdentity>,
                      into entries: inout [Entry]) {
        guard visited.insert(identity).inserted else { return }
        let names: [[UInt8]]
        switch Self.listDirectory(directory) {
        case .success(let list): names = list
        case .failure(let error):
            entries.append(.unreadable(error))
            return
        }
        for name in names where name.first != UInt8(ascii: ".") {
            let path = directory.appending(name)
            var info = stat()
            guard Self.fileStatus(path, &info) else {
                // A dangling symbolic link or a file removed meanwhile: report it only if we wanted it.
                if extensions.contains(path.fileExtension) {
                    entries.append(.unreadable(JSONInputError(path: path.displayed, reason: Self.systemError())))
                }
                continue
            }
            if Self.isDirectory(info) {
                walk(directory: path, identity: DirectoryIdentity(info), visited: &visited, into: &entries)
            } else if extensions.contains(path.fileExtension) {
                entries.append(.input(InputFile(path: path)))
            }
        }
    }

    /// The names in a directory (without `.` and `..`) as bytes, sorted by them.
    static func listDirectory(_ path: RawPath) -> Result<[[UInt8]], JSONInputError> {
        guard let handle = path.withCString({ opendir($0) }) else {
            return .failure(JSONInputError(path: path.displayed, reason: systemError()))
        }
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

    /// `stat(2)` of a path; false (with `errno` set) when it fails.
    static func fileStatus(_ path: RawPath, _ info: inout stat) -> Bool {
        path.withCString { _stat($0, &info) } == 0
    }

    private static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The text of the current `errno`.
    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

/// `stat(2)`, named apart from ``InputWalker/fileStatus(_:_:)``.
private func _stat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
    stat(path, &info)
}

extension InputWalker {
    /// The error for an ``Entry/empty(_:)`` directory: `no JSON files found under 'DIR'; …`.
    static func noInputs(under directory: RawPath) -> String {
        "no JSON files found under '\(directory.displayed)'; pass --allow-empty if that is expected"
    }
}
