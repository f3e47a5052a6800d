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
// The engines live in WireJSONCore, the part of WireJSON the app products compile.
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
        // MARK: C wrapper — libyajl through pkg-config, on Linux; only WireJSONCore imports it.
        .systemLibrary(
            name: "CYajl",
            path: "Sources/CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),

        // MARK: Support — internal (like swift-collections' internal utilities). WireSupportCore: the
        // little an app ships too (`Locked`, "did you mean"). WireSupport: what the test products and
        // the command line share (the one atomic writer, write/read loops, mkdir -p, the package,
        // golden/ and Fixtures/ lookups, path display, hex and text helpers, SplitMix64, the record
        // mode goldens and fuzz regressions share). No Foundation.
        .target(name: "WireSupportCore"),
        .target(name: "WireSupport", dependencies: ["WireSupportCore"]),

        // MARK: Core — WireJSONCore (internal): the streaming reader (yajl or Swift engine) and its
        // exact pass, JSONValue, JSON paths, the canonical writer, located errors and their one
        // rendering; depends on nothing but libyajl. What the app side (WireDecoder, WireHTTP) compiles.
        // WireJSON: the validator's fast pass (SIMD stage 1, token grammar stage 2) and JSONValidator;
        // re-exports WireJSONCore whole, so `import WireJSON` is the product's one import.
        .target(name: "WireJSONCore", dependencies: yajl),
        .target(name: "WireJSON", dependencies: ["WireJSONCore"]),

        // MARK: Production — what an app ships.
        // The fast date twins of the Foundation strategies and the one RFC 3339 recogniser.
        .target(name: "WireDates", dependencies: ["WireSupportCore"]),
        // What a decoding failure means in its payload: a `DecodingError` as a value, coding path to
        // JSON path to line and excerpt.
        .target(name: "WireDiagnostics", dependencies: ["WireJSONCore", "WireSupportCore"]),
        // WireJSONDecoder: JSONDecoder's surface on WireJSON's strict reader, and its report (with
        // the reads it records). A syntax error is diagnosed by the core's exact pass alone.
        .target(
            name: "WireDecoder", dependencies: ["WireJSONCore", "WireDates", "WireSupportCore", "WireDiagnostics"]),
        // The failure taxonomy (transport, HTTP, content), HTTPDataLoading, Retry-After, backoff:
        // WireJSONCore alone (the HTTP-date is read in place, a content failure placed with the
        // core's source map).
        .target(name: "WireHTTP", dependencies: ["WireJSONCore"]),

        // MARK: Shapes — the layer the features share. WireShapes: wire shapes inferred from goldens,
        // the breaking-change rules, SHA-256, and what tests decode with and what a model decoded (the
        // decoder choice and the value dump). WireReaders: what a model's reader does with the wire,
        // judged on the test side: reader contracts (built from the reads WireDecoder records) and
        // the classified `DecodingFailure` (kind, wire path, judge).
        .target(name: "WireShapes", dependencies: ["WireJSONCore", "WireDates", "WireSupport", "WireDecoder"]),
        .target(name: "WireReaders", dependencies: ["WireJSONCore", "WireDecoder"]),

        // MARK: Features — independent: none imports another (the layer test checks it). What joins
        // two lives in the test-framework layer or the command line, or is a value one hands the other.
        // Golden workflow: golden files, pending files, diffs, redactions, round trips, decoding-failure
        // and wire-compatibility checks as values.
        .target(
            name: "WireGolden",
            dependencies: [
                "WireJSONCore", "WireShapes", "WireDates", "WireSupport", "WireDiagnostics", "WireDecoder",
                "WireReaders",
            ]
        ),
        // Fuzzing: mutators, seeded campaigns, outcome classification, shrinking, regression corpus.
        .target(
            name: "WireFuzz",
            dependencies: [
                "WireJSONCore", "WireShapes", "WireSupport", "WireDecoder", "WireDiagnostics", "WireReaders",
            ]
        ),
        // Oracles: legacy-vs-candidate comparison as bytes, classified reports, corpora and input
        // families, the date oracles. No WireJSON: a product that proves a date parser compiles no JSON engine.
        .target(name: "WireOracle", dependencies: ["WireDates", "WireSupport"]),
        // Offline API tests: per-test stub servers, routes, route tables, request recording.
        .target(name: "WireStub", dependencies: ["WireJSON", "WireDates", "WireSupport", "WireHTTP"]),
        // Fixture hygiene: lint rules, suppressions, masking, and the findings every check reports.
        .target(name: "WireLint", dependencies: ["WireJSON", "WireShapes", "WireSupport", "WireToolSupport"]),

        // MARK: Test frameworks — the only importers of Swift Testing / XCTest.
        // WireTestReporting (internal): the one failure reporter the three products share.
        .target(name: "WireTestReporting"),
        .target(
            name: "WireLock",
            dependencies: [
                "WireJSONCore", "WireShapes", "WireGolden", "WireFuzz", "WireTestReporting", "WireDecoder",
                "WireSupport",
                "WireDiagnostics", "WireReaders",
            ]
        ),
        .target(name: "WireStubTesting", dependencies: ["WireStub", "WireHTTP", "WireTestReporting", "WireJSON"]),
        .target(name: "WireOracleTesting", dependencies: ["WireOracle", "WireTestReporting", "WireSupport"]),

        // MARK: Command line — internal; no library product compiles any of these (the layer test and
        // Scripts/product-cost.sh check it). WireToolSupport: the command line's file handling (the
        // rewrite policy, signal cleanup of temporary files, the input walker and its globs; WireLint's
        // path scopes use the globs). WireShapeTools: the lock file and its fingerprints (RFC 8785 JCS,
        // SHA-256), golden-directory comparison (`diff`), JSON Schema export (`shape --schema`).
        // WireCommandLine: the typed parser, exit codes, checked output sinks, colours. WireCommands:
        // the commands' work as library functions returning values (the check pipeline, contract
        // checks, HAR import, the fuzz option group), joining features.
        .target(name: "WireToolSupport", dependencies: ["WireSupport"]),
        .target(name: "WireShapeTools", dependencies: ["WireJSON", "WireShapes", "WireDecoder"]),
        .target(name: "WireCommandLine", dependencies: ["WireSupport", "WireToolSupport", "WireJSON"]),
        // WireDecoderOracle (internal): the decoder oracle (JSONDecoder vs WireJSONDecoder, templates,
        // reductions), run only by `wirelock oracle decoder` and the model runner.
        .target(
            name: "WireDecoderOracle",
            dependencies: ["WireOracle", "WireDecoder", "WireJSON", "WireSupport"]
        ),
        // WireOpenAPI (internal): OpenAPI 3.0/3.1 documents in JSON ($ref, allOf/oneOf/anyOf), reader
        // contracts held against them, response-side diffs judged by them, and the proposed mapping.
        .target(name: "WireOpenAPI", dependencies: ["WireSupport", "WireJSON", "WireDecoder", "WireReaders"]),
        .target(
            name: "WireCommands",
            dependencies: [
                "WireSupport", "WireToolSupport", "WireCommandLine", "WireJSON", "WireShapes", "WireShapeTools",
                "WireGolden", "WireFuzz", "WireStub", "WireLint", "WireOracle", "WireDecoderOracle", "WireDecoder",
                "WireDiagnostics", "WireReaders", "WireOpenAPI", "WireHTTP",
            ]
        ),
        .executableTarget(
            name: "WireLockCLI",
            dependencies: [
                "WireSupport", "WireToolSupport", "WireCommandLine", "WireCommands", "WireJSON", "WireShapes",
                "WireShapeTools", "WireGolden", "WireOracle", "WireDecoderOracle", "WireFuzz", "WireLint",
                "WireDiagnostics", "WireStub", "WireDecoder", "WireReaders", "WireOpenAPI",
            ]
        ),
        // The model runner (internal): a command line over an app's own models, Codable or only
        // Decodable (roundtrip, fuzz, check, explain, the decoder oracle); the demo's `wirelock-sample`,
        // the fuzz worker and `wirelock check` (wirelock.json's `runner`) use it.
        .target(
            name: "WireLockRunner",
            dependencies: [
                "WireSupport", "WireToolSupport", "WireCommandLine", "WireCommands", "WireJSON", "WireGolden",
                "WireFuzz", "WireDecoder", "WireOracle", "WireDecoderOracle", "WireDiagnostics", "WireReaders",
                "WireShapes",
            ]
        ),

        // MARK: Demo — the sample media-library API and its client (never imported by the product).
        .target(name: "SampleAPI", dependencies: ["WireHTTP", "WireStub"]),
        .executableTarget(
            name: "wirelock-sample", dependencies: ["WireLockRunner", "SampleAPI", "WireStub", "WireHTTP"]),

        // MARK: Tests.
        // WireLockTestSupport (test-only, never a product; under Tests/, so the layer test does not
        // scan it): the repository and conformance lookups, temporary directories, running the built
        // CLI, the SampleAPI Movie variants, and the one test scale (WIRELOCK_TEST_SCALE).
        .target(
            name: "WireLockTestSupport",
            dependencies: ["SampleAPI", "WireJSON", "WireSupport"],
            path: "Tests/WireLockTestSupport"
        ),
        .testTarget(
            name: "WireJSONTests",
            dependencies: ["WireLockTestSupport", "WireJSON", "WireJSONCore", "WireFuzz"]
        ),
        .testTarget(
            name: "WireShapesTests",
            dependencies: ["WireLockTestSupport", "WireShapes", "WireShapeTools", "WireJSON", "WireDecoder"]
        ),
        .testTarget(
            name: "WireDatesTests",
            dependencies: ["WireDates", "WireSupport"]
        ),
        .testTarget(
            name: "WireLockTests",
            dependencies: [
                "WireLockTestSupport", "WireLock", "WireGolden", "WireJSON", "WireShapes", "WireDates",
                "WireLockRunner", "SampleAPI", "WireDecoder", "WireSupport", "WireDiagnostics", "WireFuzz",
                "WireReaders",
                "WireShapeTools", "WireCommands",
            ]
        ),
        .testTarget(
            name: "WireOracleTests",
            dependencies: [
                "WireLockTestSupport", "WireOracle", "WireOracleTesting", "WireDecoderOracle", "WireJSON",
                "WireDecoder",
                "WireFuzz", "WireCommands", "WireSupport", "WireDates",
            ],
            exclude: ["decoder-regressions"]
        ),
        .testTarget(
            name: "WireFuzzTests",
            dependencies: [
                "WireLockTestSupport", "WireFuzz", "WireJSON", "WireLock", "WireSupport", "SampleAPI", "WireDecoder",
                "WireDiagnostics", "WireCommands", "WireCommandLine", "WireReaders", "WireGolden",
            ],
            exclude: ["golden"]
        ),
        // Runs the built executables: on macOS and Linux only. An executable target is a command-line
        // tool to Xcode, which has no iOS, tvOS, watchOS or visionOS variant (issue 37), so these two
        // dependencies are conditioned, and the iOS job's scheme (.github/xcode) leaves this target out.
        .testTarget(
            name: "WireLockCLITests",
            dependencies: [
                "WireLockTestSupport", "WireSupport", "WireCommandLine", "WireJSON", "WireGolden", "WireOracle",
                "WireDecoderOracle", "WireFuzz", "WireLint", "WireStub", "WireDecoder", "WireCommands", "WireHTTP",
                "WireDiagnostics", "WireShapes", "WireReaders", "WireShapeTools", "WireToolSupport", "SampleAPI",
                .target(name: "WireLockCLI", condition: .when(platforms: [.macOS, .linux])),
                .target(name: "wirelock-sample", condition: .when(platforms: [.macOS, .linux])),
            ],
            exclude: ["adoption-fixtures"]
        ),
        .testTarget(
            name: "WireOpenAPITests",
            dependencies: [
                "WireLockTestSupport", "WireOpenAPI", "WireJSON", "WireDecoder", "WireReaders", "WireCommands",
                "WireLint",
                "WireSupport", "SampleAPI",
            ]
        ),
        .testTarget(
            name: "WireDecoderTests",
            dependencies: ["WireLockTestSupport", "WireDecoder", "WireJSON", "SampleAPI", "WireReaders"]
        ),
        .testTarget(
            name: "WireDiagnosticsTests",
            dependencies: ["WireLockTestSupport", "WireDiagnostics", "WireJSON", "SampleAPI", "WireCommands"]
        ),
        .testTarget(
            name: "WireStubTests",
            dependencies: [
                "WireLockTestSupport", "WireStub", "WireStubTesting", "WireJSON", "WireGolden", "WireFuzz", "WireHTTP",
                "WireCommands", "WireLock", "WireSupport", "WireLint", "WireDecoder", "WireReaders", "WireShapes",
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
        "WireGolden", "WireFuzz", "WireShapes", "WireShapeTools", "WireOracle", "WireDecoderOracle", "WireStub",
        "WireSupport",
        "WireCommands",
    ].map {
        .library(name: $0, targets: [$0])
    }
}

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + spawnSettings
}

// `WIRELOCK_OPTIMIZE=1` (set by .ci/run) compiles the compute-heavy library targets with `-O` inside
// a debug build: the JSON engines, the decoder, the date twins, mutation and the oracles. The tests,
// the command line and everything else stay `-Onone`, with `-D DEBUG` and `@testable import` as
// usual. The full-scale tests spend most of their time in these modules (the engines' differential
// run: 762 s in an all-debug build, ~40 s with them optimized), so CI runs every test at its whole
// count in a third of the time; what -O drops is the debug-only bounds checks of unsafe buffers in
// these modules, which `make test` without the variable (the local default), `make apple-shape`'s
// Swift-engine run and the libFuzzer/ASan target (`make fuzz-engine`) keep. A package depending on
// WireLock never sees the flag (it is read from this package's own environment only).
if Context.environment["WIRELOCK_OPTIMIZE"] == "1" {
    let hot: Set<String> = [
        "WireSupportCore", "WireSupport", "WireJSONCore", "WireJSON", "WireDates", "WireDiagnostics", "WireDecoder",
        "WireReaders", "WireShapes", "WireFuzz", "WireOracle", "WireDecoderOracle",
    ]
    for target in package.targets where hot.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
    }
}
