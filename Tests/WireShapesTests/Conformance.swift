import Foundation

/// Where the shared conformance corpora live: `WIRELOCK_CONFORMANCE_DIR`, else `../shared/conformance`
/// beside the repository (the same lookup as WireJSONTests' until a shared test-support target
/// holds it: test targets cannot share files).
enum Conformance {
    static var root: URL? {
        if let override = ProcessInfo.processInfo.environment["WIRELOCK_CONFORMANCE_DIR"] {
            return URL(fileURLWithPath: override)
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return dir.deletingLastPathComponent().appendingPathComponent("shared/conformance")
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// RFC 8785 vectors: `JCS/input/*.json` → `JCS/output/*.json`.
    static var jcs: URL? {
        guard let dir = root?.appendingPathComponent("JCS"),
              FileManager.default.fileExists(atPath: dir.appendingPathComponent("input").path) else { return nil }
        return dir
    }
}
