import WireJSON

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

    /// Parses a seed.
    /// - Throws: ``JSONSyntaxError`` when the bytes are not valid JSON under `options` (such an input
    ///   cannot seed structural mutants).
    public init(name: String, bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONSyntaxError) {
        self.name = name
        self.bytes = bytes
        self.value = try JSONValue.parse(bytes, options: options)
        self.digest = Self.digest(of: bytes)
    }

    /// A seed from a tree, written compactly in source order (used while shrinking).
    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
        self.bytes = _MutantWriter.write(value).bytes
        self.digest = Self.digest(of: bytes)
    }

    static func digest(of bytes: [UInt8]) -> UInt64 {
        SHA256.hash(bytes).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
