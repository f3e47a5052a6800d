import Foundation
import WireJSON
import WireSupport

/// One generic template of the decoder oracle: the pairs that decode it (a type under one or more
/// sets of strategies) and a seeded generator of its documents, valid ones and near-misses.
public struct DecoderTemplate: Sendable {
    /// The template's name (`string-int-dictionary`, `date-iso8601`).
    public var name: String
    /// The type and strategies pairs every document is decoded by.
    public var pairs: [DecoderPair]
    let generate: @Sendable (inout SplitMix64) -> TemplateNode

    /// Document `index` of the template for `seed`: a pure function of the three. About half are
    /// valid for the template; the rest are one step off (a wrong type, a null, a missing, extra or
    /// repeated member, invalid UTF-8, a lone surrogate, a cut, a stray byte), written with
    /// varying whitespace and `\u` escapes (surrogate pairs included).
    public func document(seed: UInt64, index: Int) -> [UInt8] {
        var rng = SplitMix64(seed: SplitMix64.mix(seed, DecoderTemplates.digest(name)), index: UInt64(index))
        var node = generate(&rng)
        if rng.chance(35) { node = TemplateNearMiss.structural(node, &rng) }
        var bytes = TemplateWriter.write(node, rng: &rng)
        if rng.chance(12) { bytes = TemplateNearMiss.bytes(bytes, &rng) }
        return bytes
    }
}

/// The catalogue of generic templates (see <doc:ProvingTheDecoder>).
///
/// ```swift
/// let templates = DecoderTemplates.all
/// let report = DecoderOracle(targets: DecoderTemplates.targets(templates))
///     .run(DecoderTemplates.corpus(templates, seed: 1, count: 20_000))
/// ```
public enum DecoderTemplates {
    /// Every template.
    public static var all: [DecoderTemplate] {
        [
            nestedOptionals, stringIntDictionary, intStringDictionary, enums, decimals,
            date("deferred-to-date", .deferredToDate, number: true),
            date("seconds-since-1970", .secondsSince1970, number: true),
            date("milliseconds-since-1970", .millisecondsSince1970, number: true),
            date("iso8601", .iso8601, number: false),
            date("formatted", .formatted(formatter), number: false),
            date("custom", .custom(customDate), number: false),
            data("base64", .base64), data("deferred-to-data", .deferredToData), data("custom", .custom(customData)),
            identifiers, floats, integers, topLevel, keyStrategies, classes, containers, pastTheEnd, presence,
            anyJSON,
        ]
    }

    /// One target per template, in the same order.
    public static func targets(_ templates: [DecoderTemplate] = all) -> [DecoderTarget] {
        templates.map { DecoderTarget(name: $0.name, pairs: $0.pairs) }
    }

    /// `count` documents, template `k % templates.count` for input k (its document `k / templates.count`),
    /// inputs of targets `firstTarget + template index`. Only the indices of `shard` are made.
    public static func corpus(
        _ templates: [DecoderTemplate] = all, seed: UInt64, count: Int, firstTarget: Int = 0, shard: Shard = .whole
    ) -> DecoderInputSequence {
        DecoderInputSequence(indices: shard.indices(upTo: count)) { k in
            let template = templates[k % templates.count]
            let index = k / templates.count
            return DecoderInput(
                target: firstTarget + k % templates.count, bytes: template.document(seed: seed, index: index),
                origin: "template \(template.name) document \(index) (seed \(seed))")
        }
    }

