// The targets and products `Package.swift` declares, read from the manifest's text: their kinds,
// names, a library product's type and a target's dependencies. The case-collision check and the
// iOS scheme check read the package through it.
//
// Why a reader of the text rather than `swift package dump-package`: a test runs inside `swift
// test`, which holds the lock on `.build`, so a nested `swift package` waits for it (or needs a
// scratch path of its own and a second manifest compilation, seconds per run), and on iOS no
// process can be started at all. The manifest is ordinary Swift, but its declarations are calls with
// literal names; the reader understands exactly that, reports a `name:` it cannot read (so it never
// passes by not seeing a target), and its tests plant manifests for every form it accepts.
// Nothing here reads files: the tests hand the text in.

/// A target the manifest declares.
struct DeclaredTarget: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Hashable, Sendable, CaseIterable {
        case regular = "target"
        case executable = "executableTarget"
        case test = "testTarget"
        case system = "systemLibrary"
        case binary = "binaryTarget"
        case macro = "macro"
        case plugin = "plugin"
    }

    var kind: Kind
    var name: String
    /// The names of the targets and products it depends on, as written (conditions ignored: a
    /// dependency applied on one platform is still a dependency). A variable in the list
    /// (`yajl + ["WireSupport"]`) is resolved when it is a top-level `let` of the manifest.
    var dependencies: [String]
    /// The 1-based line of the `name:` argument.
    var line: Int

    /// The module SwiftPM builds it as (its `c99name`): every character that cannot be in a Swift
    /// identifier becomes `_` (`wirelock-sample` is the module `wirelock_sample`).
    var moduleName: String { c99Name(name) }

    var description: String { ".\(kind.rawValue)(name: \"\(name)\") at Package.swift:\(line)" }
}

/// A product the manifest declares.
struct DeclaredProduct: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Hashable, Sendable {
        /// `.library(name:targets:)`: no file of its own (the client links the targets).
        case automaticLibrary = "library"
        /// `.library(name:type: .static|.dynamic, targets:)`: `lib<name>` and `<name>.product/`.
        case linkedLibrary = "library(type:)"
        /// `.executable(name:targets:)`: the binary `<name>` and `<name>.product/`.
        case executable = "executable"
        case plugin = "plugin"
    }

    var kind: Kind
    var name: String
    var targets: [String]
    var line: Int
    /// Declared inside a top-level `if` (WireLock's tool products exist only when
    /// `WIRELOCK_TOOL_PRODUCTS` is set): a product only some builds of the manifest have.
    var conditional = false

    var description: String { ".\(kind.rawValue)(name: \"\(name)\") at Package.swift:\(line)" }
}

/// What a manifest declares, and what the reader could not read.
struct PackageManifest: Hashable, Sendable {
    var targets: [DeclaredTarget] = []
    var products: [DeclaredProduct] = []
    /// Lines of declarations whose `name:` is neither a string literal nor `$0` of a `.map` over an
    /// array of string literals. A check that sees any must fail: it would not see those names.
    var unreadNames: [Int] = []

    /// A manifest that declares nothing.
    init() {}

    /// The target called `name`, or the targets of the product called `name`.
    func targets(named name: String) -> [DeclaredTarget] {
        if let target = targets.first(where: { $0.name == name }) { return [target] }
        guard let product = products.first(where: { $0.name == name }) else { return [] }
        return targets.filter { product.targets.contains($0.name) }
    }

    /// Whether `target` is an executable target or depends on one, directly or through other targets
    /// and products of the package.
    func reachesExecutable(_ target: DeclaredTarget) -> Bool { executableReached(from: target) != nil }

    /// The first executable target `target` is or depends on (depth first, in the order written), or nil.
    func executableReached(from target: DeclaredTarget) -> String? {
        var seen: Set<String> = []
        var stack = [target]
        while let next = stack.popLast() {
            guard seen.insert(next.name).inserted else { continue }
            if next.kind == .executable { return next.name }
            for dependency in next.dependencies.reversed() { stack += targets(named: dependency) }
        }
        return nil
    }

