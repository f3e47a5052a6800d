import WireJSON
import WireShapes

/// How the files of a golden directory group into wire formats.
///
/// - `<name>.json` at the top is one sample of format `<name>`;
/// - when `<name>.json` exists at the top, every `.json` file under the folder `<name>/` (at any
///   depth) is one more sample of format `<name>` (`movie.json` and `movie/unreleased.json`);
/// - any other file in a folder is a format of its own, named by its path without `.json`:
///   `assertGolden(named: "requests/post-issue")` writes `requests/post-issue.json`, format
///   `requests/post-issue` (its shape in `shapes/requests/post-issue.shape.json`), not a sample of
///   a format `requests`;
/// - skipped: the `shapes/` folder (shape files), pending files `*.actual.json`, hidden files and
///   folders (`.wirelock/`), and anything not ending in `.json` (`README.md`, `wirelock.lock`).
public enum GoldenCatalog {
    /// The folder under the golden directory that holds shape files.
    public static let shapesFolder = "shapes"
    /// The lock file's name in the golden directory.
    public static let lockFileName = "wirelock.lock"

    /// The format a file belongs to, from its path relative to the golden directory (`/`
    /// separators), or nil if the file is not a golden.
    /// - Parameters:
    ///   - path: the file, relative to the golden directory.
    ///   - topLevelFormats: the formats of the golden directory's top-level files (`movie` for
    ///     `movie.json`): a file under `movie/` is a sample of `movie` only when `movie` is one of them.
    ///
    /// ```swift
    /// GoldenCatalog.formatName(forRelativePath: "movie/unreleased.json", topLevelFormats: ["movie"])   // "movie"
    /// GoldenCatalog.formatName(forRelativePath: "requests/post-issue.json", topLevelFormats: ["movie"])   // "requests/post-issue"
    /// ```
    public static func formatName(forRelativePath path: String, topLevelFormats: Set<String>) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first, let last = parts.last else { return nil }
        guard last.hasSuffix(".json"), !last.hasSuffix(".actual.json"), !parts.contains(where: { $0.hasPrefix(".") })
        else { return nil }
        if parts.count == 1 { return String(first.dropLast(".json".count)) }
        guard first != shapesFolder else { return nil }
        if topLevelFormats.contains(first) { return first }
        return String(parts.joined(separator: "/").dropLast(".json".count))
    }

    /// Whether a path relative to the golden directory is a golden at all (not a shape file, a
    /// pending `*.actual.json`, a hidden file or a file that is not `.json`).
    public static func isGolden(relativePath path: String) -> Bool {
        formatName(forRelativePath: path, topLevelFormats: []) != nil
    }

    /// The formats of the top-level goldens among these paths (see
    /// ``formatName(forRelativePath:topLevelFormats:)``).
    public static func topLevelFormats(_ paths: some Sequence<String>) -> Set<String> {
        Set(
            paths.filter { !$0.contains("/") }.compactMap { formatName(forRelativePath: $0, topLevelFormats: []) })
    }

    /// Why a golden could not be read.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The file, relative to the golden directory.
        public var path: String
        /// What is wrong with it.
        public var reason: String
        /// The syntax error, when the file is not valid JSON (its location, path and excerpt, for a
        /// renderer that shows them as every other command does).
        public var syntaxError: JSONSyntaxError?

        /// An error about a file.
        /// - Parameters:
        ///   - path: the file, relative to the golden directory.
        ///   - reason: what is wrong, as a sentence.
        ///   - syntaxError: the underlying syntax error, when the file is not valid JSON.
        public init(path: String, reason: String, syntaxError: JSONSyntaxError? = nil) {
            self.path = path
            self.reason = reason
            self.syntaxError = syntaxError
        }

        public var description: String { "\(path): \(reason)" }
    }

    /// Groups golden files (relative path, bytes) into formats, parsing each strictly.
    /// - Throws: ``GoldenCatalog/Error`` for the first file that is not valid JSON, naming its
    ///   line, column and JSON path.
    public static func formats(from files: [(path: String, bytes: [UInt8])]) throws(GoldenCatalog.Error)
        -> [GoldenFormat]
    {
        var grouped: [String: [GoldenFormat.Sample]] = [:]
        let topLevel = topLevelFormats(files.lazy.map(\.path))
        for file in files {
            guard let name = formatName(forRelativePath: file.path, topLevelFormats: topLevel) else { continue }
            do throws(JSONSyntaxError) {
                grouped[name, default: []].append(.init(path: file.path, document: try JSONValue.parse(file.bytes)))
            } catch {
                throw Error(
                    path: file.path, reason: JSONDiagnostic(error).headline,
                    syntaxError: error)
            }
        }
        return grouped.keys.sorted().map { GoldenFormat(name: $0, samples: grouped[$0]!) }
    }
}
