/// An immutable JSON document tree, built from the event stream.
///
/// Objects keep their members in source order (and keep repeated names, see
/// ``JSONObject/duplicateKeys``); numbers keep their exact source text. Equality is structural:
/// member order is ignored, everything else (including the spelling of numbers, `1.0` ≠ `1`) counts.
/// Strings and member names are equal when they have the same Unicode scalars, as in JSON, not when
/// Swift finds them canonically equivalent: `"caf\u{E9}"` and `"cafe\u{301}"` differ (see ``JSONKey``).
///
/// ```swift
/// let a = try JSONValue.parse(#"{"id": 7, "tags": ["a"]}"#)
/// let b = try JSONValue.parse(#"{"tags": ["a"], "id": 7}"#)
/// a == b                       // true: key order is not part of the value
/// a["id"]                      // .number(7)
/// print(a.canonicalText())     // keys sorted, two-space indent
/// ```
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member with this name, if this is an object that has one (the last one if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at this index, if this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at a path, if every step exists.
    public subscript(path: JSONPath) -> JSONValue? {
        var current: JSONValue? = self
        for component in path.components {
            switch component {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index]
            }
        }
        return current
    }

    /// A short name for the kind of value: `object`, `array`, `string`, `number`, `bool`, `null`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue {
    /// Structural equality; strings compare by their Unicode scalars (``JSONKey/exactlyEqual(_:_:)``),
    /// objects by their members whatever their order (``JSONObject/==(_:_:)``).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return JSONKey.exactlyEqual(a, b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    /// Hashes the kind and the content, strings by their UTF-8 bytes, so values equal under `==`
    /// hash alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let b):
            hasher.combine(1 as UInt8)
            hasher.combine(b)
        case .number(let n):
            hasher.combine(2 as UInt8)
            hasher.combine(n)
        case .string(let s):
            hasher.combine(3 as UInt8)
            JSONKey.hash(s, into: &hasher)
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements)
        case .object(let object):
            hasher.combine(5 as UInt8)
            hasher.combine(object)
        }
    }
}

/// A JSON number exactly as written in the source (`1.0`, `-0`, `1e400` and 30-digit integers keep
/// their text; nothing goes through `Double`).
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The source text.
    public let text: String

    /// Wraps number text. The text is not checked here; the parser only produces valid numbers.
    public init(text: String) { self.text = text }

    /// A number from an integer literal, written in decimal (`let n: JSONNumber = 42` has text `42`).
    public init(integerLiteral value: Int) { text = String(value) }

    public var description: String { text }

    /// The value as a `Double` (rounded; may be infinite for huge exponents).
    public var doubleValue: Double? { Double(text) }

    /// The value as an `Int`, when it is an integer in range and written without fraction or exponent.
    public var intValue: Int? { Int(text) }

    /// Whether the two are written alike (the same text, compared exactly): `1.0` ≠ `1`.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { JSONKey.exactlyEqual(lhs.text, rhs.text) }

    /// Hashes the text's UTF-8 bytes.
    public func hash(into hasher: inout Hasher) { JSONKey.hash(text, into: &hasher) }
}

