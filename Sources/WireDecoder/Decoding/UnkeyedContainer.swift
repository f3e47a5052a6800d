// An array read element by element, with JSONDecoder's rules at its end: `decode` throws
// valueNotFound, `decodeIfPresent` returns nil (and still counts the step).

struct UnkeyedContainer: UnkeyedDecodingContainer {
    let impl: DecoderImpl
    let array: Int
    let node: PathNode
    let count: Int?
    var currentIndex = 0
    /// The tape index of the element at `currentIndex`.
    var next: Int

    init(impl: DecoderImpl, array: Int, node: PathNode) {
        self.impl = impl
        self.array = array
        self.node = node
        count = impl.tape.count(array)
        next = array &+ 1
    }

    var codingPath: [any CodingKey] { node.path }
    var isAtEnd: Bool { currentIndex >= count.unsafelyUnwrapped }

    @inline(__always) var indexKey: WireCodingKey { WireCodingKey(index: currentIndex) }

    @inline(__always) mutating func advance() {
        if currentIndex < count.unsafelyUnwrapped {
            impl.recorder?.consumed(next)
            next = impl.tape.end(next)
        }
        currentIndex &+= 1
    }

    @inline(__always) func element<T>(_ type: T.Type, message: String = "Unkeyed container is at end.") throws -> Int {
        guard currentIndex < count.unsafelyUnwrapped else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: node.path(byAppending: indexKey), debugDescription: message, underlyingError: nil))
        }
        return next
    }

    mutating func decodeNil() throws -> Bool {
        let value = try element(Never.self)
        guard impl.tape.kind(value) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let result = try impl.unwrapBool(
            try element(type), parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let result = try impl.unwrapString(
            try element(type), parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decode(_ type: Double.Type) throws -> Double { try float(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try float(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    @inline(__always) mutating func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        let result = try impl.unwrapInteger(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    @inline(__always) mutating func float<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type
    ) throws -> T {
        let result = try impl.unwrapFloat(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try impl.unwrap(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrapBool(
            value, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrapString(
            value, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrapFloat(
            value, as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrapFloat(
            value, as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }

    @inline(__always) mutating func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrapInteger(
            value, as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard let value = presentIndex() else { return nil }
        let result = try impl.unwrap(
            value, as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    /// JSONDecoder's decodeIfPresent: nil at the end or on null, the step counted either way;
    /// otherwise the element, not yet counted.
    @inline(__always) mutating func presentIndex() -> Int? {
        guard currentIndex < count.unsafelyUnwrapped, impl.tape.kind(next) != .null else {
            advance()
            return nil
        }
        return next
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try element(KeyedDecodingContainer<NestedKey>.self)
        impl.recorder?.reached(value, by: impl.currentType, tape: impl.tape)
        let container = try impl.with(value, path: node.appending(indexKey)) { try impl.container(keyedBy: type) }
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try element(
            (any UnkeyedDecodingContainer).self,
            message: "Cannot get nested unkeyed container -- unkeyed container is at end.")
        impl.recorder?.reached(value, by: impl.currentType, tape: impl.tape)
        let container = try impl.with(value, path: node.appending(indexKey)) { try impl.unkeyedContainer() }
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try element(
            (any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = DecoderImpl(sharing: impl, at: value, node: node.appending(indexKey))
        advance()
        return decoder
    }
}
