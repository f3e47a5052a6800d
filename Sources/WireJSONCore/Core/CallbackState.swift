#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One open array or object.
package struct Frame: BitwiseCopyable {
    package var isObject: Bool
    /// Elements or members seen so far (a value counts as soon as it starts).
    var count = 0
    /// In an object: a member name has been read and its value has not started yet.
    var awaitingValue = false
    /// In an object: index (in the key store) of its first and of its current member name.
    var firstKey = 0
    var currentKey = -1
    /// In an object: where its member-name hashes start in `keyHashes`.
    var firstHash = 0
    /// In an object with many members, in the exact pass: its names are in the table of its depth
    /// (and no longer in `keyHashes`).
    var indexed = false
    /// A 256-bit Bloom filter of the member-name hashes seen, so that most new names are known to
    /// be new without comparing them with the others.
    var bloom: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds a hash; returns whether it may have been there already.
    @inline(__always) mutating func bloomInsert(_ hash: UInt64) -> Bool {
        let bit: UInt64 = 1 << (hash & 63)
        switch (hash >> 6) & 3 {
        case 0:
            defer { bloom.0 |= bit }
            return bloom.0 & bit != 0
        case 1:
            defer { bloom.1 |= bit }
            return bloom.1 & bit != 0
        case 2:
            defer { bloom.2 |= bit }
            return bloom.2 & bit != 0
        default:
            defer { bloom.3 |= bit }
            return bloom.3 & bit != 0
        }
    }
}

/// What the last reported event was, which tells where yajl stood when it stopped.
enum LastEvent: UInt8 {
    case none, arrayStart, objectStart, key, value
}

/// An error raised by a callback (yajl only learns that the callback said stop).
enum CallbackFailure {
    case duplicateKey(String, tokenEnd: Int)
    case tooDeep(offset: Int)
}

