// Arrays and `[String: V]` filled by the decoder itself rather than by the standard library's
// init(from:) over a container: the same elements in the same order and the same errors, without
// an unkeyed container in an existential, an `allKeys` array of keys, a lookup per member and a
// collection that grows from empty. `decodeWithReport` keeps the generic path, which its recorder
// watches.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A collection the decoder can fill itself.
protocol DirectlyDecodable {
    /// The value at `index`, whose coding path is `path`; `type` is `Self` (a generic result
    /// rather than `Self` or `Self?` spares the runtime a metadata lookup and a cast per call).
    /// The one caller passes the type whose conformance it found, so `T` is `Self` by
    /// construction; implementations check it with `assert` only, since naming `Self` in
    /// release code would cost the very metadata lookup this signature avoids.
    /// When the generic path must decide, it decodes the value through init(from:), which gives
    /// the same errors up to the point where the direct fill stopped.
    static func decodeDirectly<T: Decodable>(_ impl: DecoderImpl, _ index: Int, path: PathNode, as type: T.Type) throws
        -> T
}

/// Which types met so far are ``DirectlyDecodable``, for one thread and every decode on it.
///
/// The runtime's answer to `as? any DirectlyDecodable.Type` costs a conformance lookup (hundreds
/// of instructions, and most answers are no: model types), and a decode of a small document meets
/// each of its types once, so a cache per decode would ask the runtime again for every document.
/// A lock around a process-wide cache costs about as much as the lookup; a table per thread
/// costs one `pthread_getspecific` per decode. The table only records facts about types, so a
/// decode nested inside another (an init(from:) that decodes) may share it.
final class DirectTypeCache {
    struct Entry {
        var type: ObjectIdentifier?
        var direct: (any DirectlyDecodable.Type)?
    }

    static let slots = 64
    private let entries: UnsafeMutablePointer<Entry>

    private init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(type: nil, direct: nil), count: Self.slots)
    }

    deinit {
        entries.deinitialize(count: Self.slots)
        entries.deallocate()
    }

    /// `type` as a ``DirectlyDecodable`` type, or nil; the runtime is asked once per type while
    /// it stays in the table (two ways per set, by a multiplicative hash of the metadata
    /// address, the newest first: a model type and its array rarely push each other out).
    @inline(__always) func lookup<T>(_ type: T.Type) -> (any DirectlyDecodable.Type)? {
        let id = ObjectIdentifier(type)
        let hash = UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15
        let set = Int(truncatingIfNeeded: hash &>> 58) & (Self.slots &- 2)
        if entries[set].type == id { return entries[set].direct }
        if entries[set &+ 1].type == id { return entries[set &+ 1].direct }
        let direct = type as? any DirectlyDecodable.Type
        entries[set &+ 1] = entries[set]
        entries[set] = Entry(type: id, direct: direct)
        return direct
    }

    /// The calling thread's table, made on its first decode and released when the thread ends.
    static var current: DirectTypeCache {
        if let table = pthread_getspecific(key) {
            return Unmanaged<DirectTypeCache>.fromOpaque(table).takeUnretainedValue()
        }
        let table = DirectTypeCache()
        pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
        return table
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, releaseTable)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}

#if canImport(Darwin)
    private func releaseTable(_ table: UnsafeMutableRawPointer) {
        Unmanaged<DirectTypeCache>.fromOpaque(table).release()
    }
#else
    private func releaseTable(_ table: UnsafeMutableRawPointer?) {
        if let table { Unmanaged<DirectTypeCache>.fromOpaque(table).release() }
    }
#endif

extension Array: DirectlyDecodable where Element: Decodable {
    /// `Array.init(from:)`: an unkeyed container, then `decode(Element.self)` until its end.
    static func decodeDirectly<T: Decodable>(
        _ impl: DecoderImpl, _ index: Int, path: PathNode, as type: T.Type
    ) throws -> T {
        assert(T.self == Self.self, "decodeDirectly(as:) is asked for its own type")
        let tape = impl.tape
        guard tape.kind(index) == .array else { throw impl.notAnArray(index, path: path.path) }
        let count = tape.count(index)
        // T is Self, so every bit cast is an identity. Arrays of the common leaf types are built
        // as the concrete array type, whose storage the runtime does not have to look up by
        // element type.
        if count == 0 { return unsafeBitCast(Self(), to: T.self) }
        if Element.self == String.self {
            return unsafeBitCast(
                try fill(impl, index, count) { try impl.unwrapString($0, parent: path, key: $1) }, to: T.self)
        }
        if Element.self == Int.self {
            return unsafeBitCast(
                try fill(impl, index, count) { try impl.unwrapInteger($0, as: Int.self, parent: path, key: $1) },
                to: T.self)
        }
        if Element.self == Double.self {
            return unsafeBitCast(
                try fill(impl, index, count) { try impl.unwrapFloat($0, as: Double.self, parent: path, key: $1) },
                to: T.self)
        }
        if Element.self == Bool.self {
            return unsafeBitCast(
                try fill(impl, index, count) { try impl.unwrapBool($0, parent: path, key: $1) }, to: T.self)
        }
        let elements: Self = try fill(impl, index, count) {
            try impl.unwrap($0, as: Element.self, parent: path, key: $1)
        }
        return unsafeBitCast(elements, to: T.self)
    }

    /// The `count` elements of the array at `index`, each decoded by `element` from its tape
    /// index and its key.
    @inline(__always) private static func fill<E>(
        _ impl: DecoderImpl, _ index: Int, _ count: Int, _ element: (Int, KeyThunk) throws -> E
    ) rethrows -> [E] {
        let tape = impl.tape
        var elements: [E] = []
        elements.reserveCapacity(count)
        var entry = index &+ 1
        for position in 0..<count {
            elements.append(try element(entry, { WireCodingKey(index: position) }))
            entry = tape.end(entry)
        }
        return elements
    }
}

extension Dictionary: DirectlyDecodable where Key == String, Value: Decodable {
    /// `Dictionary.init(from:)` for `String` keys: a keyed container, then every name of its
    /// `allKeys` (payload order) decoded and stored. Only with the default key strategy (another
    /// one takes JSONDecoder's own dictionary path) and for objects whose names do not repeat;
    /// two names that are equal as `String`s but not byte for byte (canonically equivalent)
    /// send the object back to the generic path too.
    static func decodeDirectly<T: Decodable>(
        _ impl: DecoderImpl, _ index: Int, path: PathNode, as type: T.Type
    ) throws -> T {
        assert(T.self == Self.self, "decodeDirectly(as:) is asked for its own type")
        let tape = impl.tape
        guard tape.kind(index) == .object else { throw impl.notAnObject(index, path: path.path) }
        if tape.flags(index) & ObjectFlags.duplicates != 0 { return try impl.decodeNested(index, as: type, path: path) }
        let count = tape.count(index)
        try impl.checkMemberNames(index, count: count)
        var dictionary: Self = [:]
        dictionary.reserveCapacity(count)
        var member = index &+ 1
        for _ in 0..<count {
            guard let name = impl.stringValue(member) else { return try impl.decodeNested(index, as: type, path: path) }
            let value = try impl.unwrap(
                member &+ 1, as: Value.self, parent: path, key: { WireCodingKey.dictionaryMember(name) })
            if dictionary.updateValue(value, forKey: name) != nil {
                return try impl.decodeNested(index, as: type, path: path)
            }
            member = tape.end(member &+ 1)
        }
        return unsafeBitCast(dictionary, to: T.self)
    }
}
