import Foundation

// A client's date decoding before its migration: property wrappers over fixed-format DateFormatters
// (en_US_POSIX, UTC), the way swift-aws-lambda-events wrote them before it moved to
// FoundationEssentials. Self-contained (Foundation only): `make newcomer` copies this file into a new
// package as the types DocC's oracle article assumes.

/// The `DateFormatter`s of one format, lent one per thread at a time (a formatter is not safe on two
/// threads, and one shared behind a lock would make two threads take turns).
final class DateFormatterPool: @unchecked Sendable {
    private let lock = NSLock()
    private let format: String
    private var idle: [DateFormatter] = []

    init(_ format: String) { self.format = format }

    func date(from text: String) -> Date? {
        lock.lock()
        let formatter = idle.popLast() ?? DateFormatter()
        lock.unlock()
        if formatter.dateFormat != format {
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = format
        }
        defer {
            lock.lock()
            idle.append(formatter)
            lock.unlock()
        }
        return formatter.date(from: text)
    }
}

extension Decoder {
    /// The string of a single-value container, parsed by the first of `formatters` that can.
    func date(parsedBy formatters: [DateFormatterPool], _ what: String) throws -> Date {
        let container = try singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = formatters.lazy.compactMap({ $0.date(from: text) }).first else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not \(what): \(text)")
        }
        return date
    }
}

/// `2020-01-08T14:18:51Z`, `2020-01-08T15:18:51+01:00`.
@propertyWrapper
struct LegacyISO8601Coding: Decodable, Sendable {
    var wrappedValue: Date

    static let formatter = DateFormatterPool("yyyy-MM-dd'T'HH:mm:ssZZZZZ")

    init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.date(parsedBy: [Self.formatter], "an ISO 8601 date")
    }
}

/// `2020-01-08T14:18:51.203Z`.
@propertyWrapper
struct LegacyISO8601WithFractionalSecondsCoding: Decodable, Sendable {
    var wrappedValue: Date

    static let formatter = DateFormatterPool("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ")

    init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.date(parsedBy: [Self.formatter], "an ISO 8601 date with fractional seconds")
    }
}

/// `Wed, 8 Jan 2020 14:18:51 GMT`, and without the weekday `8 Jan 2020 14:18:51 GMT`; a trailing
/// `(comment)` is dropped first.
@propertyWrapper
struct LegacyRFC5322DateTimeCoding: Decodable, Sendable {
    var wrappedValue: Date

    static let formatters = [
        DateFormatterPool("EEE, d MMM yyy HH:mm:ss z"), DateFormatterPool("d MMM yyy HH:mm:ss z"),
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        var text = try container.decode(String.self)
        if let comment = text.firstIndex(of: "(") {
            text = String(text[..<comment]).trimmingCharacters(in: .whitespaces)
        }
        guard let date = Self.formatters.lazy.compactMap({ $0.date(from: text) }).first else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 5322 date: \(text)")
        }
        wrappedValue = date
    }
}