    static func digest(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    // MARK: - Helpers

    private typealias Rng = SplitMix64

    private static func list(_ rng: inout Rng, _ max: Int = 4, _ make: (inout Rng) -> TemplateNode) -> TemplateNode {
        var elements: [TemplateNode] = []
        for _ in 0..<rng.next(in: 0...max) { elements.append(make(&rng)) }
        return .array(elements)
    }

    private static func optional(_ rng: inout Rng, _ make: (inout Rng) -> TemplateNode) -> TemplateNode? {
        switch rng.next(below: 3) {
        case 0: return nil
        case 1: return .null
        default: return make(&rng)
        }
    }

    private static func object(_ members: [(String, TemplateNode?)]) -> TemplateNode {
        .object(members.compactMap { name, value in value.map { (name, $0) } })
    }

    private static func string(_ rng: inout Rng) -> TemplateNode { .string(TemplatePools.string(&rng)) }

    private static func number(_ rng: inout Rng) -> TemplateNode { .number(TemplatePools.number(&rng)) }

    // MARK: - Templates

    static let nestedOptionals = DecoderTemplate(
        name: "nested-optionals", pairs: [.codable(NestedOptionals.self, name: "NestedOptionals")]
    ) { rng in
        object([
            ("a", optional(&rng) { TemplatePools.int(&$0) }),
            ("b", optional(&rng) { list(&$0) { optional(&$0, string) ?? .null } }),
            (
                "c",
                optional(&rng) { rng in
                    object([
                        ("x", optional(&rng, number)),
                        ("y", list(&rng) { optional(&$0) { TemplatePools.int(&$0) } ?? .null }),
                        ("z", optional(&rng, string)),
                    ])
                }
            ),
            ("d", optional(&rng) { list(&$0) { optional(&$0) { list(&$0) { TemplatePools.int(&$0) } } ?? .null } }),
            ("e", optional(&rng) { .bool($0.chance(50)) }),
        ])
    }

    private static let dictionaryKeys = [
        "a", "b", "", "1", "-1", "01", " 1", "1.0", "+1", "9223372036854775807", "9223372036854775808", "0x10",
        "é", "e\u{301}", "😀", "1e2", "-0",
    ]

    static let stringIntDictionary = DecoderTemplate(
        name: "string-int-dictionary",
        pairs: [
            .codable([String: Int].self, name: "[String: Int]"),
            .codable([String: [String: Int]].self, name: "[String: [String: Int]]"),
            .codable([String: Int?].self, name: "[String: Int?]"),
        ]
    ) { rng in
        var members: [(String, TemplateNode)] = []
        for _ in 0..<rng.next(in: 0...6) {
            let value: TemplateNode =
                rng.chance(15)
                ? .object([(TemplatePools.pick(dictionaryKeys, &rng), TemplatePools.int(&rng))])
                : TemplatePools.int(&rng)
            members.append(
                (rng.chance(70) ? TemplatePools.pick(dictionaryKeys, &rng) : TemplatePools.string(&rng), value))
        }
        return .object(members)
    }

    static let intStringDictionary = DecoderTemplate(
        name: "int-string-dictionary",
        pairs: [
            .codable([Int: String].self, name: "[Int: String]"),
            .codable([Int8: String].self, name: "[Int8: String]"),
            .codable([UInt: Bool].self, name: "[UInt: Bool]"),
        ]
    ) { rng in
        var members: [(String, TemplateNode)] = []
        for _ in 0..<rng.next(in: 0...6) {
            let key = rng.chance(60) ? String(rng.next(in: -300...300)) : TemplatePools.pick(dictionaryKeys, &rng)
            members.append((key, rng.chance(50) ? .bool(rng.chance(50)) : string(&rng)))
        }
        return .object(members)
    }

    static let enums = DecoderTemplate(name: "enums", pairs: [.codable(Enums.self, name: "Enums")]) { rng in
        let colours: [TemplateNode] = ["red", "green", "BLUE", "blue", "", "é", "e\u{301}", "Red"].map { .string($0) }
        let levels: [TemplateNode] = ["0", "5", "-1", "9223372036854775807", "1", "5.0", "5e0", "-0"].map {
            .number($0)
        }
        func figure(_ rng: inout Rng) -> TemplateNode {
            switch rng.next(below: 6) {
            case 0: return .object([("circle", object([("radius", number(&rng))]))])
            case 1:
                return .object([("rect", object([("_0", TemplatePools.int(&rng)), ("_1", TemplatePools.int(&rng))]))])
            case 2: return .object([("none", .object([]))])
            case 3:
                return .object([
                    ("labelled", object([("_0", string(&rng)), ("id", optional(&rng) { TemplatePools.int(&$0) })]))
                ])
            case 4: return .object([("circle", .object([])), ("none", .object([]))])
            default: return .object([(TemplatePools.pick(["square", "_0", ""], &rng), .object([]))])
            }
        }
        return object([
            ("colour", TemplatePools.pick(colours, &rng)), ("level", TemplatePools.pick(levels, &rng)),
            ("colours", list(&rng) { TemplatePools.pick(colours, &$0) }), ("figures", list(&rng, 3, figure)),
            ("maybe", optional(&rng) { TemplatePools.pick(levels, &$0) }),
        ])
    }

    static let decimals = DecoderTemplate(
        name: "decimal",
        pairs: [
            .decodable(Decimals.self, name: "Decimals", canonical: Decimals.canonical),
            .decodable(Decimal.self, name: "Decimal (top level)") { d in
                Array("\(d)|\(d.exponent)|\(d.significand)".utf8)
            },
        ]
    ) { rng in
        if rng.chance(20) { return number(&rng) }
        return object([
            ("d", number(&rng)), ("ds", list(&rng, 5, number)), ("od", optional(&rng, number)),
        ])
    }

    // Dates

    /// `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`, en_US_POSIX, UTC, Gregorian: fixed whatever the machine.
    /// Built per use: a shared `DateFormatter` is not `Sendable` on Darwin (issue 37).
    static var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
        return formatter
    }