    /// Reads the declarations of a `Package.swift` text.
    ///
    /// ```swift
    /// let manifest = PackageManifest(reading: #".executableTarget(name: "tool", dependencies: ["Core"])"#)
    /// // manifest.targets == [DeclaredTarget(kind: .executable, name: "tool", dependencies: ["Core"], line: 1)]
    /// ```
    init(reading text: String) {
        let tokens = ManifestToken.tokens(of: text)
        let calls = ManifestCall.all(in: tokens)
        let constants = ManifestCall.topLevelConstants(in: tokens)
        let conditionalRanges = ManifestCall.topLevelIfBlocks(in: tokens)
        // A `.target(name:)` inside another declaration's `dependencies:` (or anywhere with a
        // `condition:`) is a reference to a target, not a declaration of one.
        let referenceRanges = calls.flatMap { call in
            call.arguments.filter { $0.label == "dependencies" }.map(\.range)
        }
        for call in calls {
            if referenceRanges.contains(where: { $0.contains(call.open) }) { continue }
            if call.arguments.contains(where: { $0.label == "condition" }) { continue }
            guard let nameArgument = call.arguments.first(where: { $0.label == "name" }) else { continue }
            let names = call.names(of: nameArgument, in: tokens)
            let line = tokens[nameArgument.range.lowerBound].line
            if names.isEmpty {
                unreadNames.append(line)
                continue
            }
            let labels = Set(call.arguments.compactMap(\.label))
            if let kind = call.productKind(labels: labels, tokens: tokens) {
                let targetsArgument = call.arguments.first { $0.label == "targets" }
                let listed = targetsArgument.map { call.strings(in: $0.range, tokens) } ?? []
                let mapped =
                    targetsArgument.map { argument in tokens[argument.range].contains { $0.text == "$0" } } ?? false
                let conditional = conditionalRanges.contains { $0.contains(call.open) }
                products += names.map { name in
                    DeclaredProduct(
                        kind: kind, name: name, targets: listed + (mapped ? [name] : []), line: line,
                        conditional: conditional)
                }
            } else if let kind = DeclaredTarget.Kind(rawValue: call.function) {
                let dependencies =
                    call.arguments.first { $0.label == "dependencies" }
                    .map { ManifestCall.dependencyNames(in: $0.range, tokens, constants: constants) } ?? []
                targets += names.map {
                    DeclaredTarget(kind: kind, name: $0, dependencies: dependencies, line: line)
                }
            }
        }
    }
}

/// SwiftPM's `c99name`: characters other than letters, digits and `_` become `_`, and a leading
/// digit gets a `_` before it.
func c99Name(_ name: String) -> String {
    var result = String(
        name.unicodeScalars.map { scalar -> Character in
            let isIdentifier =
                scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
            return isIdentifier ? Character(scalar) : "_"
        })
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
    return result
}

// MARK: - Reading the text

/// One token of a manifest: a word (an identifier, a keyword, `$0`), a string literal's contents,
/// or one character of punctuation. Comments are dropped.
struct ManifestToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case word
        case string
        case symbol
    }

    var kind: Kind
    var text: String
    var line: Int

    /// Splits a manifest into tokens. Understands `//` and nested `/* */` comments, `"…"` and
    /// `"""…"""` literals with escapes, and raw `#"…"#` literals (an interpolation stays inside the
    /// literal's text: a manifest's names have none).
    static func tokens(of text: String) -> [ManifestToken] {
        let scalars = Array(text.unicodeScalars)
        var result: [ManifestToken] = []
        var index = 0
        var line = 1
        func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar.value > 0x7F
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
            } else if scalar == "/" && at(index + 1) == "/" {
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            } else if scalar == "/" && at(index + 1) == "*" {
                var depth = 0
                repeat {
                    if scalars[index] == "/" && at(index + 1) == "*" {
                        depth += 1
                        index += 2
                    } else if scalars[index] == "*" && at(index + 1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if scalars[index] == "\n" { line += 1 }
                        index += 1
                    }
                } while depth > 0 && index < scalars.count
            } else if scalar == "\"" || (scalar == "#" && (at(index + 1) == "\"" || at(index + 1) == "#")) {
                var hashes = 0
                while at(index + hashes) == "#" { hashes += 1 }
                guard at(index + hashes) == "\"" else {
                    result.append(ManifestToken(kind: .symbol, text: "#", line: line))
                    index += 1
                    continue
                }
                let multiline = at(index + hashes + 1) == "\"" && at(index + hashes + 2) == "\""
                let quotes = multiline ? 3 : 1
                let startLine = line
                index += hashes + quotes
                var contents = String.UnicodeScalarView()
                while index < scalars.count {
                    let next = scalars[index]
                    let closes =
                        next == "\"" && (!multiline || (at(index + 1) == "\"" && at(index + 2) == "\""))
                        && (0..<hashes).allSatisfy { at(index + quotes + $0) == "#" }
                    if closes {
                        index += quotes + hashes
                        break
                    }
                    if next == "\\" && hashes == 0, let escaped = at(index + 1) {
                        contents.append(escaped)
                        index += 2
                        continue
                    }
                    if next == "\n" { line += 1 }
                    contents.append(next)
                    index += 1
                }
                result.append(ManifestToken(kind: .string, text: String(contents), line: startLine))
            } else if isWord(scalar) {
                var end = index
                while end < scalars.count && isWord(scalars[end]) { end += 1 }
                result.append(
                    ManifestToken(
                        kind: .word, text: String(String.UnicodeScalarView(scalars[index..<end])), line: line))
                index = end
            } else {
                result.append(ManifestToken(kind: .symbol, text: String(scalar), line: line))
                index += 1
            }
        }
        return result
    }
}

