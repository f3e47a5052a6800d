// A portability rule of another kind than the table in PortabilityRules.swift: not a Linux-only
// construct but a shared Foundation object. In Swift 6 a `static let` or global `let` must hold a
// `Sendable` value, and whether a Foundation class is `Sendable` differs between Darwin's SDK and
// swift-corelibs-foundation: `static let formatter: DateFormatter` compiles on Linux, where
// `DateFormatter` is `@unchecked Sendable`, and was an error on macOS (soto-core #624 and #639 hit
// exactly that; issue 37 found two in this repository). Linux's compiler cannot see it, so this
// rule reads the declarations.
//
// Nothing here reads files: `SharedFoundationRuleTests` reads the tree and hands the text in.

/// A Foundation reference type a `static` or global must not hold bare, with what each platform
/// says of its `Sendable` conformance and where that is written.
struct SharedFoundationType: Hashable, Sendable {
    var name: String
    /// Darwin's SDK, with the source.
    var darwin: String
    /// swift-corelibs-foundation (Linux), with the source.
    var linux: String
}

enum SharedFoundationRule {
    // The Linux column is swift-corelibs-foundation's own declarations (Sources/Foundation/<Type>.swift
    // after its Swift 6 Sendable audit, swift-corelibs-foundation #5000). The Darwin column cannot be
    // read here (no SDK): it cites what is public. Calendar, TimeZone and Locale are not in the table:
    // they are structs declared `Sendable` in swift-foundation (Calendar.swift, TimeZone.swift,
    // Locale.swift), which is Darwin's Foundation too.
    private static let notSendableFormatters =
        "not Sendable in Apple's SDK audit, which marked NumberFormatter alone among the formatters (Swift Forums "
        + "\"Sendable in Foundation\", Xcode 14)"
    private static let uncheckedCoder =
        "@unchecked Sendable only from macOS 13 / iOS 16 / tvOS 16 / watchOS 9 (swift-foundation's "
        + "JSONDecoder.swift, JSONEncoder.swift, PlistDecoder.swift, PlistEncoder.swift): shared, its mutable "
        + "strategies are shared state no compiler checks"

    static let types: [SharedFoundationType] = [
        SharedFoundationType(
            name: "DateFormatter",
            darwin:
                "reported both ways: declared Sendable in Xcode 16's SDK (Swift Forums \"Why is DateFormatter "
                + "Sendable but ISO8601DateFormatter isn't\"; swiftlang/swift #78635), yet a static let of one was an "
                + "error on macOS with Swift 6.1 (soto-core #624, #639) and in issue 37's review; taken as not "
                + "Sendable until a Mac shows otherwise",
            linux: "@unchecked Sendable"),
        SharedFoundationType(
            name: "ISO8601DateFormatter",
            darwin: "not Sendable (Swift Forums, Xcode 16 beta 5; still so with Xcode 16.4)",
            linux: "not Sendable (the conformance is declared unavailable)"),
        SharedFoundationType(
            name: "NumberFormatter",
            darwin: "Sendable since Xcode 14, yet its settings are mutable (Swift Forums \"Sendable in Foundation\")",
            linux: "@unchecked Sendable"),
        SharedFoundationType(
            name: "DateComponentsFormatter", darwin: notSendableFormatters, linux: "@unchecked Sendable"),
        SharedFoundationType(
            name: "DateIntervalFormatter", darwin: notSendableFormatters, linux: "@unchecked Sendable"),
        SharedFoundationType(
            name: "PersonNameComponentsFormatter", darwin: notSendableFormatters, linux: "@unchecked Sendable"),
        SharedFoundationType(name: "ByteCountFormatter", darwin: notSendableFormatters, linux: "not Sendable"),
        SharedFoundationType(name: "MeasurementFormatter", darwin: notSendableFormatters, linux: "not Sendable"),
        SharedFoundationType(name: "EnergyFormatter", darwin: notSendableFormatters, linux: "not Sendable"),
        SharedFoundationType(name: "LengthFormatter", darwin: notSendableFormatters, linux: "not Sendable"),
        SharedFoundationType(name: "MassFormatter", darwin: notSendableFormatters, linux: "not Sendable"),
        SharedFoundationType(name: "RelativeDateTimeFormatter", darwin: notSendableFormatters, linux: "absent"),
        SharedFoundationType(name: "ListFormatter", darwin: notSendableFormatters, linux: "absent"),
        SharedFoundationType(name: "Formatter", darwin: notSendableFormatters, linux: "not Sendable (~Sendable)"),
        SharedFoundationType(
            name: "NSRegularExpression",
            darwin: "not established without a Mac (documented immutable; this repository boxes it in RegexBox)",
            linux: "@unchecked Sendable"),
        SharedFoundationType(
            name: "NSDataDetector", darwin: "a subclass of NSRegularExpression: as it", linux: "absent"),
        SharedFoundationType(name: "JSONDecoder", darwin: uncheckedCoder, linux: "@unchecked Sendable"),
        SharedFoundationType(name: "JSONEncoder", darwin: uncheckedCoder, linux: "@unchecked Sendable"),
        SharedFoundationType(name: "PropertyListDecoder", darwin: uncheckedCoder, linux: "@unchecked Sendable"),
        SharedFoundationType(name: "PropertyListEncoder", darwin: uncheckedCoder, linux: "@unchecked Sendable"),
    ]

