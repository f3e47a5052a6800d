#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a fixture named in a test lives, and what to say when it is not there: the names nearest
/// to it under the fixtures directory. The golden workflow's round trips and the fuzz campaigns
/// use this one lookup.
package enum FixturePaths {
    /// `<directory>/<name>.json` (or `name` itself when it is absolute; `.json` is not doubled).
    package static func path(_ name: String, directory: String) -> String {
        if name.hasPrefix("/") { return name }
        let file = name.hasSuffix(".json") ? name : name + ".json"
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }

    /// Why the fixture at `path` cannot be read: unreadable (with the system's reason), or absent,
    /// naming the fixtures nearest to it under `directory`.
    ///
    /// ```swift
    /// FixturePaths.problem(path: "/repo/Fixtures/movie-sucess.json", directory: "/repo/Fixtures")
    /// // no fixture movie-sucess.json in /repo/Fixtures; nearest: movie-success, movies-success
    /// ```
    package static func problem(path: String, directory: String) -> String {
        let raw = RawPath(path)
        var info = stat()
        if FileSystem.status(raw, &info) {
            let reason: String
            switch FileSystem.openForReading(raw) {
            case .failure(let error): reason = error.reason
            case .success(let descriptor):
                close(descriptor)
                reason = "not a readable file"
            }
            return "cannot read fixture \(path): \(reason)"
        }
        let base = RawPath(directory).standardized.withoutTrailingSlash.text
        let full = raw.standardized.text
        var asked =
            full.hasPrefix(base + "/")
            ? String(full.dropFirst(base.count + 1)) : String(decoding: raw.lastComponent, as: UTF8.self)
        if asked.hasSuffix(".json") { asked = String(asked.dropLast(".json".count)) }
        let near = Nearest.names(near: asked, among: fixtureNames(in: directory))
        let hint = near.isEmpty ? "; it holds no .json fixture" : "; nearest: " + near.joined(separator: ", ")
        return
            "no fixture \(asked).json in \(directory.hasSuffix("/") ? String(directory.dropLast()) : directory)\(hint)"
    }

    /// Every `.json` file under `directory`, as the name a fixture argument would use: relative to
    /// the directory, without `.json` (`API/v3/movies-success`). Hidden folders and pending or
    /// metadata files are skipped; at most ``Nearest/maxCandidates`` are listed.
    package static func fixtureNames(in directory: String) -> [String] {
        let root = RawPath(directory).withTrailingSlash.bytes
        let files = self.files(below: RawPath(directory), limit: Nearest.maxCandidates) { name in
            let text = String(decoding: name, as: UTF8.self)
            return text.hasSuffix(".json") && !text.hasSuffix(".actual.json") && !text.hasSuffix(".meta.json")
        }
        return files.map { String(decoding: $0.bytes.dropFirst(root.count).dropLast(".json".count), as: UTF8.self) }
            .sorted()
    }

    /// The files below `directory` whose name `wanted` accepts, in byte order of the names at each
    /// level: hidden entries are skipped, at most 32 folders deep (a link loop ends there), at most
    /// `limit` files.
    package static func files(below directory: RawPath, limit: Int = .max, wanted: ([UInt8]) -> Bool) -> [RawPath] {
        var found: [RawPath] = []
        func visit(_ folder: RawPath, depth: Int) {
            guard depth < 32, case .success(let entries) = FileSystem.list(folder) else { return }
            for entry in entries.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                guard found.count < limit, entry.first != UInt8(ascii: ".") else { continue }
                let child = folder.appending(entry)
                if FileSystem.isDirectory(child) {
                    visit(child, depth: depth + 1)
                } else if wanted(entry) {
                    found.append(child)
                }
            }
        }
        visit(directory.withTrailingSlash, depth: 0)
        return found
    }
}
