import Foundation
import WireJSON

/// A test run as recorded under `.wirelock/runs/`: which goldens its assertions touched.
///
/// Each test process records the goldens its assertions touched in `<start>-<parent
/// pid>-<pid>.touched`, one file per process, each golden once (see `TouchedGoldens`). One `swift test` starts several processes (the XCTest and the Swift
/// Testing passes, parallel workers), all children of the same parent, so a run is the group of
/// files that share a parent pid and started within an hour of each other.
public struct GoldenRun: Sendable, Hashable {
    /// The run's `.touched` files, one per test process, sorted by name.
    public var files: [URL]
    /// When the run's latest process started.
    public var started: Date
    /// The goldens the run asserted, as recorded: relative to the package root when under it.
    public var touched: Set<String>
    /// Arguments that narrowed the run (`--filter Movies`, `--skip Slow`), from every process;
    /// empty for a full run.
    public var filters: [String]

    /// Whether a filter narrowed the run, so goldens outside it were not asserted.
    public var isFiltered: Bool { !filters.isEmpty }
}

/// Reading recorded runs and finding orphaned goldens.
///
/// ```swift
/// if let run = GoldenRuns.latest(root: packageRoot) {
///     let orphans = GoldenRuns.orphans(in: packageRoot.appendingPathComponent("golden"), run: run, root: packageRoot)
/// }
/// ```
public enum GoldenRuns {
    /// `<root>/.wirelock/runs`, where runs are recorded.
    public static func directory(root: URL) -> URL {
        root.appendingPathComponent(".wirelock/runs")
    }

    /// The most recent run recorded under `root`, or nil when none is.
    public static func latest(root: URL) -> GoldenRun? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory(root: root).path)) ?? []
        let records = names.compactMap(Record.init(fileName:))
        guard let newest = records.max(by: { ($0.start, $0.fileName) < ($1.start, $1.fileName) }) else { return nil }
        let group = records.filter { $0.belongs(with: newest) }.sorted { $0.fileName < $1.fileName }
        var touched: Set<String> = []
        var filters: [String] = []
        var files: [URL] = []
        for record in group {
            let url = directory(root: root).appendingPathComponent(record.fileName)
            files.append(url)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                if line.hasPrefix("#") {
                    for filter in filterArguments(in: parseArgumentsLine(String(line))) where !filters.contains(filter)
                    {
                        filters.append(filter)
                    }
                } else {
                    touched.insert(String(line))
                }
            }
        }
        return GoldenRun(
            files: files, started: Date(timeIntervalSince1970: TimeInterval(newest.start)),
            touched: touched, filters: filters)
    }

    /// The goldens under `goldenDirectory` that `run` did not assert, sorted by path: wire-format
    /// goldens (see `GoldenCatalog.formatName(forRelativePath:)`) and decoded goldens. Pending files,
    /// shape files, reader contracts and other files are never listed.
    public static func orphans(in goldenDirectory: URL, run: GoldenRun, root: URL) -> [URL] {
        goldens(in: goldenDirectory).filter { !run.touched.contains(GoldenFiles.display($0, root: root)) }
    }

    /// Every golden file under `directory`, sorted by path.
    public static func goldens(in directory: URL) -> [URL] {
        let base = directory.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [URL] = []
        for case let relative as String in walker
        where GoldenCatalog.formatName(forRelativePath: relative) != nil
            || GoldenCatalog.decodedGoldenName(forRelativePath: relative) != nil
        {
            found.append(URL(fileURLWithPath: base).appendingPathComponent(relative))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Deletes the records of processes that started more than `age` seconds before `now`, so
    /// `.wirelock/runs/` does not grow forever. Called when a test process starts its record.
    /// - Returns: how many files were deleted.
    @discardableResult
    public static func prune(root: URL, olderThan age: TimeInterval = 14 * 86_400, now: Date = Date()) -> Int {
        let dir = directory(root: root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var deleted = 0
        for record in names.compactMap(Record.init(fileName:))
        where Double(record.start) < now.timeIntervalSince1970 - age {
            if (try? FileManager.default.removeItem(at: dir.appendingPathComponent(record.fileName))) != nil {
                deleted += 1
            }
        }
        return deleted
    }

    /// The `#` line a test process writes first: its arguments, tab-separated.
    static func argumentsLine(_ arguments: [String]) -> String {
        "#args\t"
            + arguments.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            .joined(separator: "\t")
    }

    static func parseArgumentsLine(_ line: String) -> [String] {
        guard line.hasPrefix("#args") else { return [] }
        return line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init).filter {
            !$0.isEmpty
        }
    }

    /// The arguments of a test process that narrow what runs: `--filter X` and `--skip X`, which
    /// `swift test` hands the Swift Testing process. XCTest's positional test names
    /// (`Module.Suite/test`) are not counted: `swift test --parallel` starts one XCTest process per
    /// test with its name even for a full run (a filtered run still shows in the Swift Testing
    /// process's `--filter`).
    package static func filterArguments(in arguments: [String]) -> [String] {
        var filters: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--filter" || argument == "--skip" {
                if index + 1 < arguments.count { filters.append(argument + " " + arguments[index + 1]) }
                index += 2
                continue
            }
            if argument.hasPrefix("--filter=") || argument.hasPrefix("--skip=") { filters.append(argument) }
            index += 1
        }
        return filters
    }

    /// A `.touched` file's name, taken apart.
    struct Record {
        var fileName: String
        var start: Int
        /// Nil for records written before the parent pid was part of the name: such a file is a
        /// run of its own.
        var parent: Int?

        init?(fileName: String) {
            guard fileName.hasSuffix(".touched") else { return nil }
            let parts = fileName.dropLast(".touched".count).split(separator: "-").map { Int($0) }
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }), let start = parts[0] else {
                return nil
            }
            self.fileName = fileName
            self.start = start
            self.parent = parts.count == 3 ? parts[1] : nil
        }

        func belongs(with newest: Record) -> Bool {
            guard fileName != newest.fileName else { return true }
            guard let parent, parent == newest.parent else { return false }
            return newest.start - start <= 3600 && start <= newest.start
        }
    }
}
