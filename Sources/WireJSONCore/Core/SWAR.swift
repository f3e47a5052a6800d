/// Word-at-a-time helpers over 8 bytes (little-endian loads).
package enum SWAR {
    package static let ones: UInt64 = 0x0101_0101_0101_0101
    package static let highs: UInt64 = 0x8080_8080_8080_8080
    package static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// A non-zero value when some byte of `word` is zero; the lowest flagged byte is always a true
    /// zero (higher flags may be false positives), which is all a "find first" needs.
    @inline(__always) package static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// Exactly one high bit per zero byte, for counting.
    @inline(__always) package static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lows) &+ lows) | word | lows)
    }

    @inline(__always) package static func load(_ pointer: UnsafePointer<UInt8>, _ index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer + index).loadUnaligned(as: UInt64.self))
    }

    @inline(__always) package static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// The index of the first byte from `index` on whose word `flags` marks (the lowest set high
    /// bit), moving eight bytes at a time; `index` unchanged past the last whole word, so the
    /// caller's byte loop finishes the tail. `flags` must flag a byte by its high bit.
    @inline(__always) package static func firstFlagged(
        _ pointer: UnsafePointer<UInt8>, from index: Int, to count: Int, flags: (UInt64) -> UInt64
    ) -> Int {
        var i = index
        while i &+ 8 <= count {
            let m = flags(load(pointer, i))
            if m != 0 { return i &+ (m.trailingZeroBitCount >> 3) }
            i &+= 8
        }
        return i
    }
}
