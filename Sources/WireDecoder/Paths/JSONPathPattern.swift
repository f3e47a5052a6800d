import WireJSONCore

/// A JSON path that can stand for many: the one pattern type of WireLock, beside the one concrete
/// path, `JSONPath`. A step is a member or an index as in a `JSONPath`, or a wildcard: `[*]` any
/// element, `.*` any member, `..` any depth, and `*` inside a member name (`.*_url`). A quoted name
/// (`["a*b"]`) is taken literally.
///
/// Folding a concrete path (``init(folding:dictionaries:)``) is the one rule by which shapes,
/// reader contracts, redactions, fuzz root causes and decoded-golden dumps name a place that every
/// element of an array shares: each index becomes `[*]`.
///
/// ```swift
/// let pattern = try JSONPathPattern("$.movies[*].imdbId")
/// pattern.matches([.key("movies"), .index(4), .key("imdbId")])   // true
/// JSONPathPattern(folding: [.key("movies"), .index(4), .key("imdbId")]) == pattern   // true
/// ```
public struct JSONPathPattern: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// One step of a pattern.
    public enum Step: Hashable, Sendable {
        /// An object member, by its decoded name (compared by Unicode scalars, as `JSONKey`).
        case key(String)
        /// One array element, by its zero-based index.
        case index(Int)
        /// Any array element: `[*]`.
        case anyElement
        /// Any object member: `.*`.
        case anyMember
        /// Any number of steps, none included: `..`.
        case descendants
        /// A member whose name matches a glob: `*_url` (each `*` stands for any text).
        case keyGlob(String)

        /// The same step; member names compare by their Unicode scalars.
        public static func == (lhs: Step, rhs: Step) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)), (.keyGlob(let a), .keyGlob(let b)): JSONKey.exactlyEqual(a, b)
            case (.index(let a), .index(let b)): a == b
            case (.anyElement, .anyElement), (.anyMember, .anyMember), (.descendants, .descendants): true
            default: false
            }
        }

        /// The name of a `.key` step.
        package var name: String? { if case .key(let name) = self { name } else { nil } }
        /// The index of an `.index` step.
        package var index: Int? { if case .index(let index) = self { index } else { nil } }

        /// Hashes a name by its UTF-8 bytes, so steps equal under `==` hash alike.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let name), .keyGlob(let name): JSONKey.hash(name, into: &hasher)
            case .index(let index): hasher.combine(index)
            default: hasher.combine(JSONPathPattern([self]).description)
            }
        }
    }

    /// The steps from the root, outermost first; empty for `$`.
    public var steps: [Step]

    /// The root `$`.
    public static let root = JSONPathPattern([Step]())

    /// A pattern from its steps, outermost first.
    public init(_ steps: [Step]) { self.steps = steps }

    /// Folds a concrete path: each index becomes `[*]`, and a member of an object whose folded path
    /// is in `dictionaries` (one a model decodes as `[String: T]`) becomes `.*`.
    ///
    /// ```swift
    /// JSONPathPattern(folding: [.key("items"), .index(7), .key("id")])   // $.items[*].id
    /// ```
    public init(folding path: JSONPath, dictionaries: Set<JSONPathPattern> = []) {
        var steps: [Step] = []
        steps.reserveCapacity(path.components.count)
        for component in path.components {
            switch component {
            case .index: steps.append(.anyElement)
            case .key(let name):
                steps.append(
                    !dictionaries.isEmpty && dictionaries.contains(JSONPathPattern(steps)) ? .anyMember : .key(name))
            }
        }
        self.steps = steps
    }

    /// Parses a pattern: `$`, then `.name`, `["any name"]` (a JSON string), `['any name']`, `[3]`,
    /// `[*]`, `.*`, `..name`, `..[*]` and globs such as `.*_url`.
    /// - Throws: ``ParseError`` naming the character and what was expected there.
    public init(_ text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        var i = 0
        func fail(_ expected: String) -> ParseError {
            ParseError(pattern: text, position: String(decoding: bytes[..<i], as: UTF8.self).count, expected: expected)
        }
        func byte(_ ascii: Unicode.Scalar) -> Bool { i < bytes.count && bytes[i] == UInt8(ascii: ascii) }
        guard byte("$") else { throw fail("'$' at the start") }
        i = 1
        var steps: [Step] = []
        while i < bytes.count {
            if byte(".") {
                i += 1
                if byte(".") {
                    i += 1
                    steps.append(.descendants)
                    if byte("[") { continue }
                }
                let start = i
                while i < bytes.count, !byte("."), !byte("[") { i += 1 }
                let name = String(decoding: bytes[start..<i], as: UTF8.self)
                guard !name.isEmpty else { throw fail("a member name after '.'") }
                steps.append(name == "*" ? .anyMember : name.contains("*") ? .keyGlob(name) : .key(name))
            } else if byte("[") {
                i += 1
                let close: String
                if byte("*") {
                    i += 1
                    close = "']' after '[*'"
                    steps.append(.anyElement)
                } else if byte("\"") || byte("'") {
                    let quote = bytes[i]
                    let start = i
                    i += 1
                    while i < bytes.count, bytes[i] != quote { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard i < bytes.count else { throw fail("a closing \(Character(Unicode.Scalar(quote)))") }
                    i += 1
                    close = "']' after the quoted name"
                    steps.append(.key(try Self.name(quoted: bytes[start..<i], at: start, in: text)))
                } else {
                    let start = i
                    while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                    guard i > start, let index = Int(String(decoding: bytes[start..<i], as: UTF8.self)) else {
                        throw fail("an index, '*' or a quoted name after '['")
                    }
                    close = "']' after the index"
                    steps.append(.index(index))
                }
                guard byte("]") else { throw fail(close) }
                i += 1
            } else {
                throw fail("'.' or '['")
            }
        }
        self.steps = steps
    }

    /// A quoted member name: a JSON string (`"a\u00e9"`), or a single-quoted one whose backslash
    /// takes the next character as it is.
    private static func name(quoted: ArraySlice<UInt8>, at start: Int, in text: String) throws(ParseError) -> String {
        if quoted.first == UInt8(ascii: "\"") {
            guard case .string(let name)? = try? JSONValue.parse(quoted) else {
                let position = String(decoding: text.utf8.prefix(start), as: UTF8.self).count
                throw ParseError(pattern: text, position: position, expected: "a JSON string literal")
            }
            return name
        }
        var name: [UInt8] = []
        var i = quoted.startIndex + 1
        while i < quoted.endIndex - 1 {
            if quoted[i] == UInt8(ascii: "\\") { i += 1 }
            name.append(quoted[i])
            i += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether a concrete path is one this pattern stands for.
    public func matches(_ path: JSONPath) -> Bool {
        Self.match(steps[...], path.components[...])
    }

    private static func match(_ steps: ArraySlice<Step>, _ components: ArraySlice<JSONPath.Component>) -> Bool {
        guard let step = steps.first else { return components.isEmpty }
        if case .descendants = step {
            var rest = components
            while true {
                if match(steps.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let component = components.first else { return false }
        switch (step, component) {
        case (.key(let name), .key(let other)) where JSONKey.exactlyEqual(name, other): break
        case (.index(let index), .index(let other)) where index == other: break
        case (.anyMember, .key), (.anyElement, .index): break
        case (.keyGlob(let glob), .key(let name)) where globMatches(glob, name): break
        default: return false
        }
        return match(steps.dropFirst(), components.dropFirst())
    }

    /// Whether `name` is the glob's literal parts with anything between them: it starts with the
    /// first, ends with the last and holds the middle ones in order, without overlapping.
    private static func globMatches(_ glob: String, _ name: String) -> Bool {
        let parts = glob.split(separator: "*", omittingEmptySubsequences: false)
        guard let first = parts.first, let last = parts.last, name.hasPrefix(first) else { return false }
        var rest = name.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.firstRange(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= last.count && rest.hasSuffix(last)
    }

    /// Whether this is what folding gives: members by name, `[*]` and `.*` only.
    package var isFolded: Bool { steps.allSatisfy { [.anyElement, .anyMember].contains($0) || $0.name != nil } }

    /// Whether no step is a wildcard: members by name and indices only.
    package var isConcrete: Bool { steps.allSatisfy { step in step.name != nil || step.index != nil } }

    /// A concrete path the pattern stands for: itself when it has no wildcard; `[*]` as `[0]` and
    /// `.*` as a member named `*` (for asking another pattern whether it covers a folded path).
    package var samplePath: JSONPath {
        JSONPath(
            steps.compactMap { step in
                switch step {
                case .key(let name), .keyGlob(let name): .key(name)
                case .index(let index): .index(index)
                case .anyElement: .index(0)
                case .anyMember: .key("*")
                case .descendants: nil
                }
            })
    }

    /// The pattern without its last step (the root stays the root).
    package var parent: JSONPathPattern { JSONPathPattern(Array(steps.dropLast())) }

    /// The pattern extended by one step.
    package func appending(_ step: Step) -> JSONPathPattern { JSONPathPattern(steps + [step]) }

    /// The name of the last step when it is a named member (`login` for `$.owner.login`).
    package var lastKey: String? { steps.last?.name }

    /// The canonical text, which `init(_:)` reads back: `$.items[*].owner.login`, `$.labels.*`,
    /// `$..*_url`, `$["release date"]` (a name that is not a plain identifier, `*` included, is
    /// quoted as a JSON string).
    public var description: String {
        var out = "$"
        for (position, step) in steps.enumerated() {
            // After `..` a member needs no dot of its own: `$..name`, `$..*`, `$..*_url`.
            let dot = position > 0 && steps[position - 1] == .descendants ? "" : "."
            switch step {
            case .key(let name):
                out += JSONPath.isPlainIdentifier(name) ? dot + name : "[" + JSONPath.quoted(name) + "]"
            case .index(let index): out += "[\(index)]"
            case .anyElement: out += "[*]"
            case .anyMember: out += dot + "*"
            case .descendants: out += ".."
            case .keyGlob(let glob): out += dot + glob
            }
        }
        return out
    }

    /// Ordered as the canonical writer orders member names: by the UTF-16 code units of the text.
    public static func < (lhs: JSONPathPattern, rhs: JSONPathPattern) -> Bool {
        JSONObject.utf16Order(lhs.description, rhs.description) < 0
    }

    /// A pattern that does not parse, with the position and what was expected there.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The pattern as written.
        public var pattern: String
        /// The 0-based character offset of the problem (the description shows it 1-based).
        public var position: Int
        /// What was expected there, such as `'$' at the start`.
        public var expected: String

        /// `invalid JSON path pattern 'token' at character 1: expected '$' at the start`.
        public var description: String {
            "invalid JSON path pattern '\(pattern)' at character \(position + 1): expected \(expected)"
        }
    }
}

extension JSONPath {
    /// Reads back the text ``description`` writes (`$`, `.name`, `["any name"]`, `[3]`): nil when
    /// it does not parse or holds a wildcard.
    package static func parse(_ text: String) -> JSONPath? {
        guard let pattern = try? JSONPathPattern(text), pattern.isConcrete else { return nil }
        return pattern.samplePath
    }
}
