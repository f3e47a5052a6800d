import WireJSON
import WireSupport

/// A generated document before it is written: numbers keep their text, object members their
/// order (repeats allowed).
indirect enum TemplateNode: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([TemplateNode])
    case object([(String, TemplateNode)])

    static func object(_ members: KeyValuePairs<String, TemplateNode>) -> TemplateNode {
        .object(members.map { ($0.key, $0.value) })
    }
}

/// The pools generators draw from: the edges of numbers and strings.
enum TemplatePools {
    /// Integer and float texts at the edges of every width, and texts that are integers only to a
    /// lenient reader (`1e2`, `1.0`, `-0`).
    static let numbers: [String] = [
        "0", "-0", "1", "-1", "7", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769",
        "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "100000000000000000000000000000", "1e2", "1E2", "1e+2",
        "1.0", "1.5", "-1.5", "1e-2", "0.1", "0.5", "-0.0", "0e0", "0.0e-5", "1e0", "10e-1", "9007199254740993",
        "9007199254740992", "1e400", "-1e400", "1e-400", "4.9e-324", "5e-324", "2.4703282292062327e-324",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "1.7976931348623157e308", "1.7976931348623159e308",
        "3.4028235e38", "3.4028236e38", "3.40282357e38", "1.17549435e-38", "1.4e-45", "7e-46",
        "0.30000000000000004", "123456789012345678901234567890.123456789",
        "3.141592653589793238462643383279502884197169399375105820974944", "0.000000000000000000000000000001",
        "1e38", "1e39", "-1e-39", "1.00000000000000000000000000000000000001", "99999999999999999999",
        "1152921504606846976", "1.8446744073709552e19", "-1e2", "12345678901234567890e-10",
    ]

    /// Strings with the characters that need care: escapes, non-ASCII, combining marks, astral
    /// scalars (written as surrogate pairs by the writer at random).
    static let strings: [String] = [
        "", "a", "abc", "é", "e\u{301}", "😀", "日本語", "\u{0}", "\u{1F}", "tab\there", "line\nbreak",
        "quote\"in", "back\\slash", "/", "\u{7F}", "\u{FEFF}", "\u{2028}", "\u{10FFFF}", " ", "null", "true", "1",
        "1.5", "Infinity", "NaN", "-Infinity", "inf", "nan",
    ]

    static func number(_ rng: inout SplitMix64) -> String {
        switch rng.next(below: 4) {
        case 0:
            let digits = rng.next(in: 1...25)
            var text = rng.chance(30) ? "-" : ""
            text += String(rng.next(in: 1...9))
            for _ in 1..<digits { text += String(rng.next(below: 10)) }
            if rng.chance(40) {
                text += "."
                for _ in 0..<rng.next(in: 1...30) { text += String(rng.next(below: 10)) }
            }
            if rng.chance(20) {
                text += ["e", "E", "e-", "e+", "E-"][rng.next(below: 5)] + String(rng.next(below: 330))
            }
            return text
        default:
            return numbers[rng.next(below: numbers.count)]
        }
    }

    static func int(_ rng: inout SplitMix64, in range: ClosedRange<Int> = -1000...1000) -> TemplateNode {
        rng.chance(80) ? .number(String(rng.next(in: range))) : .number(number(&rng))
    }

