/// How strictly the reader treats its input. The defaults are strict RFC 8259 plus a rejection of
/// duplicate member names, which different decoders resolve differently.
///
/// ```swift
/// var options = JSONParseOptions()
/// options.allowDuplicateKeys = true     // plain RFC 8259: names only SHOULD be unique
/// options.framing = .lines              // JSON Lines / NDJSON, one document per line
/// let report = JSONValidator(options: options).validate(Array(text.utf8))
/// ```
public struct JSONParseOptions: Hashable, Sendable {
    /// How documents are laid out in the input.
    public enum Framing: Hashable, Sendable {
        /// Exactly one JSON document (surrounding whitespace allowed).
        case document
        /// JSON Lines / NDJSON: one document per line; blank lines are skipped; each line is
        /// checked on its own, so one bad line does not hide the errors of the next.
        case lines
    }

    /// Accept objects that repeat a member name. Off by default: a repeated name is a wire bug
    /// because decoders disagree on which copy wins.
    public var allowDuplicateKeys: Bool
    /// Accept `/* … */` and `// …` comments (a relaxed extra that yajl knows). Off by default.
    public var allowComments: Bool
    /// The deepest nesting of arrays and objects accepted; one level more is a clean error.
    public var maxDepth: Int
    /// One document, or one document per line.
    public var framing: Framing
    /// The engine that reads the bytes (``JSONEngine``): the process-wide one by default. Every
    /// engine gives the same results; this only chooses how they are computed.
    public var engine: JSONEngine

    /// Creates options; every argument defaults to the strict setting.
    public init(
        allowDuplicateKeys: Bool = false,
        allowComments: Bool = false,
        maxDepth: Int = 512,
        framing: Framing = .document,
        engine: JSONEngine = .automatic
    ) {
        self.allowDuplicateKeys = allowDuplicateKeys
        self.allowComments = allowComments
        self.maxDepth = max(1, maxDepth)
        self.framing = framing
        self.engine = engine
    }

    /// Strict RFC 8259 with duplicate names rejected: WireLock's default.
    public static let strict = JSONParseOptions()
}
