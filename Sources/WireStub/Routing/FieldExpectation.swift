/// What a request's header field or query item must be: a value, merely present, or absent.
/// A string literal means ``equals(_:)``.
///
/// ```swift
/// assertRequest(server.requests.first, headers: [
///     "Accept": "application/json",     // equals
///     "X-Api-Key": .present,            // sent, any value
///     "Authorization": .absent,         // must not be sent
/// ])
/// ```
///
/// `nil` is still accepted and means ``present`` (what it meant before this type existed), but it
/// is deprecated: written as a value it reads as "no value", the opposite of what it checks.
public enum FieldExpectation: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral
{
    /// The field is present with exactly this value (query values after decoding once).
    case equals(String)
    /// The field is present, with any value.
    case present
    /// The field is not in the request at all.
    case absent

    /// ``equals(_:)`` of the literal.
    public init(stringLiteral value: String) { self = .equals(value) }

    /// ``present``, as `nil` meant before ``FieldExpectation`` existed.
    @available(
        *, deprecated, message: "nil means 'present': write .present, or .absent for a field that must not be sent"
    )
    public init(nilLiteral: ()) { self = .present }

    /// `'application/json'`, `present`, `absent`.
    public var description: String {
        switch self {
        case .equals(let value): "'\(value)'"
        case .present: "present"
        case .absent: "absent"
        }
    }
}
