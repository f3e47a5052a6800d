import Foundation
@testable import WireFuzz
import WireJSON

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fixture as a seed.
func fixtureSeed(_ relative: String) throws -> FuzzSeed {
    let url = repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative)
    return try FuzzSeed(name: relative, bytes: Array(try Data(contentsOf: url)))
}

/// A seed from text.
func seed(_ text: String) throws -> FuzzSeed {
    try FuzzSeed(name: "inline", bytes: Array(text.utf8))
}
