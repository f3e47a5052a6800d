/// An immutable JSON document tree, built from the event stream.
///
/// Objects keep their members in source order (and keep repeated names, see
/// ``JSONObject/duplicateKeys``); numbers keep their exact source text. Equality is structural:
/// member order is ignored, everything else (including the spelling of numbers, `1.0` ≠ `1`) counts.
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

    /// The value of the member with this name (the last one if the name repeats).
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// Member names that occur more than once, in order of their second occurrence.
    public var duplicateKeys: [String] {
        var seen = Set<String>()
        var duplicates: [String] = []
        for member in members where !seen.insert(member.key).inserted && !duplicates.contains(member.key) {
            duplicates.append(member.key)
        }
        return duplicates
    }

    /// The members sorted by name in UTF-16 code-unit order (RFC 8785), stable for repeated names.
    public var sortedMembers: [Member] {
        let keyed = members.map { (Array($0.key.utf16), $0) }
        return keyed.enumerated().sorted { lhs, rhs in
            if lhs.element.0 == rhs.element.0 { return lhs.offset < rhs.offset }
            return lhs.element.0.lexicographicallyPrecedes(rhs.element.0)
        }.map { $0.element.1 }
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
