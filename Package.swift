// swift-tools-version: 6.2
// WireLock: locks the JSON wire formats of API clients so they cannot drift unnoticed.
//
// Swift 6.2 (Xcode 26) is the oldest that builds it: the fuzz and oracle assertions constrain their
// model types to `SendableMetatype` (SE-0470, Swift 6.2) and the record-mode trait is a
// `TestScoping` trait (Swift Testing 6.1).
import PackageDescription

// Where one process may start another (`posix_spawn`): macOS and Linux. iOS, tvOS, watchOS and
// visionOS forbid it (the SDKs' <spawn.h> marks it __TVOS_PROHIBITED / __WATCHOS_PROHIBITED, and the
// iOS sandbox refuses it), so there the fuzz worker, `--exec` campaigns, the command line's `git`
// lookups and the tests that run the built CLI are compiled out (`#if WIRELOCK_SPAWN`), not crashing.
// `WIRELOCK_NO_SPAWN=1 swift build --build-tests` on Linux builds the package the way those platforms
// see it (`make apple-shape`), which is how the guards are checked without a Mac.
// libyajl is WireJSON's engine on Linux only (Homebrew builds it for macOS alone, so an iOS build
// could never link it); everywhere else WireJSON's own Swift grammar is the only engine compiled.
// `WIRELOCK_NO_YAJL=1` leaves libyajl out on Linux too, the way Apple platforms build WireJSON
// (`make apple-shape`), so that build is checked here.
let yajl: [Target.Dependency] =
    Context.environment["WIRELOCK_NO_YAJL"] == nil
    ? [.target(name: "CYajl", condition: .when(platforms: [.linux]))] : []

let spawnSettings: [SwiftSetting] =
    Context.environment["WIRELOCK_NO_SPAWN"] == nil
    ? [.define("WIRELOCK_SPAWN", .when(platforms: [.macOS, .linux]))] : []

