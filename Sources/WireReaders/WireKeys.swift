import Foundation
import WireJSONCore

/// Coding paths in wire keys. A decoder with a key strategy (`convertFromSnakeCase`, `custom`)
/// reports its errors at Swift names (`$.user.avatarUrl`); the fixture, the golden and the path a
/// test names say `avatar_url`. This maps a coding path back onto the document it was decoded from.
package enum WireKeys {
    /// Whether the decoder renames keys at all (if not, coding paths already are wire paths).
    package static func renamesKeys(_ decoder: JSONDecoder) -> Bool {
        if case .useDefaultKeys = decoder.keyDecodingStrategy { return false }
        return true
    }

    /// The wire path of `codingPath` in `document`, and the wire spelling of its last key when that
    /// key is missing from the document (a `keyNotFound`).
    ///
    /// At each object on the way, the member whose name the decoder turns into the coding key is
    /// the wire key; a key the object lacks is converted with `convertToSnakeCase` when the decoder
    /// uses `convertFromSnakeCase` (a custom strategy cannot be inverted: its Swift name is kept).
    package static func wirePath(_ codingPath: [any CodingKey], in document: JSONValue?, decoder: JSONDecoder)
        -> JSONPath
    {
        var components: [JSONPath.Component] = []
        var node = document
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                components.append(.index(index))
                node = node?[index]
                continue
            }
            let name = key.stringValue
            guard case .object(let object)? = node else {
                components.append(.key(missingKey(name, decoder)))
                node = nil
                continue
            }
            let wire = member(of: object, decodingTo: name, decoder) ?? missingKey(name, decoder)
            components.append(.key(wire))
            node = object[wire]
        }
        return JSONPath(components)
    }

    /// The member of `object` that `decoder` reads as the key `name`, or nil. Tries the likely
    /// spellings first (the name itself, its snake_case form), so the common case costs one or two
    /// conversions; the other members are tried only when those miss.
    package static func member(of object: JSONObject, decodingTo name: String, _ decoder: JSONDecoder) -> String? {
        var tried = Set<String>()
        var likely = [name]
        if case .convertFromSnakeCase = decoder.keyDecodingStrategy { likely.append(snakeCase(name)) }
        for candidate in likely where object[candidate] != nil && tried.insert(candidate).inserted {
            if converted(candidate, decoder) == name { return candidate }
        }
        for member in object.members where tried.insert(member.key).inserted {
            if converted(member.key, decoder) == name { return member.key }
        }
        return nil
    }

    /// How a key absent from the document is spelled on the wire.
    package static func missingKey(_ name: String, _ decoder: JSONDecoder) -> String {
        if case .convertFromSnakeCase = decoder.keyDecodingStrategy { return snakeCase(name) }
        return name
    }

    /// What `decoder`'s key strategy makes of the wire key `key`: the key of a one-member object, as
    /// the decoder's own container lists it.
    package static func converted(_ key: String, _ decoder: JSONDecoder) -> String? {
        let probe = JSONDecoder()
        probe.keyDecodingStrategy = decoder.keyDecodingStrategy
        let document = CanonicalJSONWriter.bytes(.object(JSONObject([JSONObject.Member(key: key, value: .null)])))
        return (try? probe.decode(KeyProbe.self, from: Data(document)))?.key
    }

    /// Foundation's `convertToSnakeCase` of a Swift name (`avatarURL` → `avatar_url`), asked of a
    /// `JSONEncoder` so the rule is exactly the one Foundation applies.
    package static func snakeCase(_ name: String) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(KeyWriter(key: name)),
            case .object(let object)? = try? JSONValue.parse(data), let first = object.members.first
        else { return name }
        return first.key
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct KeyProbe: Decodable {
        var key: String?
        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue
        }
    }

    struct KeyWriter: Encodable {
        var key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encodeNil(forKey: AnyKey(key))
        }
    }
}
