// Stage 2 of the fast pass (``FastPass``): the grammar, read from the token offsets stage 1
// (``SIMDScanner``) found, one token at a time (structural characters, both quotes of each string,
// the first byte of each number or literal), with the nesting depth and duplicate member names
// kept in a ``CallbackState`` (its fast mode: hashes of the names). A token the end of a piece cuts
// (a string, a member name, a number or literal) waits for the next piece.

/// The grammar of the fast pass over stage 1's tokens: valid or not, no locations.
struct TokenChecker {
    /// What the grammar takes next.
    private enum Expect: UInt8 {
        case value
        /// A value or `]` (just after `[`).
        case valueOrEnd
        /// A member name or `}` (just after `{`).
        case nameOrEnd
        case name
        /// `:` after a member name.
        case colon
        /// `,` or the end of the container (or of the document) after a value.
        case next
        /// Nothing: the document is complete.
        case end
    }

    /// A token the end of a piece cut.
    private enum Cut: UInt8 {
        case none, string, name, scalar
    }

    private var expect = Expect.value
    private var cut = Cut.none
    /// Depth and duplicate names (``CallbackState`` in its fast mode).
    private let structure: UnsafeMutablePointer<CallbackState>
    /// The bytes of a member name, or of a literal, the end of a piece cut.
    private var held: [UInt8] = [] {
        didSet { maxHeldByteCount = max(maxHeldByteCount, held.count) }
    }
    /// The most bytes held at once (tests check that a long value is never held).
    private(set) var maxHeldByteCount = 0
    /// A number the end of a piece cut.
    private var number = NumberScan()
    private(set) var failed = false

    init(options: JSONParseOptions) {
        structure = .allocate(capacity: 1)
        structure.initialize(
            to: CallbackState(
                maxDepth: options.maxDepth, checkDuplicates: !options.allowDuplicateKeys, tracksPositions: false))
        held.reserveCapacity(64)
    }

    func deallocate() {
        structure.pointee.deallocate()
        structure.deinitialize(count: 1)
        structure.deallocate()
    }

    mutating func reset() {
        structure.pointee.reset()
        expect = .value
        cut = .none
        held.removeAll(keepingCapacity: true)
        failed = false
    }

