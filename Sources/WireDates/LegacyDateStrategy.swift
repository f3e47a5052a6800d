/// The legacy ways apps decode and encode dates that WireLock has fast twins for.
///
/// Each case names one Foundation configuration exactly; ``LegacyDates`` runs it, and
/// ``WireDates`` is its byte-for-byte twin.
public enum LegacyDateStrategy: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `ISO8601DateFormatter` with `formatOptions = [.withInternetDateTime]`.
    case isoInternetDateTime = "iso8601-formatter"
    /// `ISO8601DateFormatter` with `[.withInternetDateTime, .withFractionalSeconds]`.
    case isoFractionalSeconds = "iso8601-formatter-fractional"
    /// The common pair: the fractional `ISO8601DateFormatter` first, then the plain one.
    case isoFractionalThenPlain = "iso8601-formatter-fractional-or-plain"
    /// `DateFormatter` (en_US_POSIX, UTC) with `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`.
    case formatterMillisecondsOffset = "dateformatter-millis-offset"
    /// `DateFormatter` (en_US_POSIX, UTC) with `yyyy-MM-dd'T'HH:mm:ssZ`.
    case formatterSecondsZone = "dateformatter-seconds-zone"
    /// `DateFormatter` (en_US_POSIX, UTC) with `yyyy-MM-dd`.
    case formatterDateOnly = "dateformatter-date-only"
    /// `JSONDecoder.DateDecodingStrategy.iso8601` / `JSONEncoder.DateEncodingStrategy.iso8601`.
    case jsonISO8601 = "json-iso8601"
    /// `.secondsSince1970`: the input is the JSON number's text.
    case secondsSince1970 = "json-seconds-since-1970"
    /// `.millisecondsSince1970`: the input is the JSON number's text.
    case millisecondsSince1970 = "json-milliseconds-since-1970"

    public var description: String { rawValue }

    /// Whether the strategy reads a JSON number rather than a string.
    public var isNumeric: Bool { self == .secondsSince1970 || self == .millisecondsSince1970 }

    /// How the legacy is spelled in Swift, for reports and the README.
    public var legacySpelling: String {
        switch self {
        case .isoInternetDateTime: return "ISO8601DateFormatter [.withInternetDateTime]"
        case .isoFractionalSeconds: return "ISO8601DateFormatter [.withInternetDateTime, .withFractionalSeconds]"
        case .isoFractionalThenPlain: return "ISO8601DateFormatter fractional, then plain"
        case .formatterMillisecondsOffset: return "DateFormatter \"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ\""
        case .formatterSecondsZone: return "DateFormatter \"yyyy-MM-dd'T'HH:mm:ssZ\""
        case .formatterDateOnly: return "DateFormatter \"yyyy-MM-dd\""
        case .jsonISO8601: return "JSONDecoder .iso8601"
        case .secondsSince1970: return "JSONDecoder .secondsSince1970"
        case .millisecondsSince1970: return "JSONDecoder .millisecondsSince1970"
        }
    }
}