let package = Package(
    name: "WireLock",
    // The floor of what the code uses: `Duration`, `firstRange(of:)` and `URL.appending(path:)` are
    // macOS 13 / iOS 16 API; nothing needs more.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "WireJSON", targets: ["WireJSON"]),
        .library(name: "WireDates", targets: ["WireDates"]),
        .library(name: "WireShapes", targets: ["WireShapes"]),
        .library(name: "WireLock", targets: ["WireLock"]),
        .library(name: "WireLockCore", targets: ["WireLockCore"]),
        .library(name: "WireOracle", targets: ["WireOracle"]),
        .library(name: "WireOracleTesting", targets: ["WireOracleTesting"]),
        .library(name: "WireFuzz", targets: ["WireFuzz"]),
        .library(name: "WireLockRunner", targets: ["WireLockRunner"]),
        .library(name: "WireDiagnostics", targets: ["WireDiagnostics"]),
        .library(name: "WireDecoder", targets: ["WireDecoder"]),
        .library(name: "WireStub", targets: ["WireStub"]),
        .library(name: "WireStubTesting", targets: ["WireStubTesting"]),
        .library(name: "WireLint", targets: ["WireLint"]),
        .executable(name: "wirelock", targets: ["wirelock"]),
    ],
    targets: [
        // MARK: C wrapper — libyajl through pkg-config, on Linux; only WireJSON imports it.
        .systemLibrary(
            name: "CYajl",
            path: "Sources/CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),

        // MARK: Support — internal, never a product (like swift-collections' internal utilities):
        // the one atomic writer, write/read loops, mkdir -p, process spawning, the package and
        // golden/ lookup, path display, the input walker, hex and text helpers, SplitMix64.
        // No Foundation; depends on nothing.
        .target(
            name: "WireSupport"
        ),

        // MARK: Core — streaming reader, validator, JSONValue, JSON paths, canonical writer,
        // located errors and their one rendering.
        .target(
            name: "WireJSON",
            dependencies: yajl + ["WireSupport"]
        ),

        // MARK: Production — what an app ships: the fast date twins of the Foundation strategies
        // (with their Foundation fallback) and the one RFC 3339 recogniser.
        .target(
            name: "WireDates",
            dependencies: ["WireSupport"]
        ),

        // MARK: Production — what a decoding failure means in its payload: coding path to JSON path
        // (through the key strategies) to line, column and excerpt. For apps to log.
        .target(
            name: "WireDiagnostics",
            dependencies: ["WireJSON"]
        ),

        // MARK: Decoder — WireJSONDecoder: JSONDecoder's surface on WireJSON's strict reader, exact
        // syntax-error locations, and the verification report (dropped members, duplicates, precision
        // losses, swallowed errors). Production code: apps link it.
        .target(
            name: "WireDecoder",
            dependencies: ["WireJSON", "WireDates", "WireSupport", "WireDiagnostics"]
        ),

        // MARK: Refactor checks — shapes inferred from goldens, the diff rules, the lock file and its
        // fingerprints (RFC 8785 JCS, SHA-256).
        .target(
            name: "WireShapes",
            dependencies: ["WireJSON", "WireDates"]
        ),

        // MARK: Golden workflow — golden files, record modes, pending files, diffs, redactions,
        // round trips and decoding-failure checks as values. Links no test framework, so the CLI
        // can use it.
        .target(
            name: "WireLockCore",
            dependencies: ["WireJSON", "WireShapes", "WireDates", "WireSupport", "WireDiagnostics", "WireDecoder"]
        ),
        // MARK: Assertions — WireLockCore's checks reported through Swift Testing or XCTest and the
        // record-mode trait. Re-exports WireLockCore.
        // WireTestReporting (internal, not a product): the one failure reporter (Issue.record under
        // Swift Testing, XCTFail otherwise) that WireLock's and WireOracleTesting's assertions share.
        .target(
            name: "WireTestReporting"
        ),
        .target(
            name: "WireLock",
            dependencies: ["WireJSON", "WireShapes", "WireLockCore", "WireFuzz", "WireTestReporting", "WireDecoder"]
        ),

        // MARK: Demo — the sample media-library API (never imported by the product).
        // Its MediaClient is built on WireStub's HTTPDataLoading and WireFailure.
        .target(
            name: "SampleAPI",
            dependencies: ["WireStub"]
        ),

        // MARK: Oracle — legacy-vs-candidate comparison as bytes, corpora, the date oracles.
        .target(
            name: "WireOracle",
            dependencies: ["WireJSON", "WireDates", "WireSupport", "WireDecoder", "WireFuzz"]
        ),
        // Assertion helpers for Swift Testing and XCTest, kept apart so the CLI never links them.
        .target(
            name: "WireOracleTesting",
            dependencies: ["WireOracle", "WireTestReporting"]
        ),

        // MARK: Fuzzing — mutators, seeded campaigns, outcome classification, shrinking, regression corpus.
        .target(
            name: "WireFuzz",
            dependencies: ["WireJSON", "WireShapes", "WireLockCore", "WireSupport", "WireDecoder"]
        ),

        // MARK: Offline API tests — per-test stub servers, routes, request recording, the failure
        // taxonomy, Retry-After. Links no test framework.
        .target(
            name: "WireStub",
            dependencies: [
                "WireJSON", "WireDates", "WireDiagnostics", "WireSupport", "WireFuzz", "WireShapes", "WireLockCore",
            ]
        ),
        // WireStub's failures recorded as test issues (Swift Testing or XCTest), and request assertions
        // (a request body locked with WireLockCore's golden workflow).
        .target(
            name: "WireStubTesting",
            dependencies: ["WireStub", "WireTestReporting", "WireLockCore", "WireJSON"]
        ),

        // MARK: Fixture hygiene — lint rules, suppressions, masking, and the findings every check
        // reports (rendered as text, JSON, GitHub, SARIF or JUnit by the CLI).
        .target(
            name: "WireLint",
            dependencies: ["WireJSON", "WireShapes", "WireSupport"]
        ),

        // MARK: Command line — internal, never a product: the typed parser (options parsed and
        // checked once, option groups declared once, generated help, a default run for group
        // commands), exit codes, checked output sinks and the colour rules, shared by both
        // executables and the model runner.
        .target(
            name: "WireCommandLine",
            dependencies: ["WireSupport", "WireJSON", "WireFuzz"]
        ),
        .executableTarget(
            name: "wirelock",
            dependencies: [
                "WireSupport", "WireCommandLine", "WireJSON", "WireShapes", "WireLockCore", "WireOracle", "WireFuzz",
                "WireLint", "WireDiagnostics", "WireStub", "WireDecoder",
            ]
        ),

        // MARK: Model runner — a command line for an app's own Codable models (roundtrip, fuzz),
        // built on the command-line layer. Links no test framework.
        .target(
            name: "WireLockRunner",
            dependencies: [
                "WireSupport", "WireCommandLine", "WireJSON", "WireLockCore", "WireFuzz", "WireDecoder", "WireOracle",
            ]
        ),
        .executableTarget(
            name: "wirelock-sample",
            dependencies: ["WireLockRunner", "SampleAPI", "WireStub"]
        ),

        // MARK: Tests.
        // WireLockTestSupport (test-only, never a product; under Tests/, so the layer test does not
        // scan it): the repository and conformance lookups, temporary directories, running the built
        // CLI, the SampleAPI Movie variants, and the one test scale (WIRELOCK_TEST_SCALE).
        .target(
            name: "WireLockTestSupport",
            dependencies: ["SampleAPI", "WireJSON"],
            path: "Tests/WireLockTestSupport"
        ),
        .testTarget(
            name: "WireJSONTests",
            dependencies: ["WireLockTestSupport", "WireJSON", "WireFuzz"]
        ),
        .testTarget(
            name: "WireShapesTests",
            dependencies: ["WireLockTestSupport", "WireShapes", "WireJSON"]
        ),
        .testTarget(
            name: "WireDatesTests",
            dependencies: ["WireDates"]
        ),
        .testTarget(
            name: "WireLockTests",
            dependencies: [
                "WireLockTestSupport", "WireLock", "WireLockCore", "WireJSON", "WireShapes", "WireDates",
                "WireLockRunner", "SampleAPI", "WireDecoder",
            ]
        ),
        .testTarget(
            name: "WireOracleTests",
            dependencies: [
                "WireLockTestSupport", "WireOracle", "WireOracleTesting", "WireJSON", "WireDecoder", "WireFuzz",
            ],
            exclude: ["decoder-regressions"]
        ),
        .testTarget(
            name: "WireFuzzTests",
            dependencies: [
                "WireLockTestSupport", "WireFuzz", "WireJSON", "WireLock", "WireSupport", "SampleAPI", "WireDecoder",
            ],
            exclude: ["golden"]
        ),
        .testTarget(
            name: "WireLockCLITests",
            dependencies: [
                "WireLockTestSupport", "WireSupport", "WireCommandLine", "WireJSON", "WireLockCore", "WireOracle",
                "WireFuzz", "WireLint", "WireStub", "WireDecoder", "wirelock",
                "wirelock-sample", "SampleAPI",
            ]
        ),
        .testTarget(
            name: "WireDecoderTests",
            dependencies: ["WireLockTestSupport", "WireDecoder", "WireJSON", "SampleAPI"]
        ),
        .testTarget(
            name: "WireDiagnosticsTests",
            dependencies: ["WireLockTestSupport", "WireDiagnostics", "WireJSON", "SampleAPI"]
        ),
        .testTarget(
            name: "WireStubTests",
            dependencies: [
                "WireLockTestSupport", "WireStub", "WireStubTesting", "WireJSON", "WireLockCore", "WireFuzz",
            ]
        ),
        // The sample client's showcase: every failure kind through a per-test StubServer.
        .testTarget(
            name: "SampleClientTests",
            dependencies: [
                "WireLockTestSupport", "WireStub", "WireStubTesting", "SampleAPI", "WireJSON", "WireSupport",
            ]
        ),
        .testTarget(
            name: "WireLintTests",
            dependencies: ["WireLockTestSupport", "WireLint", "WireJSON", "WireShapes"],
            exclude: ["corpus"]
        ),
        // Reads Sources/ and checks every import against the layer table; depends on no target.
        .testTarget(
            name: "ArchitectureTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + spawnSettings
}