    static let byName: [String: SharedFoundationType] = Dictionary(
        uniqueKeysWithValues: types.map { ($0.name, $0) })

    /// What to write instead, for the message. `nonisolated(unsafe)` on a type Linux's Foundation
    /// already calls `Sendable` (DateFormatter, NumberFormatter, the coders) draws the compiler's
    /// "unnecessary" warning there, so for those a computed property or a box is the way.
    static let fix =
        "build one per use (a computed `static var`), keep it in a box (FormatterBox in WireDecoder, RegexBox in "
        + "WireOracle, FormatterPool in WireDates), or mark it nonisolated(unsafe) with a comment saying why "
        + "sharing it is safe"
}

/// A `static` or global stored property holding a type of `SharedFoundationRule.types` unguarded.
struct SharedStateViolation: Hashable, Sendable, CustomStringConvertible {
    enum Problem: Hashable, Sendable {
        /// Neither boxed, nor built per use, nor `nonisolated(unsafe)`, nor isolated to a global actor.
        case bare
        /// `nonisolated(unsafe)` without a comment on its line or the line above saying why.
        case unsafeWithoutReason
    }

    var file: String
    var line: Int
    /// `static let formatter`, `let decoder` (a global).
    var declaration: String
    var type: SharedFoundationType
    var problem: Problem

    var description: String {
        switch problem {
        case .bare:
            "\(file):\(line): \(declaration) holds a shared \(type.name) — Darwin: \(type.darwin); Linux: "
                + "\(type.linux) (\(SharedFoundationRule.fix))"
        case .unsafeWithoutReason:
            "\(file):\(line): \(declaration) holds a \(type.name) as nonisolated(unsafe) with no comment on its line "
                + "or the line above saying why sharing it is safe"
        }
    }
}