    /// A number of seconds since 1970, or a string `@<seconds>`.
    @Sendable static func customDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
        let text = try container.decode(String.self)
        guard text.hasPrefix("@"), let seconds = Double(text.dropFirst()) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected @seconds")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    private static let dateTexts = [
        "2024-05-01T10:00:00Z", "2024-05-01T10:00:00+02:00", "2024-05-01T10:00:00.123Z", "2024-02-29T23:59:59Z",
        "2023-02-29T00:00:00Z", "2024-05-01T10:00:00", "2024-05-01", "1970-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z", "2024-05-01T24:00:00Z", "2024-05-01T10:00:00.123+00:00", "2024-05-01T10:00:00.1234567Z",
        "2024-05-01t10:00:00z", "2024-05-01 10:00:00Z", "", "@0", "@1714557600.5", "@x",
        "2024-05-01T10:00:00.000-05:30",
        "2024-13-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z",
    ]

    static func date(_ label: String, _ strategy: JSONDecoder.DateDecodingStrategy, number: Bool) -> DecoderTemplate {
        var strategies = DecoderStrategies(name: "date \(label)")
        strategies.date = strategy
        return DecoderTemplate(
            name: "date-\(label)", pairs: [.codable(Dates.self, name: "Dates", strategies: strategies)]
        ) {
            rng in
            func value(_ rng: inout Rng) -> TemplateNode {
                let numeric = number ? rng.chance(85) : rng.chance(15)
                if numeric {
                    return rng.chance(50)
                        ? .number(String(rng.next(in: -5_000_000_000...5_000_000_000)) + (rng.chance(30) ? ".25" : ""))
                        : .number(TemplatePools.number(&rng))
                }
                if label == "formatted" && rng.chance(60) {
                    return .string(
                        String(
                            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", rng.next(in: 1...9999), rng.next(in: 1...13),
                            rng.next(in: 1...31), rng.next(in: 0...24), rng.next(in: 0...59), rng.next(in: 0...60),
                            rng.next(in: 0...999)) + TemplatePools.pick(["Z", "+02:00", "-05:30", "+0200", ""], &rng))
                }
                if label == "custom" && rng.chance(60) {
                    return .string(
                        "@" + String(rng.next(in: -100_000...100_000)) + TemplatePools.pick(["", ".5", "x"], &rng))
                }
                return .string(TemplatePools.pick(dateTexts, &rng))
            }
            return object([("at", value(&rng)), ("list", list(&rng, 3, value)), ("maybe", optional(&rng, value))])
        }
    }

    // Data

    /// A hex string.
    @Sendable static func customData(_ decoder: any Decoder) throws -> Data {
        let container = try decoder.singleValueContainer()
        let text = Array(try container.decode(String.self).utf8)
        guard text.count % 2 == 0 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "odd number of hex digits")
        }
        var bytes: [UInt8] = []
        var i = 0
        while i < text.count {
            guard let byte = UInt8(String(decoding: text[i..<i + 2], as: UTF8.self), radix: 16) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not hex")
            }
            bytes.append(byte)
            i += 2
        }
        return Data(bytes)
    }

    private static let base64Texts = [
        "", "SGVsbG8=", "SGVsbG8", "SGVsbG8==", "AA==", "AAA=", "////", "++++", "-_-_", "SGVs bG8=", "SGVsbG8=\n",
        "Zm9vYmFy", "Zm9vYg==", "Zm9vYg=", "=", "ZZ==", "00ff", "0aFf", "abc", "zz",
    ]
    private static let hexTexts = ["", "00ff", "0aFf", "abc", "zz", "48656c6c6f", "+1", "0g", "DEADBEEF", "00"]

    static func data(_ label: String, _ strategy: JSONDecoder.DataDecodingStrategy) -> DecoderTemplate {
        var strategies = DecoderStrategies(name: "data \(label)")
        strategies.data = strategy
        let deferred = label == "deferred-to-data"
        return DecoderTemplate(
            name: "data-\(label)", pairs: [.codable(Blobs.self, name: "Blobs", strategies: strategies)]
        ) {
            rng in
            func value(_ rng: inout Rng) -> TemplateNode {
                if deferred && rng.chance(80) {
                    return list(&rng, 5) { rng in
                        rng.chance(85) ? .number(String(rng.next(in: 0...255))) : .number(TemplatePools.number(&rng))
                    }
                }
                return .string(TemplatePools.pick(label == "custom" && rng.chance(70) ? hexTexts : base64Texts, &rng))
            }
            return object([("data", value(&rng)), ("list", list(&rng, 3, value)), ("maybe", optional(&rng, value))])
        }
    }

    // URL, UUID

    private static let urlTexts = [
        "https://example.com/a?b=c#d", "http://[::1]:8080/", "", " ", "not a url", "a/b", "%zz", "https://ex ample.com",
        "file:///tmp/x", "mailto:a@b.c", "https://exämple.com/ü", "//host", "?", "#", "http://a:b@c:1/d;e?f",
    ]
    private static let uuidTexts = [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
        "E621E1F8C36C495A93FC0C247A3E6E5F",
        "", "00000000-0000-0000-0000-000000000000", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ]

    static let identifiers = DecoderTemplate(name: "url-uuid", pairs: [.codable(Identifiers.self, name: "Identifiers")])
    {
        rng in
        object([
            ("url", .string(TemplatePools.pick(urlTexts, &rng))),
            ("id", .string(rng.chance(50) ? uuidTexts[0] : TemplatePools.pick(uuidTexts, &rng))),
            ("urls", list(&rng) { optional(&$0) { .string(TemplatePools.pick(urlTexts, &$0)) } ?? .null }),
            ("ids", list(&rng) { .string(TemplatePools.pick(uuidTexts, &$0)) }),
        ])
    }

    // Numbers

    static let floats: DecoderTemplate = {
        var fromString = DecoderStrategies(name: "non-conforming floats from strings")
        fromString.nonConformingFloats = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-inf", nan: "NaN")
        return DecoderTemplate(
            name: "floats",
            pairs: [
                .codable(Floats.self, name: "Floats"),
                .codable(Floats.self, name: "Floats", strategies: fromString),
                .codable([Double].self, name: "[Double]", strategies: fromString),
            ]
        ) { rng in
            func value(_ rng: inout Rng) -> TemplateNode {
                rng.chance(15)
                    ? .string(TemplatePools.pick(["Infinity", "-inf", "NaN", "inf", "-Infinity", "nan", "1.5"], &rng))
                    : number(&rng)
            }
            if rng.chance(15) { return list(&rng, 5, value) }
            return object([
                ("d", value(&rng)), ("f", value(&rng)), ("ds", list(&rng, 4, value)), ("fs", list(&rng, 4, value)),
                ("od", optional(&rng, value)),
            ])
        }
    }()

    static let integers = DecoderTemplate(name: "integers", pairs: [.codable(Integers.self, name: "Integers")]) { rng in
        let names = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "i", "u"]
        var members: [(String, TemplateNode)] = []
        func value(_ rng: inout Rng) -> TemplateNode {
            rng.chance(25) ? number(&rng) : .number(String(rng.next(in: 0...127)))
        }
        for name in names where rng.chance(50) { members.append((name, value(&rng))) }
        if rng.chance(30) { members.append(("list", list(&rng, 4, value))) }
        return .object(members)
    }

    static let topLevel = DecoderTemplate(
        name: "top-level",
        pairs: [
            .codable(Int.self, name: "Int"), .codable(Int8.self, name: "Int8"), .codable(UInt8.self, name: "UInt8"),
            .codable(Int16.self, name: "Int16"), .codable(UInt16.self, name: "UInt16"),
            .codable(Int32.self, name: "Int32"), .codable(UInt32.self, name: "UInt32"),
            .codable(Int64.self, name: "Int64"), .codable(UInt64.self, name: "UInt64"),
            .codable(UInt.self, name: "UInt"), .codable(Double.self, name: "Double"),
            .codable(Float.self, name: "Float"), .codable(Bool.self, name: "Bool"),
            .codable(String.self, name: "String"), .codable([Int].self, name: "[Int]"),
            .codable([Double?].self, name: "[Double?]"), .codable(Int?.self, name: "Int?"),
            .codable([[String]].self, name: "[[String]]"),
        ]
    ) { rng in
        switch rng.next(below: 8) {
        case 0, 1, 2: return number(&rng)
        case 3: return string(&rng)
        case 4: return rng.chance(50) ? .bool(rng.chance(50)) : .null
        case 5: return list(&rng, 4) { TemplatePools.int(&$0) }
        case 6: return list(&rng, 3) { list(&$0, 3, string) }
        default: return list(&rng, 4) { rng in rng.chance(20) ? .null : number(&rng) }
        }
    }

    // Keys

    private static let memberNames = [
        "_a", "a__b", "URL_value", "url_value", "a_", "a", "a_b_c", "one_two", "oneTwo", "aB", "urlValue", "URLValue",
        "__", "_", "", "a_b_", "A_B", "dict", "_a_b", "über_straße", "ONE_TWO", "one__two_", "a_1", "1_a",
    ]

    /// Keys lowercased with their underscores removed: a strategy that is neither default nor snake case.
    @Sendable static func customKey(_ path: [any CodingKey]) -> any CodingKey {
        let last = path.last?.stringValue ?? ""
        return AnyKey(stringValue: String(last.lowercased().filter { $0 != "_" }))
    }

    static let keyStrategies: DecoderTemplate = {
        var snake = DecoderStrategies(name: "keys convertFromSnakeCase")
        snake.keys = .convertFromSnakeCase
        var custom = DecoderStrategies(name: "keys custom (lowercased, no underscores)")
        custom.keys = .custom(customKey)
        return DecoderTemplate(
            name: "key-strategies",
            pairs: [
                .codable(KeyNames.self, name: "KeyNames"), .codable(KeyNames.self, name: "KeyNames", strategies: snake),
                .codable(KeyNames.self, name: "KeyNames", strategies: custom),
                .codable([String: Int].self, name: "[String: Int]", strategies: snake),
                .codable([String: Int].self, name: "[String: Int]", strategies: custom),
            ]
        ) { rng in
            var members: [(String, TemplateNode)] = []
            for _ in 0..<rng.next(in: 0...6) {
                let name = TemplatePools.pick(memberNames, &rng)
                let value: TemplateNode =
                    name == "dict"
                    ? .object([(TemplatePools.pick(memberNames, &rng), TemplatePools.int(&rng))])
                    : TemplatePools.int(&rng)
                members.append((name, value))
            }
            return .object(members)
        }
    }()

    // Hand-written init(from:)

    static let classes = DecoderTemplate(
        name: "class-hierarchy",
        pairs: [
            .decodable(Dog.self, name: "Dog (superDecoder(forKey:))") { Array($0.rendering.utf8) },
            .decodable(Cat.self, name: "Cat (superDecoder())") { Array($0.rendering.utf8) },
        ]
    ) { rng in
        func animal(_ rng: inout Rng) -> TemplateNode {
            object([("id", TemplatePools.int(&rng)), ("tag", optional(&rng, string))])
        }
        return object([
            ("name", string(&rng)), ("tricks", optional(&rng) { list(&$0, 3, string) }),
            ("animal", rng.chance(80) ? animal(&rng) : nil),
            ("lives", .number(TemplatePools.pick(["9", "0", "255", "256", "-1", "1.0"], &rng))),
            ("super", rng.chance(80) ? animal(&rng) : nil), ("id", rng.chance(30) ? TemplatePools.int(&rng) : nil),
        ])
    }

    static let containers = DecoderTemplate(
        name: "nested-containers", pairs: [.decodable(Containers.self, name: "Containers") { Array($0.rendering.utf8) }]
    ) { rng in
        func row(_ rng: inout Rng) -> TemplateNode {
            var cells: [TemplateNode] = [TemplatePools.int(&rng)]
            if rng.chance(70) { cells.append(rng.chance(20) ? .null : string(&rng)) }
            if rng.chance(40) { cells.append(object([("v", string(&rng))])) }
            return .array(cells)
        }
        return object([
            (
                "meta",
                object([
                    ("version", TemplatePools.int(&rng)),
                    ("flags", object([("on", optional(&rng) { .bool($0.chance(50)) })])),
                ])
            ),
            ("rows", list(&rng, 4, row)),
        ])
    }

    static let pastTheEnd = DecoderTemplate(
        name: "unkeyed-past-end", pairs: [.decodable(PastTheEnd.self, name: "PastTheEnd") { Array($0.rendering.utf8) }]
    ) { rng in
        var elements: [TemplateNode] = [TemplatePools.int(&rng)]
        let more = rng.next(in: 0...3)
        if more >= 1 { elements.append(rng.chance(40) ? .null : string(&rng)) }
        if more >= 2 { elements.append(number(&rng)) }
        if more >= 3 { elements.append(rng.chance(50) ? .null : TemplatePools.int(&rng)) }
        return .array(elements)
    }

    static let presence = DecoderTemplate(
        name: "decode-if-present", pairs: [.decodable(Presence.self, name: "Presence") { Array($0.rendering.utf8) }]
    ) { rng in
        func maybe(_ rng: inout Rng, _ make: (inout Rng) -> TemplateNode) -> TemplateNode? {
            switch rng.next(below: 4) {
            case 0: return nil
            case 1: return .null
            case 2: return TemplateNearMiss.wrongValue(&rng)
            default: return make(&rng)
            }
        }
        return object([
            ("a", maybe(&rng) { TemplatePools.int(&$0) }), ("b", maybe(&rng) { TemplatePools.int(&$0) }),
            ("c", maybe(&rng) { TemplatePools.int(&$0) }),
            ("d", maybe(&rng) { list(&$0) { rng in rng.chance(30) ? .null : TemplatePools.int(&rng) } }),
            ("e", maybe(&rng, string)),
        ])
    }

    /// Arbitrary JSON into ``AnyJSON``.
    static let anyJSON = DecoderTemplate(name: "any-json", pairs: [AnyJSON.pair()]) { rng in
        func value(_ rng: inout Rng, depth: Int) -> TemplateNode {
            switch rng.next(below: depth > 3 ? 5 : 8) {
            case 0: return .null
            case 1: return .bool(rng.chance(50))
            case 2, 3: return number(&rng)
            case 4: return string(&rng)
            case 5: return list(&rng, 4) { value(&$0, depth: depth + 1) }
            default:
                var members: [(String, TemplateNode)] = []
                for _ in 0..<rng.next(in: 0...4) {
                    members.append((TemplatePools.pick(dictionaryKeys, &rng), value(&rng, depth: depth + 1)))
                }
                return .object(members)
            }
        }
        return value(&rng, depth: 0)
    }
}
