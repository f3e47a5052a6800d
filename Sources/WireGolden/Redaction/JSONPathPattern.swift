import WireJSON

/// A JSON path with wildcards, for choosing values to redact or differences to accept:
/// `$.token`, `$.items[*].id`, `$..email` (any depth), `$.movies[0]["release date"]`, `$.*`, and
/// member names with `*` wildcards: `$..*_url` (every member ending in `_url`, at any depth),
/// `$.has_*`. A quoted name (`$["a*b"]`) is taken literally.
///
/// ```swift
/// let pattern = try JSONPathPattern("$.movies[*].imdbId")
/// pattern.matches([.key("movies"), .index(4), .key("imdbId")])   // true
/// ```
public struct JSONPathPattern: Hashable, Sendable, CustomStringConvertible {
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
        case anyMember  // .*
        case keyGlob([String])  // .*_url: the name's literal parts between its '*'s
        case anyElement  // [*]
        case descendant  // ..
    }

    let steps: [Step]
    /// The pattern as written.
    public let description: String

    /// A pattern that is not valid, with the position and what was expected.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The pattern as written.
        public var pattern: String
        /// The 0-based character offset of the problem (the description shows it 1-based).
        public var position: Int
        /// What was expected there, e.g. `'$' at the start` or `a member name after '.'`.
        public var expected: String
        public var description: String {
            "invalid JSON path pattern '\(pattern)' at character \(position + 1): expected \(expected)"
        }
    }

    /// Parses a pattern.
    /// - Throws: ``ParseError`` naming the position and what was expected there.
    public init(_ text: String) throws(ParseError) {
        description = text
        let chars = Array(text)
        var i = 0
        func fail(_ expected: String) -> ParseError { ParseError(pattern: text, position: i, expected: expected) }
        guard chars.first == "$" else { throw fail("'$' at the start") }
        i = 1
        var steps: [Step] = []
        func identifier() -> String {
            var name = ""
            while i < chars.count, chars[i] != ".", chars[i] != "[" {
                name.append(chars[i])
                i += 1
            }
            return name
        }
        while i < chars.count {
            if chars[i] == "." {
                i += 1
                if i < chars.count && chars[i] == "." {
                    i += 1
                    steps.append(.descendant)
                    if i < chars.count && chars[i] == "[" { continue }
                }
                let name = identifier()
                guard !name.isEmpty else { throw fail("a member name after '.'") }
                if name == "*" {
                    steps.append(.anyMember)
                } else if name.contains("*") {
                    steps.append(
                        .keyGlob(name.split(separator: "*", omittingEmptySubsequences: false).map(String.init)))
                } else {
                    steps.append(.key(name))
                }
            } else if chars[i] == "[" {
                i += 1
                if i < chars.count && chars[i] == "*" {
                    i += 1
                    guard i < chars.count, chars[i] == "]" else { throw fail("']' after '[*'") }
                    i += 1
                    steps.append(.anyElement)
                } else if i < chars.count && (chars[i] == "\"" || chars[i] == "'") {
                    let quote = chars[i]
                    i += 1
                    var name = ""
                    while i < chars.count && chars[i] != quote {
                        if chars[i] == "\\" && i + 1 < chars.count { i += 1 }
                        name.append(chars[i])
                        i += 1
                    }
                    guard i < chars.count else { throw fail("a closing \(quote)") }
                    i += 1
                    guard i < chars.count, chars[i] == "]" else { throw fail("']' after the quoted name") }
                    i += 1
                    steps.append(.key(name))
                } else {
                    var digits = ""
                    while i < chars.count, chars[i].isNumber {
                        digits.append(chars[i])
                        i += 1
                    }
                    guard let index = Int(digits) else { throw fail("an index, '*' or a quoted name after '['") }
                    guard i < chars.count, chars[i] == "]" else { throw fail("']' after the index") }
                    i += 1
                    steps.append(.index(index))
                }
            } else {
                throw fail("'.' or '['")
            }
        }
        self.steps = steps
    }

    /// Whether a concrete path matches the whole pattern.
    public func matches(_ path: JSONPath) -> Bool {
        Self.match(steps[...], path.components[...])
    }

    private static func match(_ steps: ArraySlice<Step>, _ components: ArraySlice<JSONPath.Component>) -> Bool {
        guard let step = steps.first else { return components.isEmpty }
        if step == .descendant {
            var rest = components
            while true {
                if match(steps.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let component = components.first else { return false }
        switch (step, component) {
        case (.key(let k), .key(let c)) where JSONKey.exactlyEqual(k, c): break
        case (.index(let k), .index(let c)) where k == c: break
        case (.anyMember, .key): break
        case (.keyGlob(let parts), .key(let c)) where globMatches(parts, c): break
        case (.anyElement, .index): break
        default: return false
        }
        return match(steps.dropFirst(), components.dropFirst())
    }

    /// Whether `name` is the glob's parts with anything between them: it starts with the first
    /// part, ends with the last, and holds the middle ones in order, without overlapping.
    private static func globMatches(_ parts: [String], _ name: String) -> Bool {
        guard let first = parts.first, let last = parts.last, name.hasPrefix(first) else { return false }
        var rest = name.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
