import Foundation

/// A universal `Decodable` model: any JSON decodes into it, through a single-value container that
/// tries each kind in turn (null, `Bool`, `Int`, `Double`, `String`, `[AnyJSON]`,
/// `[String: AnyJSON]`), so arrays drive unkeyed containers and objects keyed ones (a `Dictionary`)
/// over arbitrary documents. The order of the tries is part of the model: `1.0` and `1e2` become
/// `Int` when the decoder reads them as integers, as `JSONDecoder` does.
///
/// Equality is exact: doubles by bit pattern (`-0` is not `0`, `NaN` equals the same `NaN`).
///
/// ```swift
/// let value = try JSONDecoder().decode(AnyJSON.self, from: Data(#"{"a":[1,2.5,null]}"#.utf8))
/// ```
public enum AnyJSON: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number the decoder reads as `Int`.
    case int(Int)
    /// A number read as `Double` (not as `Int`).
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([AnyJSON])
    /// An object.
    case object([String: AnyJSON])

    /// Decodes any JSON value, or throws `dataCorrupted` at the value's path when no kind fits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: AnyJSON].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "no JSON kind fits"))
        }
    }

    /// Encodes the value back (non-finite doubles need an encoder strategy for them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Exact equality (doubles by bit pattern, strings by their scalars).
    public static func == (lhs: AnyJSON, rhs: AnyJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { $0 == value } ?? false }
        default: return false
        }
    }

    /// Hashes what `==` compares (object members in key order).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(i)
        case .double(let d): hasher.combine(d.bitPattern)
        case .string(let s): hasher.combine(Array(s.unicodeScalars.map(\.value)))
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for key in o.keys.sorted() {
                hasher.combine(key)
                hasher.combine(o[key])
            }
        }
    }

    /// A canonical rendering for the oracle: one tag per kind, doubles as bit patterns, strings as
    /// scalar values, object members sorted by name. Cheaper than a re-encoding, and exact.
    public var canonicalBytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("n".utf8)
        case .bool(let b): out += Array((b ? "t" : "f").utf8)
        case .int(let i): out += Array("i\(i);".utf8)
        case .double(let d): out += Array("d\(String(d.bitPattern, radix: 16));".utf8)
        case .string(let s): AnyJSON.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for element in a { element.write(into: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for key in o.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
                AnyJSON.writeString(key, into: &out)
                o[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out += Array("s\(s.unicodeScalars.count):".utf8)
        for scalar in s.unicodeScalars { out += Array("\(String(scalar.value, radix: 16)),".utf8) }
    }

    /// The pair that decodes documents into `AnyJSON` under `strategies`.
    public static func pair(strategies: DecoderStrategies = DecoderStrategies()) -> DecoderPair {
        DecoderPair.decodable(AnyJSON.self, name: "AnyJSON", strategies: strategies) { $0.canonicalBytes }
    }
}
