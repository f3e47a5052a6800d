// Stage 1 of the fast pass (``FastPass``), after simdjson's: 64 bytes per step in the standard
// library's `SIMD16<UInt8>`, compared lane by lane (quotes, backslashes, structural characters,
// whitespace, control bytes) and folded into one 64-bit mask per class. From the masks: which quotes
// are escaped (backslash runs, carried across blocks), which bytes are inside strings (a prefix XOR
// of the quotes), and the offsets of the tokens stage 2 (``TokenChecker``) reads: structural
// characters outside strings, every quote, and the first byte of each number or literal. On the way
// it checks what no grammar needs tokens for: strict UTF-8 (compared lane by lane, only in blocks
// with a byte of 0x80 or more), no control byte in a string or outside one except as whitespace,
// no non-ASCII byte outside a string, and every escape (``checkEscape(_:at:_:)``).
//
// The standard library has no movemask: a mask becomes bits by keeping one bit per lane (1, 2, 4,
// … 128 in each half) and OR-ing each 64-bit half down into its low byte with shifts, which
// LLVM compiles to plain vector shifts and ORs on x86-64 (SSE2) and arm64 alike. Its byte
// permutation (`subscript(index:)`) is an element loop, so there is no table lookup here: UTF-8 is
// checked with comparisons on the byte and the three before it. Every comparison is with a vector
// (``splat(_:)``): the operators that take a scalar are element loops too.

/// The fast pass's SIMD classifier: finds the tokens of a document, 64 bytes at a time, and checks
/// strings, UTF-8 and control bytes. Fed the document in pieces of any size.
struct SIMDScanner {
    typealias Vector = SIMD16<UInt8>

    /// All ones when the bytes scanned so far end inside a string.
    private var inString: UInt64 = 0
    /// 1 when the next byte is escaped by a backslash before it.
    private var nextEscaped: UInt64 = 0
    /// 1 when the last byte scanned is part of a number or literal.
    private var inScalar: UInt64 = 0
    /// The last three bytes scanned, last in the low byte (UTF-8 sequences across pieces).
    private var lastBytes: UInt32 = 0
    /// Whether the bytes so far end inside a multi-byte UTF-8 sequence.
    private var cutSequence = false
    /// The bytes of an escape the end of a piece cut (at most a `\u` surrogate pair, 12 bytes).
    private var cutEscape: [UInt8] = []
    /// Offset in the current piece before which escapes were already checked (a surrogate pair's
    /// second half, or what completed a cut escape).
    private var escapesCheckedTo = 0
    /// Whether the last piece had a backslash (stage 2 then decodes member names it holds).
    private(set) var sawBackslash = false
    private(set) var failed = false

    /// Whether the bytes so far end inside a string.
    var endsInString: Bool { inString != 0 }

    /// Scans `p[0..<n]` and writes the offsets of its tokens to `tokens`, which must have room for
    /// `n + 64` of them; returns how many there are. Sets ``failed`` at the first error.
    mutating func scan(_ p: UnsafePointer<UInt8>, _ n: Int, into tokens: UnsafeMutablePointer<UInt32>) -> Int {
        sawBackslash = false
        escapesCheckedTo = 0
        var count = 0
        if !cutEscape.isEmpty { finishCutEscape(p, n) }
        var i = 0
        // Control bytes other than tab, line feed and return, in any lane: an error anywhere.
        var stray = Vector()
        while i &+ 64 <= n && !failed {
            block(UnsafeRawPointer(p + i), p, at: i, n, valid: 64, tokens, &count, &stray)
            i &+= 64
        }
        if i < n && !failed {
            // The last partial block, from a copy padded with spaces (its masks stop at `n`).
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { padded in
                let rest = n &- i
                padded.initialize(repeating: UInt8(ascii: " "))
                _ = padded.update(fromContentsOf: UnsafeBufferPointer(start: p + i, count: rest))
                block(UnsafeRawPointer(padded.baseAddress!), p, at: i, n, valid: rest, tokens, &count, &stray)
            }
        }
        let strays = unsafeBitCast(stray, to: SIMD2<UInt64>.self)
        if strays[0] | strays[1] != 0 { failed = true }
        if n >= 3 {
            lastBytes = UInt32(p[n &- 3]) << 16 | UInt32(p[n &- 2]) << 8 | UInt32(p[n &- 1])
        } else {
            for k in 0..<n { lastBytes = lastBytes << 8 | UInt32(p[k]) }
            lastBytes &= 0xFF_FFFF
        }
        return count
    }

    /// Whether the document may end here: no string, escape or UTF-8 sequence left open.
    func finish() -> Bool {
        !failed && inString == 0 && cutEscape.isEmpty && !cutSequence
    }

    // MARK: One block

