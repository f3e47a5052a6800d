// The portability rules of WireLock: constructs that exist only on Linux, as data, and the pure
// functions that find one outside a Linux-only `#if`. ../shared/ARCHITECTURE.md asks that every
// target compile on macOS, iOS, tvOS, watchOS and visionOS; this project builds on Linux only, so
// this file is what stops a Linux-only line from reaching an Apple platform unguarded.
//
// Nothing here reads files: `PortabilityRulesTests` reads the tree and hands the text in.

// MARK: - The table

/// One construct that compiles or works only on Linux: how it is recognised on a line, which `#if`
/// conditions make it acceptable, and what to write on Darwin instead.
struct PortabilityRule: Hashable, Sendable {
    /// The construct as the failure message names it (`posix_spawn_file_actions_t()`).
    var name: String
    /// What is matched; a line that matches any of them uses the construct.
    var patterns: [PortabilityPattern]
    /// The `#if` tests that make a branch Linux-only for this construct. A branch also counts when it
    /// is the `#else`/`#elseif` of a chain whose earlier conditions take every Apple platform (see
    /// `PlatformBranch`).
    var guards: Set<PlatformCondition>
    /// Why the construct is Linux-only.
    var why: String
    /// What the Darwin branch uses instead.
    var darwinFix: String
    /// One line of code that uses the construct, for the planted tests (and as a reader's example).
    var example: String
    /// The branch the construct must sit in, as the failure message names it.
    var scope = "a Linux-only #if"
}

/// How a rule recognises its construct on one line. Code patterns see only code: comments (`//`,
/// `///`, `/* */`) and the contents of string literals are gone. Text patterns see only the contents
/// of string literals.
enum PortabilityPattern: Hashable, Sendable {
    /// These code tokens in a row (`["import", "Glibc"]`); any whitespace may separate them, and a
    /// token matches only whole (`environ` is not found in `_NSGetEnviron` or `environment`).
    case tokens([String])
    /// A code token that starts with this text (`MADV_` finds `MADV_HUGEPAGE`).
    case tokenPrefix(String)
    /// This text inside one string literal (`/proc/`).
    case text(String)
    /// A string literal that is the program (equal to it, or ending in `/` and it) and, as the next
    /// literal on the line, one equal to the option: `"/usr/bin/env", "-C"` in an argument array.
    case programOption(program: String, option: String)

    /// Whether the pattern matches `line`, whose code has already been split into `tokens`.
    func matches(_ line: SourceLine, tokens: [String]) -> Bool {
        switch self {
        case .tokens(let wanted):
            guard !wanted.isEmpty, tokens.count >= wanted.count else { return false }
            return (0...(tokens.count - wanted.count)).contains { start in
                tokens[start..<(start + wanted.count)].elementsEqual(wanted)
            }
        case .tokenPrefix(let prefix):
            return tokens.contains { $0.hasPrefix(prefix) }
        case .text(let text):
            return line.literals.contains { $0.contains(text) }
        case .programOption(let program, let option):
            return zip(line.literals, line.literals.dropFirst()).contains { first, second in
                (first == program || first.hasSuffix("/" + program)) && second == option
            }
        }
    }

    /// Whether the pattern reads string literals (and so still finds the construct written inside one).
    var readsStringLiterals: Bool {
        switch self {
        case .tokens, .tokenPrefix: false
        case .text, .programOption: true
        }
    }
}

