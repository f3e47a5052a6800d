import Foundation
import WireSupportCore

/// The legacy implementations, kept as the oracle's reference: each call runs exactly the
/// Foundation API an app would (`ISO8601DateFormatter`, `DateFormatter`, `JSONDecoder`).
///
/// Formatters are not shared between threads: each call borrows one from a small pool and
/// returns it, so `LegacyDates` is safe to call concurrently.
///
/// ```swift
/// let legacy = LegacyDates()
/// legacy.parse("2024-05-01T01:00:00.1239Z", .isoFractionalSeconds)   // …00.123, truncated
/// ```
public final class LegacyDates: Sendable {
    /// A process-wide instance (its pools are internally locked).
    public static let shared = LegacyDates()

    private let isoPlain = FormatterPool { () -> ISO8601DateFormatter in
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f
    }
    private let isoFractional = FormatterPool { () -> ISO8601DateFormatter in
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }
    private let millisOffset = FormatterPool { LegacyDates.posixFormatter("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ") }
    private let secondsZone = FormatterPool { LegacyDates.posixFormatter("yyyy-MM-dd'T'HH:mm:ssZ") }
    private let dateOnly = FormatterPool { LegacyDates.posixFormatter("yyyy-MM-dd") }

    /// Creates a reference with empty formatter pools.
    public init() {}

    /// A `DateFormatter` set up the way apps set up fixed-format ones: en_US_POSIX, UTC.
    public static func posixFormatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = format
        return f
    }

    /// Decodes `text` the legacy way; `nil` when the legacy rejects it.
    ///
    /// For the numeric strategies `text` is the JSON number's source text, decoded by a
    /// `JSONDecoder` with that strategy.
    public func parse(_ text: String, _ strategy: LegacyDateStrategy) -> Date? {
        switch strategy {
        case .isoInternetDateTime: return isoPlain.use { $0.date(from: text) }
        case .isoFractionalSeconds: return isoFractional.use { $0.date(from: text) }
        case .isoFractionalThenPlain:
            return isoFractional.use { $0.date(from: text) } ?? isoPlain.use { $0.date(from: text) }
        case .formatterMillisecondsOffset: return millisOffset.use { $0.date(from: text) }
        case .formatterSecondsZone: return secondsZone.use { $0.date(from: text) }
        case .formatterDateOnly: return dateOnly.use { $0.date(from: text) }
        case .jsonISO8601:
            return Self.decodeJSON("[" + CanonicalQuote.quote(text) + "]", .iso8601)
        case .secondsSince1970:
            return Self.decodeJSON("[" + text + "]", .secondsSince1970)
        case .millisecondsSince1970:
            return Self.decodeJSON("[" + text + "]", .millisecondsSince1970)
        }
    }

    /// Encodes `date` the legacy way: the formatter's string, or for the JSON strategies the
    /// bytes `JSONEncoder` writes for the bare value (with its quotes for `.iso8601`).
    public func format(_ date: Date, _ strategy: LegacyDateStrategy) -> [UInt8] {
        switch strategy {
        case .isoInternetDateTime: return Array(isoPlain.use { $0.string(from: date) }.utf8)
        case .isoFractionalSeconds, .isoFractionalThenPlain:
            return Array(isoFractional.use { $0.string(from: date) }.utf8)
        case .formatterMillisecondsOffset: return Array(millisOffset.use { $0.string(from: date) }.utf8)
        case .formatterSecondsZone: return Array(secondsZone.use { $0.string(from: date) }.utf8)
        case .formatterDateOnly: return Array(dateOnly.use { $0.string(from: date) }.utf8)
        case .jsonISO8601: return Self.encodeJSON(date, .iso8601)
        case .secondsSince1970: return Self.encodeJSON(date, .secondsSince1970)
        case .millisecondsSince1970: return Self.encodeJSON(date, .millisecondsSince1970)
        }
    }

    static func decodeJSON(_ json: String, _ strategy: JSONDecoder.DateDecodingStrategy) -> Date? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        return (try? decoder.decode([Date].self, from: Data(json.utf8)))?.first
    }

    static func encodeJSON(_ date: Date, _ strategy: JSONEncoder.DateEncodingStrategy) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = strategy
        guard let data = try? encoder.encode([date]) else { return Array("<not encodable>".utf8) }
        return Array(data.dropFirst().dropLast())
    }
}

/// JSON string quoting for building the legacy decoder's input.
enum CanonicalQuote {
    static func quote(_ text: String) -> String {
        let data = (try? JSONEncoder().encode([text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}

/// Formatters lent out one per caller at a time.
///
/// A formatter is used by at most one thread between taking it from the list and giving it back,
/// and the list itself is only touched with the lock held.
package final class FormatterPool<F: Formatter>: Sendable {
    private let idle = Locked([F]())
    private let make: @Sendable () -> F

    package init(_ make: @escaping @Sendable () -> F) { self.make = make }

    package func use<R>(_ body: (F) -> R) -> R {
        let f = idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(f) } }
        return body(f)
    }
}