    /// Reads the `count` tokens at the offsets `tokens` found in `p[0..<n]`; false at the first
    /// error. `decode` says whether member names may hold escapes.
    mutating func check(
        _ p: UnsafePointer<UInt8>, _ n: Int, _ tokens: UnsafePointer<UInt32>, _ count: Int, decode: Bool
    ) -> Bool {
        guard !failed else { return false }
        var k = 0
        switch cut {
        case .none:
            break
        case .string:
            // Stage 1 was inside the string: its first token here, if any, is the closing quote.
            guard count > 0 else { return true }
            k = 1
            cut = .none
            next()
        case .name:
            guard count > 0 else {
                held.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
                return true
            }
            held.append(contentsOf: UnsafeBufferPointer(start: p, count: Int(tokens[0])))
            k = 1
            cut = .none
            let named = held.withUnsafeBufferPointer { name($0.baseAddress!, $0.count, decode: true) }
            held.removeAll(keepingCapacity: true)
            guard named, colon(p, tokens, &k, count) else { return fail() }
        case .scalar:
            // The number or literal goes on at the start of this piece, up to its first separator.
            var end = 0
            while end < n && !Self.separates(p[end]) && p[end] != UInt8(ascii: "\"") { end &+= 1 }
            guard continueScalar(p, end, final: end < n) else { return fail() }
            if end == n { return true }
            cut = .none
            next()
        }
        while k < count {
            let i = Int(tokens[k])
            let c = p[i]
            k &+= 1
            switch expect {
            case .value, .valueOrEnd:
                switch c {
                case UInt8(ascii: "{"):
                    guard structure.pointee.open(isObject: true) else { return fail() }
                    expect = .nameOrEnd
                case UInt8(ascii: "["):
                    guard structure.pointee.open(isObject: false) else { return fail() }
                    expect = .valueOrEnd
                case UInt8(ascii: "\""):
                    guard k < count else {
                        cut = .string
                        return true
                    }
                    k &+= 1
                    next()
                case UInt8(ascii: "]") where expect == .valueOrEnd:
                    guard close(c) else { return fail() }
                default:
                    // A number or literal: it ends at the first byte that cannot continue it, which
                    // must separate it from what follows.
                    var end = i
                    let valid = Self.scalar(p, &end, n)
                    if end == n {
                        held.removeAll(keepingCapacity: true)
                        number = NumberScan()
                        guard continueScalar(p + i, n &- i, final: false) else { return fail() }
                        cut = .scalar
                        return true
                    }
                    guard valid, Self.separates(p[end]) else { return fail() }
                    next()
                }
            case .nameOrEnd, .name:
                if c == UInt8(ascii: "\"") {
                    guard k < count else {
                        held.removeAll(keepingCapacity: true)
                        held.append(contentsOf: UnsafeBufferPointer(start: p + i + 1, count: n &- i &- 1))
                        cut = .name
                        return true
                    }
                    let close = Int(tokens[k])
                    k &+= 1
                    guard name(p + i + 1, close &- i &- 1, readable: n &- i &- 1, decode: decode),
                        colon(p, tokens, &k, count)
                    else {
                        return fail()
                    }
                } else if c == UInt8(ascii: "}") && expect == .nameOrEnd {
                    guard close(c) else { return fail() }
                } else {
                    return fail()
                }
            case .colon:
                guard c == UInt8(ascii: ":") else { return fail() }
                expect = .value
            case .next:
                let top = structure.pointee.frames.count &- 1
                if c == UInt8(ascii: ",") {
                    expect = structure.pointee.frames.base[top].isObject ? .name : .value
                } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                    guard close(c) else { return fail() }
                } else {
                    return fail()
                }
            case .end:
                return fail()
            }
        }
        return true
    }

    /// Whether the document may end here (the end of the input ends a number or literal).
    mutating func finish() -> Bool {
        guard !failed else { return false }
        if cut == .scalar {
            guard continueScalar(nil, 0, final: true) else { return fail() }
            cut = .none
            next()
        }
        return cut == .none && expect == .end
    }

    // MARK: Steps

    @inline(__always) private mutating func fail() -> Bool {
        failed = true
        return false
    }

    /// After a value: the end of the document at depth 0, else `,` or the end of the container.
    @inline(__always) private mutating func next() {
        expect = structure.pointee.frames.count == 0 ? .end : .next
    }

    /// A member name's raw bytes (between its quotes, `readable` bytes from their start in
    /// memory; `decode` when they may hold escapes): recorded, or false for a duplicate.
    @inline(__always)
    private mutating func name(_ raw: UnsafePointer<UInt8>, _ count: Int, readable: Int = 0, decode: Bool) -> Bool {
        guard structure.pointee.checkDuplicates else { return true }
        if count < 8 && readable >= 8 {
            // A short name: ``CallbackState/hash(_:_:)`` of one word read in place.
            let word = SWAR.load(raw, 0) & ((1 &<< UInt64(count &* 8)) &- 1)
            if !decode || SWAR.zeroBytes(word ^ SWAR.broadcast(UInt8(ascii: "\\"))) == 0 {
                var h = (0x9E37_79B9_7F4A_7C15 ^ UInt64(count) ^ word) &* 0x94D0_49BB_1331_11EB
                h ^= h &>> 31
                return structure.pointee.key(hash: h)
            }
        }
        return longName(raw, count, decode: decode)
    }

    /// ``name(_:_:readable:decode:)`` for a long name or one with escapes (decoded first).
    @inline(never)
    private mutating func longName(_ raw: UnsafePointer<UInt8>, _ count: Int, decode: Bool) -> Bool {
        let backslashes = SWAR.broadcast(UInt8(ascii: "\\"))
        let plain =
            !decode
            || SWAR.firstFlagged(raw, from: 0, to: count) { SWAR.zeroBytes($0 ^ backslashes) } == count & ~7
                && !UnsafeBufferPointer(start: raw + count & ~7, count: count & 7).contains(UInt8(ascii: "\\"))
        guard !plain else { return structure.pointee.key(hash: CallbackState.hash(raw, count)) }
        var decoded: [UInt8] = []
        SwiftGrammarCore.decode(raw, count, into: &decoded)
        decoded.append(0)  // a base address even for an empty name
        return decoded.withUnsafeBufferPointer {
            structure.pointee.key(hash: CallbackState.hash($0.baseAddress!, $0.count &- 1))
        }
    }

    /// After a member name: its `:` (read here, the common case), then a value. False when the
    /// token is not `:`; when the piece ends first, the next piece starts with it (`.colon`).
    @inline(__always)
    private mutating func colon(
        _ p: UnsafePointer<UInt8>, _ tokens: UnsafePointer<UInt32>, _ k: inout Int, _ count: Int
    ) -> Bool {
        guard k < count else {
            expect = .colon
            return true
        }
        guard p[Int(tokens[k])] == UInt8(ascii: ":") else { return false }
        k &+= 1
        expect = .value
        return true
    }

    /// A `}` or `]`: it must close the innermost container.
    @inline(__always) private mutating func close(_ c: UInt8) -> Bool {
        let top = structure.pointee.frames.count &- 1
        guard top >= 0, structure.pointee.frames.base[top].isObject == (c == UInt8(ascii: "}")),
            structure.pointee.close()
        else { return false }
        next()
        return true
    }

    // MARK: Scalars

    /// Reads a number or literal from `p[at]`, moving `at` to the first byte that cannot continue
    /// it (`n` if the bytes end first); whether what was read is one.
    @inline(__always)
    private static func scalar(_ p: UnsafePointer<UInt8>, _ at: inout Int, _ n: Int) -> Bool {
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }
        @inline(__always) func digits() {
            while at < n && isDigit(p[at]) { at &+= 1 }
        }
        let first = p[at]
        if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n") {
            let word: StaticString = first == UInt8(ascii: "t") ? "true" : first == UInt8(ascii: "f") ? "false" : "null"
            for k in 0..<word.utf8CodeUnitCount {
                if at == n { return true }
                if p[at] != word.utf8Start[k] { return false }
                at &+= 1
            }
            return true
        }
        if first == UInt8(ascii: "-") {
            at &+= 1
            if at == n { return true }
        }
        if at < n && p[at] == UInt8(ascii: "0") {
            at &+= 1
        } else {
            guard isDigit(p[at]) else { return false }
            digits()
        }
        if at < n && p[at] == UInt8(ascii: ".") {
            at &+= 1
            if at == n { return true }
            guard isDigit(p[at]) else { return false }
            digits()
        }
        if at < n && p[at] | 0x20 == UInt8(ascii: "e") {
            at &+= 1
            if at < n && (p[at] == UInt8(ascii: "+") || p[at] == UInt8(ascii: "-")) { at &+= 1 }
            if at == n { return true }
            guard isDigit(p[at]) else { return false }
            digits()
        }
        return true
    }

    /// A number or literal cut by the end of a piece, fed on: `p[0..<n]` continue it, and
    /// `final` says it ends there. A literal's bytes are held; a number goes through a
    /// ``NumberScan`` (so one of any length takes no memory).
    private mutating func continueScalar(_ p: UnsafePointer<UInt8>?, _ n: Int, final: Bool) -> Bool {
        if let p, n > 0 {
            let first = held.first ?? p[0]
            if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n") {
                held.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
                guard held.count <= 5 else { return false }
            } else {
                if held.isEmpty { held.append(first) }  // marks a number as started
                number.advance(over: p, n)  // a run of digits at a time
                if number.state == .notANumber { return false }
            }
        }
        guard final else { return true }
        switch held.first {
        case UInt8(ascii: "t"): return held == Array("true".utf8)
        case UInt8(ascii: "f"): return held == Array("false".utf8)
        case UInt8(ascii: "n"): return held == Array("null".utf8)
        default:
            switch number.state {
            case .zero, .integer, .fraction, .exponent: return true
            default: return false
            }
        }
    }

    /// Whether `c` ends a number or literal as JSON allows: whitespace or a structural character.
    @inline(__always) static func separates(_ c: UInt8) -> Bool {
        Tokens.isWhitespace(c) || Tokens.isPunctuation(c)
    }
}
