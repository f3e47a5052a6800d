#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WireJSON

/// A golden file read from disk or from git: its path relative to the golden directory (as
/// displayed: escaped by ``PathDisplay``, so that names, which come from it, are printable and two
/// different names never look alike), and its bytes.
typealias GoldenFile = (path: String, bytes: [UInt8])

/// Reads goldens for `shape`, `lock` and `diff`: from a directory in the working tree, or from a
/// git revision without checking it out (`git ls-tree` + `git cat-file --batch`).
enum GoldenSources {
    /// A golden or shape input that could not be read.
    struct ReadError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Every `.json` file under `directory` (names starting with `.` skipped), with paths relative to it.
    /// - Parameter allowEmpty: accept a directory without any; else that is a ``ReadError``.
    static func directory(_ directory: RawPath, allowEmpty: Bool = false) throws(ReadError) -> [GoldenFile] {
        var files: [GoldenFile] = []
        let base = directory.withTrailingSlash.bytes
        for entry in InputWalker(extensions: ["json"]).entries(for: [directory]) {
            switch entry {
            case .unreadable(let error): throw ReadError(message: error.description)
            case .empty(let directory):
                if !allowEmpty { throw ReadError(message: InputWalker.noInputs(under: directory)) }
            case .input(let input):
                do throws(JSONInputError) {
                    let bytes = try FileReader.readFile(at: input.path)
                    let path = input.path.bytes
                    let relative = path.starts(with: base) ? RawPath(bytes: path.dropFirst(base.count)) : input.path
                    files.append((relative.displayed, bytes))
                } catch {
                    throw ReadError(message: error.description)
                }
            }
        }
        return files
    }

    /// One file, under its own path (as displayed).
    static func file(_ path: RawPath) throws(ReadError) -> GoldenFile {
        do throws(JSONInputError) {
            return (path.displayed, try FileReader.readFile(at: path))
        } catch {
            throw ReadError(message: error.description)
        }
    }

    /// Whether a path names a directory.
    static func isDirectory(_ path: RawPath) -> Bool {
        var info = stat()
        return InputWalker.fileStatus(path, &info) && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The `.json` files under `directory` (a folder of the working tree, relative to the working
    /// directory or absolute) at git revision `revision`, with paths relative to `directory`. The
    /// folder is located relative to the root of the repository holding it, so this works from any
    /// folder of the repository.
    static func git(revision: String, directory: String) throws(ReadError) -> [GoldenFile] {
        let shown = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard isDirectory(RawPath(directory)), let absolute = realpath(directory, nil) else {
            throw ReadError(message: "cannot read '\(shown)': no such directory")
        }
        let folderPath = String(cString: absolute)
        free(absolute)
        let rootOutput = try run("git -C \(quoted(folderPath)) rev-parse --show-toplevel",
                                 failure: "'\(shown)' is not in a git repository")
        var root = String(decoding: rootOutput, as: UTF8.self)
        while root.hasSuffix("\n") { root.removeLast() }
        if let resolved = realpath(root, nil) { root = String(cString: resolved); free(resolved) }
        // The folder relative to the repository's root: "" for the root itself.
        let folder: String
        if folderPath == root { folder = "" } else if folderPath.hasPrefix(root + "/") { folder = String(folderPath.dropFirst(root.count + 1)) } else {
            throw ReadError(message: "'\(shown)' is not inside the git repository at \(root)")
        }
        let git = "git -C \(quoted(root))"
        let listing = try run("\(git) ls-tree -r -z \(quoted(revision))" + (folder.isEmpty ? "" : " -- \(quoted(folder + "/"))"),
                              failure: "cannot list \(shown)/ at revision '\(revision)' (is it a commit of this repository?)")
        var entries: [(object: String, path: String)] = []
        for record in listing.split(separator: 0) {
            // "<mode> SP <type> SP <object> TAB <path>"
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let header = record[record.startIndex..<tab].split(separator: 0x20)
            guard header.count == 3, String(decoding: header[1], as: UTF8.self) == "blob" else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let prefix = folder.isEmpty ? "" : folder + "/"
            guard path.hasPrefix(prefix), path.hasSuffix(".json") else { continue }
            let relative = String(path.dropFirst(prefix.count))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            entries.append((String(decoding: header[2], as: UTF8.self), relative))
        }
        guard !entries.isEmpty else { return [] }

        // One `git cat-file --batch` for every blob: "<object> blob <size>\n<bytes>\n" each.
        // The object list goes through a temporary file (registered, so a signal removes it too).
        guard let (descriptor, list) = TemporaryFiles.create(Array("/tmp/wirelock-objects-XXXXXX".utf8)) else {
            throw ReadError(message: "cannot create a temporary file: \(InputWalker.systemError())")
        }
        defer { TemporaryFiles.remove(list) }
        let listPath = list.text    // mkstemp's name: ASCII
        let request = Array(entries.map { $0.object + "\n" }.joined().utf8)
        let written = request.withUnsafeBytes { _writeBytes(descriptor, $0.baseAddress, $0.count) }
        let closed = close(descriptor) == 0
        guard written == request.count, closed else { throw ReadError(message: "cannot write \(listPath): \(InputWalker.systemError())") }
        let batch = try run("\(git) cat-file --batch < \(quoted(listPath))", failure: "git cat-file failed at revision '\(revision)'")

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

    /// Runs a shell command and returns its standard output; its standard error is discarded.
    private static func run(_ command: String, failure: String) throws(ReadError) -> [UInt8] {
        guard let pipe = popen(command + " 2>/dev/null", "r") else { throw ReadError(message: failure) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        let status = pclose(pipe)
        guard status == 0 else { throw ReadError(message: failure) }
        return output
    }

    /// A word for `sh`: single-quoted, with embedded quotes escaped.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// Writes a file atomically (temporary file, `fsync`, rename), creating its folders if needed:
    /// a new file appears only once complete, an existing one is replaced whole.
    /// - Parameters:
    ///   - force: replace even a file ``RewritePolicy`` refuses.
    ///   - failBeforeRename: a test hook, passed to ``AtomicFileWriter/write(_:toFileAt:force:failBeforeRename:)``.
    static func write(_ bytes: [UInt8], to path: RawPath, force: Bool = false, failBeforeRename: Bool = false) throws(FileWriteError) {
        makeParentDirectories(of: path)
        try AtomicFileWriter.write(bytes, toFileAt: path, force: force, failBeforeRename: failBeforeRename)
    }

    /// `mkdir -p` of the folders above `path` (failures surface when the file itself is written).
    static func makeParentDirectories(of path: RawPath) {
        for index in path.bytes.indices where path.bytes[index] == UInt8(ascii: "/") && index != 0 {
            _ = RawPath(bytes: path.bytes[..<index]).withCString { mkdir($0, 0o755) }
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation in the tool).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

/// `write(2)`, named apart from ``GoldenSources/write(_:to:)``.
private func _writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
