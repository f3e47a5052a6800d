// Arrays and `[String: V]` filled by the decoder itself rather than by the standard library's
// init(from:) over a container: the same elements in the same order and the same errors, without
// an unkeyed container in an existential, an `allKeys` array of keys, a lookup per member and a
// collection that grows from empty. `decodeWithReport` keeps the generic path, which its recorder
// watches.

/// A collection the decoder can fill itself.
protocol DirectlyDecodable {
    /// The value at `index`, whose coding path is `path`; nil when the generic path must decide
    /// (the value is then decoded again through init(from:), which gives the same errors up to
    /// the point where this one stopped).
    static func decodeDirectly(_ impl: DecoderImpl, _ index: Int, path: PathNode) throws -> Self?
}

extension Array: DirectlyDecodable where Element: Decodable {
    /// `Array.init(from:)`: an unkeyed container, then `decode(Element.self)` until its end.
    static func decodeDirectly(_ impl: DecoderImpl, _ index: Int, path: PathNode) throws -> [Element]? {
        let tape = impl.tape
        guard tape.kind(index) == .array else { throw impl.notAnArray(index, path: path.path) }
        let count = tape.count(index)
        if count == 0 { return [] }
        var result: [Element] = []
        result.reserveCapacity(count)
        var element = index &+ 1
        for position in 0..<count {
            result.append(
                try impl.unwrap(element, as: Element.self, parent: path, key: { WireCodingKey(index: position) }))
            element = tape.end(element)
        }
        return result
    }
}

extension Dictionary: DirectlyDecodable where Key == String, Value: Decodable {
    /// `Dictionary.init(from:)` for `String` keys: a keyed container, then every name of its
    /// `allKeys` (payload order) decoded and stored. Only with the default key strategy (another
    /// one takes JSONDecoder's own dictionary path) and for objects whose names do not repeat;
    /// two names that are equal as `String`s but not byte for byte (canonically equivalent)
    /// send the object back to the generic path too.
    static func decodeDirectly(_ impl: DecoderImpl, _ index: Int, path: PathNode) throws -> [String: Value]? {
        let tape = impl.tape
        guard tape.kind(index) == .object else { throw impl.notAnObject(index, path: path.path) }
        if tape.flags(index) & ObjectFlags.duplicates != 0 { return nil }
        let count = tape.count(index)
        try impl.checkMemberNames(index, count: count)
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        var member = index &+ 1
        for _ in 0..<count {
            guard let name = impl.stringValue(member) else { return nil }
            let value = try impl.unwrap(
                member &+ 1, as: Value.self, parent: path, key: { WireCodingKey.dictionaryMember(name) })
            if result.updateValue(value, forKey: name) != nil { return nil }
            member = tape.end(member &+ 1)
        }
        return result
    }
}
