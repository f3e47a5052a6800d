import Foundation
import WireSupport

/// A family of date inputs: a seeded generator of valid strings, near misses and variants, and a
/// pattern that recognises the family's strings (in fixtures, in any text file, and to scope an
/// ``IntendedChange``).
///
/// - **valid** inputs are written exactly as the family's formats say; the matching Foundation
///   formatter parses every one.
/// - **near misses** are one field away from valid (month 13, Feb 30, hour 24, second 60, an
///   unknown name, an impossible offset, a letter for a digit, a missing field); the matching
///   formatter rejects every one.
/// - **variants** are where implementations part: whitespace, case, field widths, long and short
///   names, offsets in every spelling, fractions of 0–12 digits, leap seconds, 24:00, impossible
///   dates, year edges, comments, junk and bent bytes.
///
/// A corpus mixes them (35 % valid, 15 % near misses, 50 % variants). Input `i` of seed `s` is a
/// pure function of `(s, i)`: ``input(seed:index:only:)`` rebuilds it anywhere.
///
/// ```swift
/// let rfc = DateInputFamily.rfc5322.corpus(seed: 1, count: 100_000)
/// let mine = DateInputFamily.pattern("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ").corpus(seed: 1, count: 100_000)
/// DateInputFamily.rfc5322.input(seed: 1, index: 42)   // the same string on every machine
/// ```
public struct DateInputFamily: Sendable, Hashable, CustomStringConvertible {
    /// What a family's input is meant to be.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Written exactly as one of the family's formats says.
        case valid
        /// One field away from valid; the matching formatter rejects it.
        case nearMiss
        /// Near the family, where implementations differ.
        case variant
    }

    /// The family's name (`rfc5322`, `pattern("yyyy-MM-dd")`).
    public let name: String
    /// The `DateFormatter.dateFormat`s whose en_US_POSIX formatters are the family's reference
    /// (the tests parse valid inputs and reject near misses with them); empty for numbers.
    public let formats: [String]
    /// The regular expression (`NSRegularExpression`, case-insensitive) that finds the family's
    /// strings in text.
    public let pattern: String
    let make: @Sendable (Kind, inout SplitMix64) -> String
    let anchored: RegexBox
    let unanchored: RegexBox

    init(name: String, formats: [String], pattern: String, make: @escaping @Sendable (Kind, inout SplitMix64) -> String)
    {
        self.name = name
        self.formats = formats
        self.pattern = pattern
        self.make = make
        anchored = RegexBox(
            try! NSRegularExpression(pattern: "^\\s*(?:" + pattern + ")\\s*$", options: [.caseInsensitive]))
        unanchored = RegexBox(try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))
    }

    /// A streaming corpus of `count` inputs: the kinds mixed, or only `kind`.
    public func corpus(seed: UInt64, count: Int, only kind: Kind? = nil) -> SeededCorpus<String> {
        let make = self.make
        let suffix = kind.map { ", only: .\($0.rawValue)" } ?? ""
        return SeededCorpus(seed: seed, count: count, name: "\(self)\(suffix)") { rng in
            make(kind ?? Self.kind(&rng), &rng)
        }
    }

    /// Input `index` of the corpus for `seed` (and `kind`).
    public func input(seed: UInt64, index: Int, only kind: Kind? = nil) -> String {
        corpus(seed: seed, count: 0, only: kind).input(at: index)
    }

    /// Whether the whole string (spaces around it aside) is one of the family's.
    public func recognises(_ text: String) -> Bool { anchored.matches(text) }

    /// The family's strings found in a text, in order (the first line of a match is the one kept).
    public func matches(in text: String) -> [(range: Range<String.Index>, value: String)] {
        unanchored.ranges(in: text).map { ($0, String(text[$0])) }
    }

    /// `DateInputFamily.rfc5322`, the Swift that names the family.
    public var description: String { "DateInputFamily.\(name)" }

    public static func == (a: DateInputFamily, b: DateInputFamily) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    static func kind(_ rng: inout SplitMix64) -> Kind {
        let roll = rng.next(below: 100)
        return roll < 35 ? .valid : roll < 50 ? .nearMiss : .variant
    }
}

