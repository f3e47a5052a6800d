import Foundation
import Testing

extension PortabilityRule: CustomTestStringConvertible {
    var testDescription: String { name }
}

/// A place to plant a row's `example` in: a Swift source with `CONSTRUCT` where the example goes.
struct Planting: Sendable, CustomTestStringConvertible {
    var name: String
    var template: String

    var testDescription: String { name }

    /// The source with the example in place.
    func source(_ example: String) -> String { template.replacingOccurrences(of: "CONSTRUCT", with: example) }

    /// The 1-based line the example lands on.
    var line: Int {
        (template.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("CONSTRUCT") } ?? -1)
            + 1
    }
}

@Suite("Linux-only constructs stay in Linux-only #if branches")
struct PortabilityRulesTests {
    // MARK: the tree

    @Test("every .swift file under Sources/ and Tests/ keeps its Linux-only and process-only constructs guarded")
    func repositoryIsPortable() throws {
        let root = repositoryRoot()
        let files = try swiftFiles(under: ["Sources", "Tests"], in: root)
        #expect(files.count >= 100, "expected the package's Swift files under \(root.path)")
        var found: [PortabilityViolation] = []
        for file in files where !PortabilityRules.exemptFiles.contains(file) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            found += portabilityViolations(in: text, file: file, rules: PortabilityRules.all)
        }
        let list = found.map(\.description).joined(separator: "\n")
        let count = found.count  // the list below is the message; the array itself is not repeated
        #expect(count == 0, "Platform-bound constructs outside their #if:\n\(list)")
    }

    // MARK: process-only constructs

    @Test(
        "a process-only construct is caught outside a macOS/Linux branch and accepted inside one",
        arguments: PortabilityRules.processOnly,
        [
            ("", true), ("#if canImport(Darwin)", true), ("#if os(iOS)", true), ("#if !WIRELOCK_SPAWN", true),
            ("#if WIRELOCK_SPAWN", false), ("#if os(macOS) || os(Linux)", false), ("#if os(Linux)", false),
            ("#if os(macOS)", false), ("#if DEBUG && WIRELOCK_SPAWN", false),
        ])
    func processOnlyConstruct(rule: PortabilityRule, guardLine: (String, Bool)) {
        let (directive, caught) = guardLine
        let source =
            directive.isEmpty
            ? "func f() {\n    \(rule.example)\n}\n" : "\(directive)\n    \(rule.example)\n#endif\n"
        let found = portabilityViolations(in: source, file: "Planted.swift", rules: [rule])
        #expect(found.map(\.line) == (caught ? [directive.isEmpty ? 2 : 2] : []), "\(directive)")
        if caught { #expect(found.first?.description.contains("WIRELOCK_SPAWN") == true) }
    }

    // MARK: planted constructs

    /// Places where the construct is unguarded (or guarded by something that is not Linux-only).
    static let caught: [Planting] = [
        Planting(name: "no #if at all", template: "import Foundation\n\nfunc f() {\n    CONSTRUCT\n}\n"),
        Planting(name: "#if canImport(Darwin)", template: "#if canImport(Darwin)\n    CONSTRUCT\n#endif\n"),
        Planting(name: "#if os(Linux) || os(macOS)", template: "#if os(Linux) || os(macOS)\n    CONSTRUCT\n#endif\n"),
        Planting(name: "#if !os(Linux)", template: "#if !os(Linux)\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#elseif canImport(Darwin) after #if canImport(Glibc)",
            template: "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Darwin)\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#else of #if canImport(Glibc)",
            template: "#if canImport(Glibc)\n    let a = 1\n#else\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#else of #if os(macOS) (still compiled for iOS)",
            template: "#if os(macOS)\n    let a = 1\n#else\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "after the #endif of a Linux block",
            template: "#if os(Linux)\n    let a = 1\n#endif\nCONSTRUCT\n"),
        Planting(
            name: "after a nested Linux block, still inside #if DEBUG",
            template: "#if DEBUG\n    #if canImport(Glibc)\n        let a = 1\n    #endif\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#if DEBUG nested in the #else of #if os(Linux)",
            template: "#if os(Linux)\n    let a = 1\n#else\n    #if DEBUG\n        CONSTRUCT\n    #endif\n#endif\n"),
        Planting(
            name: "a Linux guard on the same line's comment only",
            template: "CONSTRUCT  // #if os(Linux)\n"),
    ]

    /// Linux-only branches, nested ones too.
    static let guarded: [Planting] = [
        Planting(name: "#if os(Linux)", template: "#if os(Linux)\n    CONSTRUCT\n#endif\n"),
        Planting(name: "#if canImport(Glibc)", template: "#if canImport(Glibc)\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#else of #if canImport(Darwin)",
            template: "#if canImport(Darwin)\n    import Darwin\n#else\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#elseif canImport(Musl) after #if canImport(Glibc)",
            template: "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Musl)\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#else after canImport(Glibc) and canImport(Darwin)",
            template: "#if canImport(Glibc)\n#elseif canImport(Darwin)\n#else\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#else after every Apple os(…)",
            template:
                "#if os(macOS) || os(iOS)\n#elseif os(tvOS) || os(watchOS) || os(visionOS)\n#else\n    CONSTRUCT\n#endif\n"
        ),
        Planting(name: "#if os(Linux) && DEBUG", template: "#if os(Linux) && DEBUG\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#if (os(Linux) || os(Android))", template: "#if (os(Linux) || os(Android))\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#if canImport(Glibc) || canImport(Musl)",
            template: "#if canImport(Glibc) || canImport(Musl)\n    CONSTRUCT\n#endif\n"),
        Planting(
            name: "#if DEBUG nested in #if os(Linux)",
            template: "#if os(Linux)\n    #if DEBUG\n        CONSTRUCT\n    #endif\n#endif\n"),
        Planting(
            name: "#if os(Linux) nested in #if DEBUG",
            template: "#if DEBUG\n    #if os(Linux)\n        CONSTRUCT\n    #endif\n#endif\n"),
        Planting(
            name: "#if DEBUG nested in the #else of #if canImport(Darwin)",
            template:
                "#if canImport(Darwin)\n    let a = 1\n#else\n    #if DEBUG\n        CONSTRUCT\n    #endif\n#endif\n"),
    ]

    /// Comments never count.
    static let commented: [Planting] = [
        Planting(name: "// comment", template: "let a = 1  // CONSTRUCT\n"),
        Planting(name: "/// doc comment", template: "/// CONSTRUCT\nfunc f() {}\n"),
        Planting(name: "/* */ on one line", template: "let a = /* CONSTRUCT */ 1\n"),
        Planting(name: "/* */ over lines", template: "/*\n    CONSTRUCT\n */\nlet a = 1\n"),
        Planting(name: "nested /* /* */ */", template: "/* outer /* inner */\n    CONSTRUCT\n*/\n"),
    ]

    @Test("a construct outside a Linux-only branch is caught, once, on its line", arguments: rules, caught)
    func plantedConstructIsCaught(rule: PortabilityRule, place: Planting) {
        let found = portabilityViolations(in: place.source(rule.example), file: "Sources/X/Planted.swift")
        #expect(found.map(\.line) == [place.line], "\(found)")
        #expect(found.map(\.rule.name) == [rule.name])
    }

    @Test("a construct in a Linux-only branch is accepted", arguments: rules, guarded)
    func plantedConstructIsGuarded(rule: PortabilityRule, place: Planting) {
        #expect(portabilityViolations(in: place.source(rule.example), file: "x.swift") == [])
    }

    @Test("a construct in a comment is ignored", arguments: rules, commented)
    func plantedConstructInACommentIsIgnored(rule: PortabilityRule, place: Planting) {
        #expect(portabilityViolations(in: place.source(rule.example), file: "x.swift") == [])
    }

    @Test("inside a string literal only text rows see the construct", arguments: rules)
    func plantedConstructInAStringLiteral(rule: PortabilityRule) {
        func lines(_ text: String) -> [[Int]] {
            let single = "let text = #\"\(text)\"#\n"
            let multiline = "let text = \"\"\"\n    \(text)\n    \"\"\"\n"
            return [single, multiline].map { portabilityViolations(in: $0, file: "x.swift").map(\.line) }
        }
        guard rule.patterns.contains(where: \.readsStringLiterals) else {
            #expect(lines(rule.example) == [[], []], "a code construct written inside a string is not code")
            return
        }
        for case .text(let text) in rule.patterns {
            #expect(lines(text) == [[1], [2]], "\(text) in a string literal")
        }
    }

    @Test("canImport(FoundationNetworking) guards its import and nothing else", arguments: rules)
    func foundationNetworkingGuard(rule: PortabilityRule) {
        let source = "#if canImport(FoundationNetworking)\n    \(rule.example)\n#endif\n"
        let expected = rule.name == "import FoundationNetworking" ? [] : [2]
        #expect(portabilityViolations(in: source, file: "x.swift").map(\.line) == expected)
    }

    @Test("the table's rows are distinct and complete")
    func tableIsWellFormed() {
        #expect(Set(Self.rules.map(\.name)).count == Self.rules.count)
        for rule in Self.rules {
            #expect(!rule.patterns.isEmpty && !rule.guards.isEmpty, "\(rule.name)")
            #expect(!rule.why.isEmpty && !rule.darwinFix.isEmpty, "\(rule.name)")
            #expect(rule.guards.isSuperset(of: PlatformCondition.linuxOnly), "\(rule.name)")
            // The example breaks its own row and no other.
            #expect(portabilityViolations(in: rule.example, file: "x.swift").map(\.rule) == [rule])
        }
    }

    static var rules: [PortabilityRule] { PortabilityRules.linuxOnly }

    // MARK: particular constructs

    @Test("a planted posix_spawn_file_actions_t() outside a guard fails the check, with the message CI prints")
    func plantedSpawnActionsFailTheCheck() throws {
        let source = """
            import Foundation

            func spawn() {
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
            }
            """
        let found = portabilityViolations(in: source, file: "Sources/WireSupport/Process/Planted.swift")
        try #require(found.count == 1)
        #expect(
            found[0].description
                == "Sources/WireSupport/Process/Planted.swift:4: posix_spawn_file_actions_t() outside a Linux-only "
                + "#if — on Darwin posix_spawn_file_actions_t is an optional raw pointer with no empty initialiser "
                + "(declare `var actions: posix_spawn_file_actions_t? = nil` under canImport(Darwin), as "
                + "swift-corelibs-foundation's Process.swift does)")

        let fixed = """
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
            #endif
            """
        #expect(portabilityViolations(in: fixed, file: "a.swift") == [])
    }

    @Test(
        "lines that only look like a construct pass",
        arguments: [
            "let environment = ProcessInfo.processInfo.environment",
            "let variables = _NSGetEnviron().pointee",
            "let modified = info.st_mtimespec.tv_sec",
            "_ = posix_madvise(memory, bytes, POSIX_MADV_WILLNEED)",
            "var actions: posix_spawn_file_actions_t? = nil",
            "posix_spawn_file_actions_init(&actions)",
            "let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)",
            "let pointer = dlsym(handle, name)",
            #"let arguments = ["git", "-C", root, "rev-parse"]"#,
            #"let arguments = ["/usr/bin/env", "NO_COLOR=1", "wirelock"]"#,
            #"let path = "/dev/null""#,
            "import Darwin",
            "import FoundationEssentials",
            #"let name = "environ""#,
        ])
    func lookalikes(line: String) {
        #expect(portabilityViolations(in: line + "\n", file: "x.swift") == [])
    }

    @Test(
        "other spellings of a construct are caught",
        arguments: [
            ("@preconcurrency import Glibc", "import Glibc"),
            ("var actions = posix_spawn_file_actions_t ( )", "posix_spawn_file_actions_t()"),
            ("let pointer = dlsym(nil, name)", "dlsym(nil, …)"),
            ("let p = dlsym( UnsafeMutableRawPointer( bitPattern : 0 ), name)", "dlsym(nil, …)"),
            (#"let stat = "/proc/\(pid)/stat""#, "\"/proc/"),
            (#"let command = "cd x && env -C /tmp true""#, "env -C"),
            (#"let arguments = ["env", "-C", directory]"#, "env -C"),
            (#"print("pid \(getpid()) sees \(environ)")"#, "environ"),
            ("let seconds = info.st_mtim.tv_sec + info.st_atim.tv_sec", "st_mtim"),
        ])
    func spellings(line: String, rule: String) {
        #expect(portabilityViolations(in: line + "\n", file: "x.swift").map(\.rule.name).first == rule)
    }

    // MARK: conditions

    @Test(
        "which #if conditions are Linux-only",
        arguments: [
            ("os(Linux)", true),
            ("canImport(Glibc)", true),
            ("canImport(Musl)", true),
            ("os(Android)", true),
            ("os(Linux) && DEBUG", true),
            ("DEBUG && canImport(Glibc)", true),
            ("canImport(Glibc) || canImport(Musl)", true),
            ("(os(Linux) || os(Android)) && !DEBUG", true),
            ("os(Linux) || os(macOS)", false),
            ("!os(Linux)", false),
            ("!canImport(Darwin)", false),
            ("canImport(FoundationNetworking)", false),
            ("canImport(Darwin)", false),
            ("DEBUG", false),
            ("compiler(>=6.0)", false),
            ("os(Linux) ||", false),
        ])
    func linuxOnlyConditions(condition: String, linuxOnly: Bool) {
        let expression = ConditionExpression(tokens: codeTokens(condition))
        #expect(expression.requires(oneOf: PlatformCondition.linuxOnly) == linuxOnly)
    }

    @Test(
        "which #if conditions take every Apple platform",
        arguments: [
            ("canImport(Darwin)", true),
            ("canImport(ObjectiveC)", true),
            ("os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)", true),
            ("canImport(Darwin) && DEBUG", false),
            ("os(macOS)", false),
            ("os(macOS) || os(iOS)", false),
            ("!os(Linux)", false),
        ])
    func applePlatformConditions(condition: String, everyApple: Bool) {
        let expression = ConditionExpression(tokens: codeTokens(condition))
        #expect((expression.appleSystemsTaken == PlatformCondition.appleSystems) == everyApple)
    }

    // MARK: reading Swift text

    @Test("code, comments and string literals are told apart")
    func lexer() {
        let source = #"""
            let a = "x // not a comment" // a comment
            let b = #"raw \(not interpolated) "quoted""# + "\(value("inner")) done"
            /* one /* two */ still */ let c = 1
            let d = """
                line "one"
                \(e)
                """
            let f = "escaped \" quote"
            """#
        let lines = sourceLines(source)
        #expect(lines.count == 8)
        #expect(codeTokens(lines[0].code) == ["let", "a", "="])
        #expect(lines[0].literals == ["x // not a comment"])
        #expect(lines[1].literals == [#"raw \(not interpolated) "quoted""#, "", "inner", " done"])
        #expect(codeTokens(lines[1].code) == ["let", "b", "=", "+", "value", "(", ")"])
        #expect(codeTokens(lines[2].code) == ["let", "c", "=", "1"])
        #expect(lines[4].literals == [#"    line "one""#])
        #expect(codeTokens(lines[5].code) == ["e"])
        #expect(codeTokens(lines[6].code) == [])
        #expect(lines[7].literals == [#"escaped \" quote"#])
        #expect(lines.map(\.number) == Array(1...8))
    }
}

/// Every `.swift` file under `folders` of `root`, as paths relative to `root`, sorted.
func swiftFiles(under folders: [String], in root: URL) throws -> [String] {
    var result: [String] = []
    for folder in folders {
        let directory = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        for case let path as String in walker where path.hasSuffix(".swift") {
            result.append("\(folder)/\(path)")
        }
    }
    return result.sorted()
}
