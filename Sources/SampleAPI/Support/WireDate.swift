import Foundation

/// A date-time as the server wrote it: the parsed `Date` and the exact original text.
///
/// The media server is inconsistent: the same field arrives as `2024-05-01T00:00:00Z`,
/// `2023-11-17T08:30:00.123Z`, `2024-01-09T21:14:05.5Z` or `2003-03-17T00:00:00.000Z`. A plain
/// `Date` with one encoding strategy would re-encode all of them in one spelling, so a decode and
/// re-encode would not give back what was read. `WireDate` decodes any of them and encodes its
/// original text unchanged: the round trip is lossless.
///
/// ```swift
/// let added = try WireDate("2024-01-09T21:14:05.5Z")
/// added.date   // 2024-01-09 21:14:05.500 +0000
/// added.text   // "2024-01-09T21:14:05.5Z" — written back as it came
/// ```
public struct WireDate: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The instant.
    public let date: Date
    /// The exact text read from (and written to) the wire.
    public let text: String

    /// Parses an ISO 8601 date-time in UTC or with an offset, with or without fractional seconds.
    /// - Throws: ``WireDateError`` when `text` is not such a date-time.
    public init(_ text: String) throws(WireDateError) {
        guard let date = Self.parse(text) else { throw WireDateError(text: text) }
        self.date = date
        self.text = text
    }

    /// A date written in the server's usual form: `2024-05-01T00:00:00Z`, or with milliseconds
    /// (`2024-05-01T00:00:00.250Z`) when `date` has a fractional second.
    public init(_ date: Date) {
        self.date = date
        self.text = Self.format(date)
    }

    /// Decodes a JSON string holding an ISO 8601 date-time.
    /// - Throws: `DecodingError.typeMismatch` for a non-string, `DecodingError.dataCorrupted` for
    ///   a string that is not a date-time.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not an ISO 8601 date-time"))
        }
        self.date = date
        self.text = text
    }

    /// Encodes the original text unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    /// `Date` from ISO 8601 text with or without fractional seconds (any number of digits).
    static func parse(_ text: String) -> Date? {
        if text.contains(".") {
            return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// ISO 8601 text in UTC, with milliseconds only when the date has a fractional second.
    static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return whole
            ? date.formatted(Date.ISO8601FormatStyle())
            : date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

/// A string that is not an ISO 8601 date-time.
public struct WireDateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rejected text.
    public var text: String
    public var description: String { "'\(text)' is not an ISO 8601 date-time" }
}
