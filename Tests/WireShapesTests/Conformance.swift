import Foundation
import WireLockTestSupport

/// The shared conformance corpora, found the one way every test target finds them
/// (``Repository/conformance``: `WIRELOCK_CONFORMANCE_DIR`, else `../shared/conformance`).
enum Conformance {
    /// RFC 8785 vectors: `JCS/input/*.json` → `JCS/output/*.json`.
    static var jcs: URL? {
        let dir = Repository.conformance.appendingPathComponent("JCS")
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("input").path) else { return nil }
        return dir
    }
}
