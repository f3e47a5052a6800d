// WireLockRunner: a command line for an app's own Codable models (``ModelRunner``), on WireLock's
// command-line layer. It links no test framework, so an app's runner executable links neither
// XCTest nor Swift Testing.
//
// The runner's declarations (``AcceptedDifference``, ``DecodingFailureKind``, …) come from
// WireGolden, re-exported so `import WireLockRunner` is all a runner's `main.swift` needs.
@_exported import WireGolden
