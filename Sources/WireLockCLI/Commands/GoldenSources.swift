import WireCommandLine
import WireCommands
import WireJSON
import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads goldens for `shape`, `lock` and `diff`: from a directory in the working tree, or from a
/// git revision without checking it out (`git ls-tree` + `git cat-file --batch`). Both sides go by
/// the same walker rules (``InputWalker``: `.json` files, names starting with `.` skipped, the
/// `--exclude` patterns).
enum GoldenSources {
    /// A golden or shape input that could not be read.
    struct ReadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The walker over golden directories: `.json` files, with `excludes`.
    static func walker(excludes: [GlobPattern]) -> InputWalker {
        InputWalker(extensions: ["json"], excludes: excludes)
    }

    /// Every `.json` file under `directory`, with paths relative to it.
    /// - Parameter allowEmpty: accept a directory without any; else that is a ``ReadError``.
    static func directory(_ directory: RawPath, allowEmpty: Bool = false, excludes: [GlobPattern] = [])
        throws(ReadError) -> [GoldenFile]
    {
        var files: [GoldenFile] = []
        let base = directory.withTrailingSlash.bytes
        for entry in walker(excludes: excludes).entries(for: [directory]) {
            switch entry {
            case .unreadable(let path, let error):
                throw ReadError(message: JSONInputError(path: path.displayed, reason: error.reason).description)
            case .empty(let directory):
                if !allowEmpty { throw ReadError(message: InputWalker.noInputs(under: directory)) }
            case .standardInput:
                continue
            case .file(let path, _):
                do throws(JSONInputError) {
                    files.append((relativeName(of: path, base: base), try FileReader.readFile(at: path)))
                } catch {
                    throw ReadError(message: error.description)
                }
            }
        }
        return files
    }

    /// A golden's name in its format: its path relative to the golden directory (`base`, with its
    /// trailing slash), as displayed; a path outside it keeps its own spelling.
    static func relativeName(of path: RawPath, base: [UInt8]) -> String {
        (path.bytes.starts(with: base) ? RawPath(bytes: path.bytes.dropFirst(base.count)) : path).displayed
    }

    /// One file, under its own path (as displayed).
    static func file(_ path: RawPath) throws(ReadError) -> GoldenFile {
        do throws(JSONInputError) {
            return (path.displayed, try FileReader.readFile(at: path))
        } catch {
            throw ReadError(message: error.description)
        }
    }

    /// The `.json` files under `directory` (a folder of the working tree, relative to the working
    /// directory or absolute) at git revision `revision`, with paths relative to `directory`. The
    /// folder is located relative to the root of the repository holding it, so this works from any
    /// folder of the repository. git is run directly (no shell), its errors discarded.
    static func git(revision: String, directory: RawPath, excludes: [GlobPattern] = []) throws(ReadError)
        -> [GoldenFile]
    {
        let shown = directory.withoutTrailingSlash.displayed
        guard FileSystem.isDirectory(directory), let absolute = directory.withCString({ realpath($0, nil) }) else {
            throw ReadError(message: "cannot read '\(shown)': no such directory")
        }
        let folderPath = String(cString: absolute)
        free(absolute)
        let rootOutput = try run(
            ["git", "-C", folderPath, "rev-parse", "--show-toplevel"],
            failure: "'\(shown)' is not in a git repository")
        var root = String(decoding: rootOutput, as: UTF8.self)
        while root.hasSuffix("\n") { root.removeLast() }
        if let resolved = realpath(root, nil) {
            root = String(cString: resolved)
            free(resolved)
        }
        // The folder relative to the repository's root: "" for the root itself.
        let folder: String
        if folderPath == root {
            folder = ""
        } else if folderPath.hasPrefix(root + "/") {
            folder = String(folderPath.dropFirst(root.count + 1))
        } else {
            throw ReadError(message: "'\(shown)' is not inside the git repository at \(root)")
        }
        let listing = try run(
            ["git", "-C", root, "ls-tree", "-r", "-z", revision] + (folder.isEmpty ? [] : ["--", folder + "/"]),
            failure: "cannot list \(shown)/ at revision '\(revision)' (is it a commit of this repository?)")
        let rules = walker(excludes: excludes)
        var entries: [(object: String, path: String)] = []
        for record in listing.split(separator: 0) {
            // "<mode> SP <type> SP <object> TAB <path>"
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let header = record[record.startIndex..<tab].split(separator: 0x20)
            guard header.count == 3, String(decoding: header[1], as: UTF8.self) == "blob" else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let prefix = folder.isEmpty ? "" : folder + "/"
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            guard !rules.skips(relativePath: Array(relative.utf8)) else { continue }
            entries.append((String(decoding: header[2], as: UTF8.self), relative))
        }
        guard !entries.isEmpty else { return [] }

        // One `git cat-file --batch` for every blob: "<object> blob <size>\n<bytes>\n" each.
        // The object list goes through a temporary file (registered, so a signal removes it too).
        guard let (descriptor, list) = TemporaryFiles.create(Array("/tmp/wirelock-objects-XXXXXX".utf8)) else {
            throw ReadError(message: "cannot create a temporary file: \(SystemError.current)")
        }
        defer { TemporaryFiles.remove(list) }
        let listPath = list.text  // the template's name: ASCII
        let written = FileSystem.writeAll(Array(entries.map { $0.object + "\n" }.joined().utf8), to: descriptor)
        let closed = close(descriptor) == 0
        guard written == nil, closed else {
            throw ReadError(message: "cannot write \(listPath): \(SystemError(written ?? errno))")
        }
        let batch = try run(
            ["git", "-C", root, "cat-file", "--batch"], stdinPath: listPath,
            failure: "git cat-file failed at revision '\(revision)'")

        var files: [GoldenFile] = []
        var offset = 0
        for entry in entries {
            guard let newline = batch[offset...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: batch[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), newline + 1 + size <= batch.count else {
                throw ReadError(message: "unexpected output from git cat-file for \(entry.path)")
            }
            files.append((entry.path, Array(batch[(newline + 1)..<(newline + 1 + size)])))
            offset = newline + 1 + size + 1
        }
        return files
    }

    /// Runs a program (found on `PATH`) and returns its standard output; its standard error is
    /// discarded, and a status other than 0 is `failure`.
    private static func run(_ arguments: [String], stdinPath: String? = nil, failure: String) throws(ReadError)
        -> [UInt8]
    {
        #if WIRELOCK_SPAWN
            let result: (status: Int32, output: [UInt8])
            do throws(Spawn.Failure) { result = try Spawn.output(arguments, stdinPath: stdinPath) } catch {
                throw ReadError(message: failure)
            }
            guard result.status == 0 else { throw ReadError(message: failure) }
            return result.output
        #else
            throw ReadError(message: failure + " (this platform cannot start processes)")
        #endif
    }

    /// Writes a file atomically, creating its folders (``AtomicFile/Options/rewrite(force:existing:)``):
    /// a new file appears only once complete, an existing one is replaced whole.
    /// - Parameters:
    ///   - force: replace even a file ``RewritePolicy`` refuses.
    ///   - failBeforeRename: a test hook: fail after the temporary file is written.
    static func write(_ bytes: [UInt8], to path: RawPath, force: Bool = false, failBeforeRename: Bool = false)
        throws(AtomicWriteError)
    {
        guard failBeforeRename else { return try AtomicFile.write(bytes, to: path, options: .rewrite(force: force)) }
        try AtomicFile.withInjectedFault(.failBeforeRename) { () throws(AtomicWriteError) in
            try AtomicFile.write(bytes, to: path, options: .rewrite(force: force))
        }
    }
}
