import Foundation

/// The fixed-format `DateFormatter` set-ups that have a fast twin: the RFC 3339 patterns apps give
/// `JSONDecoder.DateDecodingStrategy.formatted`, with the `en_US_POSIX` locale, a GMT or UTC time
/// zone and the Gregorian calendar.
///
/// ``recognise(_:)`` reads a formatter's settings and names its pattern, or returns nil for any
/// other set-up (another locale or zone, lenient parsing, a default date, a pattern not listed
/// here). ``interval(_:)`` is the twin's fast path: it decides only inputs in the one shape the
/// pattern writes (`2024-05-01T01:00:00Z`, years 1583–9999, real days and times) and returns nil
/// for everything else, which the caller hands to the formatter itself. So a twin and its
/// formatter agree on every input by construction, and the oracle proves the fast path right on
/// the inputs it decides (WireOracleTests' `FormatterTwinProofTests` with
/// `WIRELOCK_TEST_SCALE=full`: per pattern 10⁶ generated inputs, every listed corner input and 10⁶
/// inputs in the pattern's own shape, on Linux, swift-corelibs-foundation; BENCHMARKS.md).
///
/// What was proven where: Linux only. `DateFormatter` is ICU on both platforms but Darwin ships
/// its own ICU and CoreFoundation, so a twin is only *used* on Linux (``isProvenOnThisPlatform``);
/// elsewhere the formatter decides every input.
///
/// ```swift
/// let formatter = DateFormatter()
/// formatter.locale = Locale(identifier: "en_US_POSIX")
/// formatter.timeZone = TimeZone(secondsFromGMT: 0)
/// formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
/// FixedFormatPattern.recognise(formatter)   // .secondsZone
/// ```
package enum FixedFormatPattern: String, CaseIterable, Sendable {
    /// `yyyy-MM-dd'T'HH:mm:ssZ` (the twin of ``LegacyDateStrategy/formatterSecondsZone``).
    case secondsZone = "yyyy-MM-dd'T'HH:mm:ssZ"
    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`: a quoted, literal `Z`; the zone is the formatter's (GMT).
    case secondsLiteralZ = "yyyy-MM-dd'T'HH:mm:ss'Z'"
    /// `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ` (the twin of ``LegacyDateStrategy/formatterMillisecondsOffset``).
    case millisecondsOffset = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`: three fraction digits and a literal `Z`.
    case millisecondsLiteralZ = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
    /// `yyyy-MM-dd` (the twin of ``LegacyDateStrategy/formatterDateOnly``).
    case dateOnly = "yyyy-MM-dd"

    /// Whether the twins have been proven against `DateFormatter` on this platform, so that a
    /// decoder may use them (Linux only, see the type's notes).
    package static var isProvenOnThisPlatform: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// The pattern of a formatter set up as the type describes, or nil.
    ///
    /// Reads `dateFormat`, `locale`, `timeZone`, `calendar`, `isLenient`, `defaultDate`,
    /// `doesRelativeDateFormatting`, `generatesCalendarDates` and `gregorianStartDate`; the pattern
    /// is compared token by token, so quoting a literal (`yyyy'-'MM'-'dd`) does not matter.
    package static func recognise(_ formatter: DateFormatter) -> FixedFormatPattern? {
        guard let format = formatter.dateFormat, let pattern = byTokens[tokens(format)] else { return nil }
        guard formatter.locale?.identifier == "en_US_POSIX",
            formatter.timeZone.identifier == "GMT" || formatter.timeZone.identifier == "UTC",
            formatter.timeZone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: 0)) == 0,
            formatter.calendar.identifier == .gregorian,
            !formatter.isLenient, formatter.defaultDate == nil, !formatter.doesRelativeDateFormatting,
            !formatter.generatesCalendarDates
        else { return nil }
        if let start = formatter.gregorianStartDate, start != gregorianStart { return nil }
        return pattern
    }

    /// The default start of the Gregorian calendar, 1582-10-15 00:00 UTC.
    static let gregorianStart = Date(timeIntervalSince1970: -12_219_292_800)

    static let byTokens: [[String]: FixedFormatPattern] = Dictionary(
        uniqueKeysWithValues: allCases.map { (tokens($0.rawValue), $0) })

    /// A date format as tokens: each run of one pattern letter (`yyyy`, `MM`) and each literal
    /// character (quoted or not) prefixed with `'`; `''` is a quote. Nil-free: any text tokenises.
    package static func tokens(_ format: String) -> [String] {
        var tokens: [String] = []
        var quoted = false
        var characters = Array(format)[...]
        while let character = characters.popFirst() {
            if character == "'" {
                if characters.first == "'" {
                    characters.removeFirst()
                    tokens.append("''")
                } else {
                    quoted.toggle()
                }
            } else if !quoted, character.isASCII, character.isLetter {
                var run = String(character)
                while characters.first == character {
                    characters.removeFirst()
                    run.append(character)
                }
                tokens.append(run)
            } else {
                tokens.append("'" + String(character))
            }
        }
        return tokens
    }

    /// The fast path: the interval since 2001 when the input is in the pattern's own shape and
    /// range (the formatter's result, bit for bit), nil otherwise. No allocation, no Foundation.
    @inline(__always)
    package func interval(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        switch self {
        case .secondsZone: return FastDateParsing.interval(.formatterSecondsZone, bytes)
        case .millisecondsOffset: return FastDateParsing.interval(.formatterMillisecondsOffset, bytes)
        case .dateOnly: return FastDateParsing.interval(.formatterDateOnly, bytes)
        case .secondsLiteralZ, .millisecondsLiteralZ:
            guard let fields = DateFields.canonical(bytes), fields.isPlainRange, fields.hasTime, fields.zone == .z,
                fields.fractionDigits == (self == .secondsLiteralZ ? 0 : 3)
            else { return nil }
            return FastDateParsing.formatterInterval(fields)
        }
    }
}
