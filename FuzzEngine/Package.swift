// swift-tools-version: 6.0
// WireLock's libFuzzer target for the WireJSON core: kept out of the main build because it only links
// with `-sanitize=fuzzer` (libFuzzer supplies `main`). Run it with `make fuzz-engine` from the
// repository root (see the README's "Fuzzing the core (libFuzzer)").
import PackageDescription

let package = Package(
    name: "WireLockFuzzEngine",
    // The root package\'s macOS floor (these tools do not build for iOS).
    platforms: [.macOS(.v13)],
    dependencies: [
        // The root package, by path; the name pins its identity whatever the clone's folder is called.
        .package(name: "WireLock", path: "..")
    ],
    targets: [
        // MARK: Fuzz target — arbitrary bytes through the validator, the tree builder and the canonical
        // writer, with their agreement checked on every input.
        .target(
            name: "CLibFuzzer",
            path: "Sources/CLibFuzzer"
        ),
        .executableTarget(
            name: "wirejson-fuzz",
            dependencies: [
                "CLibFuzzer", .product(name: "WireJSON", package: "WireLock"),
                .product(name: "WireShapeTools", package: "WireLock"),  // JCS
            ],
            path: "Sources/wirejson-fuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