/// A JSON object: members in source order, repeated names kept.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
    /// One `"name": value` pair.
    public struct Member: Hashable, Sendable {
        /// The member's name, unescaped.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member from its name and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }

        /// The same name (the same Unicode scalars, see ``JSONKey``) and equal values.
        public static func == (lhs: Member, rhs: Member) -> Bool {
            JSONKey.exactlyEqual(lhs.key, rhs.key) && lhs.value == rhs.value
        }

        /// Hashes the name's UTF-8 bytes and the value.
        public func hash(into hasher: inout Hasher) {
            JSONKey.hash(key, into: &hasher)
            hasher.combine(value)
        }
    }

    /// The members in source order.
    public var members: [Member]

    /// An object with these members, in this order; repeated names are kept as given.
    ///
    /// ```swift
    /// let object = JSONObject([.init(key: "id", value: .number(1)), .init(key: "id", value: .number(2))])
    /// object["id"]             // .number(2): the last one wins on lookup
    /// object.duplicateKeys     // ["id"]
    /// ```
    public init(_ members: [Member] = []) { self.members = members }

    /// Builds an object from name/value pairs, in the given order.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// The position of the first member (always 0).
    public var startIndex: Int { members.startIndex }
    /// The position past the last member (the member count).
    public var endIndex: Int { members.endIndex }
    /// The member at `position`, in source order. Traps if `position` is out of `startIndex..<endIndex`.
    public subscript(position: Int) -> Member { members[position] }

    /// The value of the member with this name (the last one if the name repeats). Names match when
    /// they have the same Unicode scalars: `"caf\u{E9}"` does not find `"cafe\u{301}"` (see ``JSONKey``).
    public subscript(key: String) -> JSONValue? {
        members.last(where: { JSONKey.exactlyEqual($0.key, key) })?.value
    }

    /// Member names that occur more than once, in order of their second occurrence. Names repeat
    /// when they have the same Unicode scalars; two spellings of one text (`"caf\u{E9}"`,
    /// `"cafe\u{301}"`) are two names, as in JSON.
    public var duplicateKeys: [String] {
        var seen = Set<JSONKey>()
        var reported = Set<JSONKey>()
        var duplicates: [String] = []
        for member in members {
            let key = JSONKey(member.key)
            if !seen.insert(key).inserted && reported.insert(key).inserted { duplicates.append(member.key) }
        }
        return duplicates
    }

    /// The members sorted by name in UTF-16 code-unit order (RFC 8785), stable for repeated names.
    ///
    /// Members already in that order (every canonical file) come back as they are after one pass;
    /// otherwise the names are compared as UTF-8 bytes, without converting them to UTF-16.
    public var sortedMembers: [Member] {
        isSortedByName ? members : sortedMemberIndices().map { members[$0] }
    }

    /// Whether the members are in ``sortedMembers`` order already.
    private var isSortedByName: Bool {
        guard members.count > 1 else { return true }
        for i in 1..<members.count where JSONObject.utf16Order(members[i - 1].key, members[i].key) > 0 {
            return false
        }
        return true
    }

    /// The positions of the members in ``sortedMembers`` order (for code that keeps data beside
    /// each member, such as the diff's equality classes).
    package func sortedMemberIndices() -> [Int] {
        if isSortedByName { return Array(members.indices) }
        // All names in one buffer, so that comparing two of them touches no String.
        var arena: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(members.count + 1)
        for member in members {
            starts.append(arena.count)
            arena.append(contentsOf: member.key.utf8)
        }
        starts.append(arena.count)
        var order = Array(members.indices)
        arena.withUnsafeBufferPointer { bytes in
            order.sort { i, j in
                let c = JSONObject.utf16Order(
                    UnsafeBufferPointer(rebasing: bytes[starts[i]..<starts[i + 1]]),
                    UnsafeBufferPointer(rebasing: bytes[starts[j]..<starts[j + 1]]))
                return c != 0 ? c < 0 : i < j
            }
        }
        return order
    }

    /// Compares two names in UTF-16 code-unit order: negative, zero (the same code units) or positive.
    package static func utf16Order(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in utf16Order(x, y) } }
    }

    /// UTF-16 code-unit order of two UTF-8 strings, read as UTF-8. UTF-8 byte order is code-point
    /// order, which is UTF-16 order except that UTF-16 puts the characters from U+10000 up
    /// (surrogate pairs, D800–DFFF) before U+E000–U+FFFF. At the first differing byte both strings
    /// are at the same position in a character (the bytes before are equal), so only a pair of
    /// lead bytes EE–EF (U+E000–U+FFFF) against F0–F4 (U+10000 and up) needs turning round.
    package static func utf16Order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(a.count, b.count)
        var i = 0
        while i < common {
            let x = a[i]
            let y = b[i]
            if x != y {
                if x >= 0xEE && y >= 0xEE && (x >= 0xF0) != (y >= 0xF0) { return x >= 0xF0 ? -1 : 1 }
                return x < y ? -1 : 1
            }
            i += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Structural equality: the same members whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.sortedMembers == rhs.sortedMembers
    }

    /// Hashes the members in ``sortedMembers`` order, so objects equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in sortedMembers {
            hasher.combine(member)
        }
    }
}
