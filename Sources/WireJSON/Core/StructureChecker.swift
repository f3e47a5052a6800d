#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fast pass's strictness checks, done without yajl: the byte scanner's strict UTF-8 / escape /
/// BOM rules, plus nesting depth and duplicate member names, found by a light tokenizer that only
/// follows strings and brackets.
///
/// It may run on another core while yajl checks the grammar of the same bytes, so yajl needs no
/// callbacks at all. Its reading of the structure is only trusted when yajl accepts the input: for a
/// grammatically valid document, a string right after `{` or after a `,` inside an object is a member
/// name. When yajl rejects the input, whatever this checker concluded is irrelevant (the exact pass
/// runs anyway). Duplicate detection is by hash here, as in the fast pass before: a collision makes
/// the fast pass say "invalid" and the exact pass then decides, so nothing invalid is ever let through.
/// An object with more than ``CallbackState/linearLimit`` members is checked when it closes
/// (``HashDuplicates``), which keeps a huge object from costing a cache miss per member.
struct StructureChecker {
    private var scanner: ByteScanner
    /// Frames and member-name hashes: the same bookkeeping the yajl callbacks use, driven directly.
    private let keys: UnsafeMutablePointer<CallbackState>

    private var inString = false
    private var stringIsKey = false
    private var escaped = false
    private var keyHasEscape = false
    /// The next string of the current object is a member name (after `{` or `,`).
    private var expectKey = false
    /// The bytes of a member name that started in an earlier chunk.
    private var keyBytes: [UInt8] = []
    private var keyContinues = false
    private(set) var failed = false

    /// Whether the bytes so far end inside a string.
    var endsInString: Bool { inString }

    /// Inside a string, where the bytes so far leave its escapes.
    var stringEscape: StringSkipper.State {
        if escaped { return .backslash }
        let hex = scanner.pendingHexDigits
        return hex > 0 ? .hex(hex) : .plain
    }

    init(options: JSONParseOptions) {
        scanner = ByteScanner(allowComments: false)
        keys = .allocate(capacity: 1)
        keys.initialize(
            to: CallbackState(
                maxDepth: options.maxDepth, checkDuplicates: !options.allowDuplicateKeys,
                tracksPositions: false))
        keyBytes.reserveCapacity(64)
    }

    func deallocate() {
        keys.pointee.deallocate()
        keys.deinitialize(count: 1)
        keys.deallocate()
    }

    mutating func reset() {
        scanner = ByteScanner(allowComments: false)
        keys.pointee.reset()
        inString = false
        stringIsKey = false
        escaped = false
        keyHasEscape = false
        expectKey = false
        keyBytes.removeAll(keepingCapacity: true)
        keyContinues = false
        failed = false
    }

    /// Checks the next `n` bytes (at absolute offset `base`); false once anything is wrong.
    mutating func check(_ p: UnsafePointer<UInt8>, count n: Int, base: Int) -> Bool {
        if failed { return false }
        if scanner.check(p, count: n, base: base) != nil || !follow(p, n) {
            failed = true
        }
        return !failed
    }

    private mutating func follow(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        var keyStart = 0
        while i < n {
            if inString {
                if escaped {
                    escaped = false
                    i &+= 1
                    continue
                }
                let j = Self.quoteOrBackslash(p, from: i, to: n)
                if j == n { break }
                if p[j] == UInt8(ascii: "\\") {
                    escaped = true
                    keyHasEscape = true
                    i = j &+ 1
                    continue
                }
                inString = false
                i = j &+ 1
                if stringIsKey {
                    let ok: Bool
                    if keyContinues {
                        keyBytes.append(contentsOf: UnsafeBufferPointer(start: p + keyStart, count: j &- keyStart))
                        ok = keyBytes.withUnsafeBufferPointer { memberName($0.baseAddress!, $0.count) }
                        keyBytes.removeAll(keepingCapacity: true)
                        keyContinues = false
                    } else {
                        ok = memberName(p + keyStart, j &- keyStart)
                    }
                    if !ok { return false }
                }
                continue
            }
            i = Self.structural(p, from: i, to: n)
            if i == n { break }
            switch p[i] {
            case UInt8(ascii: "\""):
                inString = true
                stringIsKey = expectKey
                expectKey = false
                keyHasEscape = false
                keyStart = i &+ 1
            case UInt8(ascii: "{"):
                if keys.pointee.startContainer(isObject: true) == 0 { return false }
                expectKey = true
            case UInt8(ascii: "["):
                if keys.pointee.startContainer(isObject: false) == 0 { return false }
                expectKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // An unbalanced bracket is a grammar error yajl reports; stop following.
                if keys.pointee.frames.isEmpty { return false }
                // An object with many members is checked for duplicates as it closes.
                if keys.pointee.endContainer() == 0 { return false }
                expectKey = false
            case UInt8(ascii: ","):
                let top = keys.pointee.frames.count &- 1
                expectKey = top >= 0 && keys.pointee.frames.base[top].isObject
            default:
                break
            }
            i &+= 1
        }
        if inString && stringIsKey {
            // The member name goes on in the next chunk: keep what this one holds of it.
            keyBytes.append(contentsOf: UnsafeBufferPointer(start: p + keyStart, count: n &- keyStart))
            keyContinues = true
        }
        return true
    }