    static func string(_ rng: inout SplitMix64) -> String {
        if rng.chance(50) { return strings[rng.next(below: strings.count)] }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<rng.next(in: 0...8) {
            let pick = rng.next(below: 10)
            let value: UInt32
            switch pick {
            case 0: value = UInt32(rng.next(below: 0x20))
            case 1: value = UInt32(rng.next(in: 0x80...0x7FF))
            case 2: value = UInt32(rng.next(in: 0x800...0xD7FF))
            case 3: value = UInt32(rng.next(in: 0x10000...0x10FFFF))
            default: value = UInt32(rng.next(in: 0x20...0x7E))
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    static func pick<T>(_ items: [T], _ rng: inout SplitMix64) -> T { items[rng.next(below: items.count)] }
}

/// Writes a node as JSON bytes, with whitespace and escapes chosen by the generator.
struct TemplateWriter {
    var rng: SplitMix64
    /// Percent of scalars written as `\u` escapes.
    let escapeRate: Int
    /// Percent of places where whitespace is put.
    let spaceRate: Int
    var out: [UInt8] = []

    init(rng: SplitMix64) {
        self.rng = rng
        escapeRate = [0, 0, 5, 30][self.rng.next(below: 4)]
        spaceRate = [0, 0, 10, 50][self.rng.next(below: 4)]
    }

    static func write(_ node: TemplateNode, rng: inout SplitMix64) -> [UInt8] {
        var writer = TemplateWriter(rng: SplitMix64(seed: rng.next()))
        writer.space()
        writer.write(node)
        writer.space()
        return writer.out
    }

    mutating func space() {
        guard spaceRate > 0, rng.chance(spaceRate) else { return }
        for _ in 0..<rng.next(in: 1...3) { out.append([0x20, 0x09, 0x0A, 0x0D][rng.next(below: 4)]) }
    }

    mutating func write(_ node: TemplateNode) {
        switch node {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let s): write(string: s)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                space()
                write(element)
                space()
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                space()
                write(string: member.0)
                space()
                out.append(UInt8(ascii: ":"))
                space()
                write(member.1)
                space()
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    mutating func write(string: String) {
        out.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            let v = scalar.value
            if v == 0x22 || v == 0x5C {
                out += [UInt8(ascii: "\\"), UInt8(v)]
            } else if v < 0x20 {
                let short: [UInt32: UInt8] = [0x08: 0x62, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74]
                if let letter = short[v], rng.chance(50) { out += [UInt8(ascii: "\\"), letter] } else { escape(v) }
            } else if escapeRate > 0 && rng.chance(escapeRate) {
                if v == 0x2F && rng.chance(50) {
                    out += Array("\\/".utf8)
                } else if v > 0xFFFF {
                    let u = v - 0x10000
                    escape(0xD800 + (u >> 10))
                    escape(0xDC00 + (u & 0x3FF))
                } else {
                    escape(v)
                }
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    mutating func escape(_ unit: UInt32) {
        let hex = Array((rng.chance(50) ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in [12, 8, 4, 0] as [UInt32] { out.append(hex[Int((unit >> shift) & 0xF)]) }
    }
}

/// Near-misses: a document one step away from what the template expects.
enum TemplateNearMiss {
    /// Values of every kind, to put where another kind belongs.
    static func wrongValue(_ rng: inout SplitMix64) -> TemplateNode {
        switch rng.next(below: 8) {
        case 0: return .null
        case 1: return .bool(rng.chance(50))
        case 2: return .number(TemplatePools.number(&rng))
        case 3: return .string(TemplatePools.string(&rng))
        case 4: return .array([])
        case 5: return .object([])
        case 6: return .array([.number("1"), .null])
        default: return .object(["x": .number("1")])
        }
    }

    /// One structural change somewhere in the tree: a wrong type, a null, a missing, extra or
    /// repeated member, an element too many or too few.
    static func structural(_ node: TemplateNode, _ rng: inout SplitMix64) -> TemplateNode {
        let count = size(node)
        let target = rng.next(below: max(1, count))
        var position = 0
        return edit(node, target, &position, &rng)
    }

    static func size(_ node: TemplateNode) -> Int {
        switch node {
        case .array(let elements): return 1 + elements.reduce(0) { $0 + size($1) }
        case .object(let members): return 1 + members.reduce(0) { $0 + size($1.1) }
        default: return 1
        }
    }

    private static func edit(_ node: TemplateNode, _ target: Int, _ position: inout Int, _ rng: inout SplitMix64)
        -> TemplateNode
    {
        let here = position
        position += 1
        if here == target { return change(node, &rng) }
        switch node {
        case .array(let elements):
            var out: [TemplateNode] = []
            for element in elements { out.append(edit(element, target, &position, &rng)) }
            return .array(out)
        case .object(let members):
            var out: [(String, TemplateNode)] = []
            for member in members { out.append((member.0, edit(member.1, target, &position, &rng))) }
            return .object(out)
        default:
            return node
        }
    }

    private static func change(_ node: TemplateNode, _ rng: inout SplitMix64) -> TemplateNode {
        switch node {
        case .object(var members) where !members.isEmpty && rng.chance(60):
            let i = rng.next(below: members.count)
            switch rng.next(below: 4) {
            case 0: members.remove(at: i)
            case 1:
                members.insert((TemplatePools.pick(["extra", "_", "", "x y", "ünï"], &rng), wrongValue(&rng)), at: i)
            case 2: members.append((members[i].0, rng.chance(50) ? members[i].1 : wrongValue(&rng)))
            default: members[i].1 = rng.chance(50) ? .null : wrongValue(&rng)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && rng.chance(50):
            if rng.chance(50) {
                elements.removeLast()
            } else {
                elements.append(elements[rng.next(below: elements.count)])
            }
            return .array(elements)
        default:
            return rng.chance(30) ? .null : wrongValue(&rng)
        }
    }

    /// One byte-level change: invalid UTF-8 or a lone surrogate inside a string, a cut, a byte
    /// order mark, a stray character, a non-JSON space.
    static func bytes(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
        switch rng.next(below: 7) {
        case 0 where !quotes.isEmpty:
            let at = quotes[rng.next(below: quotes.count)] + 1
            let bad: [[UInt8]] = [
                [0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
            ]
            bytes.insert(contentsOf: TemplatePools.pick(bad, &rng), at: min(at, bytes.count))
        case 1 where !quotes.isEmpty:
            let at = quotes[rng.next(below: quotes.count)] + 1
            let lone = ["\\ud800", "\\udc00", "\\uD83D", "\\ud800\\u0041", "\\udc00\\ud800", "\\uDFFF"]
            bytes.insert(contentsOf: Array(TemplatePools.pick(lone, &rng).utf8), at: min(at, bytes.count))
        case 2 where !bytes.isEmpty:
            bytes.removeLast(rng.next(in: 1...bytes.count))
        case 3:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        case 4:
            bytes.insert(TemplatePools.pick([0x0C, 0x0B, 0xA0, 0x00], &rng), at: rng.next(below: bytes.count + 1))
        case 5:
            bytes.insert(TemplatePools.pick(Array(",]}:x\"\\".utf8), &rng), at: rng.next(below: bytes.count + 1))
        default:
            bytes += Array(TemplatePools.pick([" ", "\n", " x", "{}", "1"], &rng).utf8)
        }
        return bytes
    }
}
