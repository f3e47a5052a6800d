import WireJSONCore
import WireShapes

/// A well-formed document that mutants are derived from: usually a fixture file.
///
/// ```swift
/// let seed = try FuzzSeed(name: "movies-success.json", bytes: Array(data))
/// ```
public struct FuzzSeed: Sendable {
    /// A name for reports (the fixture's path).
    public let name: String
    /// The original bytes (truncations cut these, so they keep the fixture's own layout).
    public let bytes: [UInt8]
    /// The parsed document (structural mutants are written from it, compactly, in source order).
    public let value: JSONValue
    /// 64 bits of the SHA-256 of ``bytes``: mixes the content into the generator's streams.
    let digest: UInt64
    /// The tree written compactly in source order: a structural mutant is these bytes with one
    /// range replaced (see ``CompactEdit``).
    let compact: [UInt8]
    /// Where the containers of ``compact`` start and end.
    let containers: CompactEdit.Containers
    /// Whether an object in the tree repeats a member name (the same Unicode scalars, see
    /// ``JSONKey``: two spellings of one text, `é` and `e\u{301}`, are two names); its mutants are
    /// then written from the edited tree, which decides which of the members a path means.
    let repeatsNames: Bool

    /// Parses a seed.
    /// - Throws: `JSONSyntaxError` when the bytes are not valid JSON under `options` (such an input
    ///   cannot seed structural mutants).
    public init(name: String, bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONSyntaxError) {
        self.name = name
        self.bytes = bytes
        let value = try JSONValue.parse(bytes, options: options)
        self.value = value
        self.digest = Self.digest(of: bytes)
        self.compact = CanonicalJSONWriter.sourceOrdered(value).bytes
        self.containers = CompactEdit.Containers(compact)
        self.repeatsNames = Self.repeatsNames(value)
    }

    /// A seed from a tree, written compactly in source order (used while shrinking).
    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
        self.bytes = CanonicalJSONWriter.sourceOrdered(value).bytes
        self.digest = Self.digest(of: bytes)
        self.compact = bytes
        self.containers = CompactEdit.Containers(bytes)
        self.repeatsNames = Self.repeatsNames(value)
    }

    static func repeatsNames(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): return elements.contains(where: repeatsNames)
        case .object(let object):
            var names = Set<JSONKey>()
            for member in object.members where !names.insert(JSONKey(member.key)).inserted { return true }
            return object.members.contains { repeatsNames($0.value) }
        default: return false
        }
    }

    static func digest(of bytes: [UInt8]) -> UInt64 {
        SHA256.hash(bytes).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
