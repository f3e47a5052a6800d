import Foundation
import WireDates
import WireSupport

/// A `DateFormatter.dateFormat` (Unicode TR35) cut into fields and literals, with the names of its
/// locale, that renders a date value field by field, so one field can be bent at a time.
struct DatePattern: Sendable {
    enum Token: Hashable, Sendable {
        case literal(String)
        case field(Character, Int)
    }

    /// What a rendered piece of the string is, so a mutation can find the field it bends.
    enum Kind: Hashable, Sendable {
        case literal, year, month, day, weekday, hour, minute, second, fraction, zone, dayPeriod, other
    }

    struct Piece {
        var text: String
        var kind: Kind
        var token: Token
    }

    /// The locale's names, read once from a `DateFormatter` on the Gregorian calendar.
    struct Names: Sendable {
        var shortMonths, months, shortWeekdays, weekdays, eras: [String]
        var am, pm: String
    }

    let format: String
    let tokens: [Token]
    let names: Names
    /// The formatter's own offset, used when the pattern has no zone field.
    let defaultOffset: Int
    /// Renders a field this type does not know (`w`, `Q`, …) from the instant.
    let fallback: FormatterPool<DateFormatter>?

    init(format: String, locale: Locale, timeZone: TimeZone) {
        self.format = format
        tokens = Self.tokenize(format)
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = locale
        names = Names(
            shortMonths: formatter.shortMonthSymbols, months: formatter.monthSymbols,
            shortWeekdays: formatter.shortWeekdaySymbols, weekdays: formatter.weekdaySymbols,
            eras: formatter.eraSymbols, am: formatter.amSymbol, pm: formatter.pmSymbol)
        defaultOffset = timeZone.secondsFromGMT()
        let known: Set<Character> = [
            "y", "Y", "u", "M", "L", "d", "E", "e", "c", "a", "h", "H", "k", "K", "m", "s", "S", "z", "Z", "X", "x",
            "O", "v", "V", "G",
        ]
        let unknown = tokens.contains { if case .field(let symbol, _) = $0 { !known.contains(symbol) } else { false } }
        fallback =
            unknown
            ? FormatterPool {
                let f = DateFormatter()
                f.locale = locale
                f.timeZone = timeZone
                return f
            } : nil
    }

