import CYajl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One open array or object.
struct _Frame {
    var isObject: Bool
    /// Elements or members seen so far (a value counts as soon as it starts).
    var count = 0
    /// In an object: a member name has been read and its value has not started yet.
    var awaitingValue = false
    /// In an object: index (in the key store) of its first and of its current member name.
    var firstKey = 0
    var currentKey = -1
    /// In an object with many members: index of its hash table in `tables`, or -1.
    var table = -1
    /// A 256-bit Bloom filter of the member-name hashes seen, so that most new names are known to
    /// be new without comparing them with the others.
    var bloom: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds a hash; returns whether it may have been there already.
    @inline(__always) mutating func bloomInsert(_ hash: UInt64) -> Bool {
        let bit: UInt64 = 1 << (hash & 63)
        switch (hash >> 6) & 3 {
        case 0: defer { bloom.0 |= bit }; return bloom.0 & bit != 0
        case 1: defer { bloom.1 |= bit }; return bloom.1 & bit != 0
        case 2: defer { bloom.2 |= bit }; return bloom.2 & bit != 0
        default: defer { bloom.3 |= bit }; return bloom.3 & bit != 0
        }
    }
}

/// What the last reported event was, which tells where yajl stood when it stopped.
enum _LastEvent: UInt8 {
    case none, arrayStart, objectStart, key, value
}

/// An error raised by a callback (yajl only learns that the callback said stop).
enum _CallbackFailure {
    case duplicateKey(String, tokenEnd: Int)
    case tooDeep(offset: Int)
}

/// The state the yajl callbacks update. It lives at a fixed heap address (the yajl context pointer)
/// and is only touched from the thread running `yajl_parse`.
struct _CallbackState {
    var handle: OpaquePointer? = nil
    /// Absolute offset of the first byte of the buffer yajl is parsing now.
    var pieceBase = 0
    let maxDepth: Int
    let checkDuplicates: Bool
    /// Whether events record where their token ends (not needed by the fast validation pass).
    let tracksPositions: Bool

    var frames = _UnsafeStack<_Frame>()
    // Member names of the open objects, innermost last: hash, start in `arena`.
    var keyHashes = _UnsafeStack<UInt64>(capacity: 256)
    var keyStarts = _UnsafeStack<Int>(capacity: 256)
    var arena = _UnsafeStack<UInt8>(capacity: 4096)
    /// Open-addressing tables (key index + 1, 0 = empty) for objects past `linearLimit` members,
    /// one per depth, kept for reuse; `tableSizes` is the part of each in use.
    var tables: [[Int32]] = []
    var tableSizes: [Int] = []
    static let linearLimit = 32

    /// Absolute offset just after the token of the last event.
    var lastEventEnd = 0
    var lastEvent: _LastEvent = .none
    var eventCount = 0
    /// Absolute end of a synthetic string token (a probe closes a string early); its event is not
    /// a real one and is ignored.
    var syntheticEnd = -1
    var failure: _CallbackFailure? = nil
    var sink: ((JSONEvent, JSONEventContext) -> Void)? = nil
    var selfPointer: UnsafeMutablePointer<_CallbackState>? = nil

    init(maxDepth: Int, checkDuplicates: Bool, tracksPositions: Bool) {
        self.maxDepth = maxDepth
        self.checkDuplicates = checkDuplicates
        self.tracksPositions = tracksPositions
    }

    func deallocate() {
        frames.deallocate()
        keyHashes.deallocate()
        keyStarts.deallocate()
        arena.deallocate()
    }

