import Foundation

/// Fast date parsing and formatting, byte-for-byte identical to the legacy Foundation ways.
///
/// Each ``LegacyDateStrategy`` has a twin: a pure byte parser decides every input in the canonical
/// shape (`2024-05-01T01:00:00.123Z`, `±HH:MM`/`±HHMM` offsets, years 1583–9999, real days and
/// times) without allocating; any other input (lenient forms, Julian-era years, junk) is handed to
/// the legacy itself, so the twin accepts, rejects and rounds exactly as the legacy does.
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.dateDecodingStrategy = WireDates.decodingStrategy(.isoFractionalThenPlain)
/// WireDates.parse("2024-05-01T01:00:00.1239Z", .isoFractionalSeconds)  // 736218000.1229999 like the formatter
/// ```
public enum WireDates {
    /// Decodes text like the legacy strategy.
    ///
    /// - Returns: The same `Date`, bit for bit, as the legacy; `nil` exactly when it rejects.
    public static func parse(_ text: String, _ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> Date? {
        var text = text
        return parse(utf8: &text, strategy, legacy: legacy)
    }

    @inline(__always)
    static func parse(utf8 text: inout String, _ strategy: LegacyDateStrategy, legacy: LegacyDates) -> Date? {
        let fast = text.withUTF8 { FastDateParsing.interval(strategy, $0) }
        if let fast { return Date(timeIntervalSinceReferenceDate: fast) }
        return legacy.parse(text, strategy)
    }

    /// Decodes UTF-8 bytes like the legacy strategy (see ``parse(_:_:legacy:)``).
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ strategy: LegacyDateStrategy,
        legacy: LegacyDates = .shared
    ) -> Date? {
        if let fast = FastDateParsing.interval(strategy, bytes) { return Date(timeIntervalSinceReferenceDate: fast) }
        return legacy.parse(String(decoding: bytes, as: UTF8.self), strategy)
    }

    /// Only the fast path: the interval since 2001 when the byte parser decides the input alone,
    /// `nil` when it would defer to the legacy. Never allocates; safe from any thread.
    public static func fastInterval(_ bytes: UnsafeBufferPointer<UInt8>, _ strategy: LegacyDateStrategy) -> Double? {
        FastDateParsing.interval(strategy, bytes)
    }

    /// Encodes like the legacy: the formatter's text, or for `.jsonISO8601` and the numeric
    /// strategies the bytes `JSONEncoder` writes for the bare value.
    public static func format(_ date: Date, _ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> [UInt8] {
        var out: [UInt8] = []
        formatText(date, strategy, legacy: legacy) { bytes in
            if strategy == .jsonISO8601 {
                out.reserveCapacity(bytes.count + 2)
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: bytes)
            }
        }
        return out
    }

    /// The formatted text (for `.jsonISO8601` without the JSON quotes) as a `String`.
    public static func string(from date: Date, _ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> String
    {
        var result = ""
        formatText(date, strategy, legacy: legacy) { result = String(decoding: $0, as: UTF8.self) }
        return result
    }

    static func formatText(
        _ date: Date, _ strategy: LegacyDateStrategy, legacy: LegacyDates,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let done: Bool = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            guard let count = FastDateParsing.format(strategy, date.timeIntervalSinceReferenceDate, into: buffer) else {
                return false
            }
            body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            return true
        }
        if done { return }
        var bytes = legacy.format(date, strategy)
        if strategy == .jsonISO8601, bytes.count >= 2 { bytes = Array(bytes.dropFirst().dropLast()) }
        bytes.withUnsafeBufferPointer(body)
    }

    /// A `JSONDecoder` strategy that decodes like the legacy one, fast.
    ///
    /// For `.jsonISO8601`, `.secondsSince1970` and `.millisecondsSince1970` the string or number
    /// is read by the twin; errors are `DecodingError.dataCorrupted` where the legacy also fails.
    public static func decodingStrategy(_ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared)
        -> JSONDecoder.DateDecodingStrategy
    {
        if strategy.isNumeric {
            // The built-in numeric strategies do no formatting work: they are their own twin.
            return strategy == .secondsSince1970 ? .secondsSince1970 : .millisecondsSince1970
        }
        return .custom { decoder in
            let container = try decoder.singleValueContainer()
            var text = try container.decode(String.self)
            guard let date = parse(utf8: &text, strategy, legacy: legacy) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected date string to match \(strategy.legacySpelling).")
            }
            return date
        }
    }

    /// A `JSONEncoder` strategy that writes exactly what the legacy writes, fast.
    public static func encodingStrategy(_ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared)
        -> JSONEncoder.DateEncodingStrategy
    {
        switch strategy {
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        default:
            return .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(string(from: date, strategy, legacy: legacy))
            }
        }
    }
}
