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
        let value: Int
        do {
            value = try element(Never.self)
        } catch {
            impl.recorder?.read(
                .element(of: array, position: currentIndex), type: Never.self, method: .decodeNil, outcome: .threw)
            throw error
        }
        guard impl.tape.kind(value) == .null else { return false }
        impl.recorder?.read(value, type: Never.self, method: .decodeNil)
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        if impl.recorder != nil {
            let (impl, node, index) = (impl, node, currentIndex)
            return try recordedRead(type) { value in
                try impl.unwrapBool(value, parent: node, key: { WireCodingKey(index: index) })
            }
        }
        let result = try impl.unwrapBool(
            try element(type), parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decode(_ type: String.Type) throws -> String {
        if impl.recorder != nil {
            let (impl, node, index) = (impl, node, currentIndex)
            return try recordedRead(type) { value in
                try impl.unwrapString(value, parent: node, key: { WireCodingKey(index: index) })
            }
        }
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
        if impl.recorder != nil {
            let (impl, node, index) = (impl, node, currentIndex)
            return try recordedRead(type) { value in
                try impl.unwrapInteger(value, as: type, parent: node, key: { WireCodingKey(index: index) })
            }
        }
        let result = try impl.unwrapInteger(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    @inline(__always) mutating func float<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type
    ) throws -> T {
        if impl.recorder != nil {
            let (impl, node, index) = (impl, node, currentIndex)
            return try recordedRead(type) { value in
                try impl.unwrapFloat(value, as: type, parent: node, key: { WireCodingKey(index: index) })
            }
        }
        let result = try impl.unwrapFloat(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if impl.recorder != nil {
            let (impl, node, index) = (impl, node, currentIndex)
            return try recordedRead(type) { value in
                try impl.unwrap(value, as: type, parent: node, key: { WireCodingKey(index: index) })
            }
        }
        let result = try impl.unwrap(
            try element(type), as: type, parent: node, key: { [currentIndex] in WireCodingKey(index: currentIndex) })
        advance()
        return result
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrapBool(value, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrapString(value, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrapFloat(value, as: type, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrapFloat(value, as: type, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }

    @inline(__always) mutating func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrapInteger(value, as: type, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        let (impl, node, index) = (impl, node, currentIndex)
        return try presentValue(type) { value in
            try impl.unwrap(value, as: type, parent: node, key: { WireCodingKey(index: index) })
        }
    }

    /// JSONDecoder's decodeIfPresent: nil at the end or on null, the step counted either way;
    /// otherwise the element, not yet counted.
    @inline(__always) mutating func presentIndex(_ type: Any.Type) -> Int? {
        guard currentIndex < count.unsafelyUnwrapped, impl.tape.kind(next) != .null else {
            if let recorder = impl.recorder {
                if currentIndex < count.unsafelyUnwrapped {
                    recorder.settle(recorder.read(next, type: type, method: .decodeIfPresent), .nothing)
                } else {
                    recorder.read(
                        .element(of: array, position: currentIndex), type: type, method: .decodeIfPresent,
                        outcome: .nothing)
                }
            }
            advance()
            return nil
        }
        if let recorder = impl.recorder { pendingRead = recorder.read(next, type: type, method: .decodeIfPresent) }
        return next
    }

    // MARK: Recording reads (decodeWithReport only)

    /// The read of a `decodeIfPresent` whose element is present, until it is decoded.
    var pendingRead = -1

    /// `body` (a present element's decode), its read marked as thrown when it throws.
    @inline(__always) func settled<T>(_ body: () throws -> T) rethrows -> T {
        guard pendingRead >= 0 else { return try body() }
        do {
            return try body()
        } catch {
            impl.recorder?.settle(pendingRead, .threw)
            throw error
        }
    }

    /// Starts a recorded read of the current element (decodeWithReport only): its entry and the
    /// read's number; past the end it records an absent element and throws. The caller settles the
    /// read as thrown if decoding the element throws, and advances.
    /// `decodeIfPresent`: nil for an absent element or `null`, else the decoded value (its read's
    /// outcome settled as `threw` when it does not decode), the position advanced.
    mutating func presentValue<T>(_ type: Any.Type, _ unwrap: (_ value: Int) throws -> T) throws -> T? {
        guard let value = presentIndex(type) else { return nil }
        let result = try settled { try unwrap(value) }
        advance()
        return result
    }

    /// A decode with the recorder on: the read noted, its outcome settled as `threw` when the
    /// value does not decode, the position advanced when it does.
    mutating func recordedRead<T>(_ type: Any.Type, _ unwrap: (_ value: Int) throws -> T) throws -> T {
        let read = try beginRead(type)
        let result: T
        do {
            result = try unwrap(read.value)
        } catch {
            impl.recorder?.settle(read.id, .threw)
            throw error
        }
        advance()
        return result
    }

    @inline(__always) func beginRead(_ type: Any.Type) throws -> (value: Int, id: Int) {
        let recorder = impl.recorder.unsafelyUnwrapped
        let value: Int
        do {
            value = try element(type)
        } catch {
            recorder.read(.element(of: array, position: currentIndex), type: type, method: .decode, outcome: .threw)
            throw error
        }
        return (value, recorder.read(value, type: type, method: .decode))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try element(KeyedDecodingContainer<NestedKey>.self)
        if let recorder = impl.recorder {
            recorder.reached(value, by: impl.currentType, tape: impl.tape)
            recorder.read(value, type: [String: Any].self, method: .nestedContainer)
        }
        let container = try impl.with(value, path: node.appending(indexKey)) { try impl.container(keyedBy: type) }
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try element(
            (any UnkeyedDecodingContainer).self,
            message: "Cannot get nested unkeyed container -- unkeyed container is at end.")
        if let recorder = impl.recorder {
            recorder.reached(value, by: impl.currentType, tape: impl.tape)
            recorder.read(value, type: [Any].self, method: .nestedContainer)
        }
        let container = try impl.with(value, path: node.appending(indexKey)) { try impl.unkeyedContainer() }
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try element(
            (any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        impl.recorder?.read(value, type: (any Decoder).self, method: .superDecoder)
        let decoder = DecoderImpl(sharing: impl, at: value, node: node.appending(indexKey))
        advance()
        return decoder
    }
}