    mutating func reset() {
        frames.removeAll()
        keyHashes.removeAll()
        keyStarts.removeAll()
        arena.removeAll()
        for i in tables.indices where !tables[i].isEmpty {
            tables[i].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        pieceBase = 0
        lastEventEnd = 0
        lastEvent = .none
        eventCount = 0
        syntheticEnd = -1
        failure = nil
    }

    @inline(__always) private var tokenEnd: Int {
        tracksPositions ? pieceBase &+ yajl_get_bytes_consumed(handle) : 0
    }

    // MARK: Callbacks

    /// kind: 0 null, 1 false, 2 true, 3 number, 4 string.
    @inline(__always)
    mutating func scalar(_ event: JSONEvent, text: UnsafeRawPointer?, count: Int) -> Int32 {
        let end = tokenEnd
        if end == syntheticEnd, case .string = event { return 1 }
        countValue()
        lastEventEnd = end
        lastEvent = .value
        eventCount &+= 1
        if let sink {
            let materialized: JSONEvent
            switch event {
            case .number:
                materialized = .number(String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
            case .string:
                materialized = .string(String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
            default:
                materialized = event
            }
            sink(materialized, JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        return 1
    }

    @inline(__always)
    private mutating func countValue() {
        let top = frames.count &- 1
        if top >= 0 {
            frames[top].count &+= 1
            frames[top].awaitingValue = false
        }
    }

    mutating func startContainer(isObject: Bool) -> Int32 {
        let end = tokenEnd
        countValue()
        if frames.count >= maxDepth {
            failure = .tooDeep(offset: end &- 1)
            return 0
        }
        if let sink {
            sink(isObject ? .objectStart : .arrayStart, JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        frames.append(_Frame(isObject: isObject, firstKey: keyHashes.count))
        lastEventEnd = end
        lastEvent = isObject ? .objectStart : .arrayStart
        eventCount &+= 1
        return 1
    }

    mutating func endContainer() -> Int32 {
        let end = tokenEnd
        let frame = frames.removeLast()
        if frame.isObject {
            if frame.firstKey < keyHashes.count {
                if tracksPositions { arena.truncate(to: keyStarts[frame.firstKey]) }
                keyHashes.truncate(to: frame.firstKey)
                keyStarts.truncate(to: frame.firstKey)
            }
            if frame.table >= 0 {
                let size = tableSizes[frame.table]
                tables[frame.table].withUnsafeMutableBufferPointer { $0[0..<size].update(repeating: 0) }
            }
        }
        lastEventEnd = end
        lastEvent = .value
        eventCount &+= 1
        if let sink {
            sink(frame.isObject ? .objectEnd : .arrayEnd, JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        return 1
    }

    mutating func key(_ text: UnsafePointer<UInt8>, count: Int) -> Int32 {
        let top = frames.count &- 1
        let hash = Self.hash(text, count)
        if !tracksPositions {
            // Fast pass: no paths, so only hashes are kept. Two equal hashes count as a duplicate
            // here; the exact pass then compares the names themselves.
            guard checkDuplicates else { return 1 }
            if frames.base[top].bloomInsert(hash), findKey(in: top, hash: hash, nil, 0) {
                failure = .duplicateKey("", tokenEnd: 0)
                return 0
            }
            let index = keyHashes.count
            keyHashes.append(hash)
            if frames.base[top].table >= 0 || index &- frames.base[top].firstKey >= Self.linearLimit { indexKey(index, in: top) }
            return 1
        }
        let end = tokenEnd
        if end == syntheticEnd { return 1 }
        if checkDuplicates, frames.base[top].bloomInsert(hash), findKey(in: top, hash: hash, text, count) {
            failure = .duplicateKey(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self), tokenEnd: end)
            return 0
        }
        let index = keyHashes.count
        keyHashes.append(hash)
        keyStarts.append(arena.count)
        arena.append(text, count: count)
        frames[top].currentKey = index
        frames[top].awaitingValue = true
        if checkDuplicates { indexKey(index, in: top) }
        lastEventEnd = end
        lastEvent = .key
        eventCount &+= 1
        if let sink {
            sink(.key(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)),
                 JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        return 1
    }

    // MARK: Duplicate detection

    /// Whether member name `index` is `text` (without `text`: the hashes alone decide).
    private func keyBytesEqual(_ index: Int, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard let text else { return true }
        let start = keyStarts[index]
        let end = index + 1 < keyStarts.count ? keyStarts[index + 1] : arena.count
        guard end - start == count else { return false }
        return count == 0 || memcmp(arena.base + start, text, count) == 0
    }

    private func findKey(in top: Int, hash: UInt64, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        let frame = frames[top]
        if frame.table < 0 {
            var i = frame.firstKey
            while i < keyHashes.count {
                if keyHashes[i] == hash && keyBytesEqual(i, text, count) { return true }
                i &+= 1
            }
            return false
        }
        let table = tables[frame.table]
        let mask = tableSizes[frame.table] - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(table[slot])
            if entry == 0 { return false }
            let index = entry - 1
            if keyHashes[index] == hash && keyBytesEqual(index, text, count) { return true }
            slot = (slot + 1) & mask
        }
    }

    private mutating func indexKey(_ index: Int, in top: Int) {
        let members = index - frames[top].firstKey + 1
        if frames[top].table < 0 {
            guard members > Self.linearLimit else { return }
            while tables.count <= top { tables.append([]); tableSizes.append(0) }
            frames[top].table = top
            rebuildTable(top, capacityFor: members)
            return
        }
        if members * 2 > tableSizes[top] {
            rebuildTable(top, capacityFor: members)
        } else {
            insert(index, into: top)
        }
    }

    private mutating func rebuildTable(_ top: Int, capacityFor members: Int) {
        var size = 128
        while size < members * 4 { size <<= 1 }
        if tables[top].count < size {
            tables[top] = [Int32](repeating: 0, count: size)
        } else {
            tables[top].withUnsafeMutableBufferPointer { $0[0..<size].update(repeating: 0) }
        }
        tableSizes[top] = size
        for index in frames[top].firstKey..<keyHashes.count { insert(index, into: top) }
    }

    private mutating func insert(_ index: Int, into top: Int) {
        let mask = tableSizes[top] - 1
        var slot = Int(truncatingIfNeeded: keyHashes[index]) & mask
        while tables[top][slot] != 0 { slot = (slot + 1) & mask }
        tables[top][slot] = Int32(index + 1)
    }

    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var i = 0
        while i &+ 8 <= count {
            h = (h ^ _SWAR.load(p, i)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i &+= 8
        }
        var last: UInt64 = 0
        if i < count {
            if count >= 8 {
                last = _SWAR.load(p, count &- 8)   // the final bytes, overlapping the last word
            } else {
                withUnsafeMutableBytes(of: &last) { $0.baseAddress!.copyMemory(from: p + i, byteCount: count &- i) }
            }
        }
        h = (h ^ last) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }

    // MARK: Paths

    func keyString(_ index: Int) -> String {
        let start = keyStarts[index]
        let end = index + 1 < keyStarts.count ? keyStarts[index + 1] : arena.count
        return String(decoding: arena.slice(start..<end), as: UTF8.self)
    }

    private func childComponent(of frame: _Frame) -> JSONPath.Component? {
        if frame.isObject {
            return frame.currentKey >= 0 ? .key(keyString(frame.currentKey)) : nil
        }
        return frame.count > 0 ? .index(frame.count - 1) : nil
    }

    /// Path of the innermost open container.
    func containerPath() -> JSONPath {
        var components: [JSONPath.Component] = []
        for frame in frames.elements.dropLast() {
            if let component = childComponent(of: frame) { components.append(component) }
        }
        return JSONPath(components)
    }

    /// Path of the value the last event reported (or is part of).
    func currentValuePath() -> JSONPath {
        var path = containerPath()
        if let top = frames.last, let component = childComponent(of: top) { path.components.append(component) }
        return path
    }

    /// Path of a string being read: a member name belongs to its object, a value to its position.
    func stringPath() -> JSONPath {
        if let top = frames.last, top.isObject, !top.awaitingValue { return containerPath() }
        return nextValuePath()
    }

    /// Path of the value that would come next: `[n]` in an array, the pending member in an object,
    /// otherwise the container.
    func nextValuePath() -> JSONPath {
        var path = containerPath()
        if let top = frames.last {
            if !top.isObject {
                path.components.append(.index(top.count))
            } else if top.awaitingValue, top.currentKey >= 0 {
                path.components.append(.key(keyString(top.currentKey)))
            }
        }
        return path
    }
}

/// What a ``JSONStreamParser`` event handler can ask about the event it is handling. Valid only
/// during the call to the handler.
public struct JSONEventContext {
    let state: UnsafeMutablePointer<_CallbackState>
    /// Absolute byte offset just after the token that produced the event.
    public let endOffset: Int

    /// The JSON path of the value (or member name) the event belongs to. Computed on request.
    public var path: JSONPath {
        state.pointee.currentValuePath()
    }
}
