#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON member name (or any JSON string used as a dictionary key or set element) that compares,
/// hashes and sorts as JSON compares strings: by its Unicode scalars, that is by its UTF-8 bytes
/// (RFC 8259 §8.3), never by Swift's canonical equivalence.
///
/// Swift's `String` treats canonically equivalent spellings as one value: `"caf\u{E9}"` (é, U+00E9)
/// `==` `"cafe\u{301}"` (e and a combining acute accent, U+0301), and they hash alike. To JSON they
/// are two different names, and an object may have both. A `[String: …]` dictionary or a
/// `Set<String>` of member names would merge them; `[JSONKey: …]` and `Set<JSONKey>` keep them
/// apart. ``JSONValue``, ``JSONObject``, ``JSONPath``, ``JSONEvent`` and shapes use this equality,
/// and so do WireLock's diffs, path patterns and fuzzing.
///
/// Order (`<`) is that of the scalars, which for strings in Unicode's composed form (NFC, what
/// nearly every producer writes) is also the order of `String`'s `<`. Member names in canonical
/// JSON are sorted by UTF-16 code units instead (``JSONObject/sortedMembers``).
///
/// ```swift
/// let composed: JSONKey = "caf\u{E9}"
/// let decomposed = JSONKey("cafe\u{301}")
/// composed == decomposed                     // false ("caf\u{E9}" == "cafe\u{301}" as Strings)
/// Set([composed, decomposed]).count          // 2
/// shape.members?["id"]                       // a string literal is a JSONKey
/// ```
public struct JSONKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name (or string) itself.
    public let string: String

    /// Wraps a string; nothing is checked or normalised.
    public init(_ string: String) { self.string = string }

    /// A key from a string literal: `let key: JSONKey = "id"`.
    public init(stringLiteral value: String) { string = value }

    /// Whether the two have the same Unicode scalars (the same UTF-8 bytes).
    public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { exactlyEqual(lhs.string, rhs.string) }

    /// Hashes the UTF-8 bytes, so keys equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) { JSONKey.hash(string, into: &hasher) }

    /// Unicode scalar order (UTF-8 byte order).
    public static func < (lhs: JSONKey, rhs: JSONKey) -> Bool { compare(lhs.string, rhs.string) < 0 }

    /// The string as it is.
    public var description: String { string }
}

extension JSONKey {
    /// Whether two strings are the same JSON string: the same Unicode scalars, so the same UTF-8
    /// bytes. Unlike `String`'s `==`, `"caf\u{E9}"` and `"cafe\u{301}"` differ.
    ///
    /// ```swift
    /// JSONKey.exactlyEqual("caf\u{E9}", "cafe\u{301}")   // false
    /// JSONKey.exactlyEqual("id", "id")                   // true
    /// ```
    @inlinable
    public static func exactlyEqual(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        // The count of a native string's UTF-8 view is stored, so this costs nothing.
        guard x.count == y.count else { return false }
        let contiguous = x.withContiguousStorageIfAvailable { p in
            y.withContiguousStorageIfAvailable { q in
                p.count == 0 || p.baseAddress == q.baseAddress || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0
            }
        }
        if let contiguous, let result = contiguous { return result }
        return x.elementsEqual(y)
    }

    /// Feeds a string's UTF-8 bytes, and a terminator no UTF-8 text contains, to `hasher`: strings
    /// that are ``exactlyEqual(_:_:)`` hash alike, whatever `String`'s hashing would do.
    @inlinable
    public static func hash(_ string: String, into hasher: inout Hasher) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if done == nil { Array(string.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
        hasher.combine(0xFF as UInt8)
    }

    /// Compares two strings by their Unicode scalars (UTF-8 byte order): negative when `a` comes
    /// first, zero when they are ``exactlyEqual(_:_:)``, positive when `b` comes first.
    ///
    /// ```swift
    /// JSONKey.compare("a", "b") < 0                    // true
    /// JSONKey.compare("cafe\u{301}", "caf\u{E9}") < 0  // true: U+0065 before U+00E9
    /// ```
    @inlinable
    public static func compare(_ a: String, _ b: String) -> Int {
        func order(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Int {
            let common = Swift.min(p.count, q.count)
            if common > 0 {
                let c = memcmp(p.baseAddress!, q.baseAddress!, common)
                if c != 0 { return c < 0 ? -1 : 1 }
            }
            return p.count == q.count ? 0 : (p.count < q.count ? -1 : 1)
        }
        let contiguous = a.utf8.withContiguousStorageIfAvailable { p in
            b.utf8.withContiguousStorageIfAvailable { q in order(p, q) }
        }
        if let contiguous, let result = contiguous { return result }
        return Array(a.utf8).withUnsafeBufferPointer { p in Array(b.utf8).withUnsafeBufferPointer { q in order(p, q) } }
    }
}