    /// TR35: a run of one ASCII letter is a field; text in single quotes (`''` for a quote) and
    /// every other character are literal.
    static func tokenize(_ format: String) -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        var characters = Array(format)[...]
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
        }
        while let c = characters.first {
            if c == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {
                    literal.append("'")
                    characters = characters.dropFirst()
                    continue
                }
                while let q = characters.first {
                    characters = characters.dropFirst()
                    if q == "'" {
                        if characters.first == "'" {
                            literal.append("'")
                            characters = characters.dropFirst()
                        } else {
                            break
                        }
                    } else {
                        literal.append(q)
                    }
                }
            } else if c.isASCII && c.isLetter {
                flush()
                let count = characters.prefix { $0 == c }.count
                tokens.append(.field(c, count))
                characters = characters.dropFirst(count)
            } else {
                literal.append(c)
                characters = characters.dropFirst()
            }
        }
        flush()
        return tokens
    }

    /// Whether the pattern has a field of this symbol.
    func has(_ symbols: Set<Character>) -> Bool {
        tokens.contains { if case .field(let s, _) = $0 { symbols.contains(s) } else { false } }
    }

    /// The pieces of `value` written as the pattern says.
    func render(_ value: DateValue) -> [Piece] {
        tokens.map { token in
            switch token {
            case .literal(let text): Piece(text: text, kind: .literal, token: token)
            case .field(let symbol, let count): field(symbol, count, value, token)
            }
        }
    }

    private func field(_ symbol: Character, _ count: Int, _ v: DateValue, _ token: Token) -> Piece {
        func number(_ n: Int, _ kind: Kind, width: Int = count) -> Piece {
            Piece(text: DateValue.padded(n, width), kind: kind, token: token)
        }
        func name(_ list: [String], _ short: [String], _ index: Int, _ kind: Kind) -> Piece {
            let text = count == 5 ? String(list[index].prefix(1)) : count == 4 ? list[index] : short[index]
            return Piece(text: text, kind: kind, token: token)
        }
        switch symbol {
        case "y", "Y", "u":
            return count == 2 ? number(v.year % 100, .year) : number(v.year, .year)
        case "M", "L":
            return count <= 2 ? number(v.month, .month) : name(names.months, names.shortMonths, v.month - 1, .month)
        case "d": return number(v.day, .day)
        case "E", "e", "c":
            if symbol != "E" && count <= 2 { return number(v.weekday + 1, .weekday) }
            return name(names.weekdays, names.shortWeekdays, v.weekday, .weekday)
        case "a": return Piece(text: v.hour < 12 ? names.am : names.pm, kind: .dayPeriod, token: token)
        case "H": return number(v.hour, .hour)
        case "k": return number(v.hour == 0 ? 24 : v.hour, .hour)
        case "h": return number(v.hour % 12 == 0 ? 12 : v.hour % 12, .hour)
        case "K": return number(v.hour % 12, .hour)
        case "m": return number(v.minute, .minute)
        case "s": return number(v.second, .second)
        case "S": return Piece(text: String(v.fraction.prefix(count)), kind: .fraction, token: token)
        case "G": return Piece(text: names.eras.last ?? "AD", kind: .other, token: token)
        case "z", "Z", "X", "x", "O", "v", "V":
            return Piece(text: Self.zone(symbol, count, v), kind: .zone, token: token)
        default:
            let text = fallback?.use { f -> String in
                f.dateFormat = String(repeating: symbol, count: count)
                return f.string(from: v.date)
            }
            return Piece(text: text ?? "", kind: .other, token: token)
        }
    }

    /// The zone as a field of this symbol and width writes it (en_US_POSIX spellings).
    static func zone(_ symbol: Character, _ count: Int, _ v: DateValue) -> String {
        let o = v.offset
        switch symbol {
        case "z", "v", "V":
            if let name = v.zoneName { return name }
            return count >= 4 ? gmt(o, long: true) : gmt(o, long: false)
        case "O": return gmt(o, long: count >= 4)
        case "Z":
            if count == 4 { return gmt(o, long: true) }
            if count == 5 { return o == 0 ? "Z" : offset(o, colon: true) }
            return offset(o, colon: false)
        default:  // X and x: ISO 8601
            if symbol == "X" && o == 0 { return "Z" }
            switch count {
            case 1: return o % 3600 == 0 ? String(offset(o, colon: false).prefix(3)) : offset(o, colon: false)
            case 2, 4: return offset(o, colon: false)
            default: return offset(o, colon: true)
            }
        }
    }

    /// `+05:30` or `+0530`.
    static func offset(_ seconds: Int, colon: Bool) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + DateValue.padded(minutes / 60, 2) + (colon ? ":" : "") + DateValue.padded(minutes % 60, 2)
    }

    /// `GMT`, `GMT+5:30` (short) or `GMT+05:30` (long).
    static func gmt(_ seconds: Int, long: Bool) -> String {
        guard seconds != 0 else { return "GMT" }
        let minutes = abs(seconds) / 60
        let hours = long ? DateValue.padded(minutes / 60, 2) : String(minutes / 60)
        let rest = minutes % 60 == 0 && !long ? "" : ":" + DateValue.padded(minutes % 60, 2)
        return "GMT" + (seconds < 0 ? "-" : "+") + hours + rest
    }

    /// A regular expression (`NSRegularExpression`, case-insensitive) that matches what the pattern
    /// writes, generously: numbers of any width, any name, any zone spelling.
    var regex: String {
        tokens.map { token -> String in
            switch token {
            case .literal(let text):
                return text.split(separator: " ", omittingEmptySubsequences: false)
                    .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "\\s+")
            case .field(let symbol, let count):
                switch symbol {
                case "y", "Y", "u": return "\\d{2,5}"
                case "M", "L", "E", "e", "c":
                    return count <= 2 ? "\\d{1,2}" : "\\p{L}{1,12}\\.?"
                case "S": return "\\d{1,12}"
                case "a": return "[ap]\\.?m\\.?"
                case "z", "Z", "X", "x", "O", "v", "V":
                    return "(?:z|[+-]\\d{1,2}(?::?\\d{2}){0,2}|[a-z]{1,5}(?:[+-]\\d{1,2}(?::?\\d{2})?)?)"
                case "G": return "\\p{L}{1,13}"
                default: return "\\d{1,4}"
                }
            }
        }.joined()
    }
}

