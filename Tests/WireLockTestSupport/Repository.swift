import Foundation

/// Where the repository and the shared conformance corpora are, for every test target.
public enum Repository {
    /// The repository root (the folder holding `Package.swift`), found from this file's path:
    /// `Tests/WireLockTestSupport/Repository.swift`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path inside the repository, e.g. `Repository.url("Fixtures/API/v3")`.
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// `Fixtures/` of the repository.
    public static var fixtures: URL { url("Fixtures") }

    /// The shared conformance corpora (JSONTestSuite, the JCS vectors): `WIRELOCK_CONFORMANCE_DIR`
    /// when set, else `../shared/conformance` beside the repository. The folder may not exist; the
    /// suites that read it are skipped, with a message, when it does not.
    public static var conformance: URL {
        conformance(environment: ProcessInfo.processInfo.environment)
    }

    /// ``conformance`` for a given environment (pure, for its own test).
    public static func conformance(environment: [String: String]) -> URL {
        if let override = environment["WIRELOCK_CONFORMANCE_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    }

    /// `relative` inside the conformance corpora when it exists there, else nil.
    public static func conformance(_ relative: String) -> URL? {
        let url = conformance.appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
