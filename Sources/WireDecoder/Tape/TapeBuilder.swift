// One pass over the bytes that builds the tape, under one of two rule sets:
// - strict: RFC 8259 and no repeated member names, the rules of WireJSON's validator (which is
//   asked for the diagnosis once this pass finds an error);
// - compatible: what Foundation's JSONDecoder accepts when it scans (trailing commas, and no
//   look inside strings and numbers until a model reads them).

/// Where the scan stopped. The strict decoder asks the validator why; the compatible one says
/// what JSONDecoder says.
struct ScanFailure: Error {
    var offset: Int
}

/// A member name that appears twice in one object (the semantic duplicate JSONDecoder resolves by
/// keeping the first copy).
struct DuplicateMember {
    /// The tape index of the object.
    var object: Int
    /// The tape index of the first copy's name.
    var first: Int
    /// The tape index of the repeated name.
    var repeated: Int
    /// The two names are the same Unicode scalars (the validator's duplicate), not only canonically
    /// equivalent.
    var exact: Bool
}

struct TapeBuilder {
    let base: UnsafePointer<UInt8>
    let end: Int
    let strict: Bool
    /// Repeated names are recorded, never thrown (the report lists them).
    let tolerateDuplicates: Bool
    var storage: TapeWriter
    var position = 0
    var depth = 0
    var duplicates: [DuplicateMember] = []
    /// Reused by each object's repeated-name check (objects close one at a time).
    var members: [(fingerprint: UInt64, key: Int)] = []
    /// The table of the repeated-name check for objects of up to ``tableMembers`` members:
    /// ``tableSlots`` slots, valid when stamped with the current generation. Freed by ``release()``.
    let slotStamps: UnsafeMutablePointer<UInt32>
    let slotPrints: UnsafeMutablePointer<UInt64>
    let slotKeys: UnsafeMutablePointer<Int>
    var generation: UInt32 = 0

    static let maxDepth = 512
    /// Objects up to this many members (a GitHub repository has 80) are checked for repeated
    /// names in the table; larger ones by sorting fingerprints.
    static let tableMembers = 128
    static let tableSlots = 256

    init(bytes: UnsafeBufferPointer<UInt8>, strict: Bool, tolerateDuplicates: Bool) {
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = bytes.count
        self.strict = strict
        self.tolerateDuplicates = tolerateDuplicates
        storage = TapeWriter(estimatedEntries: Self.estimatedEntries(bytes.count))
        slotStamps = .allocate(capacity: Self.tableSlots)
        slotStamps.initialize(repeating: 0, count: Self.tableSlots)
        slotPrints = .allocate(capacity: Self.tableSlots)
        slotKeys = .allocate(capacity: Self.tableSlots)
    }

    /// The tape's first capacity. A small document gets room for a value every 12 bytes, so it
    /// rarely grows; a large one (256 KiB up) for one every 24 bytes — pretty-printed API
    /// payloads hold one every 20–30 — and grows by doubling if it has more. Room far beyond what
    /// the document fills is not free once the allocator hands those pages to the decoded values:
    /// at one entry per 12 bytes a 1.3 MB payload's decodes peaked 0.4 MiB above `JSONDecoder`'s,
    /// at one per 24 below it.
    static func estimatedEntries(_ bytes: Int) -> Int {
        (bytes < 1 << 18 ? bytes / 12 : bytes / 24) + 16
    }

    /// Frees the scratch table (the tape itself is finished or discarded separately).
    func release() {
        slotStamps.deallocate()
        slotPrints.deallocate()
        slotKeys.deallocate()
    }

    mutating func build() throws(ScanFailure) {
        skipWhitespace()
        guard position < end else { throw ScanFailure(offset: position) }
        try value()
        skipWhitespace()
        guard position == end else { throw ScanFailure(offset: position) }
    }

    @inline(__always) mutating func skipWhitespace() {
        while position < end {
            let byte = base[position]
            if byte > 0x20 { return }
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position &+= 1
            // Indentation: a run of spaces measured eight bytes at a time.
            while position &+ 8 <= end {
                let other = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                if other != 0 {
                    position &+= other.trailingZeroBitCount &>> 3
                    break
                }
                position &+= 8
            }
        }
    }

    @inline(__always) func fail() -> ScanFailure { ScanFailure(offset: position) }

    mutating func value() throws(ScanFailure) {
        guard position < end else { throw fail() }
        switch base[position] {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"):
            try object()
        case UInt8(ascii: "["):
            try array()
        case UInt8(ascii: "t"):
            try literal("true", .true)
        case UInt8(ascii: "f"):
            try literal("false", .false)
        case UInt8(ascii: "n"):
            try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        default:
            throw fail()
        }
    }

