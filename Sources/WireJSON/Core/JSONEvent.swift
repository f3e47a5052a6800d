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
}