/// A call `.function(label: value, …)` in the manifest, with its arguments as token ranges.
private struct ManifestCall {
    struct Argument {
        var label: String?
        /// The value's tokens (after `label:`).
        var range: Range<Int>
    }

    /// The names a declaration can have.
    static let functions: Set<String> = Set(DeclaredTarget.Kind.allCases.map(\.rawValue)).union([
        "library", "executable",
    ])

    var function: String
    /// The index of the `(`.
    var open: Int
    var arguments: [Argument]

    /// Every `.function(` of `functions` in the tokens.
    static func all(in tokens: [ManifestToken]) -> [ManifestCall] {
        var calls: [ManifestCall] = []
        for index in tokens.indices.dropFirst().dropLast()
        where tokens[index - 1].text == "." && tokens[index].kind == .word && functions.contains(tokens[index].text)
            && tokens[index + 1].text == "("
        {
            guard let close = matching(from: index + 1, in: tokens) else { continue }
            calls.append(
                ManifestCall(
                    function: tokens[index].text, open: index + 1,
                    arguments: arguments(between: index + 1, and: close, in: tokens)))
        }
        return calls
    }

    /// The index of the bracket closing the one at `open` (`(`, `[` or `{`).
    static func matching(from open: Int, in tokens: [ManifestToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .symbol {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The comma-separated arguments between the brackets at `open` and `close`.
    static func arguments(between open: Int, and close: Int, in tokens: [ManifestToken]) -> [Argument] {
        var result: [Argument] = []
        var start = open + 1
        var depth = 0
        for index in (open + 1)...close {
            let token = tokens[index]
            if token.kind == .symbol && ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .symbol && [")", "]", "}"].contains(token.text) && index != close { depth -= 1 }
            guard (token.kind == .symbol && token.text == "," && depth == 0) || index == close else { continue }
            if start < index {
                let labelled = index - start >= 2 && tokens[start].kind == .word && tokens[start + 1].text == ":"
                result.append(
                    Argument(
                        label: labelled ? tokens[start].text : nil, range: (labelled ? start + 2 : start)..<index))
            }
            start = index + 1
        }
        return result
    }

    /// The kind of product this call declares, or nil for a target. `.plugin` is a target when it
    /// has a `capability:`, a product otherwise.
    func productKind(labels: Set<String>, tokens: [ManifestToken]) -> DeclaredProduct.Kind? {
        switch function {
        case "executable": return .executable
        case "plugin": return labels.contains("capability") ? nil : .plugin
        case "library":
            guard let type = arguments.first(where: { $0.label == "type" }) else { return .automaticLibrary }
            return tokens[type.range].contains { $0.text == "static" || $0.text == "dynamic" }
                ? .linkedLibrary : .automaticLibrary
        default: return nil
        }
    }

    /// The names a `name:` argument gives: its string literal, or for `$0` the strings of the array
    /// literal a `.map {` around this call runs over. Empty when neither.
    func names(of argument: Argument, in tokens: [ManifestToken]) -> [String] {
        let value = tokens[argument.range]
        if value.count == 1, let only = value.first, only.kind == .string { return [only.text] }
        guard value.count == 1, value.first?.text == "$0" else { return [] }
        // Walk out to the `{` that encloses the call and expect `[ "…", … ].map {` before it.
        var depth = 0
        var index = open - 1
        while index >= 0 {
            let text = tokens[index].kind == .symbol ? tokens[index].text : ""
            if [")", "]", "}"].contains(text) {
                depth += 1
            } else if ["(", "[", "{"].contains(text) {
                if depth == 0 && text == "{" { break }
                if depth > 0 { depth -= 1 }  // at depth 0 a `(` or `[` encloses the call: walk on out
            }
            index -= 1
        }
        guard index >= 3, tokens[index - 1].text == "map", tokens[index - 2].text == ".",
            tokens[index - 3].text == "]"
        else { return [] }
        var elementsStart = index - 3
        var bracketDepth = 0
        while elementsStart >= 0 {
            let text = tokens[elementsStart].kind == .symbol ? tokens[elementsStart].text : ""
            if text == "]" { bracketDepth += 1 }
            if text == "[" {
                bracketDepth -= 1
                if bracketDepth == 0 { break }
            }
            elementsStart -= 1
        }
        guard elementsStart >= 0 else { return [] }
        let elements = tokens[(elementsStart + 1)..<(index - 3)].filter { $0.text != "," || $0.kind != .symbol }
        guard !elements.isEmpty, elements.allSatisfy({ $0.kind == .string }) else { return [] }
        return elements.map(\.text)
    }

    /// The string literals in a range (a product's `targets: ["A", "B"]`).
    func strings(in range: Range<Int>, _ tokens: [ManifestToken]) -> [String] {
        tokens[range].filter { $0.kind == .string }.map(\.text)
    }

    /// The dependency names in a `dependencies:` value: string literals, the `name:` of `.target`,
    /// `.product` and `.byName` calls (not their `package:` or conditions), and the same inside a
    /// top-level constant the value names.
    static func dependencyNames(in range: Range<Int>, _ tokens: [ManifestToken], constants: [String: Range<Int>])
        -> [String]
    {
        var names: [String] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .string, isArrayElement(index, tokens) {
                names.append(token.text)
            } else if token.kind == .word, ["target", "product", "byName"].contains(token.text),
                index + 1 < range.upperBound, tokens[index + 1].text == "(",
                let close = matching(from: index + 1, in: tokens)
            {
                let name = arguments(between: index + 1, and: close, in: tokens).first { $0.label == "name" }
                if let name, tokens[name.range].count == 1, tokens[name.range.lowerBound].kind == .string {
                    names.append(tokens[name.range.lowerBound].text)
                }
                index = close
            } else if token.kind == .word, tokens[index - 1].text != ".",
                index + 1 >= tokens.count || tokens[index + 1].text != ":", let constant = constants[token.text]
            {
                names += dependencyNames(in: constant, tokens, constants: [:])
            }
            index += 1
        }
        return names
    }

    /// Whether the string literal at `index` is an element of an array literal (`["A", "B"]`), not a
    /// subscript's key (`environment["FLAG"]`) or an argument.
    static func isArrayElement(_ index: Int, _ tokens: [ManifestToken]) -> Bool {
        guard index > 0, index + 1 < tokens.count, [",", "]"].contains(tokens[index + 1].text) else { return false }
        let before = tokens[index - 1]
        if before.text == "," { return true }
        guard before.text == "[" else { return false }
        guard index >= 2 else { return true }
        let opener = tokens[index - 2]
        return !(opener.kind == .word || opener.text == ")" || opener.text == "]")
    }

    /// The token ranges of the blocks of top-level `if` statements (their `else` blocks too).
    static func topLevelIfBlocks(in tokens: [ManifestToken]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .symbol && ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .symbol && [")", "]", "}"].contains(token.text) { depth -= 1 }
            if depth == 0 && token.kind == .word && token.text == "if",
                let open = tokens[index...].firstIndex(where: { $0.kind == .symbol && $0.text == "{" }),
                let close = matching(from: open, in: tokens)
            {
                var end = close
                while end + 2 < tokens.count, tokens[end + 1].text == "else", tokens[end + 2].text == "{",
                    let elseClose = matching(from: end + 2, in: tokens)
                {
                    end = elseClose
                }
                result.append(open..<(end + 1))
                index = end + 1
                continue
            }
            index += 1
        }
        return result
    }

    /// `let name = …` and `let name: Type = …` at the top level of the manifest, as the token range of
    /// the initialiser (up to the next top-level `let`, `var`, `func` or the end).
    static func topLevelConstants(in tokens: [ManifestToken]) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        var depth = 0
        var pending: (name: String, start: Int)?
        func finish(at end: Int) {
            if let open = pending { result[open.name] = open.start..<end }
            pending = nil
        }
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .symbol && ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .symbol && [")", "]", "}"].contains(token.text) { depth -= 1 }
            guard depth == 0, token.kind == .word else { continue }
            if ["let", "var", "func", "for", "if", "import"].contains(token.text) {
                finish(at: index)
                if token.text == "let", index + 1 < tokens.count, tokens[index + 1].kind == .word {
                    pending = (tokens[index + 1].text, index + 2)
                }
            }
        }
        finish(at: tokens.count)
        return result
    }
}
