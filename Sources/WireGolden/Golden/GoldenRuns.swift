import Foundation
import WireJSONCore

/// Where test runs are recorded, and the goldens a run could have asserted (reading a run back,
/// and its orphans, is the command line's: `wirelock golden orphans`).
///
/// ```swift
/// let goldens = GoldenRuns.goldens(in: packageRoot.appendingPathComponent("golden"))
/// let records = GoldenRuns.directory(root: packageRoot)  // one `.touched` file per test process
/// ```
public enum GoldenRuns {
    /// `<root>/.wirelock/runs`, where runs are recorded.
    public static func directory(root: URL) -> URL {
        root.appendingPathComponent(".wirelock/runs")
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
    package static func argumentsLine(_ arguments: [String]) -> String {
        "#args\t"
            + arguments.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            .joined(separator: "\t")
    }

    /// A `.touched` file's name, taken apart.
    package struct Record {
        package var fileName: String
        package var start: Int
        /// Nil for records written before the parent pid was part of the name: such a file is a
        /// run of its own.
        package var parent: Int?

        package init?(fileName: String) {
            guard fileName.hasSuffix(".touched") else { return nil }
            let parts = fileName.dropLast(".touched".count).split(separator: "-").map { Int($0) }
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }), let start = parts[0] else {
                return nil
            }
            self.fileName = fileName
            self.start = start
            self.parent = parts.count == 3 ? parts[1] : nil
        }
    }
}
