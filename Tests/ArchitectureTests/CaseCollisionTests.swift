import Foundation
import Testing

@Suite("Package.swift is read for its declarations")
struct PackageManifestTests {
    @Test("every declaration form is read with its kind, name and line")
    func declarationForms() {
        let manifest = PackageManifest(
            reading: """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(
                    name: "Demo",
                    products: [
                        .library(name: "Core", targets: ["Core"]),
                        .library(name: "CoreDynamic", type: .dynamic, targets: ["Core"]),
                        .executable(name: "core-tool", targets: ["CoreTool"]),
                        .plugin(name: "Lint", targets: ["LintPlugin"]),
                    ],
                    targets: [
                        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
                        .target(name: "Core", dependencies: ["CZlib", .product(name: "Collections", package: "swift-collections")]),
                        .executableTarget(
                            name: "CoreTool",
                            dependencies: [.target(name: "Core", condition: .when(platforms: [.macOS]))]
                        ),
                        .plugin(name: "LintPlugin", capability: .buildTool()),
                        .binaryTarget(name: "Blob", path: "Blob.xcframework"),
                        .testTarget(name: "CoreTests", dependencies: [.byName(name: "Core"), "CoreTool"]),
                    ]
                )
                """)
        #expect(
            manifest.products == [
                DeclaredProduct(kind: .automaticLibrary, name: "Core", targets: ["Core"], line: 6),
                DeclaredProduct(kind: .linkedLibrary, name: "CoreDynamic", targets: ["Core"], line: 7),
                DeclaredProduct(kind: .executable, name: "core-tool", targets: ["CoreTool"], line: 8),
                DeclaredProduct(kind: .plugin, name: "Lint", targets: ["LintPlugin"], line: 9),
            ])
        #expect(
            manifest.targets == [
                DeclaredTarget(kind: .system, name: "CZlib", dependencies: [], line: 12),
                DeclaredTarget(kind: .regular, name: "Core", dependencies: ["CZlib", "Collections"], line: 13),
                DeclaredTarget(kind: .executable, name: "CoreTool", dependencies: ["Core"], line: 15),
                DeclaredTarget(kind: .plugin, name: "LintPlugin", dependencies: [], line: 18),
                DeclaredTarget(kind: .binary, name: "Blob", dependencies: [], line: 19),
                DeclaredTarget(kind: .test, name: "CoreTests", dependencies: ["Core", "CoreTool"], line: 20),
            ])
        #expect(manifest.unreadNames.isEmpty)
    }

    @Test("comments, a subscript's key and a dependency's condition are not names")
    func notNames() {
        let manifest = PackageManifest(
            reading: """
                let extra: [Target.Dependency] =
                    Context.environment["NO_EXTRA"] == nil ? [.target(name: "Extra", condition: .when(traits: ["T"]))] : []
                /* .target(name: "Commented") */
                let package = Package(name: "P", targets: [
                    // .executableTarget(name: "Old"),
                    .target(name: "Extra"),
                    .target(name: "Main", dependencies: extra + ["Base"]),
                    .target(name: "Base"),
                ])
                """)
        #expect(manifest.targets.map(\.name) == ["Extra", "Main", "Base"])
        #expect(manifest.targets.first { $0.name == "Main" }?.dependencies == ["Extra", "Base"])
    }

    @Test("products named by a .map over an array of string literals are read; other names are reported unread")
    func mappedAndUnreadNames() {
        let manifest = PackageManifest(
            reading: """
                let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
                if Context.environment["TOOLS"] != nil {
                    package.products += ["A", "B"].map { .library(name: $0, targets: [$0]) }
                }
                let names = ["C"]
                package.targets += names.map { .target(name: $0) }
                package.targets.append(.target(name: "D" + "E"))
                """)
        #expect(manifest.products.map(\.name) == ["A", "B"])
        #expect(manifest.products.map(\.targets) == [["A"], ["B"]])
        #expect(manifest.unreadNames == [6, 7])
    }

    @Test("reaching an executable: directly, through a target, through a product")
    func reachesExecutable() {
        let manifest = PackageManifest(
            reading: """
                let package = Package(name: "P",
                    products: [.executable(name: "tool", targets: ["Tool"])],
                    targets: [
                        .executableTarget(name: "Tool"),
                        .target(name: "Lib"),
                        .target(name: "Runner", dependencies: ["Tool"]),
                        .testTarget(name: "LibTests", dependencies: ["Lib"]),
                        .testTarget(name: "RunnerTests", dependencies: ["Runner"]),
                        .testTarget(name: "ToolTests", dependencies: ["tool"]),
                    ])
                """)
        let reaches = Dictionary(
            uniqueKeysWithValues: manifest.targets.map { ($0.name, manifest.reachesExecutable($0)) })
        #expect(
            reaches == [
                "Tool": true, "Lib": false, "Runner": true, "LibTests": false, "RunnerTests": true, "ToolTests": true,
            ])
    }

    @Test("module names as SwiftPM forms them", arguments: [("wirelock-sample", "wirelock_sample"), ("1up", "_1up")])
    func moduleNames(name: String, module: String) {
        #expect(c99Name(name) == module)
    }
}