    mutating func literal(_ word: StaticString, _ kind: TapeKind) throws(ScanFailure) {
        let length = word.utf8CodeUnitCount
        let start = position
        for index in 0..<length {
            guard position < end, base[position] == word.utf8Start[index] else { throw fail() }
            position &+= 1
        }
        _ = storage.append(kind: kind, flags: 0, offset: start, second: 0)
    }

    // MARK: Containers

    mutating func array() throws(ScanFailure) {
        guard depth < Self.maxDepth else { throw fail() }
        depth &+= 1
        defer { depth &-= 1 }
        let index = storage.append(kind: .array, flags: 0, offset: position, second: 0)
        position &+= 1
        skipWhitespace()
        var count = 0
        if position < end, base[position] == UInt8(ascii: "]") {
            position &+= 1
            storage.close(index, children: 0)
            return
        }
        while true {
            try value()
            count &+= 1
            skipWhitespace()
            guard position < end else { throw fail() }
            let byte = base[position]
            if byte == UInt8(ascii: "]") {
                position &+= 1
                break
            }
            guard byte == UInt8(ascii: ",") else { throw fail() }
            position &+= 1
            skipWhitespace()
            if !strict, position < end, base[position] == UInt8(ascii: "]") {
                position &+= 1  // JSONDecoder accepts a trailing comma
                break
            }
        }
        storage.close(index, children: count)
    }

    mutating func object() throws(ScanFailure) {
        guard depth < Self.maxDepth else { throw fail() }
        depth &+= 1
        defer { depth &-= 1 }
        let index = storage.append(kind: .object, flags: 0, offset: position, second: 0)
        position &+= 1
        skipWhitespace()
        var count = 0
        if position < end, base[position] == UInt8(ascii: "}") {
            position &+= 1
            storage.close(index, children: 0)
            return
        }
        while true {
            guard position < end, base[position] == UInt8(ascii: "\"") else { throw fail() }
            _ = try string()
            skipWhitespace()
            guard position < end, base[position] == UInt8(ascii: ":") else { throw fail() }
            position &+= 1
            skipWhitespace()
            try value()
            count &+= 1
            skipWhitespace()
            guard position < end else { throw fail() }
            let byte = base[position]
            if byte == UInt8(ascii: "}") {
                position &+= 1
                break
            }
            guard byte == UInt8(ascii: ",") else { throw fail() }
            position &+= 1
            skipWhitespace()
            if !strict, position < end, base[position] == UInt8(ascii: "}") {
                position &+= 1  // JSONDecoder accepts a trailing comma
                break
            }
        }
        storage.close(index, children: count)
        if count > 1 { try checkDuplicates(object: index, count: count) }
    }

    // MARK: Strings

