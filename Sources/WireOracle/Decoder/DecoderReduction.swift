import Foundation
import WireJSON

/// Builds the inputs of the dictionary rule (``DecoderComparison``): the document with the object at a
/// coding path cut down to the members with a given key, or without the members with some keys.
///
/// A member matches a key when its name is the key, or when the decode's key strategy turns its name
/// into the key; for any strategy other than the default, names are mapped by asking `JSONDecoder` itself (one tiny decode per
/// member, only on this rare path), so the rule never depends on a re-implementation of
/// `convertFromSnakeCase`. A `.custom` strategy is asked with an empty coding path. Whenever the
/// way is ambiguous (two members with the same key on the path) or the input is not JSON the tree
/// parser reads (after a byte order mark, which it skips as `JSONDecoder` does), there is no reduced input, and the comparison stays a mismatch.
enum DecoderReduction {
    static func reduce(_ bytes: [UInt8], _ request: DictionaryReduction, strategies: DecoderStrategies) -> [UInt8]? {
        var options = JSONParseOptions.strict
        options.allowDuplicateKeys = true
        // JSONDecoder skips a UTF-8 byte order mark; the tree parser does not.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let root = try? JSONValue.parse(body, options: options) else { return nil }
        let mapper = KeyMapper(strategies: strategies)
        guard let reduced = rewrite(root, request.prefix[...], edit: request.edit, mapper: mapper) else { return nil }
        var out: [UInt8] = []
        write(reduced, into: &out)
        return out
    }

    private static func rewrite(
        _ value: JSONValue, _ prefix: ArraySlice<DecodingErrorSummary.Key>, edit: DictionaryReduction.Edit,
        mapper: KeyMapper
    ) -> JSONValue? {
        guard let first = prefix.first else {
            guard case .object(var object) = value else { return nil }
            let before = object.members.count
            switch edit {
            case .keepOnly(let keep):
                object.members = object.members.filter { mapper.names($0.key, keep.stringValue) }
                if object.members.isEmpty { return nil }
            case .remove(let keys):
                object.members = object.members.filter { member in
                    !keys.contains { mapper.names(member.key, $0.stringValue) }
                }
                if object.members.count == before { return nil }
            }
            return .object(object)
        }
        switch value {
        case .array(var elements):
            guard let index = first.intValue, elements.indices.contains(index) else { return nil }
            guard let inner = rewrite(elements[index], prefix.dropFirst(), edit: edit, mapper: mapper) else {
                return nil
            }
            elements[index] = inner
            return .array(elements)
        case .object(var object):
            let matching = object.members.indices.filter { mapper.names(object.members[$0].key, first.stringValue) }
            guard matching.count == 1, let at = matching.first else { return nil }
            guard let inner = rewrite(object.members[at].value, prefix.dropFirst(), edit: edit, mapper: mapper) else {
                return nil
            }
            object.members[at].value = inner
            return .object(object)
        default:
            return nil
        }
    }

    /// Writes a tree back, numbers as written, strings escaped minimally.
    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n): out += Array(n.text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Member name → key under a strategy.
    struct KeyMapper {
        let strategies: DecoderStrategies
        let decoder: JSONDecoder?

        init(strategies: DecoderStrategies) {
            self.strategies = strategies
            decoder = strategies.usesDefaultKeys ? nil : strategies.legacyDecoder()
        }

        /// Whether a member name can be the key: as it is (a `[String: T]` member, whose name
        /// `JSONDecoder` never converts), or converted by the strategy (a model's member).
        func names(_ name: String, _ key: String) -> Bool {
            name == key || (decoder != nil && self.key(for: name) == key)
        }

        func key(for name: String) -> String? {
            guard let decoder else { return name }
            var document: [UInt8] = []
            document.append(UInt8(ascii: "{"))
            DecoderReduction.writeString(name, into: &document)
            document += Array(":0}".utf8)
            return (try? decoder.decode(KeyProbe.self, from: Data(document)))?.key
        }
    }

    /// Reads the one key of a one-member object, as the decoder names it.
    struct KeyProbe: Decodable {
        var key: String?
        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue
        }
    }
}

/// A coding key for any name or index: the key type of the oracle's own `allKeys` walks.
public struct AnyKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public var stringValue: String
    /// The key's index, if any.
    public var intValue: Int?
    /// A key for a name.
    public init(stringValue: String) { self.stringValue = stringValue }
    /// A key for an index.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
