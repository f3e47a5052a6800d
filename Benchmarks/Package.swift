// swift-tools-version: 6.0
// WireLock benchmarks: kept out of the main build so `swift build` at the root never compiles them.
// Run with `make bench` from the repository root (see BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "WireLockBenchmarks",
    // The root package\'s macOS floor (these tools do not build for iOS).
    platforms: [.macOS(.v13)],
    dependencies: [
        // The root package, by path. The name pins its identity, so the clone's folder name does
        // not matter.
        .package(name: "WireLock", path: "..")
    ],
    targets: [
        // MARK: Data — a deterministic generator of a large API-like JSON document.
        .executableTarget(
            name: "wirelock-gen",
            path: "Sources/wirelock-gen"
        ),

        // MARK: Shared by the measuring benchmarks — child processes with their peak RSS, best and
        // median of runs, the machine description, the Codable mirror of the generated records.
        .target(
            name: "WireLockBenchSupport",
            path: "Sources/WireLockBenchSupport"
        ),

        // MARK: Measurements — WireJSON against json_verify, JSONSerialization and JSONDecoder.
        .executableTarget(
            name: "wirelock-bench",
            dependencies: ["WireLockBenchSupport", .product(name: "WireJSON", package: "WireLock")],
            path: "Sources/wirelock-bench"
        ),

        // MARK: Decoding — WireJSONDecoder (strict, JSONDecoder acceptance, with the report) next to
        // JSONDecoder and JSONSerialization, on the 100 MB document and on 10,000 documents of ~2 KB.
        .executableTarget(
            name: "wirelock-decoder-bench",
            dependencies: [
                "WireLockBenchSupport", .product(name: "WireDecoder", package: "WireLock"),
                // The real-model workload's decoder oracle (--rest-oracle), in release.
                .product(name: "WireOracle", package: "WireLock"),
                .product(name: "WireDecoderOracle", package: "WireLock"),
                .product(name: "WireCommands", package: "WireLock"),  // FixtureMutants
            ],
            path: "Sources/wirelock-decoder-bench"
        ),

        // MARK: Fuzzing — validator-only and JSONDecoder campaigns on small fixtures, mutants/s.
        .executableTarget(
            name: "wirelock-fuzz-bench",
            dependencies: [
                .product(name: "WireFuzz", package: "WireLock"),
                .product(name: "WireCommands", package: "WireLock"),  // ValidatorCampaign, ChildProcessCampaign
            ],
            path: "Sources/wirelock-fuzz-bench"
        ),

        // MARK: Date strategies — each legacy Foundation date parser next to its WireOracle twin.
        .executableTarget(
            name: "wirelock-date-bench",
            dependencies: [
                .product(name: "WireOracle", package: "WireLock"),
                .product(name: "WireJSON", package: "WireLock"),
            ],
            path: "Sources/wirelock-date-bench"
        ),

        // MARK: Oracles — the three-wrapper date migration of Tests/WireOracleTests/Migration (its
        // wrappers linked from there): inputs/s with and without grouping and shrinking, and the floor.
        .executableTarget(
            name: "wirelock-oracle-bench",
            dependencies: [.product(name: "WireOracle", package: "WireLock")],
            path: "Sources/wirelock-oracle-bench"
        ),

        // MARK: Golden comparisons — encode, canonicalize and compare ~2 KB documents with a golden file;
        // a decoded golden of a ~1 MB fixture next to the encoded golden of the same value.
        .executableTarget(
            name: "wirelock-golden-bench",
            dependencies: [
                .product(name: "WireJSON", package: "WireLock"),
                .product(name: "WireGolden", package: "WireLock"),
                .product(name: "WireSupport", package: "WireLock"),  // RecordMode
                .product(name: "WireShapes", package: "WireLock"),  // DecodedDump, ModelDecoder
            ],
            path: "Sources/wirelock-golden-bench"
        ),
        // MARK: Scaling — fmt, shape, diff and validate (the release CLI, as processes) at n and 8n.
        .executableTarget(
            name: "wirelock-scaling-bench",
            path: "Sources/wirelock-scaling-bench"
        ),
        // MARK: CI check — `wirelock check`, lint and validate (the release CLI, as processes) over
        // 10,000 generated fixtures of ~2 KB.
        .executableTarget(
            name: "wirelock-check-bench",
            dependencies: [.product(name: "WireSupport", package: "WireLock")],  // SplitMix64
            path: "Sources/wirelock-check-bench"
        ),
        // MARK: Shapes — inference, fingerprints and diff over 1,000 generated goldens of ~2 KB.
        .executableTarget(
            name: "wirelock-shape-bench",
            dependencies: [
                .product(name: "WireJSON", package: "WireLock"),
                .product(name: "WireShapes", package: "WireLock"),
                .product(name: "WireShapeTools", package: "WireLock"),  // the lock file, JCS, format comparison
                .product(name: "WireGolden", package: "WireLock"),  // GoldenCatalog
                .product(name: "WireOracle", package: "WireLock"),
            ],
            path: "Sources/wirelock-shape-bench"
        ),
        // MARK: OpenAPI — a description parsed, resolved and checked against reader contracts, in
        // process and as the release CLI (peak RSS), at GitHub's size and several times it.
        .executableTarget(
            name: "wirelock-openapi-bench",
            dependencies: [
                "WireLockBenchSupport", .product(name: "WireCommands", package: "WireLock"),  // OpenAPIBenchmarks
                .product(name: "WireJSON", package: "WireLock"),
            ],
            path: "Sources/wirelock-openapi-bench"
        ),
        // MARK: Stubs — WireStub's session and HTTPDataLoading paths next to a bare URLProtocol stub.
        .executableTarget(
            name: "wirelock-stub-bench",
            dependencies: [
                .product(name: "WireStub", package: "WireLock"), .product(name: "WireHTTP", package: "WireLock"),
            ],
            path: "Sources/wirelock-stub-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
