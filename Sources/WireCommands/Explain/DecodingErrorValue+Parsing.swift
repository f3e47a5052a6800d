import Foundation
import WireDiagnostics

extension DecodingErrorValue {
    /// Why a text could not be read as a `DecodingError`'s description.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong, in plain words.
        package var reason: String
        /// The reason.
        package var description: String { reason }
    }

    /// Reads a `DecodingError` back from the text a log shows, in either form it is printed in:
    ///
    /// - the Swift 6.2+ standard library's description (Linux, and Apple platforms with that
    ///   runtime): `DecodingError.typeMismatch: expected value of type Int. Path: items[1].id.
    ///   Debug description: …`, the path written with `.` between keys, `[N]` for elements and
    ///   back-quotes around a key that holds a `.`;
    /// - the reflected form older Apple runtimes print: `typeMismatch(Swift.Int,
    ///   Swift.DecodingError.Context(codingPath: [CodingKeys(stringValue: "id", intValue: nil),
    ///   _JSONKey(stringValue: "Index 0", intValue: 0)], debugDescription: "…", underlyingError: nil))`.
    ///
    /// Text before the error (a log prefix such as `Fatal error: `) is skipped.
    ///
    /// ```swift
    /// let failure = try DecodingErrorValue(parsing: "DecodingError.keyNotFound: Key 'name' not found "
    ///     + "in keyed decoding container. Path: items[0]. Debug description: No value.")
    /// // failure.kind == .keyNotFound, failure.missingKey?.stringValue == "name"
    /// ```
    ///
    /// - Note: The first form does not tell an `Int`-keyed dictionary's `[5]` from an array's
    ///   element 5, nor a key spelled `a[0]` from `a` then element 0; ``WireDiagnostics`` resolves
    ///   `[N]` against the payload (a member `"5"` of an object, an element of an array).
    /// - Throws: ``ParseError`` when the text holds neither form.
    package init(parsing text: String) throws(ParseError) {
        for kind in [Kind.typeMismatch, .valueNotFound, .keyNotFound, .dataCorrupted] {
            if let range = text.range(of: "DecodingError.\(kind.rawValue): ") {
                self = try Self.parseModern(kind: kind, String(text[range.upperBound...]))
                return
            }
        }
        for kind in [Kind.typeMismatch, .valueNotFound, .keyNotFound, .dataCorrupted] {
            if let range = text.range(of: "\(kind.rawValue)(") {
                self = try Self.parseReflected(kind: kind, Substring(text[range.upperBound...]))
                return
            }
        }
        throw ParseError(
            reason: "not a DecodingError description: expected 'DecodingError.typeMismatch: …' (Swift 6.2+) "
                + "or 'typeMismatch(Swift.Int, Swift.DecodingError.Context(…))' (and likewise valueNotFound, "
                + "keyNotFound, dataCorrupted)")
    }

    // MARK: The standard library's description

    private static func parseModern(kind: Kind, _ rest: String) throws(ParseError) -> DecodingErrorValue {
        let debugMarker = "Debug description: "
        guard let debugRange = rest.range(of: debugMarker) else {
            throw ParseError(reason: "no 'Debug description:' in the DecodingError text")
        }
        var head = String(rest[..<debugRange.lowerBound])
        var debug = String(rest[debugRange.upperBound...])
        if let underlying = debug.range(of: ". Underlying error: ") { debug = String(debug[..<underlying.lowerBound]) }
        debug = debug.trimmingTrailingNewlines()
        var path: [Key] = []
        if let pathRange = head.range(of: ". Path: ") {
            var pathText = String(head[pathRange.upperBound...])
            if pathText.hasSuffix(". ") { pathText.removeLast(2) }
            path = try parseModernPath(pathText)
            head = String(head[..<pathRange.lowerBound])
        } else if head.hasSuffix(". ") {
            head.removeLast(2)
        }
        var type: String?
        var missing: Key?
        switch kind {
        case .typeMismatch:
            type = head.removingPrefix("expected value of type ")
        case .valueNotFound:
            type = head.removingPrefix("Expected value of type ").removingSuffix(" but found null instead")
        case .keyNotFound:
            guard head.hasPrefix("Key '"), let end = head.range(of: "' not found", options: .backwards) else {
                throw ParseError(reason: "keyNotFound without its key ('Key 'NAME' not found …')")
            }
            missing = Key(stringValue: String(head[head.index(head.startIndex, offsetBy: 5)..<end.lowerBound]))
        case .dataCorrupted:
            break
        }
        return DecodingErrorValue(
            kind: kind, codingPath: path, type: type, missingKey: missing, debugDescription: debug)
    }

    /// `items[1].id`, `x.\`a.b\`[0]`, `[0].name`, `x.[0]` (an empty key, then element 0).
    static func parseModernPath(_ text: String) throws(ParseError) -> [Key] {
        var keys: [Key] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var expectKey = !(scalars.first == "[")
        while i <= scalars.count {
            if expectKey {
                var name = String.UnicodeScalarView()
                if i < scalars.count, scalars[i] == "`" {
                    i += 1
                    while i < scalars.count, scalars[i] != "`" {
                        if scalars[i] == "\\", i + 1 < scalars.count { i += 1 }
                        name.append(scalars[i])
                        i += 1
                    }
                    guard i < scalars.count else { throw ParseError(reason: "unclosed ` in the path '\(text)'") }
                    i += 1
                } else {
                    while i < scalars.count, scalars[i] != ".", !(scalars[i] == "[" && isIndex(scalars, at: i)) {
                        name.append(scalars[i])
                        i += 1
                    }
                }
                keys.append(Key(stringValue: String(name)))
                expectKey = false
            }
            guard i < scalars.count else { break }
            if scalars[i] == "." {
                i += 1
                expectKey = true
            } else if scalars[i] == "[", isIndex(scalars, at: i) {
                i += 1
                var digits = ""
                while scalars[i] != "]" {
                    digits.unicodeScalars.append(scalars[i])
                    i += 1
                }
                i += 1
                keys.append(Key.index(Int(digits) ?? 0))
            } else {
                throw ParseError(reason: "unexpected '\(scalars[i])' in the path '\(text)'")
            }
        }
        return keys
    }

    private static func isIndex(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var i = start + 1
        var digits = 0
        while i < scalars.count, ("0"..."9").contains(scalars[i]) {
            i += 1
            digits += 1
        }
        return digits > 0 && digits < 19 && i < scalars.count && scalars[i] == "]"
    }

    // MARK: The reflected form

    private static func parseReflected(kind: Kind, _ rest: Substring) throws(ParseError) -> DecodingErrorValue {
        var scanner = ReflectedScanner(text: rest)
        var type: String?
        var missing: Key?
        switch kind {
        case .typeMismatch, .valueNotFound:
            guard let comma = rest.range(of: ", ") else {
                throw ParseError(reason: "\(kind.rawValue) without its type")
            }
            type = String(rest[..<comma.lowerBound]).removingPrefix("Swift.")
            scanner.text = rest[comma.upperBound...]
        case .keyNotFound:
            missing = try scanner.key()
            scanner.skip(", ")
        case .dataCorrupted:
            break
        }
        guard scanner.skipThrough("codingPath: [") else {
            throw ParseError(reason: "no 'codingPath: [' in the DecodingError text")
        }
        var path: [Key] = []
        while !scanner.skip("]") {
            path.append(try scanner.key())
            scanner.skip(", ")
        }
        guard scanner.skipThrough("debugDescription: ") else {
            throw ParseError(reason: "no 'debugDescription:' in the DecodingError text")
        }
        let debug = try scanner.stringLiteral()
        return DecodingErrorValue(
            kind: kind, codingPath: path, type: type, missingKey: missing, debugDescription: debug)
    }

    /// Reads `Name(stringValue: "…", intValue: nil | N | Optional(N))` and Swift string literals.
    private struct ReflectedScanner {
        var text: Substring

        @discardableResult
        mutating func skip(_ literal: String) -> Bool {
            guard text.hasPrefix(literal) else { return false }
            text = text.dropFirst(literal.count)
            return true
        }

        mutating func skipThrough(_ literal: String) -> Bool {
            guard let range = text.range(of: literal) else { return false }
            text = text[range.upperBound...]
            return true
        }

        mutating func key() throws(ParseError) -> Key {
            guard let open = text.range(of: "(stringValue: ") else {
                throw ParseError(reason: "a coding key without '(stringValue: …)' near '\(text.prefix(40))'")
            }
            text = text[open.upperBound...]
            let string = try stringLiteral()
            guard skip(", intValue: ") else { throw ParseError(reason: "a coding key without its intValue") }
            var int: Int?
            if skip("nil") {
                int = nil
            } else {
                let optional = skip("Optional(")
                let digits = text.prefix { $0 == "-" || ("0"..."9").contains($0) }
                int = Int(digits)
                text = text.dropFirst(digits.count)
                if optional { skip(")") }
            }
            guard skip(")") else { throw ParseError(reason: "a coding key without its closing ')'") }
            return Key(stringValue: string, intValue: int)
        }

        /// A Swift string literal as `debugDescription` writes it (`\"`, `\\`, `\n`, `\t`, `\r`,
        /// `\0`, `\'`, `\u{…}`).
        mutating func stringLiteral() throws(ParseError) -> String {
            guard skip("\"") else { throw ParseError(reason: "expected a string literal near '\(text.prefix(40))'") }
            var out = String.UnicodeScalarView()
            var scalars = text.unicodeScalars[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\"" {
                    text = Substring(scalars)
                    return String(out)
                }
                guard scalar == "\\", let escaped = scalars.first else {
                    out.append(scalar)
                    continue
                }
                scalars = scalars.dropFirst()
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "0": out.append("\0")
                case "u":
                    let hex = scalars.dropFirst().prefix { $0 != "}" }
                    scalars = scalars.dropFirst(hex.count + 2)
                    if let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
                        let decoded = Unicode.Scalar(value)
                    {
                        out.append(decoded)
                    }
                default: out.append(escaped)
                }
            }
            throw ParseError(reason: "an unterminated string literal in the DecodingError text")
        }
    }
}

extension String {
    fileprivate func removingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    fileprivate func removingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }

    fileprivate func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.last == "\n" || copy.last == "\r" || copy.last == " " { copy.removeLast() }
        return copy
    }
}
