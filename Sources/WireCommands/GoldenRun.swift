import Foundation
import WireGolden

// Reading the runs the assertions record under `.wirelock/runs/` (`TouchedGoldens` writes them):
// which goldens the latest run touched, and so which it left orphaned. Only `wirelock golden`
// reads them, so the test products do not compile it.

/// A test run as recorded under `.wirelock/runs/`: which goldens its assertions touched.
///
/// Each test process records the goldens its assertions touched in `<start>-<parent
/// pid>-<pid>.touched`, one file per process, each golden once (see `TouchedGoldens`). One `swift test` starts several processes (the XCTest and the Swift
/// Testing passes, parallel workers), all children of the same parent, so a run is the group of
/// files that share a parent pid and started within an hour of each other.
package struct GoldenRun: Sendable, Hashable {
    /// The run's `.touched` files, one per test process, sorted by name.
    package var files: [URL]
    /// When the run's latest process started.
    package var started: Date
    /// The goldens the run asserted, as recorded: relative to the package root when under it.
    package var touched: Set<String>
    /// Arguments that narrowed the run (`--filter Movies`, `--skip Slow`), from every process;
    /// empty for a full run.
    package var filters: [String]

    /// Whether a filter narrowed the run, so goldens outside it were not asserted.
    package var isFiltered: Bool { !filters.isEmpty }
}

extension GoldenRuns {
    /// The most recent run recorded under `root`, or nil when none is.
    package static func latest(root: URL) -> GoldenRun? {
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
    package static func orphans(in goldenDirectory: URL, run: GoldenRun, root: URL) -> [URL] {
        goldens(in: goldenDirectory).filter { !run.touched.contains(GoldenFiles.display($0, root: root)) }
    }

    package static func parseArgumentsLine(_ line: String) -> [String] {
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
}

extension GoldenRuns.Record {
    /// Whether this record is a process of the same run as `newest`: the same parent pid, started
    /// within the hour before it.
    package func belongs(with newest: Self) -> Bool {
        guard fileName != newest.fileName else { return true }
        guard let parent, parent == newest.parent else { return false }
        return newest.start - start <= 3600 && start <= newest.start
    }
}
