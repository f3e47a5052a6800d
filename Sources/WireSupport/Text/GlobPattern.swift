#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shell wildcard pattern (`*`, `?`, `[…]`), matched by the C library's `fnmatch` without flags:
/// `*` and `?` also match `/` and a leading `.`. Patterns and names are bytes.
///
/// ```swift
/// GlobPattern("*-malformed*").matches(Array("movies-malformed.json".utf8))   // true
/// GlobPattern("movies-*.json").matches(Array("movies-success.json".utf8))   // true
/// ```
package struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern's bytes (no NUL).
    package var bytes: [UInt8]

    package init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }
    package init(_ text: String) { bytes = Array(text.utf8) }

    /// Whether `name` matches the whole pattern.
    package func matches(_ name: some Collection<UInt8>) -> Bool {
        let pattern = bytes.map { CChar(bitPattern: $0) } + [0]
        let subject = name.map { CChar(bitPattern: $0) } + [0]
        return fnmatch(pattern, subject, 0) == 0
    }

    /// Whether text matches (its UTF-8).
    package func matches(_ text: String) -> Bool { matches(Array(text.utf8)) }

    package var description: String { PathDisplay.escaped(bytes) }

    /// The files the patterns name, found with the C library's `glob` (relative patterns from the
    /// working directory), without duplicates, sorted.
    package static func expand(_ patterns: [String]) -> [String] {
        var files: [String] = []
        for pattern in patterns {
            var result = glob_t()
            defer { globfree(&result) }
            guard glob(pattern, 0, nil, &result) == 0 else { continue }
            for i in 0..<Int(result.gl_pathc) {
                if let path = result.gl_pathv[i] { files.append(String(cString: path)) }
            }
        }
        return Array(Set(files)).sorted()
    }
}