/// Every `static` stored property, and every global stored variable outside `main.swift` (whose
/// top-level variables belong to the main actor), that holds a type of `SharedFoundationRule.types`
/// without a guard.
///
/// The type is what the declaration says (`: DateFormatter`, `: [JSONDecoder]`, `: DateFormatter?`;
/// a box's generic argument, `FormatterPool<DateFormatter>`, and a nested type,
/// `JSONDecoder.DateDecodingStrategy`, do not count), else what its initialiser builds:
/// `DateFormatter()`, `try NSRegularExpression(…)`, or an immediately called closure
/// `{ … DateFormatter() … }()`. A factory call's result type (`LegacyDates.posixFormatter("…")`)
/// needs the type checker: such a declaration is seen only when it writes its type, so write it.
/// Accepted: a computed property, `nonisolated(unsafe)` with a comment on its line or the line
/// above, a global actor (`@MainActor`).
///
/// ```swift
/// sharedFoundationViolations(in: "enum A {\n    static let f = DateFormatter()\n}\n", file: "a.swift")
/// // one: a.swift:2: static let f holds a shared DateFormatter — …
/// ```
func sharedFoundationViolations(in source: String, file: String) -> [SharedStateViolation] {
    struct Token {
        var text: String
        var line: Int
    }
    let lines = sourceLines(source)
    var tokens: [Token] = []
    for line in lines {
        let lineTokens = codeTokens(line.code)
        if lineTokens.first == "#", ["if", "elseif", "else", "endif"].contains(lineTokens.dropFirst().first) {
            continue
        }
        tokens += lineTokens.map { Token(text: $0, line: line.number) }
    }
    let hasComment = Dictionary(uniqueKeysWithValues: lines.map { ($0.number, $0.hasComment) })
    let isMain = file == "main.swift" || file.hasSuffix("/main.swift")
    let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "nonisolated",
        "unsafe", "set", "lazy", "weak", "unowned", "override", "dynamic",
    ]

    /// The index of the bracket matching the one at `start`, searching forward from an opening
    /// bracket or backward from a closing one.
    func matching(from start: Int, forward: Bool) -> Int? {
        let openers: Set<String> = forward ? ["{", "(", "["] : ["}", ")", "]"]
        let closers: Set<String> = forward ? ["}", ")", "]"] : ["{", "(", "["]
        var depth = 0
        var index = start
        while tokens.indices.contains(index) {
            if openers.contains(tokens[index].text) {
                depth += 1
            } else if closers.contains(tokens[index].text) {
                depth -= 1
                if depth == 0 { return index }
            }
            index += forward ? 1 : -1
        }
        return nil
    }

    /// The listed type a run of type tokens names outside generic arguments, if any.
    func listedType(inType range: Range<Int>) -> SharedFoundationType? {
        var angle = 0
        for index in range {
            let text = tokens[index].text
            if text == "<" { angle += 1 }
            if text == ">" && !(index > range.lowerBound && tokens[index - 1].text == "-") { angle -= 1 }
            guard angle == 0, let type = SharedFoundationRule.byName[text] else { continue }
            let nested = index + 1 < range.upperBound && tokens[index + 1].text == "."
            if !nested { return type }
        }
        return nil
    }

    /// The listed type constructed at `index` (`DateFormatter(`, `Foundation.DateFormatter(`,
    /// `DateFormatter.init(`), if any.
    func constructed(at index: Int) -> SharedFoundationType? {
        var start = index
        if tokens[start].text == "Foundation", start + 2 < tokens.count, tokens[start + 1].text == "." { start += 2 }
        guard start + 1 < tokens.count, let type = SharedFoundationRule.byName[tokens[start].text] else { return nil }
        if tokens[start + 1].text == "(" { return type }
        if start + 2 < tokens.count, tokens[start + 1].text == ".", tokens[start + 2].text == "init" { return type }
        return nil
    }

    var found: [SharedStateViolation] = []
    var depth = 0
    for index in tokens.indices {
        let text = tokens[index].text
        if text == "{" { depth += 1 }
        if text == "}" { depth -= 1 }
        guard text == "let" || text == "var", index + 1 < tokens.count else { continue }

        // The modifiers and attributes before it.
        var first = index
        var cursor = index - 1
        while cursor >= 0 {
            let token = tokens[cursor].text
            if modifierWords.contains(token) {
                cursor -= 1
            } else if token == ")", let open = matching(from: cursor, forward: false), open > 0,
                modifierWords.contains(tokens[open - 1].text) || (open >= 2 && tokens[open - 2].text == "@")
            {
                cursor = open - 1  // nonisolated(unsafe), private(set), @available(…)
            } else if cursor >= 1, tokens[cursor - 1].text == "@", token.first?.isLetter == true {
                cursor -= 2
            } else {
                break
            }
            first = cursor + 1
        }
        let modifiers = tokens[first..<index].map(\.text)
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        guard isStatic || (depth == 0 && !isMain) else { continue }
        let isUnsafe =
            zip(modifiers, modifiers.dropFirst()).contains { $0 == "nonisolated" && $1 == "(" }
            && modifiers.contains("unsafe")
        let isActorIsolated = zip(modifiers, modifiers.dropFirst()).contains { $0 == "@" && $1.hasSuffix("Actor") }
        if isActorIsolated { continue }

        // `let name: Type = initialiser` / `{ get }`.
        let nameIndex = index + 1
        guard let name = tokens[nameIndex].text.first, name.isLetter || name == "_" else { continue }
        var cursorAfterType = nameIndex + 1
        var type: SharedFoundationType?
        if cursorAfterType < tokens.count, tokens[cursorAfterType].text == ":" {
            var end = cursorAfterType + 1
            var nesting = 0
            while end < tokens.count {
                let token = tokens[end].text
                if ["(", "[", "<"].contains(token) { nesting += 1 }
                if [")", "]"].contains(token) || (token == ">" && tokens[end - 1].text != "-") { nesting -= 1 }
                if nesting == 0 && (token == "=" || token == "{") { break }
                if tokens[end].line != tokens[nameIndex].line && nesting == 0 { break }
                end += 1
            }
            type = listedType(inType: (cursorAfterType + 1)..<end)
            cursorAfterType = end
            if type == nil { continue }  // a written type that is not one of the table's: a box, or another type
        }
        guard cursorAfterType < tokens.count, tokens[cursorAfterType].text == "=" else { continue }  // computed
        if type == nil {
            var start = cursorAfterType + 1
            while start < tokens.count, ["try", "!", "?", "await"].contains(tokens[start].text) { start += 1 }
            guard start < tokens.count else { continue }
            if let built = constructed(at: start) {
                type = built
            } else if tokens[start].text == "{", let close = matching(from: start, forward: true),
                close + 1 < tokens.count, tokens[close + 1].text == "("
            {
                type = (start..<close).lazy.compactMap { constructed(at: $0) }.first
            }
        }
        guard let type else { continue }
        let line = tokens[first].line
        let declaration = (isStatic ? "static " : "") + "\(text) \(tokens[nameIndex].text)"
        if isUnsafe {
            if hasComment[line] == true || hasComment[line - 1] == true { continue }
            found.append(
                SharedStateViolation(
                    file: file, line: line, declaration: declaration, type: type, problem: .unsafeWithoutReason))
        } else {
            found.append(
                SharedStateViolation(file: file, line: line, declaration: declaration, type: type, problem: .bare))
        }
    }
    return found
}