    /// Scans a string whose opening quote is at `position`; returns its tape index.
    mutating func string() throws(ScanFailure) -> Int {
        position &+= 1
        let start = position
        var flags: UInt8 = 0
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control character or
            // non-ASCII.
            while position &+ 8 <= end {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22)
                let slash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((word &- ones &* 0x20) & ~word) | word
                let found = special & highs
                if found != 0 {
                    // The lowest flagged byte is the first special one (the borrow tricks only
                    // ever flag bytes above a true hit).
                    position &+= found.trailingZeroBitCount &>> 3
                    break
                }
                position &+= 8
            }
            guard position < end else { throw fail() }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                let index = storage.append(
                    kind: .string, flags: flags, offset: start, second: UInt64(truncatingIfNeeded: position &- start))
                position &+= 1
                return index
            } else if byte == UInt8(ascii: "\\") {
                flags |= StringFlags.slow
                try escape()
            } else if byte < 0x20 {
                if strict { throw fail() }
                flags |= StringFlags.slow
                position &+= 1
            } else if byte >= 0x80 {
                flags |= StringFlags.nonASCII
                if strict {
                    try utf8Sequence()
                } else {
                    position &+= 1
                }
            } else {
                position &+= 1
            }
        }
    }

    /// A backslash at `position`.
    mutating func escape() throws(ScanFailure) {
        position &+= 1
        guard position < end else { throw fail() }
        let letter = base[position]
        position &+= 1
        if letter == UInt8(ascii: "u") {
            guard position &+ 4 <= end else { throw fail() }
            if strict {
                guard let unit = hex4(at: position) else { throw fail() }
                position &+= 4
                if UTF16.isLeadSurrogate(unit) {
                    guard position &+ 6 <= end, base[position] == UInt8(ascii: "\\"),
                        base[position &+ 1] == UInt8(ascii: "u"), let low = hex4(at: position &+ 2),
                        UTF16.isTrailSurrogate(low)
                    else { throw fail() }
                    position &+= 6
                } else if UTF16.isTrailSurrogate(unit) {
                    throw fail()
                }
            } else {
                for offset in 0..<4 where base[position &+ offset] == UInt8(ascii: "\"") { throw fail() }
                position &+= 4
            }
            return
        }
        guard strict else { return }
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        default:
            position &-= 1
            throw fail()
        }
    }

    @inline(__always) func hex4(at offset: Int) -> UInt16? {
        var value: UInt16 = 0
        for index in 0..<4 {
            guard let digit = StringDecoding.hexValue(base[offset &+ index]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// A non-ASCII byte at `position` that must start a well-formed UTF-8 sequence (no overlong
    /// form, no surrogate, nothing above U+10FFFF).
    mutating func utf8Sequence() throws(ScanFailure) {
        let length = StringDecoding.validUTF8SequenceLength(base, at: position, end: end)
        guard length > 0 else { throw fail() }
        position &+= length
    }

    // MARK: Numbers

    mutating func number() throws(ScanFailure) {
        let start = position
        var flags: UInt8 = 0
        if strict {
            if base[position] == UInt8(ascii: "-") { position &+= 1 }
            guard position < end else { throw fail() }
            if base[position] == UInt8(ascii: "0") {
                position &+= 1
            } else if isDigit(base[position]) {
                while position < end, isDigit(base[position]) { position &+= 1 }
            } else {
                throw fail()
            }
            if position < end, base[position] == UInt8(ascii: ".") {
                flags = NumberFlags.notInteger
                position &+= 1
                guard position < end, isDigit(base[position]) else { throw fail() }
                while position < end, isDigit(base[position]) { position &+= 1 }
            }
            if position < end, base[position] | 0x20 == UInt8(ascii: "e") {
                flags = NumberFlags.notInteger
                position &+= 1
                if position < end, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                    position &+= 1
                }
                guard position < end, isDigit(base[position]) else { throw fail() }
                while position < end, isDigit(base[position]) { position &+= 1 }
            }
        } else {
            // JSONDecoder's scan: a run of digits, '.', '+', '-', 'e', 'E'; checked when read.
            position &+= 1
            while position < end {
                let byte = base[position]
                if isDigit(byte) {
                    position &+= 1
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte | 0x20 == UInt8(ascii: "e")
                {
                    flags = NumberFlags.notInteger
                    position &+= 1
                } else {
                    break
                }
            }
        }
        _ = storage.append(
            kind: .number, flags: flags, offset: start, second: UInt64(truncatingIfNeeded: position &- start))
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: Repeated names

    /// Finds names that appear twice in the object at `object`, by `String` equality (what
    /// JSONDecoder's dictionary of members uses), and flags the object so lookups find the first
    /// copy. In strict mode a repeat of the very same name is an error, as for the validator.
    mutating func checkDuplicates(object: Int, count: Int) throws(ScanFailure) {
        let tape = storage.view
        if count <= 8, noPlainNameRepeats(object: object, count: count, tape) { return }
        var found: [(first: Int, repeated: Int)] = []
        var allPlain = true
        if count <= Self.tableMembers {
            allPlain = tableCheck(object: object, count: count, tape, into: &found)
        } else {
            var member = object &+ 1
            members.removeAll(keepingCapacity: true)
            for _ in 0..<count {
                if tape.flags(member) != 0 {
                    allPlain = false
                    break
                }
                members.append((fingerprint(offset: tape.offset(member), length: tape.length(member)), member))
                member = tape.end(member &+ 1)
            }
            if allPlain {
                // Sorted by fingerprint, then by position: equal names are neighbours, first copy first.
                members.sort { ($0.fingerprint, $0.key) < ($1.fingerprint, $1.key) }
                var start = 0
                while start < members.count {
                    var stop = start &+ 1
                    while stop < members.count, members[stop].fingerprint == members[start].fingerprint { stop &+= 1 }
                    if stop &- start > 1 {
                        for later in (start &+ 1)..<stop {
                            for earlier in start..<later where sameBytes(members[earlier].key, members[later].key, tape)
                            {
                                found.append((members[earlier].key, members[later].key))
                                break
                            }
                        }
                    }
                    start = stop
                }
            }
        }
        if !allPlain {
            found.removeAll()
            // Escapes or non-ASCII: compare the decoded names as Strings (canonical equivalence).
            var firstByName: [String: Int] = [:]
            var member = object &+ 1
            for _ in 0..<count {
                let name =
                    StringDecoding.decode(base: base, offset: tape.offset(member), length: tape.length(member))
                    ?? "\u{FFFF}raw:\(tape.offset(member))"
                if let first = firstByName[name] {
                    found.append((first, member))
                } else {
                    firstByName[name] = member
                }
                member = tape.end(member &+ 1)
            }
        }
        guard !found.isEmpty else { return }
        storage.setFlag(object, ObjectFlags.duplicates)
        for pair in found {
            let exact = decodedBytesEqual(pair.first, pair.repeated, tape)
            if strict, exact, !tolerateDuplicates {
                position = tape.offset(pair.repeated)
                throw fail()
            }
            duplicates.append(DuplicateMember(object: object, first: pair.first, repeated: pair.repeated, exact: exact))
        }
    }

    /// Up to ``tableMembers`` plain ASCII names (equal as strings exactly when equal as bytes) go
    /// into a ``tableSlots``-slot open-addressing table stamped with a per-object generation (no clearing between
    /// objects); repeats are added to `found`. False, with `found` incomplete, when a name is not
    /// plain.
    @inline(__always) mutating func tableCheck(
        object: Int, count: Int, _ tape: TapeView, into found: inout [(first: Int, repeated: Int)]
    ) -> Bool {
        generation &+= 1
        if generation == 0 {
            slotStamps.initialize(repeating: 0, count: Self.tableSlots)
            generation = 1
        }
        var member = object &+ 1
        for _ in 0..<count {
            if tape.flags(member) != 0 { return false }
            let print = fingerprint(offset: tape.offset(member), length: tape.length(member))
            var slot = Int(truncatingIfNeeded: print &>> 56)
            while slotStamps[slot] == generation {
                let earlier = slotKeys[slot]
                if slotPrints[slot] == print, sameBytes(earlier, member, tape) {
                    found.append((earlier, member))
                    break
                }
                slot = (slot &+ 1) & (Self.tableSlots &- 1)
            }
            if slotStamps[slot] != generation {
                slotStamps[slot] = generation
                slotPrints[slot] = print
                slotKeys[slot] = member
            }
            member = tape.end(member &+ 1)
        }
        return true
    }

    /// True when a small object's names are all plain ASCII and none repeats, each compared with
    /// the earlier ones (lengths first): the common answer, without filling the table. False
    /// sends the object to the full check.
    @inline(__always) func noPlainNameRepeats(object: Int, count: Int, _ tape: TapeView) -> Bool {
        var member = object &+ 1
        for position in 0..<count {
            if tape.flags(member) != 0 { return false }
            var earlier = object &+ 1
            for _ in 0..<position {
                if sameBytes(earlier, member, tape) { return false }
                earlier = tape.end(earlier &+ 1)
            }
            member = tape.end(member &+ 1)
        }
        return true
    }

    /// Length, first and last eight bytes: equal names always agree, different ones rarely do
    /// (a match is confirmed byte by byte).
    @inline(__always) func fingerprint(offset: Int, length: Int) -> UInt64 {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if length >= 8 {
            head = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + (offset &+ length &- 8)).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<length { head = head << 8 | UInt64(base[offset &+ index]) }
        }
        return (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
    }

    func sameBytes(_ first: Int, _ second: Int, _ tape: TapeView) -> Bool {
        let length = tape.length(first)
        guard length == tape.length(second) else { return false }
        return memcmpBytes(base + tape.offset(first), base + tape.offset(second), length)
    }

    func decodedBytesEqual(_ first: Int, _ second: Int, _ tape: TapeView) -> Bool {
        if tape.flags(first) & StringFlags.slow == 0, tape.flags(second) & StringFlags.slow == 0 {
            return sameBytes(first, second, tape)
        }
        let one = StringDecoding.unescapedBytes(base: base, offset: tape.offset(first), length: tape.length(first))
        let two = StringDecoding.unescapedBytes(base: base, offset: tape.offset(second), length: tape.length(second))
        return one != nil && one == two
    }
}

@inline(__always) func memcmpBytes(_ one: UnsafePointer<UInt8>, _ two: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index &+ 8 <= count {
        if UnsafeRawPointer(one + index).loadUnaligned(as: UInt64.self)
            != UnsafeRawPointer(two + index).loadUnaligned(as: UInt64.self)
        {
            return false
        }
        index &+= 8
    }
    while index < count {
        if one[index] != two[index] { return false }
        index &+= 1
    }
    return true
}
