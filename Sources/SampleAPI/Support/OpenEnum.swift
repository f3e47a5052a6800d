/// A string enumeration that survives values it does not know.
///
/// Servers add enum values over time (a new cover type, a new status). A closed Swift enum would
/// make the whole response fail to decode; an `OpenEnum` decodes an unknown value as
/// `.unknown(raw)` and encodes it back unchanged, so old clients keep working and lose nothing.
///
/// ```swift
/// public enum CoverType: OpenEnum {
///     case poster, fanart
///     case unknown(String)
///     public static let knownCases: [CoverType] = [.poster, .fanart]
///     public var rawValue: String { … }
/// }
/// CoverType(rawValue: "clearlogo")   // .unknown("clearlogo"), encoded as "clearlogo"
/// ```
public protocol OpenEnum: Codable, Hashable, Sendable {
    /// Every case except `unknown`.
    static var knownCases: [Self] { get }
    /// The fallback for values this version does not know (satisfied by `case unknown(String)`).
    static func unknown(_ rawValue: String) -> Self
    /// The wire value.
    var rawValue: String { get }
}

extension OpenEnum {
    /// The known case with this wire value, else `.unknown(rawValue)`.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    /// Decodes a JSON string; never fails on an unknown value.
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the wire value (an unknown value exactly as it was read).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
