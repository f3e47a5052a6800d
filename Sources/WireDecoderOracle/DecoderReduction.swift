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
        let mapper = KeyMapper(strategies: strategies)
        guard let root = try? JSONValue.parse(body, options: options) else {
            // Not JSON the tree parser reads (a string with invalid UTF-8, a lone surrogate, a bad
            // escape, which JSONDecoder only checks when it decodes that string): edit the bytes
            // themselves, which keeps such strings as they are.
            return LenientSpans.reduce(Array(body), request, mapper: mapper)
        }
        guard let reduced = rewrite(root, request.prefix[...], edit: request.edit, mapper: mapper) else { return nil }
        // Compact, in source member order (repeated names kept), numbers as written.
        return CanonicalJSONWriter.sourceOrdered(reduced).bytes
    }

    /// The document with every group of an object's members whose names are one `Int` (`"01"`,
    /// `"1"`, `"+1"`) cut down to the group's last member, read by `JSONDecoder`'s lenient scan and
    /// copied byte for byte otherwise; nil when no object has such a group or the scan cannot read
    /// the input. The value form of the dictionary rule decodes it.
    static func keepingLastOfEachKey(_ bytes: [UInt8]) -> [UInt8]? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var index = 0
        guard let range = LenientSpans.value(in: body, at: &index) else { return nil }
        LenientSpans.skipWhitespace(body, &index)
        guard index == body.count else { return nil }
        var out: [UInt8] = []
        var changed = false
        guard LenientSpans.keepLast(body, range, into: &out, changed: &changed), changed else { return nil }
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
            CanonicalJSONWriter.writeString(name, into: &document)
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

/// The dictionary rule's edits done on the bytes, for inputs only `JSONDecoder`'s lenient scan
/// reads: members are found by that scan's rules (a string ends at the first unescaped quote,
/// whatever it holds), and the kept members are copied byte for byte.
enum LenientSpans {
    /// One member of an object: its name as written (quotes included), the name read leniently,
    /// and its value's bytes.
    struct Member {
        var nameBytes: ArraySlice<UInt8>
        var name: String
        var value: ArraySlice<UInt8>
    }

    static func reduce(
        _ bytes: [UInt8], _ request: DictionaryReduction, mapper: DecoderReduction.KeyMapper
    ) -> [UInt8]? {
        var index = 0
        guard let range = value(in: bytes, at: &index) else { return nil }
        skipWhitespace(bytes, &index)
        guard index == bytes.count else { return nil }
        return rewrite(bytes, range, request.prefix[...], request.edit, mapper)
    }

    private static func rewrite(
        _ bytes: [UInt8], _ range: Range<Int>, _ prefix: ArraySlice<DecodingErrorSummary.Key>,
        _ edit: DictionaryReduction.Edit, _ mapper: DecoderReduction.KeyMapper
    ) -> [UInt8]? {
        guard let first = prefix.first else {
            guard let members = members(of: bytes, range) else { return nil }
            let kept: [Member]
            switch edit {
            case .keepOnly(let keep):
                kept = members.filter { mapper.names($0.name, keep.stringValue) }
                if kept.isEmpty { return nil }
            case .remove(let keys):
                kept = members.filter { member in !keys.contains { mapper.names(member.name, $0.stringValue) } }
                if kept.count == members.count { return nil }
            }
            var out: [UInt8] = [UInt8(ascii: "{")]
            for (position, member) in kept.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += member.nameBytes
                out.append(UInt8(ascii: ":"))
                out += member.value
            }
            out.append(UInt8(ascii: "}"))
            return Array(bytes[..<range.lowerBound]) + out + Array(bytes[range.upperBound...])
        }
        let inner: Range<Int>
        if bytes[range.lowerBound] == UInt8(ascii: "[") {
            guard let index = first.intValue, let elements = elements(of: bytes, range),
                elements.indices.contains(index)
            else { return nil }
            inner = elements[index]
        } else {
            guard let members = members(of: bytes, range) else { return nil }
            let matching = members.filter { mapper.names($0.name, first.stringValue) }
            guard matching.count == 1, let member = matching.first else { return nil }
            inner = member.value.startIndex..<member.value.endIndex
        }
        return rewrite(bytes, inner, prefix.dropFirst(), edit, mapper)
    }

    /// Writes the value at `range`, every object's members whose names are one `Int` cut down to
    /// the last of them; false when the scan cannot read it.
    static func keepLast(_ bytes: [UInt8], _ range: Range<Int>, into out: inout [UInt8], changed: inout Bool) -> Bool {
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "{"):
            guard let members = members(of: bytes, range) else { return false }
            var last: [Int: Int] = [:]
            var names: [Int: Set<String>] = [:]
            for (position, member) in members.enumerated() {
                guard let key = Int(member.name) else { continue }
                last[key] = position
                names[key, default: []].insert(member.name)
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (position, member) in members.enumerated() {
                if let key = Int(member.name), names[key, default: []].count > 1, last[key] != position {
                    changed = true
                    continue
                }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                out += member.nameBytes
                out.append(UInt8(ascii: ":"))
                let value = member.value.startIndex..<member.value.endIndex
                guard keepLast(bytes, value, into: &out, changed: &changed) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            guard let elements = elements(of: bytes, range) else { return false }
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                guard keepLast(bytes, element, into: &out, changed: &changed) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        default:
            out += bytes[range]
        }
        return true
    }

    static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The range of the value starting at `index` (after whitespace), by the lenient scan.
    static func value(in bytes: [UInt8], at index: inout Int) -> Range<Int>? {
        skipWhitespace(bytes, &index)
        guard index < bytes.count else { return nil }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { return nil }
            index += 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            while true {
                skipWhitespace(bytes, &index)
                guard index < bytes.count else { return nil }
                if bytes[index] == close { break }
                guard value(in: bytes, at: &index) != nil else { return nil }
                skipWhitespace(bytes, &index)
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
            index += 1
        default:
            while index < bytes.count, !" \t\r\n,:]}".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        return start..<index
    }

    static func members(of bytes: [UInt8], _ range: Range<Int>) -> [Member]? {
        guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        var index = range.lowerBound + 1
        var result: [Member] = []
        while true {
            skipWhitespace(bytes, &index)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return result }
            guard bytes[index] == UInt8(ascii: "\""), let name = value(in: bytes, at: &index) else { return nil }
            skipWhitespace(bytes, &index)
            guard index < range.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(in: bytes, at: &index) else { return nil }
            let text = bytes[(name.lowerBound + 1)..<(name.upperBound - 1)]
            let read =
                (try? JSONDecoder().decode(String.self, from: Data(bytes[name])))
                ?? String(decoding: text, as: UTF8.self)
            result.append(Member(nameBytes: bytes[name], name: read, value: bytes[member]))
            skipWhitespace(bytes, &index)
            if index < range.upperBound, bytes[index] == UInt8(ascii: ",") { index += 1 }
        }
    }

    static func elements(of bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>]? {
        var index = range.lowerBound + 1
        var result: [Range<Int>] = []
        while true {
            skipWhitespace(bytes, &index)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return result }
            guard let element = value(in: bytes, at: &index) else { return nil }
            result.append(element)
            skipWhitespace(bytes, &index)
            if index < range.upperBound, bytes[index] == UInt8(ascii: ",") { index += 1 }
        }
    }
}
