import Foundation
import Testing

@Suite("Import rules of the layers")
struct LayerRulesTests {
    @Test(
        "import lines are read with their module and line",
        arguments: [
            ("import Foundation", "Foundation"),
            ("@_exported import WireGolden", "WireGolden"),
            ("@testable import WireJSON", "WireJSON"),
            ("package import WireSupport", "WireSupport"),
            ("@preconcurrency internal import Dispatch", "Dispatch"),
            ("import struct Foundation.Date", "Foundation"),
            ("  import CYajl // the C library", "CYajl"),
        ])
    func readsImports(line: String, module: String) {
        let found = importStatements(in: "// header\n\(line)\n", file: "x.swift")
        #expect(found == [ImportStatement(module: module, file: "x.swift", line: 2)])
    }

    @Test(
        "lines that are not imports are ignored",
        arguments: [
            "#if canImport(FoundationNetworking)",
            "// import SampleAPI",
            "let important = 1",
            "/* import SampleAPI */",
            "func importFixtures() {}",
        ])
    func ignoresNonImports(line: String) {
        #expect(importStatements(in: line, file: "x.swift").isEmpty)
    }

    @Test("an import inside a block comment is ignored")
    func blockComment() {
        let source = "/*\nimport SampleAPI\n*/\nimport Foundation\n"
        #expect(importStatements(in: source, file: "x.swift").map(\.module) == ["Foundation"])
    }

    @Test(
        "planted forbidden imports are caught",
        arguments: [
            ("WireJSON", "SampleAPI"),  // the product importing the demo model
            ("WireJSON", "Foundation"),  // the core stays Foundation-free
            ("WireJSONCore", "Foundation"),
            ("WireJSONCore", "WireJSON"),  // the core below the validator that re-exports it
            ("WireJSON", "CYajl"),  // only the core's engines see libyajl
            // The app side and `import WireLock` compile the core alone, not the fast pass.
            ("WireHTTP", "WireJSON"),
            ("WireDecoder", "WireJSON"),
            ("WireGolden", "WireJSON"),
            ("WireFuzz", "WireJSON"),  // the fuzzed model's validation once compiled the fast pass
            ("WireJSON", "WireGolden"),  // a lower layer importing a higher one
            ("WireGolden", "CYajl"),  // only the core sees libyajl
            ("WireFuzz", "Testing"),  // a feature module linking a test framework
            ("WireGolden", "XCTest"),
            ("WireGolden", "WireLockCLI"),  // a library importing the CLI
            ("WireOracle", "WireLock"),  // a feature importing the test-framework layer
            ("WireLockCLI", "WireLock"),  // the CLI linking the assertion layer
            ("WireJSON", "NotAModule"),  // an unknown dependency
            // Feature modules are independent of each other (issue 24).
            ("WireFuzz", "WireGolden"),  // fuzz regressions once took golden's record modes
            ("WireStub", "WireFuzz"),  // a stub answer once made fuzz mutants itself
            ("WireStub", "WireGolden"),
            ("WireOracle", "WireFuzz"),
            ("WireLint", "WireStub"),
            ("WireGolden", "WireCommands"),  // a feature importing the commands' library
            ("WireHTTP", "WireStub"),  // the app's failure module importing the stub server
            // The app side carries no test or command-line machinery (issue 34).
            ("WireHTTP", "WireDates"),  // it once rewrote an HTTP-date as RFC 3339 to parse it
            ("WireHTTP", "WireDiagnostics"),  // it once explained content failures with it
            ("WireHTTP", "WireSupport"),
            ("WireJSON", "WireSupport"),  // the core depends on nothing but libyajl
            ("WireDecoder", "WireSupport"),  // the app's decoder shares only WireSupportCore
            ("WireDates", "WireSupport"),
            // No test product (nor a feature it compiles) reaches a command-line-only module.
            ("WireLock", "WireCommands"),
            ("WireLock", "WireShapeTools"),  // the lock file and JCS once were public in WireLock
            ("WireStubTesting", "WireCommandLine"),
            ("WireStubTesting", "WireToolSupport"),
            ("WireOracleTesting", "WireShapeTools"),
            ("WireOracleTesting", "WireCommands"),
            ("WireGolden", "WireShapeTools"),
            ("WireStub", "WireToolSupport"),  // the fixture lookup once used the CLI's input walker
            ("WireSupport", "WireToolSupport"),  // the atomic writer once held the rewrite policy
        ])
    func plantedViolation(target: String, module: String) {
        let statement = ImportStatement(module: module, file: "Sources/\(target)/Planted.swift", line: 3)
        let found = LayerRules.wireLock.violations([target: [statement]])
        #expect(found.count == 1, "\(target) importing \(module) must break a rule")
        #expect(found.first?.statement == statement)
    }

    @Test(
        "imports the layers allow pass",
        arguments: [
            ("WireJSONCore", "CYajl"),
            ("WireJSONCore", "Glibc"),
            ("WireJSON", "WireJSONCore"),
            ("WireGolden", "WireJSONCore"),
            ("WireFuzz", "WireShapes"),  // a feature importing the shapes layer below it
            ("WireStub", "WireHTTP"),
            ("WireCommands", "WireFuzz"),  // the command line joins features
            ("WireLock", "WireGolden"),  // so does the test-framework layer
            ("WireLock", "Testing"),
            ("WireLock", "WireFuzz"),
            ("WireLockCLI", "WireOracle"),
            ("wirelock-sample", "SampleAPI"),
            ("WireHTTP", "WireJSONCore"),
            ("WireStub", "WireJSON"),
            ("WireDecoder", "WireSupportCore"),
            ("WireGolden", "WireReaders"),  // reader contracts are shared below the features
            ("WireFuzz", "WireReaders"),
            ("WireLint", "WireToolSupport"),  // its path scopes use the command line's globs
            ("WireCommands", "WireShapeTools"),
            ("WireCommandLine", "WireToolSupport"),
        ])
    func allowedImport(target: String, module: String) {
        let statement = ImportStatement(module: module, file: "Sources/\(target)/A.swift", line: 1)
        #expect(LayerRules.wireLock.violations([target: [statement]]).isEmpty)
    }

    @Test("a target missing from the layer table is a violation")
    func unknownTarget() {
        let found = LayerRules.wireLock.violations(["WireNew": []])
        #expect(found.map(\.target) == ["WireNew"])
    }

    @Test("every target under Sources/ keeps to the rules")
    func repositoryKeepsTheRules() throws {
        let sources = repositoryRoot().appendingPathComponent("Sources")
        let imports = try importsByTarget(under: sources)
        #expect(imports.count >= 8, "expected the package's targets under \(sources.path)")
        let found = LayerRules.wireLock.violations(imports)
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }
}

/// The package root: three levels above this file (Tests/ArchitectureTests/…).
func repositoryRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Reads every `.swift` file of every target directory under `sources`.
private func importsByTarget(under sources: URL) throws -> [String: [ImportStatement]] {
    let manager = FileManager.default
    var result: [String: [ImportStatement]] = [:]
    for target in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
        let directory = sources.appendingPathComponent(target)
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            continue
        }
        var statements: [ImportStatement] = []
        let files = manager.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            statements += importStatements(in: text, file: "Sources/\(target)/\(file)")
        }
        result[target] = statements
    }
    return result
}
