import WireDecoder
import WireJSONCore
import WireReaders
import WireShapes

/// How the files of a golden directory group into wire formats.
///
/// - `<name>.json` at the top is one sample of format `<name>`;
/// - every `.json` file under a folder `<name>/` (at any depth) is a sample of format `<name>`, so
///   `assertGolden(named: "requests/post-issue")` adds a sample to format `requests`: recording it
///   says so (``folderFormatNote(forGoldenNamed:)``), and `wirelock lock` lists such formats; a
///   golden meant as a format of its own takes a name without a folder (`requests-post-issue`);
/// - skipped: the `shapes/` folder (shape files), pending files `*.actual.json`, reader contracts
///   `*.reads.json` (see ``readerContractName(forRelativePath:)``) and decoded goldens
///   `*.decoded.json` (see ``decodedGoldenName(forRelativePath:)``), which are locked by their
///   content alone, hidden files and folders (`.wirelock/`), and anything not ending in `.json`
///   (`README.md`, `wirelock.lock`).
public enum GoldenCatalog {
    /// The folder under the golden directory that holds shape files.
    public static let shapesFolder = "shapes"
    /// The lock file's name in the golden directory.
    public static let lockFileName = "wirelock.lock"

    /// The format a file belongs to, from its path relative to the golden directory (`/`
    /// separators), or nil if the file is not a golden.
    public static func formatName(forRelativePath path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first, let last = parts.last else { return nil }
        guard last.hasSuffix(".json"), !last.hasSuffix(".actual.json"), !last.hasSuffix(readerContractSuffix),
            !last.hasSuffix(decodedSuffix), !parts.contains(where: { $0.hasPrefix(".") })
        else { return nil }
        if parts.count == 1 { return String(first.dropLast(".json".count)) }
        guard first != shapesFolder else { return nil }
        return first
    }

    /// How a reader contract file's name ends: `golden/<name>.reads.json`.
    public static let readerContractSuffix = ".reads.json"

    /// The reader contract a file is, from its path relative to the golden directory: `movie` for
    /// `movie.reads.json`, `github/issues` for `github/issues.reads.json`; nil for anything else
    /// (pending files `*.reads.actual.json`, hidden folders, `shapes/`).
    public static func readerContractName(forRelativePath path: String) -> String? {
        name(forRelativePath: path, suffix: readerContractSuffix)
    }

    /// How a decoded golden's name ends: `golden/<name>.decoded.json` (what a model decoded, see
    /// `verifyDecodedGolden`).
    public static let decodedSuffix = ".decoded.json"

    /// The decoded golden a file is, from its path relative to the golden directory: `library-event`
    /// for `library-event.decoded.json`; nil for anything else (pending files
    /// `*.decoded.actual.json`, hidden folders, `shapes/`).
    public static func decodedGoldenName(forRelativePath path: String) -> String? {
        name(forRelativePath: path, suffix: decodedSuffix)
    }

    /// A file locked by its content alone (a reader contract, a decoded golden): its name, the
    /// path without `suffix`.
    private static func name(forRelativePath path: String, suffix: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = parts.first, let last = parts.last, last.hasSuffix(suffix), last.count > suffix.count,
            !parts.contains(where: { $0.hasPrefix(".") }), parts.count == 1 || first != shapesFolder
        else { return nil }
        return String(parts.joined(separator: "/").dropLast(suffix.count))
    }

    /// The decoded goldens among golden files (relative path, bytes), sorted by name, with their
    /// documents (for the lock file).
    /// - Throws: ``GoldenCatalog/Error`` for the first one that is not valid JSON, naming its line,
    ///   column and JSON path.
    public static func decodedGoldens(from files: [(path: String, bytes: [UInt8])]) throws(GoldenCatalog.Error)
        -> [(name: String, document: JSONValue)]
    {
        var found: [(name: String, document: JSONValue)] = []
        for file in files {
            guard let name = decodedGoldenName(forRelativePath: file.path) else { continue }
            do throws(JSONSyntaxError) {
                found.append((name, try JSONValue.parse(file.bytes)))
            } catch {
                throw Error(path: file.path, reason: JSONDiagnostic(error).headline, syntaxError: error)
            }
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The reader contracts among golden files (relative path, bytes), each checked by parsing it
    /// as a `ReaderContract`, sorted by name, with their documents (for the lock file).
    /// - Throws: ``GoldenCatalog/Error`` for the first file that is not a reader contract, naming
    ///   its line, column and what was expected.
    public static func readerContracts(from files: [(path: String, bytes: [UInt8])]) throws(GoldenCatalog.Error)
        -> [(name: String, document: JSONValue)]
    {
        var found: [(name: String, document: JSONValue)] = []
        for file in files {
            guard let name = readerContractName(forRelativePath: file.path) else { continue }
            do throws(ReaderContract.FileError) {
                _ = try ReaderContract(parsing: file.bytes, file: file.path)
            } catch {
                throw Error(
                    path: file.path,
                    reason: "\(error.location.line):\(error.location.column): \(error.reason) (at \(error.path))")
            }
            // A contract parses, so it is JSON.
            guard let document = try? JSONValue.parse(file.bytes) else { continue }
            found.append((name, document))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// What a golden name with a folder means for `lock` and `diff`, for the message that records it:
    /// nil for a top-level name (a format of its own).
    ///
    /// ```swift
    /// GoldenCatalog.folderFormatNote(forGoldenNamed: "requests/post-issue")
    /// // "a sample of format 'requests' (every golden under requests/ is one format for wirelock lock
    /// //  and diff; name it 'requests-post-issue' for a format of its own)"
    /// ```
    public static func folderFormatNote(forGoldenNamed name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count > 1, let folder = parts.first else { return nil }
        return
            "a sample of format '\(folder)' (every golden under \(folder)/ is one format for wirelock lock and diff; "
            + "name it '\(parts.joined(separator: "-"))' for a format of its own)"
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
        for file in files {
            guard let name = formatName(forRelativePath: file.path) else { continue }
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