/// The table of Linux-only constructs. Each row is one construct; `PortabilityRulesTests` fails for
/// every line under `Sources/` or `Tests/` that uses one outside a Linux-only `#if` branch, printing
/// `path:line: <name> outside a Linux-only #if — <why> (<darwinFix>)`.
///
/// To add a row: name the construct, give the pattern that finds it (tokens for code, text for a
/// string literal), the guards that make it acceptable (`PlatformCondition.linuxOnly` unless some other
/// test implies Linux for this construct, as `canImport(FoundationNetworking)` does for its import),
/// say why Darwin lacks it and what the Darwin branch uses instead (cite the header or the toolchain
/// source), and give a one-line `example`: the planted tests then check the new row on their own.
enum PortabilityRules {
    static let linuxOnly: [PortabilityRule] = [
        PortabilityRule(
            name: "import Glibc", patterns: [.tokens(["import", "Glibc"])], guards: PlatformCondition.linuxOnly,
            why: "Glibc is the GNU C library's module, absent on Apple platforms",
            darwinFix: "import Darwin in an #elseif canImport(Darwin) branch",
            example: "import Glibc"),
        PortabilityRule(
            name: "import Musl", patterns: [.tokens(["import", "Musl"])], guards: PlatformCondition.linuxOnly,
            why: "Musl is the musl C library's module (the static Linux SDK), absent on Apple platforms",
            darwinFix: "import Darwin in an #elseif canImport(Darwin) branch",
            example: "import Musl"),
        PortabilityRule(
            name: "import FoundationNetworking", patterns: [.tokens(["import", "FoundationNetworking"])],
            guards: PlatformCondition.linuxOnly.union([.canImportFoundationNetworking]),
            why: "FoundationNetworking exists only in swift-corelibs-foundation",
            darwinFix: "URLSession is in Foundation on Darwin; import it under #if canImport(FoundationNetworking)",
            example: "import FoundationNetworking"),
        PortabilityRule(
            name: "posix_spawn_file_actions_t()", patterns: [.tokens(["posix_spawn_file_actions_t", "(", ")"])],
            guards: PlatformCondition.linuxOnly,
            why: "on Darwin posix_spawn_file_actions_t is an optional raw pointer with no empty initialiser",
            darwinFix:
                "declare `var actions: posix_spawn_file_actions_t? = nil` under canImport(Darwin), as "
                + "swift-corelibs-foundation's Process.swift does",
            example: "var actions = posix_spawn_file_actions_t()"),
        PortabilityRule(
            name: "posix_spawnattr_t()", patterns: [.tokens(["posix_spawnattr_t", "(", ")"])],
            guards: PlatformCondition.linuxOnly,
            why: "on Darwin posix_spawnattr_t is an optional raw pointer with no empty initialiser",
            darwinFix:
                "declare `var attributes: posix_spawnattr_t? = nil` under canImport(Darwin), as "
                + "swift-corelibs-foundation's Process.swift does",
            example: "var attributes = posix_spawnattr_t()"),
        PortabilityRule(
            name: "environ", patterns: [.tokens(["environ"])], guards: PlatformCondition.linuxOnly,
            why: "no Darwin header declares environ to Swift",
            darwinFix: "use _NSGetEnviron().pointee (<crt_externs.h>)",
            example: "let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)"),
        PortabilityRule(
            name: "\"/proc/", patterns: [.text("/proc/")], guards: PlatformCondition.linuxOnly,
            why: "procfs is Linux's; Darwin has no /proc",
            darwinFix:
                "use _NSGetExecutablePath (<mach-o/dyld.h>) for /proc/self/exe, sysctl(KERN_PROC) or "
                + "proc_pidinfo for another process",
            example: #"let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)"#),
        PortabilityRule(
            name: "MADV_", patterns: [.tokenPrefix("MADV_")], guards: PlatformCondition.linuxOnly,
            why: "Linux madvise flags (MADV_HUGEPAGE) that Darwin's <sys/mman.h> does not define",
            darwinFix: "leave the hint out on Darwin, or use a flag <sys/mman.h> declares there",
            example: "_ = madvise(memory, bytes, MADV_HUGEPAGE)"),
        PortabilityRule(
            name: "st_mtim", patterns: [.tokens(["st_mtim"])], guards: PlatformCondition.linuxOnly,
            why: "Linux's struct stat field; Darwin's <sys/stat.h> names it st_mtimespec",
            darwinFix: "read st_mtimespec",
            example: "let seconds = info.st_mtim.tv_sec"),
        PortabilityRule(
            name: "st_atim", patterns: [.tokens(["st_atim"])], guards: PlatformCondition.linuxOnly,
            why: "Linux's struct stat field; Darwin's <sys/stat.h> names it st_atimespec",
            darwinFix: "read st_atimespec",
            example: "let seconds = info.st_atim.tv_sec"),
        PortabilityRule(
            name: "st_ctim", patterns: [.tokens(["st_ctim"])], guards: PlatformCondition.linuxOnly,
            why: "Linux's struct stat field; Darwin's <sys/stat.h> names it st_ctimespec",
            darwinFix: "read st_ctimespec",
            example: "let seconds = info.st_ctim.tv_sec"),
        PortabilityRule(
            name: "/dev/full", patterns: [.text("/dev/full")], guards: PlatformCondition.linuxOnly,
            why: "a Linux device on which every write fails with ENOSPC; Darwin has no such device",
            darwinFix: "there is none: run what needs it on Linux only",
            example: #"let result = try RawProcess.run(["fmt", "-"], stdout: .file("/dev/full"))"#),
        PortabilityRule(
            name: "dlsym(nil, …)",
            patterns: [
                .tokens(["dlsym", "(", "nil"]),
                .tokens(["dlsym", "(", "UnsafeMutableRawPointer", "(", "bitPattern", ":", "0", ")"]),
            ],
            guards: PlatformCondition.linuxOnly,
            why: "a null handle is RTLD_DEFAULT on glibc, but Darwin's RTLD_DEFAULT is -2 (<dlfcn.h>)",
            darwinFix: "pass UnsafeMutableRawPointer(bitPattern: -2) (RTLD_DEFAULT) on Darwin",
            example: "let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)"),
        PortabilityRule(
            name: "env -C", patterns: [.text("env -C"), .programOption(program: "env", option: "-C")],
            guards: PlatformCondition.linuxOnly,
            why: "-C (change directory) is a GNU coreutils env option; macOS's BSD env cannot be relied on for it",
            darwinFix:
                "change directory with posix_spawn_file_actions_addchdir_np (<spawn.h>, macOS 10.15) or "
                + "`cd` in /bin/sh",
            example: #"let prefix = ["/usr/bin/env", "-C", directory.path]"#),
    ]

    /// Constructs that need a process to start another: they exist on macOS and Linux, and are
    /// forbidden or missing on iOS, tvOS, watchOS and visionOS. `Package.swift` defines
    /// `WIRELOCK_SPAWN` for macOS and Linux only; code that starts processes sits in its branch (or
    /// in a macOS or Linux one), so those platforms compile without it instead of crashing.
    static let processOnly: [PortabilityRule] = [
        PortabilityRule(
            name: "Foundation's Process",
            patterns: [.tokens(["Process", "("]), .tokens(["Process", "."]), .tokens([":", "Process"])],
            guards: PlatformCondition.processCapable,
            why: "Foundation has Process on macOS and Linux only; iOS, tvOS, watchOS and visionOS cannot start one",
            darwinFix: "wrap it in #if WIRELOCK_SPAWN, defined by Package.swift for macOS and Linux",
            example: "let process = Process()", scope: "a #if WIRELOCK_SPAWN (or macOS/Linux) branch"),
        PortabilityRule(
            name: "posix_spawn", patterns: [.tokenPrefix("posix_spawn")],
            guards: PlatformCondition.processCapable,
            why: "posix_spawn is prohibited on tvOS and watchOS (<spawn.h>) and refused by the iOS sandbox",
            darwinFix: "wrap it in #if WIRELOCK_SPAWN, defined by Package.swift for macOS and Linux",
            example: "let status = posix_spawn(&pid, path, nil, nil, argv, envp)",
            scope: "a #if WIRELOCK_SPAWN (or macOS/Linux) branch"),
        PortabilityRule(
            name: "Spawn.", patterns: [.tokens(["Spawn", "."])],
            guards: PlatformCondition.processCapable,
            why: "WireSupport's Spawn exists only where WIRELOCK_SPAWN is defined (macOS and Linux)",
            darwinFix: "wrap the caller in #if WIRELOCK_SPAWN and give the other platforms an answer without it",
            example: "let pid = try Spawn.spawn(arguments, actions: actions)",
            scope: "a #if WIRELOCK_SPAWN (or macOS/Linux) branch"),
    ]

    /// Every row the tree is checked against.
    static let all = linuxOnly + processOnly

    /// Files not read: the table and its tests necessarily spell every construct, in strings.
    static let exemptFiles: Set<String> = [
        "Tests/ArchitectureTests/PortabilityRules.swift",
        "Tests/ArchitectureTests/PortabilityRulesTests.swift",
    ]
}

// MARK: - Violations

/// A Linux-only construct found outside a Linux-only `#if`.
struct PortabilityViolation: Hashable, Sendable, CustomStringConvertible {
    /// The file, relative to the package root.
    var file: String
    /// The 1-based line.
    var line: Int
    /// The broken row.
    var rule: PortabilityRule

    var description: String {
        "\(file):\(line): \(rule.name) outside \(rule.scope) — \(rule.why) (\(rule.darwinFix))"
    }
}

/// Every use of a construct of `rules` in `source` that no Linux-only `#if` branch encloses, one per
/// line and row, in line order.
///
/// ```swift
/// portabilityViolations(in: "var actions = posix_spawn_file_actions_t()\n", file: "a.swift")
/// // one violation, line 1: posix_spawn_file_actions_t() outside a Linux-only #if — …
/// ```
func portabilityViolations(
    in source: String, file: String, rules: [PortabilityRule] = PortabilityRules.linuxOnly
) -> [PortabilityViolation] {
    var found: [PortabilityViolation] = []
    var branches = PlatformBranches()
    for line in sourceLines(source) {
        let tokens = codeTokens(line.code)
        if branches.read(directive: tokens) { continue }
        for rule in rules where rule.patterns.contains(where: { $0.matches(line, tokens: tokens) }) {
            if !branches.isLinuxOnly(accepting: rule.guards) {
                found.append(PortabilityViolation(file: file, line: line.number, rule: rule))
            }
        }
    }
    return found
}

// MARK: - Guards

/// A platform test of an `#if` condition: `os(Linux)`, `canImport(Glibc)`.
struct PlatformCondition: Hashable, Sendable, CustomStringConvertible {
    /// `os` or `canImport` (or any other function: `arch`, `compiler`, which never count).
    var function: String
    /// The first argument: `Linux`, `Glibc`.
    var argument: String

    var description: String { function == "flag" ? argument : "\(function)(\(argument))" }

    /// A compilation flag as a test: `#if DEBUG`, `#if WIRELOCK_SPAWN`.
    static func flag(_ name: String) -> PlatformCondition { PlatformCondition(function: "flag", argument: name) }

    static let osLinux = PlatformCondition(function: "os", argument: "Linux")
    static let osAndroid = PlatformCondition(function: "os", argument: "Android")
    static let canImportGlibc = PlatformCondition(function: "canImport", argument: "Glibc")
    static let canImportMusl = PlatformCondition(function: "canImport", argument: "Musl")
    static let canImportFoundationNetworking = PlatformCondition(
        function: "canImport", argument: "FoundationNetworking")

    /// The tests that hold only on Linux-like systems (glibc, musl, Android's bionic).
    static let linuxOnly: Set<PlatformCondition> = [osLinux, osAndroid, canImportGlibc, canImportMusl]

    /// The tests that hold only where a process may start another: Linux-like systems, macOS, and
    /// `WIRELOCK_SPAWN` (which `Package.swift` defines for those two).
    static let processCapable: Set<PlatformCondition> = linuxOnly.union([
        PlatformCondition(function: "os", argument: "macOS"), .flag("WIRELOCK_SPAWN"),
    ])

    /// The Apple operating systems, as `os(…)` names them.
    static let appleSystems: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

    /// The Apple systems on which this test is certainly true: all of them for `canImport(Darwin)`
    /// and `canImport(ObjectiveC)`, one for `os(iOS)`, none for anything else.
    var appleSystemsTaken: Set<String> {
        switch (function, argument) {
        case ("canImport", "Darwin"), ("canImport", "ObjectiveC"): Self.appleSystems
        case ("os", let name) where Self.appleSystems.contains(name): [name]
        default: []
        }
    }
}

/// The condition of an `#if` or `#elseif`, parsed from its tokens.
indirect enum ConditionExpression: Hashable, Sendable {
    case test(PlatformCondition)
    /// A flag (`DEBUG`), `true`, or anything not understood.
    case other(String)
    case not(ConditionExpression)
    case and(ConditionExpression, ConditionExpression)
    case or(ConditionExpression, ConditionExpression)

    /// Whether the condition holds only where one of `tests` holds: it is one of them, an `&&` with
    /// such an operand, an `||` whose operands all are, or such a condition in parentheses. A negated
    /// test never counts (`!canImport(Darwin)` is not taken as Linux; write `os(Linux)`).
    func requires(oneOf tests: Set<PlatformCondition>) -> Bool {
        switch self {
        case .test(let test): tests.contains(test)
        case .other, .not: false
        case .and(let left, let right): left.requires(oneOf: tests) || right.requires(oneOf: tests)
        case .or(let left, let right): left.requires(oneOf: tests) && right.requires(oneOf: tests)
        }
    }

    /// The Apple systems on which the condition is certainly true (`||` joins, `&&` intersects, a
    /// negation takes none).
    var appleSystemsTaken: Set<String> {
        switch self {
        case .test(let test): test.appleSystemsTaken
        case .other, .not: []
        case .and(let left, let right): left.appleSystemsTaken.intersection(right.appleSystemsTaken)
        case .or(let left, let right): left.appleSystemsTaken.union(right.appleSystemsTaken)
        }
    }

    /// Parses the tokens after `#if`/`#elseif`; what it cannot read becomes `.other`.
    init(tokens: [String]) {
        var parser = ConditionParser(tokens: tokens)
        if let parsed = parser.parseOr(), parser.index == tokens.count {
            self = parsed
        } else {
            self = .other(tokens.joined(separator: " "))
        }
    }
}

/// `or := and ("||" and)*`, `and := unary ("&&" unary)*`, `unary := "!" unary | primary`,
/// `primary := "(" or ")" | name ["(" tokens ")"]`.
private struct ConditionParser {
    var tokens: [String]
    var index = 0

    mutating func parseOr() -> ConditionExpression? {
        guard var left = parseAnd() else { return nil }
        while peek == "||" {
            index += 1
            guard let right = parseAnd() else { return nil }
            left = .or(left, right)
        }
        return left
    }

    mutating func parseAnd() -> ConditionExpression? {
        guard var left = parseUnary() else { return nil }
        while peek == "&&" {
            index += 1
            guard let right = parseUnary() else { return nil }
            left = .and(left, right)
        }
        return left
    }

    mutating func parseUnary() -> ConditionExpression? {
        if peek == "!" {
            index += 1
            return parseUnary().map { .not($0) }
        }
        return parsePrimary()
    }

    mutating func parsePrimary() -> ConditionExpression? {
        guard let token = peek else { return nil }
        index += 1
        if token == "(" {
            guard let inner = parseOr(), peek == ")" else { return nil }
            index += 1
            return inner
        }
        guard token.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
        guard peek == "(" else { return .test(.flag(token)) }
        index += 1
        var depth = 0
        var arguments: [String] = []
        while let next = peek {
            index += 1
            if next == "(" { depth += 1 }
            if next == ")" {
                if depth == 0 { return .test(PlatformCondition(function: token, argument: arguments.first ?? "")) }
                depth -= 1
            }
            arguments.append(next)
        }
        return nil
    }

    var peek: String? { index < tokens.count ? tokens[index] : nil }
}

/// One open branch of an `#if … #elseif … #else … #endif` chain.
///
/// A branch is Linux-only for a construct when
/// - its own condition requires one of the construct's guards (`#if os(Linux)`,
///   `#elseif canImport(Glibc) && DEBUG`; not `#if os(Linux) || os(macOS)`, not `#if !os(Linux)`), or
/// - it is an `#else` or `#elseif` after earlier conditions of the chain that, together, are true on
///   every Apple system (`#if canImport(Darwin) … #else`, or `os(macOS) || os(iOS) || os(tvOS) ||
///   os(watchOS) || os(visionOS)` spread over the chain), and its own condition is not itself an
///   Apple test. `#if os(macOS) … #else` does not count: that `#else` still compiles for iOS.
struct PlatformBranch: Hashable, Sendable {
    /// The branch's own condition; nil for `#else`.
    var condition: ConditionExpression?
    /// The Apple systems the chain's earlier conditions are certainly true on.
    var appleSystemsTakenBefore: Set<String>

    /// The Apple systems taken by the chain up to and including this branch.
    var appleSystemsTakenSoFar: Set<String> {
        appleSystemsTakenBefore.union(condition?.appleSystemsTaken ?? [])
    }

    func isLinuxOnly(accepting guards: Set<PlatformCondition>) -> Bool {
        if let condition, condition.requires(oneOf: guards) { return true }
        let afterEveryApple = appleSystemsTakenBefore == PlatformCondition.appleSystems
        let isAppleTest = !(condition?.appleSystemsTaken.isEmpty ?? true)
        return afterEveryApple && !isAppleTest
    }
}

/// The `#if` branches enclosing the current line, outermost first.
struct PlatformBranches: Sendable {
    private(set) var open: [PlatformBranch] = []

    /// Reads a line's code tokens: when they are a conditional-compilation directive, updates the open
    /// branches and returns true. An unmatched `#else`, `#elseif` or `#endif` is ignored.
    mutating func read(directive tokens: [String]) -> Bool {
        guard tokens.count >= 2, tokens[0] == "#" else { return false }
        let condition = Array(tokens.dropFirst(2))
        switch tokens[1] {
        case "if":
            open.append(PlatformBranch(condition: ConditionExpression(tokens: condition), appleSystemsTakenBefore: []))
        case "elseif":
            guard let last = open.popLast() else { return true }
            open.append(
                PlatformBranch(
                    condition: ConditionExpression(tokens: condition),
                    appleSystemsTakenBefore: last.appleSystemsTakenSoFar))
        case "else":
            guard let last = open.popLast() else { return true }
            open.append(PlatformBranch(condition: nil, appleSystemsTakenBefore: last.appleSystemsTakenSoFar))
        case "endif":
            _ = open.popLast()
        default:
            return false
        }
        return true
    }

    /// Whether some enclosing branch is Linux-only for a construct with these guards.
    func isLinuxOnly(accepting guards: Set<PlatformCondition>) -> Bool {
        open.contains { $0.isLinuxOnly(accepting: guards) }
    }
}

// MARK: - Reading Swift text

/// One line of a Swift file, split into what the portability rules look at.
struct SourceLine: Hashable, Sendable {
    /// The 1-based line number.
    var number: Int
    /// The code on the line, with comments and the contents of string literals replaced by spaces
    /// (the code of an interpolation `\(…)` stays).
    var code: String
    /// The contents of the string literals on the line, escapes as written; an interpolation ends
    /// one piece and starts the next, and each line of a multi-line literal is its own piece.
    var literals: [String]
    /// Whether any of the line is a comment (`//`, `///`, or part of a `/* */`).
    var hasComment = false
}

/// Splits Swift source into lines of code and string-literal text. Understands `//` and `///`
/// comments, nested `/* */` comments, `"…"`, `"""…"""` and raw `#"…"#` literals, escapes, and
/// interpolations (with literals nested in them). Regex literals are read as code.
func sourceLines(_ source: String) -> [SourceLine] {
    enum Mode {
        /// Code; `parentheses` counts the open `(` of an interpolation (unused at the top level).
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool)
        case blockComment(depth: Int)
    }
    let text = Array(source.unicodeScalars)
    var lines: [SourceLine] = []
    var modes: [Mode] = [.code(parentheses: 0)]
    var code = String.UnicodeScalarView()
    var literals: [String] = []
    var piece: String.UnicodeScalarView?
    var inLineComment = false
    var commentOnLine = false

    func isAt(_ index: Int, _ scalar: Unicode.Scalar) -> Bool { index < text.count && text[index] == scalar }
    func hashes(from index: Int) -> Int {
        var count = 0
        while isAt(index + count, "#") { count += 1 }
        return count
    }
    func endPiece() {
        if let finished = piece { literals.append(String(finished)) }
        piece = nil
    }
    func endLine() {
        let inString: Bool
        if case .string(_, let multiline) = modes.last! {
            inString = multiline
            if !multiline { modes.removeLast() }  // an unterminated literal ends with its line
        } else {
            inString = false
        }
        endPiece()
        lines.append(
            SourceLine(number: lines.count + 1, code: String(code), literals: literals, hasComment: commentOnLine))
        commentOnLine = false
        code = String.UnicodeScalarView()
        literals = []
        piece = inString ? String.UnicodeScalarView() : nil
        inLineComment = false
    }

    var index = 0
    while index < text.count {
        let scalar = text[index]
        if scalar == "\n" {
            endLine()
            index += 1
            continue
        }
        if inLineComment {
            index += 1
            continue
        }
        switch modes.last! {
        case .blockComment(let depth):
            commentOnLine = true
            if scalar == "/" && isAt(index + 1, "*") {
                modes[modes.count - 1] = .blockComment(depth: depth + 1)
                index += 2
            } else if scalar == "*" && isAt(index + 1, "/") {
                modes.removeLast()
                if depth > 1 { modes.append(.blockComment(depth: depth - 1)) }
                index += 2
            } else {
                index += 1
            }
            code.append(" ")
        case .string(let hashCount, let multiline):
            if scalar == "\\" && hashes(from: index + 1) >= hashCount {
                let after = index + 1 + hashCount
                if isAt(after, "(") {
                    endPiece()
                    modes.append(.code(parentheses: 0))
                    index = after + 1
                } else {
                    piece?.append(scalar)
                    if after < text.count && text[after] != "\n" {
                        piece?.append(text[after])
                        index = after + 1
                    } else {
                        index = after
                    }
                }
            } else if scalar == "\""
                && (!multiline || (isAt(index + 1, "\"") && isAt(index + 2, "\"")))
                && hashes(from: index + (multiline ? 3 : 1)) >= hashCount
            {
                endPiece()
                modes.removeLast()
                index += (multiline ? 3 : 1) + hashCount
                code.append(" ")
            } else {
                piece?.append(scalar)
                index += 1
            }
        case .code(let parentheses):
            let inInterpolation = modes.count > 1
            if scalar == "/" && isAt(index + 1, "/") {
                inLineComment = true
                commentOnLine = true
                index += 2
            } else if scalar == "/" && isAt(index + 1, "*") {
                modes.append(.blockComment(depth: 1))
                index += 2
                code.append(" ")
            } else if (scalar == "\"" || scalar == "#") && isAt(index + hashes(from: index), "\"") {
                let hashCount = hashes(from: index)
                let quote = index + hashCount
                let multiline = isAt(quote + 1, "\"") && isAt(quote + 2, "\"")
                modes.append(.string(hashes: hashCount, multiline: multiline))
                piece = String.UnicodeScalarView()
                index = quote + (multiline ? 3 : 1)
                code.append(" ")
            } else if inInterpolation && scalar == "(" {
                modes[modes.count - 1] = .code(parentheses: parentheses + 1)
                code.append(scalar)
                index += 1
            } else if inInterpolation && scalar == ")" {
                if parentheses == 0 {
                    modes.removeLast()
                    piece = String.UnicodeScalarView()
                    code.append(" ")
                } else {
                    modes[modes.count - 1] = .code(parentheses: parentheses - 1)
                    code.append(scalar)
                }
                index += 1
            } else {
                code.append(scalar)
                index += 1
            }
        }
    }
    if !code.isEmpty || piece != nil || !literals.isEmpty || lines.isEmpty { endLine() }
    return lines
}

/// Splits a line of code into tokens: identifiers and numbers whole (backquotes dropped), `||` and
/// `&&` as one token, any other character but whitespace on its own.
func codeTokens(_ code: String) -> [String] {
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.value > 0x7F || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar)
    }
    let text = Array(code.unicodeScalars)
    var tokens: [String] = []
    var index = 0
    while index < text.count {
        let scalar = text[index]
        if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "`" {
            index += 1
        } else if isWordScalar(scalar) {
            var end = index
            while end < text.count && isWordScalar(text[end]) { end += 1 }
            tokens.append(String(String.UnicodeScalarView(text[index..<end])))
            index = end
        } else if (scalar == "|" || scalar == "&") && index + 1 < text.count && text[index + 1] == scalar {
            tokens.append(String(scalar) + String(scalar))
            index += 2
        } else {
            tokens.append(String(scalar))
            index += 1
        }
    }
    return tokens
}
