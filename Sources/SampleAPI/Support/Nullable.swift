/// An optional member that remembers whether the server sent it as `null` or left it out.
///
/// Swift's synthesized `Codable` folds both into `nil` and writes `nil` back by leaving the member
/// out, so `"certification": null` would not survive a round trip. With `@Nullable` the model keeps
/// the difference and writes back exactly what it read: `null` stays `null`, an absent member stays
/// absent. A value set in code is written as `null` when `nil` (the server's convention).
///
/// ```swift
/// public struct Movie: Codable {
///     @Nullable public var certification: String?   // "R", null, or absent
/// }
/// ```
@propertyWrapper
public struct Nullable<Wrapped> {
    /// The value, or `nil` for both `null` and an absent member.
    public var wrappedValue: Wrapped? {
        didSet { if wrappedValue != nil { isAbsent = false } }
    }
    /// Whether the member was absent from the document; an absent member is not written.
    public var isAbsent: Bool

    /// A value set in code: written as the value, or as `null` when `nil`.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
        self.isAbsent = false
    }

    /// A member that is absent from the document and is not written.
    public static var absent: Nullable { Nullable(wrappedValue: nil, isAbsent: true) }

    private init(wrappedValue: Wrapped?, isAbsent: Bool) {
        self.wrappedValue = wrappedValue
        self.isAbsent = isAbsent
    }

    /// The wrapper itself (`$certification.isAbsent`).
    public var projectedValue: Nullable {
        get { self }
        set { self = newValue }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}
extension Nullable: Sendable where Wrapped: Sendable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes a present member: `null` or a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Wrapped.self))
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes the value, or `null`. (An absent member is skipped by the keyed container.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a `@Nullable` member; a missing key gives ``Nullable/absent`` instead of an error.
    /// Synthesized `init(from:)` picks this overload for `@Nullable` properties.
    public func decode<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped>
    {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return Nullable(wrappedValue: nil) }
        return Nullable(wrappedValue: try decode(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes a `@Nullable` member: nothing when it was absent, else the value or `null`.
    /// Synthesized `encode(to:)` picks this overload for `@Nullable` properties.
    public mutating func encode<Wrapped: Encodable>(_ value: Nullable<Wrapped>, forKey key: Key) throws {
        if value.isAbsent { return }
        if let wrapped = value.wrappedValue { try encode(wrapped, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
