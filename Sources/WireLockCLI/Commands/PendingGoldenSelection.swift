import Foundation
import WireCommandLine
import WireCommands
import WireGolden
import WireSupport
import WireToolSupport

/// Finds the golden directory and the pending files (`<name>.actual.json`) that `accept` and
/// `reject` work on, and renders a pending file's review.
enum PendingGoldenSelection {
    /// The pending files found, and what was searched, for messages.
    struct Selection {
        /// The pending files, sorted by path, without duplicates.
        var pending: [PendingGoldens.Pending]
        /// The directories and files that were searched, as shown to the user.
        var searched: [String]
    }

    /// A path on the command line (or the default golden directory) that does not exist.
    struct MissingPath: Error, CustomStringConvertible {
        var path: String
        var isDefaultGoldenDirectory: Bool
        var description: String {
            isDefaultGoldenDirectory
                ? "no golden directory at '\(path)' (found by walking up to Package.swift; set WIRELOCK_GOLDEN_DIR or pass a path)"
                : "'\(PathDisplay.escaped(path))': no such file or directory"
        }
    }

    /// The shared argument: pending files, their goldens, or directories searched recursively.
    static let paths = ArgumentDefinition(
        "path",
        help:
            "Pending files (name.actual.json), their goldens (name.json), or directories searched recursively. Default: the golden directory (golden/ beside the nearest Package.swift, or WIRELOCK_GOLDEN_DIR).",
        isRepeating: true, isRequired: false)

    /// The working directory.
    static var currentDirectory: URL {
        URL(fileURLWithPath: PackageLocation.workingDirectory.text, isDirectory: true)
    }

    /// The package root above the working directory (the nearest folder holding `Package.swift`).
    static func packageRoot() -> URL? {
        PackageLocation.packageRoot(searchingFrom: PackageLocation.workingDirectory).map {
            URL(fileURLWithPath: $0.text, isDirectory: true)
        }
    }

    /// The golden directory, found as everywhere (``PackageLocation``): `WIRELOCK_GOLDEN_DIR`, else
    /// `golden/` in the package root, else `golden/` in the working directory.
    static func goldenDirectory(environment: [String: String]) -> URL {
        let directory = PackageLocation.goldenDirectory(
            searchingFrom: PackageLocation.workingDirectory, environment: environment)
        return URL(fileURLWithPath: directory.text, isDirectory: true)
    }

    /// A path relative to the working directory when under it (else absolute), to open or pass on.
    static func relativePath(_ url: URL) -> String {
        GoldenFiles.display(url, root: currentDirectory)
    }

    /// A path as shown in output: ``relativePath(_:)`` escaped by ``PathDisplay``.
    static func display(_ url: URL) -> String {
        PathDisplay.escaped(relativePath(url))
    }

    /// The pending files under a directory, found by the walker every command uses (names
    /// starting with `.` skipped, links followed, `--exclude` applied), sorted by path.
    static func pending(in directory: URL, excludes: [GlobPattern]) -> [PendingGoldens.Pending] {
        let walker = InputWalker(extensions: [], suffixes: [".actual.json"], excludes: excludes)
        return walker.entries(for: [RawPath(directory.path)]).compactMap { entry in
            guard case .file(let path, _) = entry else { return nil }
            return PendingGoldens.pending(for: URL(fileURLWithPath: path.text))
        }
    }

    /// The pending files a command works on, or the status it ends with right away: a missing path
    /// is reported (exit 2), and "nothing pending" is said (exit 0).
    static func select(_ paths: [String], excludes: [GlobPattern] = [], in context: CommandContext) -> Start {
        let selection: Selection
        do throws(MissingPath) {
            selection = try select(paths, excludes: excludes, environment: context.environment)
        } catch {
            context.reportError(error.description)
            return .done(.failure)
        }
        guard !selection.pending.isEmpty else {
            context.output.write("nothing pending in \(selection.searched.joined(separator: ", "))\n")
            return .done(.success)
        }
        return .selected(selection)
    }

    /// How a command over pending files starts: with files to work on, or already done.
    enum Start {
        case selected(Selection)
        case done(ExitCode)
    }

    /// The pending files under `paths`, or under the golden directory when `paths` is empty.
    /// - Throws: ``MissingPath`` for the first path that does not exist.
    static func select(_ paths: [String], excludes: [GlobPattern] = [], environment: [String: String])
        throws(MissingPath) -> Selection
    {
        var pending: [PendingGoldens.Pending] = []
        var searched: [String] = []
        let fm = FileManager.default
        if paths.isEmpty {
            let directory = goldenDirectory(environment: environment)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw MissingPath(path: display(directory), isDefaultGoldenDirectory: true)
            }
            return Selection(
                pending: Self.pending(in: directory, excludes: excludes).sorted {
                    $0.pendingURL.path < $1.pendingURL.path
                },
                searched: [display(directory) + "/"])
        }
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            let exists = fm.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if exists && isDirectory.boolValue {
                pending += Self.pending(in: url, excludes: excludes)
                searched.append(PathDisplay.escaped(path.hasSuffix("/") ? path : path + "/"))
                continue
            }
            // A golden whose pending file exists is a valid name even if the golden itself is new.
            if let found = PendingGoldens.pending(for: url) {
                pending.append(found)
            } else if !exists {
                throw MissingPath(path: path, isDefaultGoldenDirectory: false)
            }
            searched.append(PathDisplay.escaped(path))
        }
        var seen: Set<String> = []
        pending = pending.filter { seen.insert($0.pendingURL.standardizedFileURL.path).inserted }
        return Selection(pending: pending.sorted { $0.pendingURL.path < $1.pendingURL.path }, searched: searched)
    }

    /// `text` (a message or diff of the library's about `pending`) with the golden's and the
    /// pending file's names escaped as ``display(_:)`` shows them.
    static func escapingNames(in text: String, of pending: PendingGoldens.Pending) -> String {
        var text = text
        for url in [pending.pendingURL, pending.goldenURL] {
            let name = relativePath(url)
            let shown = display(url)
            if name != shown { text = text.replacingAll(name, with: shown) }
        }
        return text
    }

    /// Renders a review: a header with the summary, the path-level differences (at most
    /// `maxDifferences`, then a count), then the line diff, coloured when `style` is enabled.
    static func render(_ review: PendingGoldens.Review, style: TerminalStyle, maxDifferences: Int = 40) -> String {
        var lines = [
            style.bold("\(display(review.pending.goldenURL)): \(escapingNames(in: review.summary, of: review.pending))")
        ]
        if review.problem == nil {
            lines += review.differenceLines.prefix(maxDifferences).map { "  " + $0 }
            if review.differences.count > maxDifferences {
                lines.append("  … \(review.differences.count - maxDifferences) more differences not shown")
            }
            if !review.lineDiff.isEmpty {
                lines.append("")
                var diffLines = escapingNames(in: review.lineDiff, of: review.pending).split(
                    separator: "\n", omittingEmptySubsequences: false)
                if diffLines.last == " " { diffLines.removeLast() }  // the context line after the final newline
                for line in diffLines {
                    if line.hasPrefix("---") || line.hasPrefix("+++") {
                        lines.append(style.bold(String(line)))
                    } else if line.hasPrefix("@@") {
                        lines.append(style.dim(String(line)))
                    } else if line.hasPrefix("-") {
                        lines.append(style.error(String(line)))
                    } else if line.hasPrefix("+") {
                        lines.append(style.success(String(line)))
                    } else {
                        lines.append(String(line))
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