/// The state the yajl callbacks update. It lives at a fixed heap address (the yajl context pointer)
/// and is only touched from the thread running `yajl_parse`.
package struct CallbackState {
    /// The grammar calling back, for where its last token ended.
    unowned(unsafe) var grammar: Grammar? = nil
    /// Absolute offset of the first byte of the buffer yajl is parsing now.
    var pieceBase = 0
    let maxDepth: Int
    package let checkDuplicates: Bool
    /// Whether events record where their token ends (not needed by the fast validation pass).
    let tracksPositions: Bool

    package var frames = UnsafeStack<Frame>()
    /// Member-name hashes of the open objects, innermost last. The fast pass keeps every name's
    /// hash here and checks an object with more than `linearLimit` members when it closes
    /// (``HashDuplicates``); the exact pass keeps only those of objects up to `linearLimit`
    /// members, and moves the larger ones to a ``KeyTable``.
    var keyHashes = UnsafeStack<UInt64>(capacity: 256)
    /// Exact pass: member names of the open objects, innermost last: start in `arena`.
    var keyStarts = UnsafeStack<Int>(capacity: 256)
    var arena = UnsafeStack<UInt8>(capacity: 4096)
    /// Exact pass: the tables of the objects past `linearLimit` members, one per depth (an object
    /// is the only open one at its depth), the smallest kept for reuse.
    var tables = UnsafeStack<KeyTable>(capacity: 16)
    /// Fast pass: the counters of ``HashDuplicates``, allocated the first time it runs.
    var sortScratch: UnsafeMutablePointer<Int>? = nil
    /// Up to this many members, a new name is compared with the others of its object one by one
    /// (most of them skipped by the Bloom filter).
    static let linearLimit = 32

    /// Absolute offset just after the token of the last event.
    var lastEventEnd = 0
    var lastEvent: LastEvent = .none
    var eventCount = 0
    /// Absolute end of a synthetic string token (a probe closes a string early); its event is not
    /// a real one and is ignored.
    var syntheticEnd = -1
    var failure: CallbackFailure? = nil
    var sink: ((JSONEvent, JSONEventContext) -> Void)? = nil
    var selfPointer: UnsafeMutablePointer<CallbackState>? = nil

    package init(maxDepth: Int, checkDuplicates: Bool, tracksPositions: Bool) {
        self.maxDepth = maxDepth
        self.checkDuplicates = checkDuplicates
        self.tracksPositions = tracksPositions
    }

    package func deallocate() {
        frames.deallocate()
        keyHashes.deallocate()
        keyStarts.deallocate()
        arena.deallocate()
        for depth in 0..<tables.count { tables[depth].deallocate() }
        tables.deallocate()
        sortScratch?.deallocate()
    }

    package mutating func reset() {
        frames.removeAll()
        keyHashes.removeAll()
        keyStarts.removeAll()
        arena.removeAll()
        keyHashes.releaseSpareCapacity()
        keyStarts.releaseSpareCapacity()
        arena.releaseSpareCapacity()
        for depth in 0..<tables.count { tables.base[depth].release() }
        pieceBase = 0
        lastEventEnd = 0
        lastEvent = .none
        eventCount = 0
        syntheticEnd = -1
        failure = nil
    }

    @inline(__always) private var tokenEnd: Int {
        tracksPositions ? pieceBase &+ (grammar?.consumed ?? 0) : 0
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
                materialized = .number(
                    String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
            case .string:
                materialized = .string(
                    String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
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
            sink(
                isObject ? .objectStart : .arrayStart,
                JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        frames.append(Frame(isObject: isObject, firstKey: keyStarts.count, firstHash: keyHashes.count))
        lastEventEnd = end
        lastEvent = isObject ? .objectStart : .arrayStart
        eventCount &+= 1
        return 1
    }

    mutating func endContainer() -> Int32 {
        let end = tokenEnd
        let frame = frames.removeLast()
        if frame.isObject {
            let hashes = keyHashes.count &- frame.firstHash
            if hashes > 0 {
                keyHashes.truncate(to: frame.firstHash)
                if hashes > Self.linearLimit { keyHashes.releaseSpareCapacity() }
            }
            if frame.firstKey < keyStarts.count {
                arena.truncate(to: keyStarts[frame.firstKey])
                keyStarts.truncate(to: frame.firstKey)
                if frame.indexed {
                    arena.releaseSpareCapacity()
                    keyStarts.releaseSpareCapacity()
                }
            }
            if frame.indexed { tables.base[frames.count].release() }
        }
        lastEventEnd = end
        lastEvent = .value
        eventCount &+= 1
        if let sink {
            sink(
                frame.isObject ? .objectEnd : .arrayEnd,
                JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        return 1
    }

    mutating func key(_ text: UnsafePointer<UInt8>, count: Int) -> Int32 {
        let top = frames.count &- 1
        let end = tokenEnd
        if end == syntheticEnd { return 1 }
        let index = keyStarts.count
        if checkDuplicates, isDuplicate(in: top, index: index, text, count) {
            failure = .duplicateKey(
                String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self), tokenEnd: end)
            return 0
        }
        keyStarts.append(arena.count)
        arena.append(text, count: count)
        frames[top].currentKey = index
        frames[top].awaitingValue = true
        lastEventEnd = end
        lastEvent = .key
        eventCount &+= 1
        if let sink {
            sink(
                .key(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)),
                JSONEventContext(state: selfPointer.unsafelyUnwrapped, endOffset: end))
        }
        return 1
    }

    // MARK: The fast pass (no events, no positions)

    /// A container starts; false when it is nested too deep.
    @inline(__always)
    package mutating func open(isObject: Bool) -> Bool {
        guard frames.count < maxDepth else { return false }
        frames.append(Frame(isObject: isObject, firstHash: keyHashes.count))
        return true
    }

    /// The innermost container ends; false when it is an object with a duplicate name. An object
    /// past `linearLimit` members is checked here, once (``HashDuplicates``): two equal hashes count
    /// as a duplicate, and the exact pass then compares the names themselves.
    @inline(__always)
    package mutating func close() -> Bool {
        let frame = frames.removeLast()
        let hashes = keyHashes.count &- frame.firstHash
        guard frame.isObject, hashes > 0 else { return true }
        if hashes > Self.linearLimit {
            if HashDuplicates.containsDuplicate(keyHashes.base + frame.firstHash, count: hashes, scratch: scratch()) {
                return false
            }
            keyHashes.truncate(to: frame.firstHash)
            keyHashes.releaseSpareCapacity()
        } else {
            keyHashes.truncate(to: frame.firstHash)
        }
        return true
    }

    /// A member name, by its hash (only hashes are kept); false when an earlier name of the object
    /// has the same hash. Past `linearLimit` members the object is checked when it closes.
    @inline(__always)
    package mutating func key(hash: UInt64) -> Bool {
        let top = frames.count &- 1
        if keyHashes.count &- frames.base[top].firstHash < Self.linearLimit,
            frames.base[top].bloomInsert(hash), findHash(in: top, hash: hash, nil, 0)
        {
            return false
        }
        keyHashes.append(hash)
        return true
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

    /// Whether an object's hashes in `keyHashes` include `hash` (and, with `text`, that name: the
    /// exact pass, where the i-th hash of an object belongs to its i-th name).
    private func findHash(in top: Int, hash: UInt64, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        let frame = frames.base[top]
        var i = frame.firstHash
        while i < keyHashes.count {
            if keyHashes[i] == hash && keyBytesEqual(frame.firstKey &+ (i &- frame.firstHash), text, count) {
                return true
            }
            i &+= 1
        }
        return false
    }

    /// Exact pass: whether the object at depth `top` has the name already; if not, it is recorded
    /// (as name `index`, about to be appended to the key store).
    private mutating func isDuplicate(in top: Int, index: Int, _ text: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let hash = Self.hash(text, count)
        let frame = frames.base + top
        if !frame.pointee.indexed {
            if keyHashes.count &- frame.pointee.firstHash < Self.linearLimit {
                if frame.pointee.bloomInsert(hash), findHash(in: top, hash: hash, text, count) { return true }
                keyHashes.append(hash)
                return false
            }
            moveToTable(top)
        }
        precondition(index <= KeyTable.maximumIndex, "more than 4 billion member names open at once")
        let table = tables.base + top
        table.pointee.reserveOne()
        return table.pointee.findOrInsert(KeyTable.entry(hash: hash, index: index)) { keyBytesEqual($0, text, count) }
    }

    /// Exact pass: the object at depth `top` reached `linearLimit` members; its names go to the
    /// table of its depth.
    private mutating func moveToTable(_ top: Int) {
        while tables.count <= top { tables.append(KeyTable()) }
        let frame = frames.base + top
        let table = tables.base + top
        let first = frame.pointee.firstHash
        for i in first..<keyHashes.count {
            table.pointee.insertNew(KeyTable.entry(hash: keyHashes[i], index: frame.pointee.firstKey &+ (i &- first)))
        }
        keyHashes.truncate(to: first)
        frame.pointee.indexed = true
    }

    /// Fast pass: the counters of ``HashDuplicates``.
    private mutating func scratch() -> UnsafeMutablePointer<Int> {
        if let sortScratch { return sortScratch }
        let counters = UnsafeMutablePointer<Int>.allocate(capacity: HashDuplicates.scratchCount)
        sortScratch = counters
        return counters
    }

    @inline(__always)
    package static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var i = 0
        while i &+ 8 <= count {
            h = (h ^ SWAR.load(p, i)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i &+= 8
        }
        var last: UInt64 = 0
        if i < count {
            if count >= 8 {
                last = SWAR.load(p, count &- 8)  // the final bytes, overlapping the last word
            } else {
                withUnsafeMutableBytes(of: &last) { $0.baseAddress!.copyMemory(from: p + i, byteCount: count &- i) }
            }
        }
        h = (h ^ last) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }

    // MARK: Memory (for tests)

    /// Bytes allocated for duplicate detection: member-name hashes and hash tables.
    var duplicateDetectionBytes: Int {
        var bytes = keyHashes.allocatedBytes + tables.allocatedBytes
        for depth in 0..<tables.count { bytes += tables[depth].allocatedBytes }
        if sortScratch != nil { bytes += HashDuplicates.scratchCount * MemoryLayout<Int>.stride }
        return bytes
    }

    /// Bytes allocated for the member names themselves (the exact pass: paths and byte comparisons).
    var memberNameBytes: Int { keyStarts.allocatedBytes + arena.allocatedBytes }

    // MARK: Paths

    func keyString(_ index: Int) -> String {
        let start = keyStarts[index]
        let end = index + 1 < keyStarts.count ? keyStarts[index + 1] : arena.count
        return String(decoding: arena.slice(start..<end), as: UTF8.self)
    }

    private func childComponent(of frame: Frame) -> JSONPath.Component? {
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
    let state: UnsafeMutablePointer<CallbackState>
    /// Absolute byte offset just after the token that produced the event.
    public let endOffset: Int

    /// The JSON path of the value (or member name) the event belongs to. Computed on request.
    public var path: JSONPath {
        state.pointee.currentValuePath()
    }
}