    /// Scans the 64 bytes at `block`: the bytes `piece[at..<at + valid]` (a copy for the last
    /// partial block, where the lanes from `valid` on are padding).
    @inline(__always)
    private mutating func block(
        _ block: UnsafeRawPointer, _ piece: UnsafePointer<UInt8>, at: Int, _ n: Int, valid: Int,
        _ tokens: UnsafeMutablePointer<UInt32>, _ count: inout Int, _ stray: inout Vector
    ) {
        let v0 = block.loadUnaligned(fromByteOffset: 0, as: Vector.self)
        let v1 = block.loadUnaligned(fromByteOffset: 16, as: Vector.self)
        let v2 = block.loadUnaligned(fromByteOffset: 32, as: Vector.self)
        let v3 = block.loadUnaligned(fromByteOffset: 48, as: Vector.self)
        let lanes: UInt64 = valid == 64 ? ~0 : (1 &<< UInt64(valid)) &- 1
        let last = UInt64(valid &- 1)

        var escaped = nextEscaped
        nextEscaped = 0
        let anyBackslash = unsafeBitCast(
            Self.lanes(v0 .== Self.splat(0x5C)) | Self.lanes(v1 .== Self.splat(0x5C))
                | Self.lanes(v2 .== Self.splat(0x5C)) | Self.lanes(v3 .== Self.splat(0x5C)), to: SIMD2<UInt64>.self)
        let backslashes =
            anyBackslash[0] | anyBackslash[1] == 0 ? 0 : Self.bits(v0, v1, v2, v3) { $0 .== Self.splat(0x5C) } & lanes
        if backslashes != 0 {
            sawBackslash = true
            // The backslashes that escape the byte after them: the first of each run, and every
            // other one after it (simdjson's odd-length-run arithmetic, with the carry in).
            let starts = backslashes & ~escaped
            let odd: UInt64 = 0xAAAA_AAAA_AAAA_AAAA
            let code = ((starts &<< 1 | odd) &- starts) ^ odd
            let escaping = code & backslashes
            escaped = code ^ (backslashes | escaped)
            nextEscaped = (escaping &>> last) & 1
            var each = escaping
            while each != 0 && !failed {
                let j = at &+ each.trailingZeroBitCount
                each &= each &- 1
                if j >= escapesCheckedTo { checkEscape(piece, at: j, n) }
            }
        }
        let quotes = Self.bits(v0, v1, v2, v3) { $0 .== Self.splat(0x22) } & lanes & ~escaped
        let structural = Self.bits(v0, v1, v2, v3) { v in
            // `[`, `]`, `{` and `}` differ only in bits 0x26; so do `Y`, `_`, `y` and DEL, which no
            // valid document has outside a string and which stage 2 then rejects as tokens.
            v & Self.splat(0xD9) .== Self.splat(0x59) .| (v .== Self.splat(0x2C)) .| (v .== Self.splat(0x3A))
        }
        // Space and control bytes: whitespace between tokens, since a control byte that is not a
        // tab, line feed or return is an error anyway (checked lane by lane, without a mask).
        let blank = Self.bits(v0, v1, v2, v3) { v in v .<= Self.splat(0x20) }
        @inline(__always) func strayControls(_ v: Vector) -> Vector {
            // Tab and return are the bytes whose value with bit 2 set is 13.
            let allowed = v | Self.splat(4) .== Self.splat(13) .| (v .== Self.splat(10))
            return Self.lanes(v .< Self.splat(0x20) .& .!allowed)
        }
        stray |= strayControls(v0) | strayControls(v1) | strayControls(v2) | strayControls(v3)
        var inside = quotes
        inside ^= inside &<< 1
        inside ^= inside &<< 2
        inside ^= inside &<< 4
        inside ^= inside &<< 8
        inside ^= inside &<< 16
        inside ^= inside &<< 32
        inside ^= inString
        inString = 0 &- ((inside &>> last) & 1)
        // In a string, the only byte up to 0x20 is the space.
        if blank & inside & lanes != 0
            && blank & inside & lanes & ~Self.bits(v0, v1, v2, v3, { $0 .== Self.splat(0x20) }) != 0
        {
            failed = true
        }

        let high = v0 | v1 | v2 | v3
        let highWords = unsafeBitCast(high, to: SIMD2<UInt64>.self)
        if (highWords[0] | highWords[1]) & 0x8080_8080_8080_8080 != 0 || cutSequence {
            // Outside strings no byte is above 0x7F; inside, the bytes are strict UTF-8.
            let nonASCII = Self.bits(v0, v1, v2, v3) { v in v .>= Self.splat(0x80) } & lanes
            if nonASCII & ~inside != 0 || !validUTF8(block, piece, at: at, valid: valid) { failed = true }
        }

        let scalar = ~(structural | blank | quotes | inside) & lanes
        let starts = scalar & ~(scalar &<< 1 | inScalar)
        inScalar = (scalar &>> last) & 1
        var found = (structural & ~inside & lanes) | quotes | starts
        // Offsets out: eight whatever the count (the room after `count` allows it), then four at a
        // time while any are left.
        let total = found.nonzeroBitCount
        var out = tokens + count
        let base = UInt32(truncatingIfNeeded: at)
        for k in 0..<8 {
            out[k] = base &+ UInt32(truncatingIfNeeded: found.trailingZeroBitCount)
            found &= found &- 1
        }
        while found != 0 {
            out += 4
            for k in 4..<8 {
                out[k] = base &+ UInt32(truncatingIfNeeded: found.trailingZeroBitCount)
                found &= found &- 1
            }
        }
        count &+= total
    }

