import Foundation
import Testing

@Suite("The iOS scheme builds no executable")
struct XcodeSchemeTests {
    /// A package like WireLock's: a library and its tests, an executable, and the executable's tests.
    static let manifest = PackageManifest(
        reading: """
            let package = Package(name: "P",
                products: [.library(name: "Kit", targets: ["Kit"]), .executable(name: "kit-tool", targets: ["KitCLI"])],
                targets: [
                    .target(name: "Kit"),
                    .executableTarget(name: "KitCLI", dependencies: ["Kit"]),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                    .testTarget(name: "KitCLITests", dependencies: ["Kit", .target(name: "KitCLI", condition: .when(platforms: [.macOS, .linux]))]),
                    .testTarget(name: "ArchitectureTests"),
                ])
            if Context.environment["TOOLS"] != nil { package.products += ["Extra"].map { .library(name: $0, targets: [$0]) } }
            """)

    /// A scheme in Xcode's format building `built` and testing `tested`.
    static func scheme(built: [String], tested: [String]) -> String {
        func reference(_ name: String) -> String {
            """
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "\(name)"
                           BuildableName = "\(name)"
                           BlueprintName = "\(name)"
                           ReferencedContainer = "container:">
                        </BuildableReference>
            """
        }
        let entries = built.map {
            "         <BuildActionEntry buildForTesting = \"YES\">\n\(reference($0))\n         </BuildActionEntry>"
        }
        let testables = tested.map {
            "         <TestableReference skipped = \"NO\">\n\(reference($0))\n         </TestableReference>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "2600" version = "1.7">
               <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
                  <BuildActionEntries>
            \(entries.joined(separator: "\n"))
                  </BuildActionEntries>
               </BuildAction>
               <TestAction buildConfiguration = "Debug">
                  <Testables>
            \(testables.joined(separator: "\n"))
                  </Testables>
               </TestAction>
            </Scheme>
            """
    }

    @Test("references are read with their target, container, action and line")
    func readsReferences() {
        let references = schemeReferences(in: Self.scheme(built: ["Kit"], tested: ["KitTests"]))
        #expect(
            references == [
                SchemeReference(blueprintName: "Kit", container: "container:", action: "BuildAction", line: 6),
                SchemeReference(blueprintName: "KitTests", container: "container:", action: "TestAction", line: 19),
            ])
    }

    @Test("a reference inside an XML comment is not read; entities in values are decoded")
    func commentsAndEntities() {
        let xml = """
            <Scheme>
            <!-- <BuildableReference BlueprintName = "KitCLI" ReferencedContainer = "container:"> -->
            <TestAction><BuildableReference BlueprintName = "A&amp;B" ReferencedContainer = "container:"></BuildableReference></TestAction>
            </Scheme>
            """
        #expect(schemeReferences(in: xml).map(\.blueprintName) == ["A&B"])
        #expect(schemeReferences(in: xml).map(\.line) == [3])
    }

    @Test("the libraries and the tests that can run on iOS pass")
    func goodScheme() {
        let references = schemeReferences(in: Self.scheme(built: ["Kit", "KitTests"], tested: ["KitTests"]))
        #expect(iOSSchemeViolations(references, manifest: Self.manifest, file: "S.xcscheme") == [])
    }

    @Test("a planted executable target fails, with the line and the reason")
    func plantedExecutable() throws {
        let xml = Self.scheme(built: ["Kit", "KitCLI"], tested: ["KitTests"])
        let found = iOSSchemeViolations(schemeReferences(in: xml), manifest: Self.manifest, file: "S.xcscheme")
        try #require(found.count == 1)
        #expect(
            found[0].description
                == "S.xcscheme:15: KitCLI: an executable target: Xcode builds it as a command-line tool "
                + "(com.apple.product-type.tool), which has no iOS Simulator variant")
    }

    @Test("a planted test target that depends on an executable fails, even through a platform condition")
    func plantedTestOfExecutable() {
        let xml = Self.scheme(built: ["Kit"], tested: ["KitTests", "KitCLITests"])
        let found = iOSSchemeViolations(schemeReferences(in: xml), manifest: Self.manifest, file: "S.xcscheme")
        #expect(found.map(\.target) == ["KitCLITests"])
        #expect(found.first?.problem.hasPrefix("depends on the executable target KitCLI,") == true)
    }

    @Test(
        "a scheme that falls behind the package, or names what is not the package's, fails",
        arguments: [
            (["KitTests"], ["KitTests"], "Kit"),  // the library product's target is not built
            (["Kit"], [], "KitTests"),  // a test target that can run is not tested
            (["Kit", "Kitt"], ["KitTests"], "Kitt"),  // a typo
        ])
    func incompleteScheme(built: [String], tested: [String], target: String) {
        let references = schemeReferences(in: Self.scheme(built: built, tested: tested))
        let found = iOSSchemeViolations(references, manifest: Self.manifest, file: "S.xcscheme")
        #expect(found.map(\.target) == [target], "\(found)")
    }

    @Test("another container than the package fails")
    func otherContainer() {
        let xml = Self.scheme(built: ["Kit"], tested: ["KitTests"])
            .replacingOccurrences(
                of: "\"container:\">\n            </BuildableReference>\n         </BuildActionEntry>",
                with: "\"container:App.xcodeproj\">\n            </BuildableReference>\n         </BuildActionEntry>")
        let found = iOSSchemeViolations(schemeReferences(in: xml), manifest: Self.manifest, file: "S.xcscheme")
        #expect(
            found.map(\.problem) == [
                #"ReferencedContainer is "container:App.xcodeproj", not the package's "container:""#
            ])
    }

    // MARK: the repository

    @Test("the committed iOS scheme builds the libraries and tests every test target that can run on iOS")
    func repositoryScheme() throws {
        let root = repositoryRoot()
        let manifest = PackageManifest(
            reading: try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
        let xml = try String(contentsOf: root.appendingPathComponent(IOSSchemeRules.path), encoding: .utf8)
        let references = schemeReferences(in: xml)
        #expect(references.count >= 10, "expected the libraries and their tests in \(IOSSchemeRules.path)")
        let found = iOSSchemeViolations(references, manifest: manifest, file: IOSSchemeRules.path)
        let list = found.map(\.description).joined(separator: "\n")
        let count = found.count  // the list below is the message; the array itself is not repeated
        #expect(count == 0, "The iOS scheme is wrong for an iOS destination:\n\(list)")
        // What it leaves out is exactly what cannot build for iOS, and the repository's own rules.
        let named = Set(references.map(\.blueprintName))
        let leftOutTests = manifest.targets.filter { $0.kind == .test && !named.contains($0.name) }.map(\.name)
        #expect(Set(leftOutTests) == ["WireLockCLITests", "ArchitectureTests"])
    }
}
