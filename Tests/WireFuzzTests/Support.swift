import Foundation
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// The repository root (WireLockTestSupport's lookup).
let repositoryRoot = Repository.root

/// A fixture as a seed.
func fixtureSeed(_ relative: String) throws -> FuzzSeed {
    let url = repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(relative)
    return try FuzzSeed(name: relative, bytes: Array(try Data(contentsOf: url)))
}

/// A seed from text.
func seed(_ text: String) throws -> FuzzSeed {
    try FuzzSeed(name: "inline", bytes: Array(text.utf8))
}
