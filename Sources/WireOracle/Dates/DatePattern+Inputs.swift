import WireDates
import WireSupport

extension DatePattern {
    /// A string the pattern's own `DateFormatter` parses: a random valid value, every field written
    /// as the pattern says.
    func valid(_ rng: inout SplitMix64) -> String {
        render(DateValue.random(&rng, zoneNames: has(["z"]))).map(\.text).joined()
    }

    /// A string one field away from valid that the pattern's `DateFormatter` rejects: a month, day,
    /// hour, minute or second out of range (13, 32, Feb 30, Apr 31, 24, 60), an unknown month or
    /// weekday name, an impossible offset, a letter for a digit, or the last field left out.
    func nearMiss(_ rng: inout SplitMix64) -> String {
        let value = DateValue.random(&rng, zoneNames: has(["z"]))
        var pieces = render(value)
        func find(_ kind: Kind) -> Int? { pieces.firstIndex { $0.kind == kind } }
        func isNumber(_ i: Int) -> Bool { pieces[i].text.allSatisfy(\.isASCII) && Int(pieces[i].text) != nil }
        for _ in 0..<16 {
            switch rng.next(below: 8) {
            case 0:
                guard let i = find(.month) else { continue }
                pieces[i].text = isNumber(i) ? pick(["13", "00"], &rng) : pick(["Foo", "Jux", "Ocv"], &rng)
            case 1:
                guard let i = find(.day) else { continue }
                // Feb 30, not 29: a two-digit year may be read in another century, a leap one.
                let impossible = value.month == 2 ? 30 : GregorianCalendarMath.daysInMonth(value.month, year: 2001) + 1
                pieces[i].text = DateValue.padded(
                    find(.month) != nil && rng.chance(50) ? impossible : pick([0, 32], &rng), 2)
            case 2:
                guard let i = find(.hour) else { continue }
                if case .field("H", _) = pieces[i].token {
                    pieces[i].text = pick(["24", "25"], &rng)
                } else {
                    pieces[i].text = "25"
                }
            case 3:
                guard let i = find(.minute) else { continue }
                pieces[i].text = pick(["60", "61"], &rng)
            case 4:
                if let i = find(.second) {
                    pieces[i].text = pick(["60", "61"], &rng)
                } else if let i = find(.weekday), !isNumber(i) {
                    pieces[i].text = "Xyz"
                } else {
                    continue
                }
            case 5:
                guard let i = find(.zone) else { continue }
                let text = pieces[i].text
                pieces[i].text =
                    text.contains(":")
                    ? "+25:00" : text.hasPrefix("+") || text.hasPrefix("-") ? "+2500" : pick(["XYZ", "GMT+25"], &rng)
            case 6:
                let numeric = pieces.indices.filter {
                    pieces[$0].kind != .literal && pieces[$0].kind != .zone && isNumber($0)
                }
                guard !numeric.isEmpty else { continue }
                let i = pick(numeric, &rng)
                var characters = Array(pieces[i].text)
                characters[rng.next(below: characters.count)] = "O"
                pieces[i].text = String(characters)
            default:
                // The last field left out, with the literal before it; not a zone, and nothing
                // earlier, since another format of the family may hold what is left (formatters
                // accept a missing trailing literal: "… 10:00:00" parses with "… HH:mm:ss 'GMT'").
                let fields = pieces.indices.filter { pieces[$0].kind != .literal }
                guard fields.count >= 2, let cut = fields.last, pieces[cut].kind != .zone else { continue }
                let start = pieces[cut - 1].kind == .literal ? cut - 1 : cut
                pieces.removeSubrange(start...)
            }
            return pieces.map(\.text).joined()
        }
        return pieces.dropLast().map(\.text).joined()
    }

    /// A string near the pattern that implementations often read differently: whitespace, case,
    /// field widths, long and short names, a wrong weekday, the offset in another spelling (every
    /// spelling: `Z`, `+05`, `+0530`, `+05:30:00`, `+530`, `GMT+5`, `UT`, `EST`, military letters,
    /// `+24:00`…), fractions of 0–12 digits, leap seconds, 24:00, impossible dates, year edges
    /// (0000, 0001, 1582-10-10, 9999, 10000), comments, junk, and ``DateInputGenerator/bend(_:using:)``.
    func variant(_ rng: inout SplitMix64) -> String {
        var value = DateValue.random(&rng, zoneNames: has(["z"]))
        if rng.chance(20) {
            switch rng.next(below: 6) {
            case 0: (value.hour, value.minute, value.second) = (23, 59, 60)
            case 1: (value.hour, value.minute, value.second) = (24, 0, 0)
            case 2: (value.month, value.day) = pick([(2, 29), (2, 30), (4, 31), (6, 31), (9, 31), (11, 31)], &rng)
            case 3: value.year = pick([0, 10_000, 99_999], &rng)
            case 4: (value.year, value.month, value.day) = (1582, 10, rng.next(in: 4...15))
            default: value.minute = 60
            }
        }
        var pieces = render(value)
        for _ in 0..<(rng.chance(30) ? 2 : 1) {
            bend(&pieces, value, &rng)
        }
        let text = pieces.map(\.text).joined()
        return rng.chance(10) ? DateInputGenerator.bend(text, using: &rng) : text
    }

