import Foundation
import Testing

@Suite("Every assertion takes its call site one way")
struct CallSiteConventionTests {
    @Test("the assertions of the three test products keep the convention")
    func repositoryKeepsTheConvention() throws {
        let root = repositoryRoot()
        var checked = 0
        var found: [CallSiteViolation] = []
        for target in ["WireLock", "WireStubTesting", "WireOracleTesting"] {
            let files = try swiftFiles(under: ["Sources/\(target)"], in: root)
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                checked += text.components(separatedBy: "public func assert").count - 1
                found += callSiteViolations(in: text, file: file)
            }
        }
        #expect(checked >= 12, "expected the products' assertions under \(root.path)")
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test(
        "a planted assertion with another convention is caught",
        arguments: [
            // assertOracle before issue 34.
            """
            public func assertOracle(
                _ oracle: Oracle, sourceLocation: SourceLocation = #_sourceLocation,
                file: StaticString = #filePath, line: UInt = #line
            ) -> OracleReport {
            """,
            // XCTest's own pair only.
            "public func assertSame(_ a: Int, file: StaticString = #filePath, line: UInt = #line) {",
            // The convention, but a SourceLocation beside it.
            """
            public func withServer(
                at: SourceLocation,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
            ) {
            """,
        ])
    func plantedViolation(declaration: String) {
        let source = "import Testing\n\n/// Docs.\n\(declaration)\n    body()\n}\n"
        let found = callSiteViolations(in: source, file: "Sources/WireLock/Planted.swift")
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
    }

    @Test("an assertion that keeps the convention, on one line or several, passes")
    func conventionPasses() {
        let source = """
            public func assertGolden<T: Encodable>(
                _ value: T, named name: String,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
            ) {
                verify()
            }
            func assertInternal(file: StaticString = #filePath) {}
            public func verifyGolden(file: StaticString = #filePath) {
            }
            """
        #expect(callSiteViolations(in: source, file: "a.swift").isEmpty)
    }
}
