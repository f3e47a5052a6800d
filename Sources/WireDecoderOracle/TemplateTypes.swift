import Foundation

// The Codable types of the decoder oracle's templates. Each one exercises one corner of Codable; the
// hand-written `init(from:)`s use the container calls models use (nested containers, super
// decoders, decodeIfPresent on null / missing / wrong type, unkeyed containers past their end).

struct NestedOptionals: Codable, Sendable {
    struct Inner: Codable, Sendable {
        var x: Double?
        var y: [Int?]
        var z: String??
    }
    var a: Int?
    var b: [String?]?
    var c: Inner?
    var d: [[Int?]?]?
    var e: Bool??
}

enum Colour: String, Codable, Sendable {
    case red, green
    case blue = "BLUE"
    case empty = ""
    case accented = "é"
}

enum Level: Int, Codable, Sendable {
    case low = 0
    case mid = 5
    case high = -1
    case big = 9_223_372_036_854_775_807
}

enum Figure: Codable, Sendable {
    case circle(radius: Double)
    case rect(Int, Int)
    case none
    case labelled(_ name: String, id: Int?)
}

struct Enums: Codable, Sendable {
    var colour: Colour
    var level: Level
    var colours: [Colour]
    var figures: [Figure]
    var maybe: Level?
}

struct Decimals: Decodable, Sendable {
    var d: Decimal
    var ds: [Decimal]
    var od: Decimal?

    /// Every digit, the exponent and the sign, so two representations of one value stay apart.
    static func canonical(_ value: Decimals) -> [UInt8] {
        func text(_ d: Decimal) -> String { "\(d)|\(d.exponent)|\(d.significand)|\(d.isNaN)" }
        return Array(([text(value.d)] + value.ds.map(text) + [value.od.map(text) ?? "nil"]).joined(separator: ";").utf8)
    }
}

struct Dates: Codable, Sendable {
    var at: Date
    var list: [Date]
    var maybe: Date?
}

struct Blobs: Codable, Sendable {
    var data: Data
    var list: [Data]
    var maybe: Data?
}

struct Identifiers: Codable, Sendable {
    var url: URL
    var id: UUID
    var urls: [URL?]
    var ids: [UUID]
}

struct Floats: Codable, Sendable {
    var d: Double
    var f: Float
    var ds: [Double]
    var fs: [Float]
    var od: Double?
}

struct Integers: Codable, Sendable {
    var i8: Int8?
    var i16: Int16?
    var i32: Int32?
    var i64: Int64?
    var u8: UInt8?
    var u16: UInt16?
    var u32: UInt32?
    var u64: UInt64?
    var i: Int?
    var u: UInt?
    var list: [Int8]?
}

/// Properties whose keys are the names key strategies disagree on (`_a`, `URLValue`, `a_`, `one_two`).
struct KeyNames: Codable, Sendable {
    var underscoreA: Int?
    var aB: Int?
    var urlValue: Int?
    var upperURLValue: Int?
    var trailingUnderscore: Int?
    var a: Int?
    var aBC: Int?
    var oneTwo: Int?
    var snakeOneTwo: Int?
    var dict: [String: Int]?

    enum CodingKeys: String, CodingKey {
        case underscoreA = "_a"
        case aB, urlValue
        case upperURLValue = "URLValue"
        case trailingUnderscore = "a_"
        case a, aBC, oneTwo
        case snakeOneTwo = "one_two"
        case dict
    }
}

class Animal: Decodable, @unchecked Sendable {
    var id: Int
    var tag: String?

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        id = try container.decode(Int.self, forKey: AnyKey(stringValue: "id"))
        tag = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "tag"))
    }

    var rendering: String { "id=\(id) tag=\(String(describing: tag))" }
}

final class Dog: Animal, @unchecked Sendable {
    var name: String
    var tricks: [String]

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        name = try container.decode(String.self, forKey: AnyKey(stringValue: "name"))
        tricks = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "tricks")) ?? []
        try super.init(from: container.superDecoder(forKey: AnyKey(stringValue: "animal")))
    }

    override var rendering: String { "Dog(name=\(name.debugDescription) tricks=\(tricks) \(super.rendering))" }
}

final class Cat: Animal, @unchecked Sendable {
    var lives: UInt8

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        lives = try container.decode(UInt8.self, forKey: AnyKey(stringValue: "lives"))
        try super.init(from: container.superDecoder())
    }

    override var rendering: String { "Cat(lives=\(lives) \(super.rendering))" }
}

/// Nested keyed and unkeyed containers, by hand.
struct Containers: Decodable, Sendable {
    var rendering: String

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: AnyKey.self)
        let meta = try root.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "meta"))
        let version = try meta.decode(Int.self, forKey: AnyKey(stringValue: "version"))
        let flags = try meta.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "flags"))
        let on = try flags.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "on"))
        var rows = try root.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "rows"))
        var cells: [String] = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            let first = try row.decode(Int.self)
            let second = try row.decodeIfPresent(String.self)
            var third = "-"
            if !row.isAtEnd {
                let cell = try row.nestedContainer(keyedBy: AnyKey.self)
                third = try cell.decode(String.self, forKey: AnyKey(stringValue: "v"))
            }
            cells.append("\(first),\(String(describing: second)),\(third),count=\(String(describing: row.count))")
        }
        rendering = "v\(version) on=\(String(describing: on)) rows=\(cells) at=\(rows.currentIndex)"
    }
}

/// An unkeyed container read past its end, with decodeNil and isAtEnd on the way.
struct PastTheEnd: Decodable, Sendable {
    var rendering: String

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        let a = try list.decode(Int.self)
        let b = try list.decodeNil() ? nil : try list.decode(String.self)
        let atEnd = list.isAtEnd
        let c = try list.decode(Double.self)
        let d = try list.decodeIfPresent(Int.self)
        rendering = "\(a) \(String(describing: b)) \(atEnd) \(c) \(String(describing: d)) \(list.currentIndex)"
    }
}

/// decodeIfPresent, decodeNil and contains on null, missing and wrongly typed members; one
/// `try?` that swallows an error, as lenient models do.
struct Presence: Decodable, Sendable {
    var rendering: String

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        func key(_ name: String) -> AnyKey { AnyKey(stringValue: name) }
        let a = try c.decodeIfPresent(Int.self, forKey: key("a"))
        let b = try? c.decodeIfPresent(Int.self, forKey: key("b"))
        let hasC = c.contains(key("c"))
        let cIsNil = hasC ? try c.decodeNil(forKey: key("c")) : nil
        let d = try c.decodeIfPresent([Int?].self, forKey: key("d"))
        let e = try c.decodeIfPresent(String.self, forKey: key("e")) ?? "default"
        let keys = c.allKeys.map(\.stringValue).sorted()
        rendering =
            "a=\(String(describing: a)) b=\(String(describing: b)) c=\(String(describing: cIsNil)) "
            + "d=\(String(describing: d)) e=\(e.debugDescription) keys=\(keys)"
    }
}