    @inline(__always) private static func splat(_ byte: UInt8) -> Vector { Vector(repeating: byte) }

    @inline(__always) private static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> Vector {
        unsafeBitCast(mask, to: Vector.self)
    }

    /// One bit per byte of the 64 at `v0…v3` where `test` holds.
    @inline(__always)
    private static func bits(
        _ v0: Vector, _ v1: Vector, _ v2: Vector, _ v3: Vector, _ test: (Vector) -> SIMDMask<SIMD16<Int8>>
    ) -> UInt64 {
        let folded = fold(test(v0)) | fold(test(v1)) &<< 16 | fold(test(v2)) &<< 32 | fold(test(v3)) &<< 48
        return folded[0] | folded[1] &<< 8
    }

    /// A lane mask as 8 bits in the low byte of each 64-bit half: each lane keeps one bit (1, 2, 4,
    /// … 128 in each half), and the bytes are OR-ed together in pairs, fours and eights with shifts
    /// of 16-, 32- and 64-bit lanes (which LLVM keeps in vector registers).
    @inline(__always)
    private static func fold(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        let weights = Vector(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        var pairs = unsafeBitCast(lanes(mask) & weights, to: SIMD8<UInt16>.self)
        pairs |= pairs &>> 8
        var fours = unsafeBitCast(pairs, to: SIMD4<UInt32>.self)
        fours |= fours &>> 16
        var eights = unsafeBitCast(fours, to: SIMD2<UInt64>.self)
        eights |= eights &>> 32
        return eights & SIMD2(repeating: 0xFF)
    }

    // MARK: UTF-8

    /// Whether `p[0..<n]` is strict UTF-8, by the check `scan` makes (alone, for benchmarks).
    static func validatesUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var scanner = SIMDScanner()
        var i = 0
        while i < n {
            let valid = min(64, n &- i)
            let ok = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { padded -> Bool in
                var block = UnsafeRawPointer(p + i)
                if valid < 64 {
                    padded.initialize(repeating: UInt8(ascii: " "))
                    _ = padded.update(fromContentsOf: UnsafeBufferPointer(start: p + i, count: valid))
                    block = UnsafeRawPointer(padded.baseAddress!)
                }
                let high = unsafeBitCast(
                    block.loadUnaligned(as: Vector.self) | block.loadUnaligned(fromByteOffset: 16, as: Vector.self)
                        | block.loadUnaligned(fromByteOffset: 32, as: Vector.self)
                        | block.loadUnaligned(fromByteOffset: 48, as: Vector.self), to: SIMD2<UInt64>.self)
                let ascii = (high[0] | high[1]) & 0x8080_8080_8080_8080 == 0 && !scanner.cutSequence
                return ascii || scanner.validUTF8(block, p, at: i, valid: valid)
            }
            guard ok else { return false }
            i &+= 64
        }
        return !scanner.cutSequence
    }

