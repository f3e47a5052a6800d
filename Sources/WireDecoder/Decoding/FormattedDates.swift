// `.formatted(DateFormatter)` in a form WireJSONDecoder can see into on every platform.
import Foundation
import WireDates

extension WireJSONDecoder {
    /// `JSONDecoder.DateDecodingStrategy.formatted(formatter)`, spelled so that `WireJSONDecoder`
    /// can read dates with a fast twin of the formatter when it is a fixed-format RFC 3339 one.
    ///
    /// On Darwin this *is* `.formatted(formatter)`, a case `WireJSONDecoder` recognises however it is
    /// written. On Linux, swift-corelibs-foundation's `.formatted` is a `.custom` closure that no
    /// decoder can see into; the strategy returned here wraps that very closure, so `JSONDecoder`
    /// given it behaves exactly as with `.formatted`, and `WireJSONDecoder` first asks the twin.
    ///
    /// The twin decides only inputs in the pattern's own shape and range (see
    /// `FixedFormatPattern` in WireDates: `yyyy-MM-dd'T'HH:mm:ssZ`, `yyyy-MM-dd'T'HH:mm:ss'Z'`,
    /// their `.SSS` forms and `yyyy-MM-dd`, with `en_US_POSIX`, GMT or UTC, the Gregorian calendar,
    /// strict parsing); every other input, and every other formatter, goes to the formatter, so
    /// values and errors are the formatter's. The twins are used on Linux only, where the oracle
    /// proved them against `DateFormatter`.
    ///
    /// ```swift
    /// let decoder = WireJSONDecoder()
    /// decoder.dateDecodingStrategy = WireJSONDecoder.formatted(Time.rfc3339DateFormatter)
    /// let repository = try decoder.decode(Repository.self, from: data)
    /// ```
    ///
    /// - Parameter formatter: the app's formatter; read, never changed. Its settings are read at the
    ///   first date of each decode, so change it between decodes, not during one.
    /// - Returns: a strategy for `WireJSONDecoder` or `JSONDecoder`. A date the formatter rejects is
    ///   `DecodingError.dataCorrupted`, as with `.formatted`.
    public static func formatted(_ formatter: DateFormatter) -> DateDecodingStrategy {
        #if canImport(Darwin)
            return .formatted(formatter)
        #else
            let foundation = DateDecodingStrategy.formatted(formatter)
            guard case .custom(let fallback) = foundation else { return foundation }
            let box = FormatterBox(formatter)
            return .custom { decoder in
                if let impl = decoder as? DecoderImpl, let date = impl.twinDate(impl.current, formatter: box.formatter)
                {
                    return date
                }
                return try fallback(decoder)
            }
        #endif
    }
}

/// A formatter captured by a `@Sendable` strategy. Safe as `JSONDecoder`'s own `.formatted` is:
/// the decoder only reads the formatter's settings and parses with it, and Foundation's formatters
/// are thread-safe for that.
final class FormatterBox: @unchecked Sendable {
    let formatter: DateFormatter
    init(_ formatter: DateFormatter) { self.formatter = formatter }
}
