import WireJSON
import WireSupport
import WireToolSupport

/// Where a check stage or a lint rule runs: on, off, or on the files some globs select, as
/// `wirelock.json` spells it under `check` and `lint.scope`.
///
/// ```json
/// "check": { "fmt": false, "lint": { "files": ["Fixtures/v2/*"], "exclude": ["*-legacy.json"] } }
/// ```
///
/// `true` (every file) and `false` (none) are the short forms; an object gives `files` (shell globs
/// on the file as reported, relative to the configuration's folder, `*` also matching `/`; every file
/// when absent) and `exclude` (globs of files left out even when `files` selects them).
///
/// ```swift
/// let scope = PathScope(files: ["Fixtures/v2/*"])
/// scope.covers("Fixtures/v2/user-default.json")   // true
/// scope.covers("Fixtures/user-default.json")      // false
/// ```
package struct PathScope: Hashable, Sendable {
    /// Whether the stage or rule runs at all.
    package var enabled: Bool
    /// The files it runs on; every file when empty.
    package var files: [String]
    /// Files it skips even when ``files`` selects them.
    package var exclude: [String]

    /// A scope; the default runs everywhere.
    package init(enabled: Bool = true, files: [String] = [], exclude: [String] = []) {
        self.enabled = enabled
        self.files = files
        self.exclude = exclude
    }

    /// Everywhere (the default).
    package static let everywhere = PathScope()
    /// Nowhere (`false`).
    package static let off = PathScope(enabled: false)

    /// Whether it runs everywhere (on, with no glob).
    package var isEverywhere: Bool { enabled && files.isEmpty && exclude.isEmpty }

    /// Whether it runs on `file` (as reported, relative to the configuration's folder).
    package func covers(_ file: String) -> Bool {
        guard enabled else { return false }
        if !files.isEmpty && !files.contains(where: { GlobPattern($0).matches(file) }) { return false }
        return !exclude.contains { GlobPattern($0).matches(file) }
    }

    /// Reads `true`, `false` or `{ "files": [...], "exclude": [...] }`.
    /// - Returns: the scope, or where the value is wrong (relative to `value`) and what was expected.
    package static func parse(_ value: JSONValue) -> Result<PathScope, PathScope.Error> {
        switch value {
        case .bool(let flag):
            return .success(PathScope(enabled: flag))
        case .object(let object):
            var scope = PathScope()
            for member in object.members {
                let path = JSONPath([.key(member.key)])
                guard member.key == "files" || member.key == "exclude" else {
                    return .failure(Error(path: path, reason: "unknown field (expected files or exclude)"))
                }
                var globs: [String] = []
                switch member.value {
                case .string(let text) where !text.isEmpty:
                    globs = [text]
                case .array(let items):
                    for (index, item) in items.enumerated() {
                        guard case .string(let text) = item, !text.isEmpty else {
                            return .failure(
                                Error(path: path.appending(index: index), reason: "expected a non-empty glob string"))
                        }
                        globs.append(text)
                    }
                default:
                    return .failure(Error(path: path, reason: "expected a glob or an array of globs"))
                }
                if member.key == "files" { scope.files = globs } else { scope.exclude = globs }
            }
            return .success(scope)
        default:
            return .failure(
                Error(path: .root, reason: "expected true, false or an object with files and exclude globs"))
        }
    }

    /// A scope that cannot be read: where (relative to the scope's value) and what was expected.
    package struct Error: Swift.Error, Hashable, Sendable {
        package var path: JSONPath
        package var reason: String
    }
}

/// The base names `naming.file-name` accepts (`lint.naming.pattern` in `wirelock.json`): one of
/// the named conventions, or a regular expression the whole base name (without `.json`, `.jsonl`,
/// `.ndjson`) must match.
///
/// - `resource-scenario` (the default): lower-case words and digits joined by single dashes, at least
///   two (`movies-success`).
/// - `kebab-case`: the same, one word allowed (`movies`).
/// - `snake_case`: lower-case words and digits joined by single underscores (`get_user_repos`).
/// - anything else: a regular expression (`^[a-z]+(_[a-z0-9]+)*$`), matched against the whole name.
///
/// ```swift
/// let pattern = try FileNamePattern("snake_case")
/// pattern.accepts("list_repos")   // true
/// FileNamePattern.resourceScenario.accepts("list_repos")   // false
/// ```
package struct FileNamePattern: Hashable, Sendable, CustomStringConvertible {
    /// The setting as written.
    package let source: String
    private let words: (separator: UInt8, minimum: Int)?

    /// Today's convention, `<resource>-<scenario>`.
    package static let resourceScenario = try! FileNamePattern("resource-scenario")

    /// The named conventions, for errors and help.
    package static let conventions = ["resource-scenario", "kebab-case", "snake_case"]

    /// Reads a convention name or a regular expression.
    /// - Throws: the reason, when the text is neither a convention nor a valid regular expression.
    package init(_ source: String) throws(PathScope.Error) {
        self.source = source
        switch source {
        case "resource-scenario": words = (UInt8(ascii: "-"), 2)
        case "kebab-case": words = (UInt8(ascii: "-"), 1)
        case "snake_case": words = (UInt8(ascii: "_"), 1)
        default:
            words = nil
            do {
                _ = try Regex(source)
            } catch {
                throw PathScope.Error(
                    path: .root,
                    reason:
                        "expected one of \(Self.conventions.joined(separator: ", ")) or a regular expression (\(error))"
                )
            }
        }
    }

    /// Whether a base name follows the pattern.
    package func accepts(_ name: String) -> Bool {
        if let words {
            let parts = name.utf8.split(separator: words.separator, omittingEmptySubsequences: false)
            return parts.count >= words.minimum
                && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ByteText.isLower($0) || ByteText.isDigit($0) } }
        }
        // Regex is not Sendable, so the pattern (checked when read) is compiled where it is used.
        guard let regex = try? Regex(source) else { return false }
        return (try? regex.wholeMatch(in: name)) != nil
    }

    /// What the finding says the name should look like.
    package var description: String {
        switch source {
        case "resource-scenario": "<resource>-<scenario>"
        case "kebab-case": "kebab-case (lower-case words joined by dashes)"
        case "snake_case": "snake_case (lower-case words joined by underscores)"
        default: "the pattern /\(source)/"
        }
    }

    package static func == (lhs: FileNamePattern, rhs: FileNamePattern) -> Bool { lhs.source == rhs.source }
    package func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