    private func bend(_ pieces: inout [Piece], _ value: DateValue, _ rng: inout SplitMix64) {
        func indices(_ kinds: Set<Kind>) -> [Int] { pieces.indices.filter { kinds.contains(pieces[$0].kind) } }
        switch rng.next(below: 8) {
        case 0:  // whitespace
            switch rng.next(below: 4) {
            case 0:
                pieces.insert(
                    Piece(text: pick([" ", "\t", "\n", "  "], &rng), kind: .literal, token: .literal(" ")), at: 0)
            case 1: pieces.append(Piece(text: pick([" ", "\t", "\r\n"], &rng), kind: .literal, token: .literal(" ")))
            default:
                let literals = indices([.literal])
                guard !literals.isEmpty else { return }
                let i = pick(literals, &rng)
                pieces[i].text =
                    pieces[i].text.contains(" ")
                    ? pieces[i].text.replacingOccurrences(of: " ", with: pick(["  ", "", "\t"], &rng))
                    : pieces[i].text == "T" ? " " : pieces[i].text + " "
            }
        case 1:  // case
            let words = pieces.indices.filter { pieces[$0].text.contains { $0.isLetter } }
            guard !words.isEmpty else { return }
            let i = pick(words, &rng)
            pieces[i].text = rng.chance(50) ? pieces[i].text.lowercased() : pieces[i].text.uppercased()
        case 2:  // width
            let numbers = indices([.year, .month, .day, .hour, .minute, .second]).filter { Int(pieces[$0].text) != nil }
            guard !numbers.isEmpty else { return }
            let i = pick(numbers, &rng)
            let n = Int(pieces[i].text)!
            if pieces[i].kind == .year {
                pieces[i].text = pick(
                    [DateValue.padded(n % 100, 2), DateValue.padded(n % 1000, 3), DateValue.padded(n, 5), String(n)],
                    &rng)
            } else {
                pieces[i].text = pieces[i].text.hasPrefix("0") ? String(n) : "0" + pieces[i].text
            }
        case 3:  // names: long for short, short for long, another weekday
            if let i = indices([.month]).first, Int(pieces[i].text) == nil {
                let long = names.months[value.month - 1]
                pieces[i].text = pieces[i].text == long ? names.shortMonths[value.month - 1] : long
            } else if let i = indices([.weekday]).first, Int(pieces[i].text) == nil {
                pieces[i].text = rng.chance(50) ? names.weekdays[value.weekday] : pick(names.shortWeekdays, &rng)
            }
        case 4:  // the offset in another spelling, or one where the pattern has none
            let spelling = Self.zoneSpellings(value.offset, &rng)
            if let i = indices([.zone]).first {
                pieces[i].text = spelling
            } else {
                pieces.append(
                    Piece(text: (rng.chance(50) ? " " : "") + spelling, kind: .zone, token: .literal(spelling)))
            }
        case 5:  // fractions of 0–12 digits
            let digits = rng.next(in: 0...12)
            let fraction = String(value.fraction.prefix(digits))
            if let i = indices([.fraction]).first {
                pieces[i].text = fraction
                if digits == 0 && i > 0 && rng.chance(50) && pieces[i - 1].text == "." { pieces[i - 1].text = "" }
            } else if let i = indices([.second]).first {
                pieces.insert(
                    Piece(text: (rng.chance(90) ? "." : ",") + fraction, kind: .fraction, token: .field("S", digits)),
                    at: i + 1)
            }
        case 6:  // a comment or junk at the end
            pieces.append(
                Piece(
                    text: pick([" (UTC)", " (Pacific Daylight Time)", "junk", "Z", " +0000", "0"], &rng),
                    kind: .literal, token: .literal("")))
        default:  // seconds left out
            guard let i = indices([.second]).first, i > 0 else { return }
            pieces.removeSubrange((i - 1)...i)
        }
    }

    /// One of the many ways to write an offset, for `offset` seconds east of UTC (or unrelated ones:
    /// names, military letters, impossible offsets).
    static func zoneSpellings(_ offset: Int, _ rng: inout SplitMix64) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let h = minutes / 60
        let m = minutes % 60
        let hh = DateValue.padded(h, 2)
        let mm = DateValue.padded(m, 2)
        let military = Array("ABCDEFGHIKLMNOPQRSTUVWXYZ")
        return pick(
            [
                "Z", "z", sign + hh + ":" + mm, sign + hh + mm, sign + hh, sign + String(h),
                sign + hh + ":" + mm + ":00",
                sign + String(h) + mm, "GMT", "UTC", "UT", "gmt", "GMT" + sign + String(h),
                "GMT" + sign + hh + ":" + mm,
                "GMT" + sign + hh + mm, "UTC" + sign + hh + ":" + mm, pick(DateValue.usZones, &rng).0,
                String(pick(military, &rng)), "-00:00", "+24:00", "+99:00", "+1400", "",
            ], &rng)
    }
}