@Suite("No two names differ only in case")
struct CaseCollisionTests {
    @Test("the target pair issue 37 found is caught, with the files the two would share")
    func plantedTargets() throws {
        let manifest = PackageManifest(
            reading: """
                let package = Package(name: "WireLock",
                    products: [.library(name: "WireLock", targets: ["WireLock"]),
                               .executable(name: "wirelock", targets: ["wirelock"])],
                    targets: [.target(name: "WireLock"), .executableTarget(name: "wirelock")])
                """)
        let found = caseCollisions(in: manifest, folders: [:])
        try #require(found.count == 2)
        #expect(
            found[0].description
                == #"targets differ only in case: .target(name: "WireLock") at Package.swift:4 and "#
                + #".executableTarget(name: "wirelock") at Package.swift:4 "#
                + "(WireLock.build/ and Modules/WireLock.swiftmodule)")
        // The product `wirelock` beside the target `WireLock` is the accepted pair, not a finding;
        // the target `wirelock` beside the library product `WireLock` is one.
        #expect(found[1].what == "a product and a target")
        #expect(found[1].names.first?.contains(#".library(name: "WireLock")"#) == true)
    }

    @Test(
        "planted collisions are caught",
        arguments: [
            // Module names: a dash becomes an underscore.
            (#".target(name: "json-core"), .target(name: "JSON_Core")"#, "targets"),
            (#".target(name: "Net"), .testTarget(name: "net")"#, "targets"),
            // Two libraries, two executables, an executable and a dynamic library.
            (
                #".library(name: "Kit", targets: ["A"]), .library(name: "kit", targets: ["B"]), .target(name: "A"), .target(name: "B")"#,
                "products"
            ),
            (
                #".executable(name: "tool", targets: ["A"]), .executable(name: "Tool", targets: ["B"]), .executableTarget(name: "A"), .executableTarget(name: "B")"#,
                "products"
            ),
            (
                #".executable(name: "kit", targets: ["A"]), .library(name: "Kit", type: .dynamic, targets: ["B"]), .executableTarget(name: "A"), .target(name: "B")"#,
                "products"
            ),
            // A product beside a target of another name in case only.
            (
                #".executable(name: "cli", targets: ["CLIMain"]), .target(name: "CLI"), .executableTarget(name: "CLIMain")"#,
                "a product and a target"
            ),
        ])
    func plantedCollision(declarations: String, what: String) {
        let manifest = PackageManifest(reading: "let package = Package(name: \"P\", \(declarations))")
        #expect(manifest.unreadNames.isEmpty)
        let found = caseCollisions(in: manifest, folders: [:])
        #expect(found.map(\.what) == [what], "\(found)")
    }

    @Test(
        "names that do not collide pass",
        arguments: [
            // A product named as its target, in the same case.
            #".library(name: "Kit", targets: ["Kit"]), .target(name: "Kit")"#,
            // An automatic library and an executable product: the library product writes nothing.
            #".library(name: "Kit", targets: ["KitCore"]), .executable(name: "kit", targets: ["KitCLI"]), .target(name: "KitCore"), .executableTarget(name: "KitCLI")"#,
            #".target(name: "JSONCore"), .target(name: "JSONCoreTests")"#,
        ])
    func noCollision(declarations: String) {
        let manifest = PackageManifest(reading: "let package = Package(name: \"P\", \(declarations))")
        #expect(caseCollisions(in: manifest, folders: [:]) == [])
    }

    @Test("the accepted pair is accepted only as written")
    func acceptedPair() {
        let manifest = PackageManifest(
            reading:
                #".executable(name: "wirelock", targets: ["WireLockCLI"]), .target(name: "WireLock"), .executableTarget(name: "WireLockCLI")"#
        )
        #expect(caseCollisions(in: manifest, folders: [:]) == [])
        #expect(caseCollisions(in: manifest, folders: [:], accepting: []).map(\.what) == ["a product and a target"])
    }

    @Test("folders of one parent that differ only in case are caught; across parents they are not")
    func folders() {
        let found = caseCollisions(
            in: PackageManifest(), folders: ["Sources": ["WireLock", "wirelock", "WireJSON"], "Tests": ["wirejson"]])
        #expect(
            found.map(\.description) == [
                "folders of Sources/ differ only in case: Sources/WireLock and Sources/wirelock "
                    + "(one folder on a case-insensitive volume)"
            ])
    }

    // MARK: the repository

    @Test("Package.swift, Sources/ and Tests/ have no two names that differ only in case")
    func repositoryHasNoCaseCollisions() throws {
        let root = repositoryRoot()
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let manifest = PackageManifest(reading: text)
        #expect(
            manifest.unreadNames.isEmpty,
            "Package.swift lines whose name: the reader cannot read: \(manifest.unreadNames)")
        var folders: [String: [String]] = [:]
        for parent in ["Sources", "Tests"] {
            folders[parent] = try directories(in: root.appendingPathComponent(parent))
        }
        // The reader sees the package: every folder under Sources/ is a target it read.
        let sources = Set(folders["Sources"] ?? [])
        #expect(sources.count >= 20, "expected the package's targets under Sources/")
        #expect(sources.subtracting(manifest.targets.map(\.name)).isEmpty, "targets the reader missed")
        #expect(manifest.products.contains { $0.name == "wirelock" && $0.kind == .executable })

        let found = caseCollisions(in: manifest, folders: folders)
        let list = found.map(\.description).joined(separator: "\n")
        let count = found.count  // the list below is the message; the array itself is not repeated
        #expect(count == 0, "Names a case-insensitive volume takes for one:\n\(list)")
    }
}

/// The names of the folders directly in `directory`, sorted.
func directories(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { name in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
    }.sorted()
}
