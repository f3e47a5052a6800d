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
    // One import per task, by audience (issue 24). Every other target is internal: its API is
    // `package`-level or reaches users through one of these (re-exported where an assertion takes it).
    products: [
        // Tests: golden, round-trip, decoding-failure, wire-compatibility and fuzz assertions.
        .library(name: "WireLock", targets: ["WireLock"]),
        // Tests: per-test URLProtocol stub servers and request assertions (re-exports WireHTTP).
        .library(name: "WireStubTesting", targets: ["WireStubTesting"]),
        // Tests: legacy-vs-candidate oracles (re-exports WireOracle).
        .library(name: "WireOracleTesting", targets: ["WireOracleTesting"]),
        // The app: WireJSONDecoder with its date twins and failure diagnostics (re-exported).
        .library(name: "WireDecoder", targets: ["WireDecoder"]),
        // The app: HTTPDataLoading, the WireFailure taxonomy, Retry-After and backoff.
        .library(name: "WireHTTP", targets: ["WireHTTP"]),
        // Tools: the streaming validator, JSONValue, JSON paths, the canonical writer.
        .library(name: "WireJSON", targets: ["WireJSON"]),
        // The command line. Its target is `WireLockCLI`: a target `wirelock` beside the library `WireLock`
        // would share `WireLock.build` and `WireLock.swiftmodule` on a case-insensitive APFS volume (issue 37).
        .executable(name: "wirelock", targets: ["WireLockCLI"]),
    ],
    targets: [
        // MARK: C wrapper — libyajl through pkg-config, on Linux; only WireJSON imports it.
        .systemLibrary(
            name: "CYajl",
            path: "Sources/CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),

        // MARK: Support — internal (like swift-collections' internal utilities): the one atomic
        // writer, write/read loops, mkdir -p, process spawning, the package, golden/ and Fixtures/
        // lookups, path display, the input walker, "did you mean", hex and text helpers, SplitMix64,
        // the record mode goldens and fuzz regressions share. No Foundation; depends on nothing.
        .target(name: "WireSupport"),

        // MARK: Core — streaming reader (yajl or Swift engine), validator, JSONValue, JSON paths,
        // canonical writer, located errors and their one rendering.
        .target(name: "WireJSON", dependencies: yajl + ["WireSupport"]),

        // MARK: Production — what an app ships.
        // The fast date twins of the Foundation strategies and the one RFC 3339 recogniser.
        .target(name: "WireDates", dependencies: ["WireSupport"]),
        // What a decoding failure means in its payload: a `DecodingError` as a value, coding path to
        // JSON path to line and excerpt (WireHTTP explains content failures with it).
        .target(name: "WireDiagnostics", dependencies: ["WireJSON", "WireSupport"]),
        // WireJSONDecoder: JSONDecoder's surface on WireJSON's strict reader, and its report; the
        // classified `DecodingFailure` (kind, wire path, judge) the test products assert on.
        .target(name: "WireDecoder", dependencies: ["WireJSON", "WireDates", "WireSupport", "WireDiagnostics"]),
        // The failure taxonomy (transport, HTTP, content), HTTPDataLoading, Retry-After, backoff.
        .target(name: "WireHTTP", dependencies: ["WireJSON", "WireDates", "WireDiagnostics"]),

        // MARK: Shapes — wire shapes inferred from goldens, the breaking-change rules, the lock file
        // and its fingerprints (RFC 8785 JCS, SHA-256).
        // Also what tests decode with and what a model decoded: the decoder choice and the value dump.
        .target(name: "WireShapes", dependencies: ["WireJSON", "WireDates", "WireDecoder"]),

        // MARK: Features — independent: none imports another (the layer test checks it). What joins
        // two lives in the test-framework layer or the command line, or is a value one hands the other.
        // Golden workflow: golden files, pending files, diffs, redactions, round trips, decoding-failure
        // and wire-compatibility checks as values.
        .target(
            name: "WireGolden",
            dependencies: ["WireJSON", "WireShapes", "WireDates", "WireSupport", "WireDiagnostics", "WireDecoder"]
        ),
        // Fuzzing: mutators, seeded campaigns, outcome classification, shrinking, regression corpus.
        .target(
            name: "WireFuzz",
            dependencies: ["WireJSON", "WireShapes", "WireSupport", "WireDecoder", "WireDiagnostics"]
        ),
        // Oracles: legacy-vs-candidate comparison as bytes, corpora, the date and decoder oracles.
        .target(name: "WireOracle", dependencies: ["WireJSON", "WireDates", "WireSupport", "WireDecoder"]),
        // Offline API tests: per-test stub servers, routes, route tables, request recording.
        .target(name: "WireStub", dependencies: ["WireJSON", "WireDates", "WireSupport", "WireHTTP"]),
        // Fixture hygiene: lint rules, suppressions, masking, and the findings every check reports.
        .target(name: "WireLint", dependencies: ["WireJSON", "WireShapes", "WireSupport"]),

        // MARK: Test frameworks — the only importers of Swift Testing / XCTest.
        // WireTestReporting (internal): the one failure reporter the three products share.
        .target(name: "WireTestReporting"),
        .target(
            name: "WireLock",
            dependencies: [
                "WireJSON", "WireShapes", "WireGolden", "WireFuzz", "WireTestReporting", "WireDecoder", "WireSupport",
                "WireDiagnostics",
            ]
        ),
        .target(name: "WireStubTesting", dependencies: ["WireStub", "WireHTTP", "WireTestReporting", "WireJSON"]),
        .target(name: "WireOracleTesting", dependencies: ["WireOracle", "WireTestReporting", "WireSupport"]),

        // MARK: Command line — internal. WireCommandLine: the typed parser, exit codes, checked output
        // sinks, colours. WireCommands: the commands' work as library functions returning values
        // (the check pipeline, contract checks, HAR import, the fuzz option group), joining features.
        .target(name: "WireCommandLine", dependencies: ["WireSupport", "WireJSON"]),
        .target(
            name: "WireCommands",
            dependencies: [
                "WireSupport", "WireCommandLine", "WireJSON", "WireShapes", "WireGolden", "WireFuzz", "WireStub",
                "WireLint", "WireOracle", "WireDecoder", "WireDiagnostics",
            ]
        ),
        .executableTarget(
            name: "WireLockCLI",
            dependencies: [
                "WireSupport", "WireCommandLine", "WireCommands", "WireJSON", "WireShapes", "WireGolden", "WireOracle",
                "WireFuzz", "WireLint", "WireDiagnostics", "WireStub", "WireDecoder",
            ]
        ),
        // The model runner (internal): a command line over an app's own models, Codable or only
        // Decodable (roundtrip, fuzz, check, explain, the decoder oracle); the demo's `wirelock-sample`,
        // the fuzz worker and `wirelock check` (wirelock.json's `runner`) use it.
        .target(
            name: "WireLockRunner",
            dependencies: [
                "WireSupport", "WireCommandLine", "WireCommands", "WireJSON", "WireGolden", "WireFuzz", "WireDecoder",
                "WireOracle", "WireDiagnostics", "WireShapes",
            ]
        ),

        // MARK: Demo — the sample media-library API and its client (never imported by the product).
        .target(name: "SampleAPI", dependencies: ["WireHTTP"]),
        .executableTarget(
            name: "wirelock-sample", dependencies: ["WireLockRunner", "SampleAPI", "WireStub", "WireHTTP"]),

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
                "WireLockTestSupport", "WireLock", "WireGolden", "WireJSON", "WireShapes", "WireDates",
                "WireLockRunner", "SampleAPI", "WireDecoder", "WireSupport", "WireDiagnostics", "WireFuzz",
            ]
        ),
        .testTarget(
            name: "WireOracleTests",
            dependencies: [
                "WireLockTestSupport", "WireOracle", "WireOracleTesting", "WireJSON", "WireDecoder", "WireFuzz",
                "WireCommands", "WireSupport",
            ],
            exclude: ["decoder-regressions"]
        ),
        .testTarget(
            name: "WireFuzzTests",
            dependencies: [
                "WireLockTestSupport", "WireFuzz", "WireJSON", "WireLock", "WireSupport", "SampleAPI", "WireDecoder",
                "WireDiagnostics", "WireCommands", "WireCommandLine",
            ],
            exclude: ["golden"]
        ),
        .testTarget(
            name: "WireLockCLITests",
            dependencies: [
                "WireLockTestSupport", "WireSupport", "WireCommandLine", "WireJSON", "WireGolden", "WireOracle",
                "WireFuzz", "WireLint", "WireStub", "WireDecoder", "WireLockCLI", "WireCommands", "WireHTTP",
                "WireDiagnostics", "WireShapes",
                "wirelock-sample", "SampleAPI",
            ],
            exclude: ["adoption-fixtures"]
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
                "WireLockTestSupport", "WireStub", "WireStubTesting", "WireJSON", "WireGolden", "WireFuzz", "WireHTTP",
                "WireCommands", "WireLock", "WireSupport", "WireLint", "WireDecoder",
            ]
        ),
        // The sample client's showcase: every failure kind through a per-test StubServer.
        .testTarget(
            name: "SampleClientTests",
            dependencies: [
                "WireLockTestSupport", "WireStub", "WireStubTesting", "SampleAPI", "WireJSON", "WireSupport",
                "WireHTTP",
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

// The repository's own tools — Benchmarks/ and FuzzEngine/, separate packages so `swift build` here
// never compiles them — link internal modules by product. The Makefile sets WIRELOCK_TOOL_PRODUCTS=1
// for those builds only; a package depending on WireLock never sees these products.
if Context.environment["WIRELOCK_TOOL_PRODUCTS"] != nil {
    package.products += [
        "WireGolden", "WireFuzz", "WireShapes", "WireOracle", "WireStub", "WireSupport", "WireCommands",
    ].map {
        .library(name: $0, targets: [$0])
    }
}

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + spawnSettings
}
