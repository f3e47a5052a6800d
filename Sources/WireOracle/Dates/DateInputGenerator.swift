import WireDates
import WireSupport

/// Generates date strings that reach the corners where date parsers disagree.
///
/// Every input starts from a random valid instant (years 0001–9999, leap days likely) written in
/// one of the shapes apps send, then with some probability is bent: every fraction length 0–9
/// (and 10–12), offsets −14:00…+14:00 with and without colon or minutes, `Z`/`z`/`t`, Feb 29/30,
/// 23:59:60, 24:00:00, day 31 of short months, two-digit and unpadded fields, whitespace, signs,
/// truncation, trailing junk, non-ASCII digits and random byte edits near a valid input.
///
/// Pure and deterministic: ``input(seed:index:)`` depends on nothing else.
///
/// ```swift
/// let corpus = DateInputGenerator.corpus(seed: 1, count: 10_000)
/// ```
public enum DateInputGenerator {
    /// A streaming corpus of `count` date strings.
    public static func corpus(seed: UInt64, count: Int) -> SeededCorpus<String> {
        SeededCorpus(seed: seed, count: count, name: "DateInputGenerator", make: { rng in makeDate(&rng) })
    }

    /// A streaming corpus of JSON number texts for the `…Since1970` strategies.
    public static func numberCorpus(seed: UInt64, count: Int) -> SeededCorpus<String> {
        SeededCorpus(seed: seed, count: count, make: { rng in makeNumber(&rng) })
    }

    /// A streaming corpus of instants (for encoding oracles): whole seconds, milliseconds,
    /// arbitrary fractions, near-boundary values, and years 0001–9999.
    public static func instantCorpus(seed: UInt64, count: Int) -> SeededCorpus<Double> {
        SeededCorpus(seed: seed, count: count, make: { rng in makeInstant(&rng) })
    }

    /// A streaming corpus of strings of your own (dates from fixtures or logs), each input one of
    /// them chosen by the seed and bent by ``bend(_:using:)`` (often left as it is).
    ///
    /// ```swift
    /// let corpus = DateInputGenerator.bentCorpus(of: ["Wed, 08 Jan 2020 14:18:51 GMT"], seed: 1, count: 10_000)
    /// ```
    ///
    /// - Parameters:
    ///   - strings: The strings to start from; an empty list makes an empty corpus.
    ///   - seed: The run's seed.
    ///   - count: How many inputs.
    public static func bentCorpus(of strings: [String], seed: UInt64, count: Int) -> SeededCorpus<String> {
        SeededCorpus(seed: seed, count: strings.isEmpty ? 0 : count) { rng in
            bend(strings[rng.next(below: strings.count)], using: &rng)
        }
    }

