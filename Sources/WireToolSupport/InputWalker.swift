import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the paths a command is given into the files to work on, the same way for every command.
///
/// - A file named on the command line is taken as given, whatever its name (``excludes`` do not
///   apply to it).
/// - A directory is searched recursively for files whose name ends in one of ``extensions``
///   (any case) or in one of ``suffixes``:
///   - entries whose names start with `.` (`.git`, `.build`, editor backups, WireLock's own
///     temporaries) are skipped;
///   - an entry whose name, or whose path relative to the directory given, matches one of
///     ``excludes`` (`fnmatch` patterns, in which `*` also matches `/`) is skipped; an excluded
///     folder is not entered;
///   - entries are visited in byte order of their names, so the result is the same on every machine;
///   - names are kept as bytes, so a name that is not UTF-8 is found and opened like any other;
///   - symbolic links are followed, but a directory is never visited twice (no loops).
/// - `-` is standard input.
/// - A path that does not exist, or a directory that cannot be listed, becomes an
///   ``Entry/unreadable(_:_:)`` entry in its place, so that the caller reports it in order and goes
///   on with the others (a dangling link inside a directory only if its name was wanted).
/// - A directory given in which nothing was found (no wanted file, nothing unreadable) becomes an
///   ``Entry/empty(_:)`` entry: usually a wrong path, which commands report unless `--allow-empty`.
///
/// ```swift
/// let walker = InputWalker(extensions: ["json"], excludes: [GlobPattern("*-malformed*")])
/// for entry in walker.entries(for: [RawPath("Fixtures")]) { … }
/// ```
package struct InputWalker: Sendable {
    /// One entry of the walk, in order.
    package enum Entry: Hashable, Sendable {
        /// A file to work on; `root` is the directory given that it was found in, nil for a file
        /// named on the command line.
        case file(RawPath, root: RawPath?)
        /// `-`.
        case standardInput
        /// A path that cannot be read, with the system's error.
        case unreadable(RawPath, SystemError)
        /// A directory given on the command line that holds no wanted file.
        case empty(RawPath)
    }

    /// File name endings without the dot, lowercase (`json`), collected from directories.
    package var extensions: Set<String>
    /// Further name endings collected from directories, matched as bytes (`.actual.json`).
    package var suffixes: [String]
    /// What to leave out inside directories.
    package var excludes: [GlobPattern]

    package init(extensions: Set<String>, suffixes: [String] = [], excludes: [GlobPattern] = []) {
        self.extensions = extensions
        self.suffixes = suffixes
        self.excludes = excludes
    }

    /// Walks every path in order.
    package func entries(for paths: [RawPath]) -> [Entry] {
        var entries: [Entry] = []
        var visited = Set<DirectoryIdentity>()
        for path in paths {
            if path.isStandardInput {
                entries.append(.standardInput)
                continue
            }
            var info = stat()
            guard FileSystem.status(path, &info) else {
                entries.append(.unreadable(path, .current))
                continue
            }
            if FileSystem.isDirectory(info) {
                let before = entries.count
                walk(
                    directory: path, relative: [], root: path, identity: DirectoryIdentity(info),
                    visited: &visited, into: &entries)
                if entries.count == before { entries.append(.empty(path)) }
            } else {
                entries.append(.file(path, root: nil))
            }
        }
        return entries
    }

    /// Whether a name found in a directory is collected (its ending), ignoring ``excludes``.
    package func wants(_ name: [UInt8]) -> Bool {
        let path = RawPath(bytes: name)
        return extensions.contains(path.fileExtension) || suffixes.contains { path.hasSuffix($0) }
    }

    /// Whether an entry found inside a walked directory is skipped: its name starts with `.`, or
    /// its name or its path relative to the directory given (`a/b.json`) matches an exclude.
    /// The same test applies to listings that do not come from the file system (`git ls-tree`).
    package func skips(name: [UInt8], relativePath: [UInt8]) -> Bool {
        name.first == UInt8(ascii: ".") || excludes.contains { $0.matches(name) || $0.matches(relativePath) }
    }

    /// Whether a relative path (`a/b/c.json`, `/`-separated) is left out: any of its folders or
    /// the file itself skipped by ``skips(name:relativePath:)``, or a name not wanted.
    package func skips(relativePath: [UInt8]) -> Bool {
        let components = relativePath.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var prefix: [UInt8] = []
        for component in components {
            if !prefix.isEmpty { prefix.append(UInt8(ascii: "/")) }
            prefix += component
            if skips(name: Array(component), relativePath: prefix) { return true }
        }
        return !wants(Array(components.last ?? []))
    }

    private struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            #if canImport(Darwin)
                // Darwin's <sys/types.h>: `dev_t` is a signed 32-bit integer and may be negative
                // (UInt64(_:) would trap); its bits are the identity.
                device = UInt64(UInt32(bitPattern: info.st_dev))
            #else
                // glibc and musl: `dev_t` is unsigned 64-bit.
                device = UInt64(info.st_dev)
            #endif
            inode = UInt64(info.st_ino)
        }
    }

    private func walk(
        directory: RawPath, relative: [UInt8], root: RawPath, identity: DirectoryIdentity,
        visited: inout Set<DirectoryIdentity>, into entries: inout [Entry]
    ) {
        guard visited.insert(identity).inserted else { return }
        let names: [[UInt8]]
        switch FileSystem.list(directory) {
        case .success(let list): names = list
        case .failure(let error):
            entries.append(.unreadable(directory, error))
            return
        }
        for name in names {
            let relativePath = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            if skips(name: name, relativePath: relativePath) { continue }
            let path = directory.appending(name)
            var info = stat()
            guard FileSystem.status(path, &info) else {
                // A dangling symbolic link or a file removed meanwhile: report it only if we wanted it.
                if wants(name) { entries.append(.unreadable(path, .current)) }
                continue
            }
            if FileSystem.isDirectory(info) {
                walk(
                    directory: path, relative: relativePath, root: root, identity: DirectoryIdentity(info),
                    visited: &visited, into: &entries)
            } else if wants(name) {
                entries.append(.file(path, root: root))
            }
        }
    }

    /// The message for an ``Entry/empty(_:)`` directory: `no JSON files found under 'DIR'; …`.
    package static func noInputs(under directory: RawPath) -> String {
        "no JSON files found under '\(directory.displayed)'; pass --allow-empty if that is expected"
    }
}
