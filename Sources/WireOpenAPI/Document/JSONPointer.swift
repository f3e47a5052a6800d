import WireJSON
import WireSupport

/// A place inside one OpenAPI document, as a local `$ref` names it (RFC 6901 in a URI fragment):
/// `#/components/schemas/full-repository`, `#/paths/~1repos~1{owner}~1{repo}/get`.
///
/// ```swift
/// let pointer = try JSONPointer(parsing: "#/components/schemas/simple-user")
/// pointer.appending("properties").appending("login")   // #/components/schemas/simple-user/properties/login
/// ```
package struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The reference tokens, unescaped (`/repos/{owner}` for `~1repos~1{owner}`).
    package var tokens: [String]

    /// The document itself (`#`).
    package static let root = JSONPointer([])

    package init(_ tokens: [String]) { self.tokens = tokens }

    /// A pointer with one more token.
    package func appending(_ token: String) -> JSONPointer { JSONPointer(tokens + [token]) }

    /// Reads a local reference: `#` followed by `/`-separated tokens, `~1` for `/` and `~0` for `~`,
    /// percent-escapes decoded (a URI fragment).
    /// - Throws: ``ParseError`` for a reference to another document (`other.json#/x`, a URL), or a
    ///   fragment that is not a JSON pointer.
    package init(parsing text: String) throws(ParseError) {
        guard text.hasPrefix("#") else {
            throw ParseError(
                text: text,
                reason: "only local references (#/…) are read; bundle the document first (one file, no external $ref)")
        }
        let fragment = Self.percentDecoded(String(text.dropFirst()))
        guard !fragment.isEmpty else {
            tokens = []
            return
        }
        guard fragment.hasPrefix("/") else {
            throw ParseError(text: text, reason: "expected '#/' followed by a JSON pointer")
        }
        tokens = fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences("~1", "/").replacingOccurrences("~0", "~")
        }
    }

    /// `#/components/schemas/simple-user`, each token escaped.
    package var description: String {
        "#" + tokens.map { "/" + $0.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1") }.joined()
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }

    /// The value at this pointer inside `root`, or nil (an array token must be a decimal index).
    package func value(in root: JSONValue) -> JSONValue? {
        var current = root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The same place as a ``JSONPath`` into `root` (array tokens as indices), for locating it in
    /// the document's bytes; nil when it does not exist.
    package func jsonPath(in root: JSONValue) -> JSONPath? {
        var current = root
        var path = JSONPath.root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                path = path.appending(key: token)
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                path = path.appending(index: index)
                current = elements[index]
            default:
                return nil
            }
        }
        return path
    }

    /// A reference that cannot be read.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        package var text: String
        package var reason: String
        /// `'other.json#/x': only local references (#/…) are read; …`.
        package var description: String { "'\(text)': \(reason)" }
    }

    /// `%7B` → `{`; invalid escapes are kept as written.
    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return replacingAll(target, with: replacement)
    }
}