/// A civil date and time, an offset and optionally a zone name: what the generators write.
struct DateValue {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    /// Twelve fraction digits; a field `SSS` writes the first three.
    var fraction = "000000000000"
    /// Seconds east of UTC.
    var offset = 0
    /// A zone abbreviation (`EST`) written instead of the offset by `z` fields.
    var zoneName: String?

    /// The US abbreviations `DateFormatter` reads, with their offsets in hours.
    static let usZones: [(String, Int)] = [
        ("EST", -5), ("EDT", -4), ("CST", -6), ("CDT", -5), ("MST", -7), ("MDT", -6), ("PST", -8), ("PDT", -7),
    ]

    /// Days since 1970 on the calendar Foundation's formatters use: Julian before 1582-10-15.
    var days: Int {
        let julian = year < 1582 || (year == 1582 && (month < 10 || (month == 10 && day < 15)))
        return julian
            ? GregorianCalendarMath.daysFromJulianCivil(year: year, month: month, day: day)
            : GregorianCalendarMath.daysFromCivil(year: year, month: month, day: day)
    }

    /// 0 for Sunday, as `shortWeekdaySymbols` counts.
    var weekday: Int { ((days % 7) + 7 + 4) % 7 }

    var date: Date {
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// A random valid value: years mostly 1970–2040, sometimes anywhere in 0001–9999 or on an edge,
    /// leap days likely; offsets mostly 0, else whole, half and three-quarter hours in −12…+14.
    static func random(_ rng: inout SplitMix64, zoneNames: Bool = false) -> DateValue {
        var year: Int
        switch rng.next(below: 10) {
        case 0...5: year = rng.next(in: 1970...2040)
        case 6: year = rng.next(in: 1...9999)
        case 7: year = rng.next(in: 1583...2100)
        case 8: year = pick([1, 1582, 1583, 1600, 1900, 1969, 1970, 2000, 2038, 2100, 9999], &rng)
        default: year = rng.next(below: 50) * 4 + 1904
        }
        let month = rng.next(in: 1...12)
        var value = DateValue(
            year: year, month: month, day: rng.next(in: 1...GregorianCalendarMath.daysInMonth(month, year: year)))
        if year % 4 == 0 && rng.chance(20) {
            value.month = 2
            value.day = GregorianCalendarMath.daysInMonth(2, year: year)
        }
        if value.year == 1582 && value.month == 10 && (5...14).contains(value.day) { value.day = 15 }
        value.hour = rng.next(in: 0...23)
        value.minute = rng.next(in: 0...59)
        value.second = rng.next(in: 0...59)
        value.fraction = String((0..<12).map { _ in Character(Unicode.Scalar(UInt8(48 + rng.next(below: 10)))) })
        if zoneNames && rng.chance(30) {
            let (name, hours) = pick(usZones, &rng)
            value.zoneName = name
            value.offset = hours * 3600
        } else if rng.chance(50) {
            value.offset = (rng.next(in: -12...14) * 60 + pick([0, 0, 0, 30, 45], &rng)) * 60
        }
        return value
    }

    static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// An element chosen by the seeded generator (not `randomElement(using:)`, whose algorithm is no
/// contract: the same seed must give the same input with every Swift).
func pick<T>(_ list: [T], _ rng: inout SplitMix64) -> T {
    list[rng.next(below: list.count)]
}
