// swift-tools-version: 6.0
// WireLock: locks the JSON wire formats of API clients so they cannot drift unnoticed.
import PackageDescription

let package = Package(
    name: "WireLock",
    products: [
        .library(name: "WireJSON", targets: ["WireJSON"]),
        .library(name: "WireLock", targets: ["WireLock"]),
        .library(name: "WireLockCore", targets: ["WireLockCore"]),
        .library(name: "WireOracle", targets: ["WireOracle"]),
        .library(name: "WireOracleTesting", targets: ["WireOracleTesting"]),
        .library(name: "WireFuzz", targets: ["WireFuzz"]),
        .executable(name: "wirelock", targets: ["wirelock"]),
    ],
    targets: [
        // MARK: C wrapper — libyajl through pkg-config; only WireJSON imports it.
        .systemLibrary(
            name: "CYajl",
            path: "Sources/CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),

        // MARK: Core — streaming reader, validator, JSONValue, JSON paths, canonical writer.
        .target(
            name: "WireJSON",
            dependencies: ["CYajl"]
        ),

        // MARK: Golden workflow — golden files, record modes, pending files, diffs, redactions,
        // round trips and decoding-failure checks as values. Links no test framework, so the CLI
        // can use it.
        .target(
            name: "WireLockCore",
            dependencies: ["WireJSON"]
        ),
        // MARK: Assertions — WireLockCore's checks reported through Swift Testing or XCTest, the
        // record-mode trait, the model runner. Re-exports WireLockCore.
        .target(
            name: "WireLock",
            dependencies: ["WireJSON", "WireLockCore", "WireFuzz"]
        ),

        // MARK: Demo — the sample media-library API (never imported by the product).
        .target(
            name: "SampleAPI"
        ),
        .executableTarget(
            name: "wirelock-sample",
            dependencies: ["WireLock", "SampleAPI"]
        ),

        // MARK: Oracle — legacy-vs-candidate comparison as bytes, corpora, fast date strategies.
        .target(
            name: "WireOracle",
            dependencies: ["WireJSON"]
        ),
        // Assertion helpers for Swift Testing and XCTest, kept apart so the CLI never links them.
        .target(
            name: "WireOracleTesting",
            dependencies: ["WireOracle"]
        ),

        // MARK: Fuzzing — mutators, seeded campaigns, outcome classification, shrinking, regression corpus.
        .target(
            name: "WireFuzz",
            dependencies: ["WireJSON", "WireLockCore"]
        ),

        // MARK: Command line.
        .executableTarget(
            name: "wirelock",
            dependencies: ["WireJSON", "WireLockCore", "WireOracle", "WireFuzz"]
        ),

        // MARK: Tests.
        .testTarget(
            name: "WireJSONTests",
            dependencies: ["WireJSON"]
        ),
        .testTarget(
            name: "WireLockTests",
            dependencies: ["WireLock", "WireLockCore", "WireJSON", "SampleAPI"]
        ),
        .testTarget(
            name: "WireOracleTests",
            dependencies: ["WireOracle", "WireOracleTesting", "WireJSON"]
        ),
        .testTarget(
            name: "WireFuzzTests",
            dependencies: ["WireFuzz", "WireJSON", "WireLock"],
            exclude: ["golden"]
        ),
        .testTarget(
            name: "WireLockCLITests",
            dependencies: ["WireJSON", "WireLockCore", "WireOracle", "wirelock", "wirelock-sample", "SampleAPI"]
        ),
        // Reads Sources/ and checks every import against the layer table; depends on no target.
        .testTarget(
            name: "ArchitectureTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