extension DateInputFamily {
    /// ISO 8601 / RFC 3339 date-times and dates: half of the inputs are ``DateInputGenerator``'s
    /// (every fraction length, odd offsets, rollovers, non-ASCII digits), half the fields of
    /// `yyyy-MM-dd'T'HH:mm:ssXXXXX`, `yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX`, `yyyy-MM-dd'T'HH:mm:ss.SSSSSSZZZZZ`
    /// and `yyyy-MM-dd` bent one at a time.
    public static let iso8601: DateInputFamily = {
        let formats = [
            "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSZZZZZ",
            "yyyy-MM-dd",
        ]
        let patterns = formats.map { DatePattern(format: $0, locale: posixLocale, timeZone: utcZone) }
        return DateInputFamily(
            name: "iso8601", formats: formats,
            pattern:
                "[+-]?\\d{4,6}-\\d{1,2}-\\d{1,2}(?:[Tt ]\\d{1,2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:[Zz]|[+-]\\d{2}(?::?\\d{2})?)?)?"
        ) { kind, rng in
            if kind == .variant && rng.chance(50) { return DateInputGenerator.makeDate(&rng) }
            return pick(patterns, &rng).input(kind, &rng)
        }
    }()

    /// Internet message and HTTP dates: RFC 5322 and RFC 1123 (`Wed, 01 Jan 2020 10:00:00 +0100`,
    /// with and without the weekday, named and numeric zones), RFC 850 (`Wednesday, 01-Jan-20
    /// 10:00:00 GMT`) and asctime (`Wed Jan  1 10:00:00 2020`). Variants add what RFC 5322 calls
    /// obsolete: zones `UT`, `EST`…`PDT` and military letters, comments (`(PDT)`), 2-, 3-, 4- and
    /// 5-digit years, seconds left out, folding whitespace.
    public static let rfc5322: DateInputFamily = {
        let formats = [
            "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss z", "d MMM yyyy HH:mm:ss Z",
            "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
        ]
        let patterns = formats.map { DatePattern(format: $0, locale: posixLocale, timeZone: utcZone) }
        let month = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
        let day = "(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
        let zone = "(?:[+-]\\d{2,4}|[a-z]{1,5}(?:[+-]\\d{1,2}(?::?\\d{2})?)?)"
        return DateInputFamily(
            name: "rfc5322", formats: formats,
            pattern:
                "(?:\(day),?\\s*)?\\d{1,2}[ -]\(month)[ -]\\d{2,5}\\s+\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s*\(zone))?(?:\\s*\\([^)]*\\))?"
                + "|\(day)\\s+\(month)\\s+\\d{1,2}\\s+\\d{1,2}:\\d{2}:\\d{2}\\s+\\d{4}"
        ) { kind, rng in
            let index = rng.next(below: patterns.count)
            var text = patterns[index].input(kind, &rng)
            // asctime pads a one-digit day with a space: "Jan  1".
            if index == 5 && kind == .valid, let range = text.range(of: #" \d "#, options: .regularExpression) {
                text.insert(" ", at: range.lowerBound)
            }
            return text
        }
    }()

    /// Seconds since 1970 as JSON number text (`1714525200`, `1714525200.123`), for
    /// `.secondsSince1970`: valid ones within years 0001–9999; near misses that are no number (`1.`,
    /// `--1`, `0x10`, `1e`); variants with exponents, leading zeros, signs, 17+ digits, huge values
    /// and bent bytes. Feed them as JSON (``OracleDecodingInput/json``) or as strings.
    public static let epochSeconds = epoch(name: "epochSeconds", scale: 1)

