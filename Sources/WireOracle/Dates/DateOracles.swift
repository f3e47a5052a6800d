import Foundation
import WireDates

/// Ready-made oracles for the date strategies.
///
/// ```swift
/// let report = DateOracles.decoding(.isoFractionalSeconds)
///     .run(DateInputGenerator.corpus(seed: 1, count: 100_000))
/// ```
public enum DateOracles {
    /// Legacy decoding vs the `WireDates` twin.
    public static func decoding(
        _ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared,
        reproduce: (@Sendable (Int, String) -> String)? = nil
    ) -> Oracle<String> {
        Oracle(
            name: "decode \(strategy) vs twin",
            legacy: { legacy.parse($0, strategy) },
            candidate: { WireDates.parse($0, strategy, legacy: legacy) },
            describe: { $0.debugDescription },
            reproduce: reproduce)
    }

    /// Legacy decoding vs the fast path alone, with no fallback: mismatches are exactly the
    /// inputs the fast path would get wrong, and rejections there mean "deferred to the legacy".
    /// Used to measure how much of a corpus the fast path decides.
    public static func decodingFastPathOnly(_ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> Oracle<
        String
    > {
        Oracle(
            name: "decode \(strategy) vs fast path only",
            legacy: { legacy.parse($0, strategy) },
            candidate: { text -> Date? in
                var text = text
                return text.withUTF8 { WireDates.fastInterval($0, strategy) }.map {
                    Date(timeIntervalSinceReferenceDate: $0)
                }
            },
            describe: { $0.debugDescription })
    }

    /// A `DateFormatter` (en_US_POSIX, GMT, `format`) vs its fixed-format twin as `WireJSONDecoder`
    /// uses it: the fast path where it decides, the formatter otherwise. Nil when `format` is not one
    /// of the patterns with a twin.
    ///
    /// With `fastPathOnly`, inputs the fast path declines count as rejected by the candidate (so the
    /// report's mismatches are exactly the inputs the fast path would get wrong plus those it hands
    /// on); without it the report must be clean.
    ///
    /// ```swift
    /// let report = DateOracles.formatterTwin(format: "yyyy-MM-dd'T'HH:mm:ss'Z'")?
    ///     .run(DateInputGenerator.corpus(seed: 1, count: 1_000_000))
    /// ```
    public static func formatterTwin(format: String, fastPathOnly: Bool = false) -> Oracle<String>? {
        guard let pattern = FixedFormatPattern.recognise(LegacyDates.posixFormatter(format)) else { return nil }
        let pool = FormatterPool { LegacyDates.posixFormatter(format) }
        return Oracle(
            name: "decode DateFormatter \"\(format)\" vs twin\(fastPathOnly ? " fast path only" : "")",
            legacy: { text in pool.use { $0.date(from: text) } },
            candidate: { text -> Date? in
                var text = text
                if let fast = text.withUTF8({ pattern.interval($0) }) {
                    return Date(timeIntervalSinceReferenceDate: fast)
                }
                return fastPathOnly ? nil : pool.use { $0.date(from: text) }
            },
            describe: { $0.debugDescription })
    }

    /// Legacy decoding vs strict RFC 3339: the report lists exactly where they differ.
    public static func strictVersusLegacy(_ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> Oracle<
        String
    > {
        Oracle(
            name: "decode \(strategy) vs strict RFC 3339",
            legacy: { legacy.parse($0, strategy) },
            candidate: { RFC3339.parse($0) },
            describe: { $0.debugDescription })
    }

    /// Legacy encoding vs the twin, over instants given as intervals since 2001.
    public static func encoding(_ strategy: LegacyDateStrategy, legacy: LegacyDates = .shared) -> Oracle<Double> {
        Oracle(
            name: "encode \(strategy) vs twin",
            legacy: { legacy.format(Date(timeIntervalSinceReferenceDate: $0), strategy) },
            candidate: { WireDates.format(Date(timeIntervalSinceReferenceDate: $0), strategy, legacy: legacy) },
            describe: { "\($0) (bits 0x\(String($0.bitPattern, radix: 16)))" })
    }

    /// The decoding corpus that suits a strategy: numbers for the numeric ones, date strings else.
    public static func corpus(for strategy: LegacyDateStrategy, seed: UInt64, count: Int) -> SeededCorpus<String> {
        strategy.isNumeric
            ? DateInputGenerator.numberCorpus(seed: seed, count: count)
            : DateInputGenerator.corpus(seed: seed, count: count)
    }
}