    /// Whether the block's bytes are well-formed UTF-8 given the three before them (Unicode Table
    /// 3-7): each continuation byte is one its lead asks for, no lead is C0, C1 or above F4, and
    /// the second byte after E0, ED, F0 and F4 is in their narrower ranges. A sequence cut by the
    /// block's end is checked with the next block (``cutSequence``).
    private mutating func validUTF8(_ block: UnsafeRawPointer, _ piece: UnsafePointer<UInt8>, at: Int, valid: Int)
        -> Bool
    {
        // The 3 bytes before the block and the block itself, in one buffer that can be read at -3.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 80) { buffer -> Bool in
            let start = buffer.baseAddress! + 16
            if at >= 3 {
                (start - 3).update(from: piece + at - 3, count: 3)
            } else {
                for k in 0..<3 { start[k &- 3] = UInt8(truncatingIfNeeded: lastBytes >> (8 * (2 &- k))) }
                for k in 0..<min(at, 3) { start[k &- at] = piece[k] }
            }
            start.update(from: block.assumingMemoryBound(to: UInt8.self), count: 64)
            var errors = Vector()
            for k in 0..<4 {
                let here = UnsafeRawPointer(start + 16 &* k)
                let byte = here.loadUnaligned(as: Vector.self)
                let p1 = here.loadUnaligned(fromByteOffset: -1, as: Vector.self)
                let p2 = here.loadUnaligned(fromByteOffset: -2, as: Vector.self)
                let p3 = here.loadUnaligned(fromByteOffset: -3, as: Vector.self)
                let continuation = byte & Self.splat(0xC0) .== Self.splat(0x80)
                let expected = p1 .>= Self.splat(0xC0) .| (p2 .>= Self.splat(0xE0)) .| (p3 .>= Self.splat(0xF0))
                var bad = continuation .^ expected
                bad .|= byte .>= Self.splat(0xF5) .| (byte & Self.splat(0xFE) .== Self.splat(0xC0))
                bad .|= p1 .== Self.splat(0xE0) .& (byte .< Self.splat(0xA0))
                bad .|= p1 .== Self.splat(0xED) .& (byte .> Self.splat(0x9F))
                bad .|= p1 .== Self.splat(0xF0) .& (byte .< Self.splat(0x90))
                bad .|= p1 .== Self.splat(0xF4) .& (byte .> Self.splat(0x8F))
                // Padding lanes of a partial block may follow a cut sequence: not an error yet.
                let lane = Vector(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) &+ Self.splat(UInt8(16 &* k))
                bad .&= lane .< Self.splat(UInt8(valid))
                errors |= unsafeBitCast(bad, to: Vector.self)
            }
            let words = unsafeBitCast(errors, to: SIMD2<UInt64>.self)
            let end = start + valid
            cutSequence = end[-1] >= 0xC0 || end[-2] >= 0xE0 || end[-3] >= 0xF0
            return words[0] | words[1] == 0
        }
    }

    // MARK: Escapes

    /// Checks the escape whose backslash is at `p[j]`: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`,
    /// `\t`, or `\u` and four hex digits, a UTF-16 high surrogate only with a `\u` low one after
    /// it and a low one only there. An escape the piece's end cuts is kept for the next piece.
    private mutating func checkEscape(_ p: UnsafePointer<UInt8>, at j: Int, _ n: Int) {
        switch Self.escapeLength(p + j, n &- j) {
        case nil:
            // The rest of the piece belongs to it (a surrogate pair's second backslash included).
            cutEscape = Array(UnsafeBufferPointer(start: p + j, count: n &- j))
            escapesCheckedTo = n
        case 0?:
            failed = true
        case let length?:
            escapesCheckedTo = j &+ length
        }
    }

    /// An escape cut by the end of the last piece, completed with this one's first bytes.
    private mutating func finishCutEscape(_ p: UnsafePointer<UInt8>, _ n: Int) {
        let had = cutEscape.count
        cutEscape.append(contentsOf: UnsafeBufferPointer(start: p, count: min(n, 12 &- had)))
        let outcome = cutEscape.withUnsafeBufferPointer { Self.escapeLength($0.baseAddress!, $0.count) }
        switch outcome {
        case nil:
            escapesCheckedTo = n  // still cut: this piece was shorter than the escape
            return
        case 0?:
            failed = true
        case let length?:
            escapesCheckedTo = length &- had
        }
        cutEscape.removeAll()
    }

    /// The length of the escape at `e[0]` (a backslash) if it is well formed, 0 if not, nil when
    /// its `count` bytes end before that is known.
    private static func escapeLength(_ e: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        func hex(_ at: Int) -> UInt32? {
            var value: UInt32 = 0
            for k in at..<(at &+ 4) {
                let c = e[k]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c &- UInt8(ascii: "a") &+ 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c &- UInt8(ascii: "A") &+ 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        guard count >= 2 else { return nil }
        switch e[1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            break
        default:
            return 0
        }
        // Each digit is judged as soon as it is there: a bad one is an error however the input ends.
        for k in 2..<min(count, 6) where !StringSkipper.isHexDigit(e[k]) { return 0 }
        guard count >= 6, let value = hex(2) else { return nil }
        switch value {
        case 0xDC00...0xDFFF:
            return 0
        case 0xD800...0xDBFF:
            if count >= 7 && e[6] != UInt8(ascii: "\\") || count >= 8 && e[7] != UInt8(ascii: "u") { return 0 }
            for k in 8..<max(8, min(count, 12)) where !StringSkipper.isHexDigit(e[k]) { return 0 }
            guard count >= 12, let low = hex(8) else { return nil }
            return (0xDC00...0xDFFF).contains(low) ? 12 : 0
        default:
            return 6
        }
    }
}