    /// Input `index` of the date corpus for `seed`.
    public static func input(seed: UInt64, index: Int) -> String {
        corpus(seed: seed, count: 0).input(at: index)
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    static func four(_ v: Int) -> String { String(String(10_000 + v).dropFirst()) }

    static func makeDate(_ rng: inout SplitMix64) -> String {
        // Year: mostly modern, sometimes anywhere in 0001–9999, sometimes near the Julian switch.
        var year: Int
        switch rng.next(below: 10) {
        case 0...5: year = rng.next(in: 1970...2040)
        case 6: year = rng.next(in: 1...9999)
        case 7: year = rng.next(in: 1580...1584)
        case 8: year = [1, 4, 100, 400, 1600, 1700, 1900, 2000, 2100, 9999, 1582, 0].randomElement(using: &rng)!
        default: year = rng.next(below: 25) * 4 + 1904
        }
        var month = rng.next(in: 1...12)
        var day = rng.next(in: 1...GregorianCalendarMath.daysInMonth(month, year: max(1, year)))
        var hour = rng.next(in: 0...23)
        var minute = rng.next(in: 0...59)
        var second = rng.next(in: 0...59)
        if rng.chance(8) {
            month = 2
            day = rng.chance(50) ? 29 : 30
        }
        if rng.chance(3) {
            month = 10
            day = rng.next(in: 3...16)
            year = 1582
        }
        if rng.chance(3) {
            day = 31
            month = [2, 4, 6, 9, 11].randomElement(using: &rng)!
        }
        if rng.chance(4) {
            hour = 23
            minute = 59
            second = 60
        }
        if rng.chance(4) {
            hour = 24
            minute = 0
            second = 0
        }
        if rng.chance(2) { minute = 60 }
        if rng.chance(2) { month = rng.chance(50) ? 0 : 13 }
        if rng.chance(2) { day = 0 }

        var date = four(year) + "-" + two(month) + "-" + two(day)
        if rng.chance(3) { date = two(year % 100) + "-" + two(month) + "-" + two(day) }
        if rng.chance(2) { date = "\(year)-\(month)-\(day)" }
        if rng.chance(8) { return bend(date, using: &rng) }  // date only

        var separator = "T"
        if rng.chance(4) { separator = ["t", " ", "_", "TT", ""].randomElement(using: &rng)! }
        var time = two(hour) + ":" + two(minute) + ":" + two(second)
        if rng.chance(2) { time = "\(hour):\(minute):\(second)" }
        if rng.chance(2) { time = two(hour) + ":" + two(minute) }

        // Fraction: all lengths 0–9 about equally, a few longer ones, and bare dots.
        let digits = rng.next(below: 11) == 0 ? 0 : rng.next(in: 0...9)
        if digits > 0 || rng.chance(40) {
            var fraction = "."
            let count = rng.chance(4) ? rng.next(in: 10...12) : max(digits, 0)
            for _ in 0..<count {
                fraction.append(
                    Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(rng.chance(15) ? 9 : rng.next(below: 10)))))
            }
            if count == 0 && rng.chance(70) { fraction = "" }
            if rng.chance(3) { fraction = fraction.replacingDot(",") }
            time += fraction
        }

