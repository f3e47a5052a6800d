#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exact pass's table of the member names of one open object with many members.
///
/// Open addressing with linear probing. A slot is one 64-bit word: the top 32 bits of the name's
/// hash, and the name's index in the key store plus one in the low 32 bits (0 is an empty slot).
/// So a probe is one memory access, and a name's bytes are read only when 32 bits of hash agree.
/// A slot's home is given by the top bits of the word, which are the hash's: the table is close to
/// hash order, and growing it reads the old table front to back and writes the new one front to
/// back, with no random access. At most three quarters full; doubled when it would be fuller.
struct KeyTable {
    private(set) var slots: UnsafeMutablePointer<UInt64>? = nil
    /// log2 of the number of slots (when allocated).
    private(set) var bits = 0
    private(set) var count = 0

    /// The first table of an object: 128 slots (1 KiB), enough for 96 names.
    static let minimumBits = 7
    /// The low 32 bits of a slot: the name's index + 1.
    static let indexMask: UInt64 = 0xFFFF_FFFF
    /// The most names the index part can number.
    static let maximumIndex = Int(UInt32.max) - 1

    var size: Int { slots == nil ? 0 : 1 &<< bits }
    var allocatedBytes: Int { size * MemoryLayout<UInt64>.stride }

    /// The slot word for the name with this hash and index.
    @inline(__always) static func entry(hash: UInt64, index: Int) -> UInt64 {
        (hash & ~indexMask) | UInt64(truncatingIfNeeded: index &+ 1)
    }

    /// Whether two slot words belong to names with the same top 32 bits of hash.
    @inline(__always) static func sameTag(_ a: UInt64, _ b: UInt64) -> Bool { (a ^ b) & ~indexMask == 0 }

    /// The name index a slot word holds.
    @inline(__always) static func index(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & indexMask) &- 1 }

    /// Where the probe for a word starts.
    @inline(__always) func home(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry &>> UInt64(64 &- bits)) }

    /// Makes room for one more name: allocates the first table, or doubles a full one.
    mutating func reserveOne() {
        guard let old = slots else {
            bits = Self.minimumBits
            slots = Self.allocate(bits: bits)
            return
        }
        guard (count &+ 1) &* 4 > size &* 3 else { return }
        let oldSize = size
        bits &+= 1
        let new = Self.allocate(bits: bits)
        slots = new
        for i in 0..<oldSize where old[i] != 0 { place(old[i], in: new) }
        free(old)
    }

    /// Puts a word into its first free slot from its home (it must not be there yet).
    @inline(__always) private func place(_ entry: UInt64, in table: UnsafeMutablePointer<UInt64>) {
        let mask = (1 &<< bits) &- 1
        var slot = home(entry)
        while table[slot] != 0 { slot = (slot &+ 1) & mask }
        table[slot] = entry
    }

    /// Adds a word that is known not to be there (the names of a small object moving to a table).
    mutating func insertNew(_ entry: UInt64) {
        reserveOne()
        place(entry, in: slots.unsafelyUnwrapped)
        count &+= 1
    }

    /// Looks for a name with the word's hash for which `isSame` (given a name index) says yes;
    /// when there is none, adds the word. Returns whether the name was there. ``reserveOne()``
    /// must have been called first.
    @inline(__always)
    mutating func findOrInsert(_ entry: UInt64, isSame: (Int) -> Bool) -> Bool {
        let table = slots.unsafelyUnwrapped
        let mask = (1 &<< bits) &- 1
        var slot = home(entry)
        while true {
            let word = table[slot]
            if word == 0 {
                table[slot] = entry
                count &+= 1
                return false
            }
            if Self.sameTag(word, entry), isSame(Self.index(word)) { return true }
            slot = (slot &+ 1) & mask
        }
    }

    /// Empties the table when its object closes: the first size is kept (cleared) for the next
    /// object at this depth, a grown one is freed, so memory follows the objects still open.
    mutating func release() {
        guard let table = slots else { return }
        if bits == Self.minimumBits {
            table.update(repeating: 0, count: size)
        } else {
            free(table)
            slots = nil
            bits = 0
        }
        count = 0
    }

    /// Frees the table for good.
    func deallocate() { free(slots) }

    private static func allocate(bits: Int) -> UnsafeMutablePointer<UInt64> {
        guard let raw = calloc(1 << bits, MemoryLayout<UInt64>.stride) else {
            fatalError("out of memory (a member-name table of \(1 << bits) slots)")
        }
        return raw.bindMemory(to: UInt64.self, capacity: 1 << bits)
    }
}
