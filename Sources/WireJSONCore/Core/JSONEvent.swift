/// One step of the stream a ``JSONStreamParser`` reports, in document order.
///
/// Strings and member names arrive decoded (escapes resolved, valid Unicode); numbers keep their
/// exact source text, so `1.0`, `1e2` and `12345678901234567890123` survive unchanged.
public enum JSONEvent: Hashable, Sendable {
    case objectStart
    case objectEnd
    case arrayStart
    case arrayEnd
    /// An object member name.
    case key(String)
    case string(String)
    /// A number, as written in the source.
    case number(String)
    case bool(Bool)
    case null

    /// The same event; names, strings and number texts compare by their Unicode scalars
    /// (``JSONKey``), so `"caf\u{E9}"` and `"cafe\u{301}"` are two events.
    public static func == (lhs: JSONEvent, rhs: JSONEvent) -> Bool {
        switch (lhs, rhs) {
        case (.objectStart, .objectStart), (.objectEnd, .objectEnd), (.arrayStart, .arrayStart), (.arrayEnd, .arrayEnd),
            (.null, .null):
            return true
        case (.key(let a), .key(let b)), (.string(let a), .string(let b)), (.number(let a), .number(let b)):
            return JSONKey.exactlyEqual(a, b)
        case (.bool(let a), .bool(let b)):
            return a == b
        default:
            return false
        }
    }

    /// Hashes the kind and any text by its UTF-8 bytes, so events equal under `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .objectStart: hasher.combine(0 as UInt8)
        case .objectEnd: hasher.combine(1 as UInt8)
        case .arrayStart: hasher.combine(2 as UInt8)
        case .arrayEnd: hasher.combine(3 as UInt8)
        case .key(let text):
            hasher.combine(4 as UInt8)
            JSONKey.hash(text, into: &hasher)
        case .string(let text):
            hasher.combine(5 as UInt8)
            JSONKey.hash(text, into: &hasher)
        case .number(let text):
            hasher.combine(6 as UInt8)
            JSONKey.hash(text, into: &hasher)
        case .bool(let b):
            hasher.combine(7 as UInt8)
            hasher.combine(b)
        case .null: hasher.combine(8 as UInt8)
        }
    }
}
