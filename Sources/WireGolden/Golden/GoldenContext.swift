import Foundation
import WireSupport

/// Where one golden assertion runs, worked out once per assertion and passed down: the package
/// root, the golden directory, the calling file as messages show it, and the run its claims belong
/// to. Before, each layer (the writer's name, the golden directory, the messages, the bookkeeping)
/// walked up from `#filePath` to `Package.swift` again.
///
/// The package root of a calling file is looked up once per process: `#filePath` names a source
/// file, and the package around it does not move while its tests run. A file with no package above
/// it is looked up again each time (a test may create the `Package.swift` afterwards).
///
/// ```swift
/// let context = GoldenContext(filePath: #filePath, environment: ProcessInfo.processInfo.environment)
/// context.directory   // <root>/golden, or WIRELOCK_GOLDEN_DIR
/// ```
package struct GoldenContext: Sendable {
    /// The folder holding `Package.swift` above the calling file, or nil.
    package var root: URL?
    /// Where the goldens are: the assertion's `goldenDirectory:`, else `WIRELOCK_GOLDEN_DIR`, else
    /// `golden/` at the root, else `golden/` in the working directory (see ``GoldenFiles``).
    package var directory: URL
    /// The calling file as messages show it: relative to the root when inside it.
    package var shownFile: String
    /// The test run this process belongs to (see `RunIdentity.runKey`): its claims folder.
    package var runKey: String
    /// Where the run's bookkeeping (`.wirelock/runs`, `.wirelock/claims`) is written: the root, or
    /// nil under CI (`CI` set, without `WIRELOCK_RECORD_IN_CI`), where nothing is written at all (the
    /// clash check then keeps its claims in memory, per process).
    package var bookkeepingRoot: URL?

    /// The context of an assertion made from `filePath`.
    /// - Parameters:
    ///   - filePath: the calling file (`#filePath`).
    ///   - goldenDirectory: the assertion's own golden directory, if it names one.
    ///   - environment: the variables read for `WIRELOCK_GOLDEN_DIR`.
    package init(filePath: String, goldenDirectory: URL? = nil, environment: [String: String]) {
        let location = Self.location(of: filePath)
        root = location.root
        shownFile = location.shownFile
        if let goldenDirectory {
            directory = goldenDirectory
        } else if let root = location.root {
            // Searching from the root finds it at once: one `stat`, no walk.
            let found = PackageLocation.goldenDirectory(searchingFrom: RawPath(root.path), environment: environment)
            directory = URL(fileURLWithPath: found.text)
        } else {
            directory = GoldenFiles.goldenDirectory(for: filePath, environment: environment)
        }
        runKey = RunIdentity.runKey
        let inCI = RecordMode.isCI(environment) && !RecordMode.recordsInCI(environment)
        bookkeepingRoot = inCI ? nil : root
    }

    /// The writer of an assertion that names none: the calling file.
    package var defaultWriter: GoldenWriter {
        GoldenWriter(test: shownFile, location: shownFile)
    }

    /// A calling file's root and how messages show the file.
    struct Location: Sendable {
        var root: URL?
        var shownFile: String
    }

    /// The locations found so far, by `#filePath`; only files with a package root are kept.
    private static let locations = Locked([String: Location]())

    /// The location of `filePath`: from the table, else looked up (and kept when it has a root).
    static func location(of filePath: String) -> Location {
        if let known = locations.withLock({ $0[filePath] }) { return known }
        let root = GoldenFiles.packageRoot(from: filePath)
        let location = Location(
            root: root, shownFile: GoldenFiles.display(URL(fileURLWithPath: filePath), root: root))
        if root != nil { locations.withLock { $0[filePath] = location } }
        return location
    }
}