    /// Milliseconds since 1970 as JSON number text (`1714525200123`), for `.millisecondsSince1970`;
    /// the same kinds as ``epochSeconds``.
    public static let epochMilliseconds = epoch(name: "epochMilliseconds", scale: 1000)

    static func epoch(name: String, scale: Int) -> DateInputFamily {
        DateInputFamily(
            name: name, formats: [], pattern: scale == 1 ? "-?\\d{9,12}(?:\\.\\d+)?" : "-?\\d{12,15}(?:\\.\\d+)?"
        ) { kind, rng in
            switch kind {
            case .valid:
                let seconds =
                    rng.chance(80) ? rng.next(in: 0...2_100_000_000) : rng.next(in: -62_135_596_800...253_402_300_799)
                let whole = String(seconds * scale + (scale == 1 ? 0 : rng.next(below: 1000)))
                return rng.chance(30) ? whole + "." + String(rng.next(in: 0...999)) : whole
            case .nearMiss:
                return pick(
                    ["1.", ".5", "--1", "0x10", "1e", "1e+", "+1", "1,5", "", "one", "1 2", "NaN", "Infinity", "01"],
                    &rng)
            case .variant:
                return DateInputGenerator.makeNumber(&rng)
            }
        }
    }

    /// The inputs of a `DateFormatter.dateFormat`: valid values written field by field across the
    /// calendar (years 0001–9999, leap days, offsets of the zone field's kind), near misses one field
    /// out of range, and variants (see ``Kind``). The locale names the months and weekdays; the time
    /// zone is the one a pattern without a zone field is read in.
    ///
    /// ```swift
    /// let corpus = DateInputFamily.pattern("EEE, d MMM yyy HH:mm:ss z").corpus(seed: 1, count: 10_000)
    /// ```
    ///
    /// - Parameters:
    ///   - dateFormat: The legacy formatter's `dateFormat`.
    ///   - locale: Its locale (`en_US_POSIX` by default).
    ///   - timeZone: Its time zone (GMT by default).
    public static func pattern(
        _ dateFormat: String, locale: Locale = Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!
    ) -> DateInputFamily {
        let pattern = DatePattern(format: dateFormat, locale: locale, timeZone: timeZone)
        // A Swift literal without `debugDescription`'s `\'`: a format's quotes stay as they are written.
        let literal =
            "\"" + dateFormat.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
        var name = "pattern(\(literal)"
        if locale.identifier != "en_US_POSIX" {
            name += ", locale: Locale(identifier: \(locale.identifier.debugDescription))"
        }
        if timeZone.secondsFromGMT() != 0 {
            name += ", timeZone: TimeZone(secondsFromGMT: \(timeZone.secondsFromGMT()))!"
        }
        return DateInputFamily(name: name + ")", formats: [dateFormat], pattern: pattern.regex) { kind, rng in
            pattern.input(kind, &rng)
        }
    }

    /// Several families in one corpus: each input comes from one of them, chosen by the seed.
    ///
    /// - Parameter families: The families, each equally likely.
    public static func mixing(_ families: [DateInputFamily]) -> DateInputFamily {
        precondition(!families.isEmpty, "DateInputFamily.mixing needs at least one family")
        return DateInputFamily(
            name: "mixing([" + families.map { ".\($0.name)" }.joined(separator: ", ") + "])",
            formats: families.flatMap(\.formats), pattern: families.map { "(?:\($0.pattern))" }.joined(separator: "|")
        ) { kind, rng in
            pick(families, &rng).make(kind, &rng)
        }
    }
}

extension DatePattern {
    func input(_ kind: DateInputFamily.Kind, _ rng: inout SplitMix64) -> String {
        switch kind {
        case .valid: valid(&rng)
        case .nearMiss: nearMiss(&rng)
        case .variant: variant(&rng)
        }
    }
}

/// `en_US_POSIX`, the locale of fixed-format date formatters.
let posixLocale = Locale(identifier: "en_US_POSIX")
/// UTC as an offset of 0.
let utcZone = TimeZone(secondsFromGMT: 0)!
