import WireJSONCore
import WireSupport

/// SHA-256 (FIPS 180-4), written out so WireLock needs no crypto library: the lock file's
/// fingerprints are SHA-256 over RFC 8785 canonical bytes.
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// var hasher = SHA256()
/// hasher.update(Array("ab".utf8))
/// hasher.update(Array("c".utf8))
/// hasher.finalize()            // the same 32 bytes
/// ```
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    /// A hasher with nothing fed yet.
    public init() {
        buffer.reserveCapacity(64)
    }

    /// Feeds more bytes.
    public mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { update(contiguous: $0) } }
    }

    /// Fills a partial block first, then hashes whole blocks straight from the input, and keeps the
    /// rest for the next call.
    private mutating func update(contiguous input: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(input.count)
        var i = 0
        if !buffer.isEmpty {
            let taken = min(64 - buffer.count, input.count)
            buffer.append(contentsOf: input[0..<taken])
            i = taken
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBufferPointer { compress($0) }
            buffer.removeAll(keepingCapacity: true)
        }
        while input.count - i >= 64 {
            compress(UnsafeBufferPointer(rebasing: input[i..<(i + 64)]))
            i += 64
        }
        buffer.append(contentsOf: input[i...])
    }

    /// The 32-byte digest of everything fed so far. The hasher can keep being used afterwards: this
    /// works on a copy.
    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        copy.buffer.append(0x80)
        while copy.buffer.count % 64 != 56 { copy.buffer.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            copy.buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let blocks = copy.buffer
        blocks.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                copy.compress(UnsafeBufferPointer(rebasing: all[offset..<offset + 64]))
                offset += 64
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        let s = copy.state
        for word in [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        Text.hex(hash(bytes))
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// Hashes one 64-byte block into the state.
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        // The message schedule on the stack: an array here was one allocation per 64 bytes hashed.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            compress(block, schedule: w)
        }
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>, schedule w: UnsafeMutableBufferPointer<UInt32>)
    {
        for i in 0..<16 {
            w[i] =
                UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16 | UInt32(block[i * 4 + 2]) << 8
                | UInt32(block[i * 4 + 3])
        }
        for i in 16..<64 {
            let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        let k = Self.k
        for i in 0..<64 {
            let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
            state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
        )
    }
}
