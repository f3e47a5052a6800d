// An object seen through a model's coding keys. With the default key strategy a key is found by
// comparing its UTF-8 with the member names in place, starting after the last member found (a
// model usually reads members in payload order, so most lookups take one comparison); large
// objects also get a hash index. Other key strategies convert every name once, as JSONDecoder
// does.
import Foundation
import WireDiagnostics

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let impl: DecoderImpl
    let object: Int
    let node: PathNode
    /// Names (converted by the key strategy, when it is not the default) to member indices, for
    /// other key strategies and for objects too large to scan; nil for the common case, so a
    /// container is three words.
    let lookup: MemberIndex?

    /// Objects with more members get a hash index of their names. Below it a lookup compares
    /// bytes in place from the member after the last one found: a model reads its keys in payload
    /// order, so reading k of n members costs about n length comparisons in all, where building the
    /// index costs n `String`s and hashes (a GitHub repository: 80 members, 20 read).
    static var indexThreshold: Int { 512 }

    init(impl: DecoderImpl, object: Int, node: PathNode) throws {
        self.impl = impl
        self.object = object
        self.node = node
        let tape = impl.tape
        let count = tape.count(object)
        impl.recorder?.opened(object, by: impl.currentType)
        if !impl.keyIsDefault {
            var names: [String: Int] = [:]
            names.reserveCapacity(count)
            var member = object &+ 1
            let custom: (([any CodingKey]) -> any CodingKey)?
            if case .custom(let closure) = impl.options.key { custom = closure } else { custom = nil }
            let containerPath = custom == nil ? [] : node.path
            for _ in 0..<count {
                guard let name = impl.stringValue(member) else {
                    throw impl.corrupted(
                        at: member, expected: String.self,
                        reason: "a member name that is not valid UTF-8 or has a bad escape")
                }
                let key: String
                if let custom {
                    key = custom(containerPath + [WireCodingKey(stringValue: name)]).stringValue
                } else {
                    key = WireDiagnostics.convertFromSnakeCase(name)
                }
                if names[key] == nil { names[key] = member }
                member = tape.end(member &+ 1)
            }
            lookup = MemberIndex(names: names, converted: true)
            return
        }
        try impl.checkMemberNames(object, count: count)
        lookup = count > Self.indexThreshold ? MemberIndex(impl: impl, object: object) : nil
    }

    var codingPath: [any CodingKey] { node.path }

    var allKeys: [Key] {
        if let lookup, lookup.converted {
            return lookup.names.keys.compactMap { Key(stringValue: $0) }
        }
        let tape = impl.tape
        var keys: [Key] = []
        keys.reserveCapacity(tape.count(object))
        var seen = Set<String>()
        let duplicates = tape.flags(object) & ObjectFlags.duplicates != 0
        var member = object &+ 1
        for _ in 0..<tape.count(object) {
            if let name = impl.stringValue(member), !duplicates || seen.insert(name).inserted,
                let key = Key(stringValue: name)
            {
                keys.append(key)
            }
            member = tape.end(member &+ 1)
        }
        return keys
    }

    // MARK: Finding members

    /// The tape index of the member name for `key`, or nil.
    @inline(__always) func memberIndex(_ key: Key) -> Int? {
        let name = key.stringValue
        if let lookup { return lookup.names[name] }
        if impl.tape.count(object) == 0 { return nil }
        var utf8Name = name
        // The search itself is not generic (DecoderImpl.member(of:named:name:)): a debug build runs
        // generic code unspecialised, and would pay for the generic context at every member.
        return utf8Name.withUTF8 { [impl, object] utf8 in impl.member(of: object, named: utf8, name: name) }
    }

    /// JSONDecoder's error for a key the object does not have.
    func keyNotFound(_ key: Key) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            .init(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    @inline(__always) func valueIndex(_ key: Key) throws -> Int {
        guard let member = memberIndex(key) else {
            throw keyNotFound(key)
        }
        impl.recorder?.consumed(member)
        return member &+ 1
    }

    /// The value for a `decodeIfPresent`: nil when the member is absent or null.
    @inline(__always) func presentValueIndex(_ key: Key) -> Int? {
        guard let member = memberIndex(key) else { return nil }
        impl.recorder?.consumed(member)
        return impl.tape.kind(member &+ 1) == .null ? nil : member &+ 1
    }

    func contains(_ key: Key) -> Bool {
        let member = memberIndex(key)
        if let recorder = impl.recorder {
            if let member {
                recorder.read(member &+ 1, type: Bool.self, method: .contains)
            } else {
                recorder.read(
                    .member(of: object, key: key.stringValue), type: Bool.self, method: .contains, outcome: .nothing)
            }
        }
        return member != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let member = memberIndex(key) else {
            impl.recorder?.read(
                .member(of: object, key: key.stringValue), type: Never.self, method: .decodeNil, outcome: .threw)
            throw keyNotFound(key)
        }
        guard impl.tape.kind(member &+ 1) == .null else { return false }
        if let recorder = impl.recorder {
            recorder.consumed(member)
            recorder.read(member &+ 1, type: Never.self, method: .decodeNil)
        }
        return true
    }

    // MARK: Recording reads (decodeWithReport only)

    /// Starts a recorded read (decodeWithReport only): the member's value and the read's number,
    /// the member marked read; an absent member is recorded as such and throws `keyNotFound`. The
    /// caller settles the read as thrown if decoding the value throws.
    @inline(__always) func beginRead(
        _ type: Any.Type, _ key: Key, _ method: WireDecodingReport.Read.Method
    ) throws -> (value: Int, id: Int) {
        let recorder = impl.recorder.unsafelyUnwrapped
        guard let member = memberIndex(key) else {
            recorder.read(.member(of: object, key: key.stringValue), type: type, method: method, outcome: .threw)
            throw keyNotFound(key)
        }
        recorder.consumed(member)
        return (member &+ 1, recorder.read(member &+ 1, type: type, method: method))
    }

    /// ``beginRead(_:_:_:)`` for `decodeIfPresent`: nil (the read recorded) when the member is
    /// absent or `null`.
    @inline(__always) func beginReadIfPresent(_ type: Any.Type, _ key: Key) -> (value: Int, id: Int)? {
        let recorder = impl.recorder.unsafelyUnwrapped
        guard let member = memberIndex(key) else {
            recorder.read(
                .member(of: object, key: key.stringValue), type: type, method: .decodeIfPresent, outcome: .nothing)
            return nil
        }
        recorder.consumed(member)
        let read = recorder.read(member &+ 1, type: type, method: .decodeIfPresent)
        if impl.tape.kind(member &+ 1) == .null {
            recorder.settle(read, .nothing)
            return nil
        }
        return (member &+ 1, read)
    }

    /// A nested container's read: the member (absent: it throws), and whether opening it threw.
    func recordedNested<T>(_ type: Any.Type, _ key: Key, _ open: (Int) throws -> T) throws -> T {
        let recorder = impl.recorder.unsafelyUnwrapped
        guard let member = memberIndex(key) else {
            recorder.read(
                .member(of: object, key: key.stringValue), type: type, method: .nestedContainer, outcome: .threw)
            throw keyNotFound(key)
        }
        recorder.consumed(member)
        let read = recorder.read(member &+ 1, type: type, method: .nestedContainer)
        do {
            return try open(member &+ 1)
        } catch {
            recorder.settle(read, .threw)
            throw error
        }
    }

    // MARK: Decoding

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if let recorder = impl.recorder {
            let read = try beginRead(type, key, .decode)
            do {
                return try impl.unwrapBool(read.value, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        return try impl.unwrapBool(try valueIndex(key), parent: node, key: { key })
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if let recorder = impl.recorder {
            let read = try beginRead(type, key, .decode)
            do {
                return try impl.unwrapString(read.value, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        return try impl.unwrapString(try valueIndex(key), parent: node, key: { key })
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try float(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try float(key) }

    @inline(__always) func float<T: BinaryFloatingPoint & LosslessStringConvertible>(_ key: Key) throws -> T {
        if let recorder = impl.recorder {
            let read = try beginRead(T.self, key, .decode)
            do {
                return try impl.unwrapFloat(read.value, as: T.self, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        return try impl.unwrapFloat(try valueIndex(key), as: T.self, parent: node, key: { key })
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    @inline(__always) func integer<T: FixedWidthInteger & Decodable>(_ key: Key) throws -> T {
        if let recorder = impl.recorder {
            let read = try beginRead(T.self, key, .decode)
            do {
                return try impl.unwrapInteger(read.value, as: T.self, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        return try impl.unwrapInteger(try valueIndex(key), as: T.self, parent: node, key: { key })
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let recorder = impl.recorder {
            let read = try beginRead(type, key, .decode)
            do {
                return try impl.unwrap(read.value, as: type, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        return try impl.unwrap(try valueIndex(key), as: type, parent: node, key: { key })
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        if let recorder = impl.recorder {
            guard let read = beginReadIfPresent(type, key) else { return nil }
            do {
                return try impl.unwrapBool(read.value, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        guard let value = presentValueIndex(key) else { return nil }
        return try impl.unwrapBool(value, parent: node, key: { key })
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        if let recorder = impl.recorder {
            guard let read = beginReadIfPresent(type, key) else { return nil }
            do {
                return try impl.unwrapString(read.value, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        guard let value = presentValueIndex(key) else { return nil }
        return try impl.unwrapString(value, parent: node, key: { key })
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try floatIfPresent(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floatIfPresent(key) }

    @inline(__always) func floatIfPresent<T: BinaryFloatingPoint & LosslessStringConvertible>(_ key: Key) throws -> T? {
        if let recorder = impl.recorder {
            guard let read = beginReadIfPresent(T.self, key) else { return nil }
            do {
                return try impl.unwrapFloat(read.value, as: T.self, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        guard let value = presentValueIndex(key) else { return nil }
        return try impl.unwrapFloat(value, as: T.self, parent: node, key: { key })
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }

    @inline(__always) func integerIfPresent<T: FixedWidthInteger & Decodable>(_ key: Key) throws -> T? {
        if let recorder = impl.recorder {
            guard let read = beginReadIfPresent(T.self, key) else { return nil }
            do {
                return try impl.unwrapInteger(read.value, as: T.self, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        guard let value = presentValueIndex(key) else { return nil }
        return try impl.unwrapInteger(value, as: T.self, parent: node, key: { key })
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let recorder = impl.recorder {
            guard let read = beginReadIfPresent(type, key) else { return nil }
            do {
                return try impl.unwrap(read.value, as: type, parent: node, key: { key })
            } catch {
                recorder.settle(read.id, .threw)
                throw error
            }
        }
        guard let value = presentValueIndex(key) else { return nil }
        return try impl.unwrap(value, as: type, parent: node, key: { key })
    }

    // MARK: Nesting

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        if let recorder = impl.recorder {
            return try recordedNested([String: Any].self, key) { value in
                recorder.reached(value, by: impl.currentType, tape: impl.tape)
                return try impl.with(value, path: node.appending(key)) { try impl.container(keyedBy: type) }
            }
        }
        let value = try valueIndex(key)
        return try impl.with(value, path: node.appending(key)) { try impl.container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        if let recorder = impl.recorder {
            return try recordedNested([Any].self, key) { value in
                recorder.reached(value, by: impl.currentType, tape: impl.tape)
                return try impl.with(value, path: node.appending(key)) { try impl.unkeyedContainer() }
            }
        }
        let value = try valueIndex(key)
        return try impl.with(value, path: node.appending(key)) { try impl.unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder { decoder(for: WireCodingKey.superKey) }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder(for: key) }

    private func decoder(for key: any CodingKey) -> any Decoder {
        var value = impl.nullIndex
        if let typed = key as? Key, let member = memberIndex(typed) {
            impl.recorder?.consumed(member)
            value = member &+ 1
        } else if !(key is Key), let member = memberIndex(named: key.stringValue) {
            impl.recorder?.consumed(member)
            value = member &+ 1
        }
        if let recorder = impl.recorder {
            if value == impl.nullIndex {
                recorder.read(
                    .member(of: object, key: key.stringValue), type: (any Decoder).self, method: .superDecoder,
                    outcome: .value)
            } else {
                recorder.read(value, type: (any Decoder).self, method: .superDecoder)
            }
        }
        return DecoderImpl(sharing: impl, at: value, node: node.appending(key))
    }

    /// Looks a name up that is not one of the model's keys (`super`).
    private func memberIndex(named name: String) -> Int? {
        if let lookup { return lookup.names[name] }
        let tape = impl.tape
        var member = object &+ 1
        for _ in 0..<tape.count(object) {
            if impl.stringValue(member) == name { return member }
            member = tape.end(member &+ 1)
        }
        return nil
    }
}

/// Member names to member indices (first copy wins): the converted names of a key strategy, or
/// the names of an object with many members.
final class MemberIndex {
    let names: [String: Int]
    /// The names are converted by a key strategy (and `allKeys` lists them).
    let converted: Bool

    init(names: [String: Int], converted: Bool) {
        self.names = names
        self.converted = converted
    }

    init(impl: DecoderImpl, object: Int) {
        let tape = impl.tape
        var names: [String: Int] = [:]
        names.reserveCapacity(tape.count(object))
        var member = object &+ 1
        for _ in 0..<tape.count(object) {
            if let name = impl.stringValue(member), names[name] == nil { names[name] = member }
            member = tape.end(member &+ 1)
        }
        self.names = names
        converted = false
    }
}

extension DecoderImpl {
    /// The member name entry of `object` (which has members) whose name is `utf8` (`name`'s
    /// UTF-8), or nil: compared in place from the member after the last one found in this object
    /// (the object's cursor), wrapping round once; the first copy of a repeated name.
    ///
    /// A name that is not there costs a pass over every member. Models ask for absent names again
    /// and again (a user model's profile members in every user nested in a payload), so the first
    /// miss in an object whose names are all plain ASCII leaves a 128-bit filter of them, and an
    /// ASCII name whose bit is not set is absent at once. (A non-ASCII name can equal an ASCII one
    /// as a `String`, U+212A KELVIN SIGN and `K`: those always take the pass.)
    func member(of object: Int, named utf8: UnsafeBufferPointer<UInt8>, name: String) -> Int? {
        let count = tape.count(object)
        let first = object &+ 1
        let objectEnd = tape.end(object)
        var ascii: Bool?  // worked out only when a comparison needs it
        if tape.flags(object) & ObjectFlags.duplicates != 0 {
            var member = first
            for _ in 0..<count {
                if matches(member, utf8, ascii: &ascii, name: name) { return member }
                member = tape.end(member &+ 1)
            }
            return nil
        }
        let slot = object & (DecoderImpl.cursorSlots &- 1)
        let filtered = filterObjects[slot] == object
        if filtered {
            if ascii == nil { ascii = Self.isASCII(utf8) }
            if ascii == true {
                let bit = Self.filterBit(utf8.baseAddress ?? base, utf8.count)
                if filterBits[slot &* 2 &+ bit &>> 6] & (1 &<< UInt64(bit & 63)) == 0 { return nil }
            }
        }
        var member = cursorObjects[slot] == object ? cursorMembers[slot] : first
        for _ in 0..<count {
            if matches(member, utf8, ascii: &ascii, name: name) {
                let next = tape.end(member &+ 1)
                cursorObjects[slot] = object
                cursorMembers[slot] = next == objectEnd ? first : next
                return member
            }
            member = tape.end(member &+ 1)
            if member == objectEnd { member = first }
        }
        if !filtered { buildFilter(object, count: count, slot: slot) }
        return nil
    }

    /// Sets `slot`'s filter to the names of `object`, if all of them are plain ASCII.
    func buildFilter(_ object: Int, count: Int, slot: Int) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var member = object &+ 1
        for _ in 0..<count {
            guard tape.flags(member) == 0 else { return }
            let bit = Self.filterBit(base + tape.offset(member), tape.length(member))
            if bit < 64 { low |= 1 &<< UInt64(bit) } else { high |= 1 &<< UInt64(bit &- 64) }
            member = tape.end(member &+ 1)
        }
        filterObjects[slot] = object
        filterBits[slot &* 2] = low
        filterBits[slot &* 2 &+ 1] = high
    }

    /// A name's bit in a filter, 0..<128: from its length and its first and last eight bytes.
    @inline(__always) static func filterBit(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Int {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if length >= 8 {
            head = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(bytes + (length &- 8)).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<length { head = head << 8 | UInt64(bytes[index]) }
        }
        let mixed =
            (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
        return Int(truncatingIfNeeded: (mixed &* 0xFF51_AFD7_ED55_8CCD) &>> 57)
    }

    @inline(__always) func matches(
        _ member: Int, _ utf8: UnsafeBufferPointer<UInt8>, ascii: inout Bool?, name: String
    ) -> Bool {
        let length = tape.length(member)
        let plain = tape.flags(member) == 0
        if plain, length == utf8.count,
            length == 0 || memcmpBytes(base + tape.offset(member), utf8.baseAddress!, length)
        {
            return true
        }
        if ascii == nil { ascii = Self.isASCII(utf8) }
        if plain, ascii == true { return false }
        // Escapes or non-ASCII on either side: compare as Strings (canonical equivalence), as
        // JSONDecoder's dictionary of members does.
        return stringValue(member) == name
    }

    @inline(__always) static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte >= 0x80 { return false }
        return true
    }
}
