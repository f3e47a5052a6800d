// The import rules of WireLock's layers, as data, and the pure functions that check a tree of sources
// against them. ARCHITECTURE.md describes the same layers in words; this file is what CI enforces.

/// One `import` statement found in a source file.
struct ImportStatement: Hashable, Sendable {
    /// The imported module (`Foundation` for `import struct Foundation.Date`).
    var module: String
    /// The file, relative to the repository root.
    var file: String
    /// The 1-based line of the statement.
    var line: Int
}

/// A broken rule: which target imports what, where, and which rule forbids it.
struct LayerViolation: Hashable, Sendable, CustomStringConvertible {
    var target: String
    var statement: ImportStatement
    var rule: String

    var description: String {
        "\(statement.file):\(statement.line): \(target) imports \(statement.module): \(rule)"
    }
}

/// The layers, lowest first. A target may import targets of its own layer or a lower one, and the
/// system modules its layer allows; the named exceptions below narrow that further.
enum Layer: Int, Comparable, Sendable {
    case c = 0
    case support
    case core
    case production
    case shapes
    case features
    case commandLineSupport
    case commands
    case runner
    case testFrameworks
    case demo
    case executables

    static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct LayerRules: Sendable {
    /// Every target under `Sources/`, with its layer. A target missing here is itself a violation, so the
    /// table cannot silently fall behind the package.
    var layers: [String: Layer]
    /// Modules only some targets may import (`CYajl` only from the core, test frameworks only from the
    /// assertion layer, the demo model only from the demo runner).
    var restricted: [String: (allowed: Set<String>, rule: String)]
    /// Modules a target must not import even though its layer would allow them.
    var forbiddenPerTarget: [String: [String: String]]
    /// Modules outside the package that any target may import (Foundation, the C library shims).
    var systemModules: Set<String>

    /// The rules WireLock lives by (see ARCHITECTURE.md).
    static let wireLock = LayerRules(
        layers: [
            "CYajl": .c,
            "WireSupportCore": .support,
            "WireSupport": .support,
            "WireToolSupport": .support,
            "WireJSONCore": .core,
            "WireJSON": .core,
            "WireDates": .production,
            "WireDiagnostics": .production,
            "WireDecoder": .production,
            "WireHTTP": .production,
            "WireShapes": .shapes,
            "WireReaders": .shapes,
            "WireShapeTools": .shapes,
            "WireGolden": .features,
            "WireFuzz": .features,
            "WireOracle": .features,
            "WireStub": .features,
            "WireLint": .features,
            "WireCommandLine": .commandLineSupport,
            "WireCommands": .commands,
            "WireDecoderOracle": .commands,
            "WireOpenAPI": .commands,
            "WireLockRunner": .runner,
            "WireTestReporting": .testFrameworks,
            "WireLock": .testFrameworks,
            "WireOracleTesting": .testFrameworks,
            "WireStubTesting": .testFrameworks,
            "SampleAPI": .demo,
            "wirelock-sample": .executables,
            "WireLockCLI": .executables,
        ],
        restricted: [
            "CYajl": (["WireJSONCore"], "only the core sees libyajl; everything above it uses WireJSONCore"),
            "Testing": (
                ["WireTestReporting", "WireLock", "WireOracleTesting", "WireStubTesting"],
                "only the test-framework layer links Swift Testing"
            ),
            "XCTest": (
                ["WireTestReporting", "WireLock", "WireOracleTesting", "WireStubTesting"],
                "only the test-framework layer links XCTest"
            ),
            "SampleAPI": (["wirelock-sample"], "the sample model is the demo's, never the product's"),
            "WireCommandLine": (
                ["WireCommands", "WireLockRunner", "WireLockCLI", "wirelock-sample"],
                "libraries never depend on the command-line layer"
            ),
            "WireCommands": (
                ["WireLockRunner", "WireLockCLI", "wirelock-sample"],
                "the commands' library is the command line's; libraries never depend on it"
            ),
            // Command-line-only targets below the command-line layer (issue 34): no product compiles them.
            "WireToolSupport": (
                ["WireLint", "WireCommandLine", "WireCommands", "WireLockRunner", "WireLockCLI", "wirelock-sample"],
                "the rewrite policy, signal cleanup and input walking are the command line's (and WireLint's, which "
                    + "only it uses): no test or app product compiles them"
            ),
            "WireShapeTools": (
                ["WireCommands", "WireLockRunner", "WireLockCLI", "wirelock-sample"],
                "the lock file, JCS, fingerprints, format comparison and JSON Schema export are the command line's: "
                    + "no test or app product compiles them"
            ),
            "WireDecoderOracle": (
                ["WireCommands", "WireLockRunner", "WireLockCLI", "wirelock-sample"],
                "the decoder oracle is the command line's; no library or test product compiles it"
            ),
            "WireOpenAPI": (
                ["WireCommands", "WireLockCLI"],
                "OpenAPI checks are the command line's; libraries never depend on them"
            ),
            "WireLockCLI": ([], "nothing imports the CLI"),
            "wirelock-sample": ([], "nothing imports the demo runner"),
        ],
        forbiddenPerTarget: [
            "WireJSONCore": [
                "Foundation": "the core stays free of Foundation (it reads bytes, not Data)",
                "WireSupport": "the core depends on nothing but libyajl (WireJSON is a product of its own)",
                "WireSupportCore": "the core depends on nothing but libyajl (WireJSON is a product of its own)",
                "WireJSON": "the core is below the validator's fast pass, which re-exports it",
            ],
            "WireJSON": [
                "Foundation": "the core stays free of Foundation (it reads bytes, not Data)",
                "WireSupport": "the core depends on nothing but libyajl (WireJSON is a product of its own)",
                "WireSupportCore": "the core depends on nothing but libyajl (WireJSON is a product of its own)",
            ],
            // The app side (issue 34): WireHTTP is WireJSON and itself; the decoder's modules share
            // only WireSupportCore, never the test and command-line side's WireSupport.
            "WireHTTP": [
                "WireDates": "WireHTTP reads the HTTP-date itself; the app's failure module links WireJSON alone",
                "WireDiagnostics": "WireHTTP places a content failure with WireJSON; it links WireJSON alone",
                "WireDecoder": "the app's failure module links WireJSON alone",
                "WireSupport": "the app's failure module links WireJSON alone",
                "WireSupportCore": "the app's failure module links WireJSON alone",
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the app's failure module compiles WireJSONCore alone",
            ],
            "WireDates": ["WireSupport": "the app side shares only WireSupportCore, never WireSupport"],
            "WireDiagnostics": [
                "WireSupport": "the app side shares only WireSupportCore, never WireSupport",
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the app's diagnostics compiles WireJSONCore alone",
            ],
            "WireDecoder": [
                "WireSupport": "the app side shares only WireSupportCore, never WireSupport",
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the app's decoder compiles WireJSONCore alone",
            ],
            // What `import WireLock` compiles holds the core alone: a fixture is checked by the exact
            // pass (`ExactValidation`), which reports what `JSONValidator` reports.
            "WireShapes": [
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the WireLock product compiles WireJSONCore alone"
            ],
            "WireReaders": [
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the WireLock product compiles WireJSONCore alone"
            ],
            "WireGolden": [
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the WireLock product compiles WireJSONCore alone"
            ],
            "WireFuzz": [
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the WireLock product compiles WireJSONCore alone"
            ],
            "WireLock": [
                "WireJSON":
                    "the validator's fast pass is WireJSON's product and the command line's; the WireLock product compiles WireJSONCore alone"
            ],
            "WireLockRunner": [
                "WireLock": "the model runner links no test framework; use WireGolden",
                "WireOracleTesting": "the model runner links no test framework",
            ],
            "WireLockCLI": [
                "WireLock": "the CLI links no test framework; use WireGolden",
                "WireOracleTesting": "the CLI links no test framework",
            ],
            "wirelock-sample": [
                "WireLock": "the demo runner links no test framework; use WireLockRunner"
            ],
        ],
        systemModules: [
            "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Musl",
            "Darwin", "Synchronization", "Testing", "XCTest", "os",
        ]
    )

    /// Checks every target's imports. `importsByTarget` maps a target name (a directory under `Sources/`)
    /// to the import statements of its files.
    ///
    /// ```swift
    /// let found = LayerRules.wireLock.violations(["WireJSON": [ImportStatement(module: "SampleAPI", file: "a.swift", line: 1)]])
    /// // one violation: the sample model is the demo's
    /// ```
    func violations(_ importsByTarget: [String: [ImportStatement]]) -> [LayerViolation] {
        var found: [LayerViolation] = []
        for target in importsByTarget.keys.sorted() {
            let statements = importsByTarget[target] ?? []
            guard let layer = layers[target] else {
                let site = statements.first ?? ImportStatement(module: "-", file: "Sources/\(target)", line: 0)
                found.append(
                    LayerViolation(
                        target: target,
                        statement: site,
                        rule: "target \(target) is not in the layer table (Tests/ArchitectureTests/LayerRules.swift)"
                    ))
                continue
            }
            for statement in statements {
                if let rule = rule(broken: statement.module, by: target, at: layer) {
                    found.append(LayerViolation(target: target, statement: statement, rule: rule))
                }
            }
        }
        return found
    }

    private func rule(broken module: String, by target: String, at layer: Layer) -> String? {
        if module == target { return nil }
        if let (allowed, rule) = restricted[module], !allowed.contains(target) { return rule }
        if let rule = forbiddenPerTarget[target]?[module] { return rule }
        if systemModules.contains(module) { return nil }
        guard let imported = layers[module] else {
            return "\(module) is neither a target of this package nor an allowed system module"
        }
        if imported > layer {
            return "a \(layer) target may not import the higher \(imported) layer"
        }
        if layer == .features && imported == .features {
            return "feature modules are independent: join them in the test-framework layer or the command line, "
                + "or hand a value from one to the other"
        }
        return nil
    }
}

/// Reads the `import` statements of one Swift source file. Understands attributes (`@_exported`,
/// `@testable`, `@preconcurrency`), access levels (`package import`), and kind imports
/// (`import struct Foundation.Date`); ignores comments and `#if canImport(...)` lines.
func importStatements(in source: String, file: String) -> [ImportStatement] {
    var result: [ImportStatement] = []
    var inBlockComment = false
    for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var line = Substring(rawLine)
        if inBlockComment {
            guard let end = line.range(of: "*/") else { continue }
            line = line[end.upperBound...]
            inBlockComment = false
        }
        if let start = line.range(of: "/*"), line.range(of: "*/") == nil {
            inBlockComment = true
            line = line[..<start.lowerBound]
        }
        if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        if let first = words.first, accessLevels.contains(first) { words = words.dropFirst() }
        guard words.first == "import" else { continue }
        words = words.dropFirst()
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]
        if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
        guard let path = words.first else { continue }
        let module = path.split(separator: ".").first.map(String.init) ?? String(path)
        result.append(ImportStatement(module: module, file: file, line: index + 1))
    }
    return result
}