    /// Records one member name given by its raw bytes between the quotes.
    private mutating func memberName(_ raw: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard keyHasEscape else { return keys.pointee.key(raw, count: count) != 0 }
        var decoded: [UInt8] = []
        guard StructureChecker.unescape(raw, count, into: &decoded) else { return false }
        return decoded.withUnsafeBufferPointer { buffer in
            // An empty array's base address may be nil; a distinct one-byte buffer stands in.
            guard let address = buffer.baseAddress else {
                var none: UInt8 = 0
                return withUnsafePointer(to: &none) { keys.pointee.key($0, count: 0) != 0 }
            }
            return keys.pointee.key(address, count: buffer.count) != 0
        }
    }

    /// Index of the first byte of `p[i..<n]` that is one of `"{}[],`, or `n`. (Outside strings
    /// everything else, whitespace, numbers and literals, is yajl's business.)
    @inline(__always)
    private static func structural(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        var i = start
        let quotes = SWAR.broadcast(UInt8(ascii: "\""))
        let commas = SWAR.broadcast(UInt8(ascii: ","))
        let opens = SWAR.broadcast(UInt8(ascii: "{"))  // `[` | 0x20
        let closes = SWAR.broadcast(UInt8(ascii: "}"))  // `]` | 0x20
        let caseBit = SWAR.broadcast(0x20)
        while i &+ 8 <= n {
            let word = SWAR.load(p, i)
            let folded = word | caseBit
            let hits =
                SWAR.zeroBytes(word ^ quotes) | SWAR.zeroBytes(word ^ commas)
                | SWAR.zeroBytes(folded ^ opens) | SWAR.zeroBytes(folded ^ closes)
            if hits != 0 { return i &+ (hits.trailingZeroBitCount >> 3) }
            i &+= 8
        }
        while i < n {
            switch p[i] {
            case UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "["), UInt8(ascii: "]"):
                return i
            default:
                i &+= 1
            }
        }
        return n
    }

    /// Index of the first `"` or `\` in `p[i..<n]`, or `n`.
    @inline(__always)
    private static func quoteOrBackslash(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        var i = start
        let quotes = SWAR.broadcast(UInt8(ascii: "\""))
        let slashes = SWAR.broadcast(UInt8(ascii: "\\"))
        while i &+ 8 <= n {
            let word = SWAR.load(p, i)
            let hits = SWAR.zeroBytes(word ^ quotes) | SWAR.zeroBytes(word ^ slashes)
            if hits != 0 { return i &+ (hits.trailingZeroBitCount >> 3) }
            i &+= 8
        }
        while i < n {
            if p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "\\") { return i }
            i &+= 1
        }
        return n
    }

    /// Decodes the escapes of a string's raw bytes (already checked by the scanner: escapes are
    /// well formed and surrogates paired) to UTF-8. False on anything malformed.
    static func unescape(_ p: UnsafePointer<UInt8>, _ n: Int, into out: inout [UInt8]) -> Bool {
        out.reserveCapacity(n)
        var i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at &+ 4 <= n else { return nil }
            var value: UInt32 = 0
            for k in at..<(at &+ 4) {
                let c = p[k]
                let digit: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c &- UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c &- UInt8(ascii: "a")) &+ 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c &- UInt8(ascii: "A")) &+ 10
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        while i < n {
            let c = p[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i &+= 1
                continue
            }
            guard i &+ 1 < n else { return false }
            switch p[i &+ 1] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(i &+ 2) else { return false }
                i &+= 6
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i &+ 6 <= n, p[i] == UInt8(ascii: "\\"), p[i &+ 1] == UInt8(ascii: "u"),
                        let low = hex4(i &+ 2), (0xDC00...0xDFFF).contains(low)
                    else { return false }
                    scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                    i &+= 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return false
                }
                guard let unicode = Unicode.Scalar(scalar) else { return false }
                out.append(contentsOf: UTF8.encode(unicode)!)
                continue
            default:
                return false
            }
            i &+= 2
        }
        return true
    }
}