        var zone: String
        switch rng.next(below: 12) {
        case 0...3: zone = "Z"
        case 4:
            zone = ["z", "t", "", "UTC", "GMT", "GMT+01:00", "+00:00", "-00:00", "EST", "Z Z"].randomElement(
                using: &rng)!
        default:
            let hours = rng.next(in: 0...14)
            let minutes = [0, 0, 0, 30, 45, rng.next(in: 0...59), 60, 99].randomElement(using: &rng)!
            let sign = rng.chance(50) ? "+" : "-"
            switch rng.next(below: 5) {
            case 0, 1: zone = sign + two(hours) + ":" + two(minutes)
            case 2: zone = sign + two(hours) + two(minutes)
            case 3: zone = sign + two(hours)
            default: zone = sign + (rng.chance(50) ? two(rng.next(in: 15...99)) + ":00" : "\(hours):\(minutes)")
            }
        }
        return bend(date + separator + time + zone, using: &rng)
    }

    /// Bends a string the way the generator bends its own: with some probability each, leading
    /// whitespace (space, tab, newline, no-break space), a trailing space, `junk`, `Z`, `0` or NUL, a
    /// leading sign or zero, a cut at a random length, one ASCII digit replaced by an Arabic-Indic,
    /// fullwidth or Devanagari one, and one or two random ASCII byte edits. Often returns `text`
    /// unchanged; deterministic for a given generator state.
    ///
    /// ```swift
    /// var rng = SplitMix64(seed: 7, index: 0)
    /// let bent = (0..<100).map { _ in DateInputGenerator.bend("Wed, 1 Jan 2020 10:00:00 GMT", using: &rng) }
    /// ```
    ///
    /// - Parameters:
    ///   - text: Any string, such as a date from a user's own fixtures.
    ///   - rng: The seeded generator; use ``SeededCorpus`` to get one per input index.
    /// - Returns: The bent string.
    public static func bend(_ text: String, using rng: inout SplitMix64) -> String {
        var s = text
        if rng.chance(3) { s = [" ", "\t", "\n", "\u{00A0}"].randomElement(using: &rng)! + s }
        if rng.chance(3) { s += [" ", "\t", "\n", "junk", "Z", "0", "\u{0}"].randomElement(using: &rng)! }
        if rng.chance(2) { s = ["+", "-", "+0", "0"].randomElement(using: &rng)! + s }
        if rng.chance(3), s.count > 1 { s = String(s.prefix(rng.next(below: s.count))) }
        if rng.chance(3) {
            // A non-ASCII digit: Arabic-Indic, fullwidth, or Devanagari, for one ASCII digit.
            var scalars = Array(s.unicodeScalars)
            let positions = scalars.indices.filter { ("0"..."9").contains(scalars[$0]) }
            if let at = positions.randomElement(using: &rng) {
                let digit = scalars[at].value - 0x30
                let base: UInt32 = [0x0660, 0xFF10, 0x0966].randomElement(using: &rng)!
                scalars[at] = Unicode.Scalar(base + digit)!
                s = String(String.UnicodeScalarView(scalars))
            }
        }
        if rng.chance(6) {
            // Random ASCII byte edits near a valid input.
            var bytes = Array(s.utf8)
            for _ in 0..<rng.next(in: 1...2) where !bytes.isEmpty {
                let at = rng.next(below: bytes.count)
                let replacement = UInt8(rng.next(in: 0x20...0x7E))
                switch rng.next(below: 3) {
                case 0: bytes[at] = replacement
                case 1: bytes.insert(replacement, at: at)
                default: bytes.remove(at: at)
                }
            }
            s = String(decoding: bytes, as: UTF8.self)
        }
        return s
    }

    static func makeNumber(_ rng: inout SplitMix64) -> String {
        var s: String
        switch rng.next(below: 8) {
        case 0, 1: s = String(rng.next(in: -2_000_000_000...4_000_000_000))
        case 2, 3: s = String(rng.next(in: -62_000_000_000_000...253_000_000_000_000))
        case 4:
            s = String(rng.next(in: 0...4_000_000_000)) + "." + String(rng.next(in: 0...999_999_999))
        case 5:
            let digits = rng.next(in: 1...17)
            s = "0." + String((0..<digits).map { _ in Character(Unicode.Scalar(UInt8(48 + rng.next(below: 10)))) })
            s = String(rng.next(in: 0...1_999_999_999)) + s.dropFirst()
        case 6:
            s = [
                "0", "-0", "0.0", "1e3", "1E-3", "1.5e9", "-1.0", "00", "01", "1.", ".5", "", "-", "1e400",
                "9007199254740993", "123456789012345678", "0.1", "1714525200123", "NaN", "Infinity",
            ].randomElement(using: &rng)!
        default: s = String(rng.next(in: 0...2_000_000_000)) + "." + String(rng.next(in: 0...999))
        }
        if rng.chance(10) { s = "-" + s }
        if rng.chance(5) { s = bend(s, using: &rng) }
        return s
    }

    static func makeInstant(_ rng: inout SplitMix64) -> Double {
        let seconds = Double(rng.next(in: -63_000_000_000...252_000_000_000))
        switch rng.next(below: 6) {
        case 0: return Double(rng.next(in: -2_000_000_000...2_000_000_000))
        case 1: return seconds
        case 2: return Double(rng.next(in: -1_000_000_000_000...2_000_000_000_000)) / 1000
        case 3: return Double(rng.next(in: 0...1_000_000_000)) + Double(rng.next(in: 0...999_999)) / 1e6
        case 4: return Double(rng.next(in: -1_000_000_000...1_000_000_000)) - Double(rng.next(in: 1...999)) / 1e9
        default:
            return Double(bitPattern: 0x41C0_0000_0000_0000 | (rng.next() & 0x000F_FFFF_FFFF_FFFF))
                * (rng.chance(50) ? -1 : 1)
        }
    }
}

extension String {
    func replacingDot(_ with: String) -> String {
        with + dropFirst()
    }
}
