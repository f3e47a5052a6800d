/// The fast pass's duplicate check for an object with many members, run once, when the object
/// closes, over the 64-bit hashes of its member names (kept in the order they came).
///
/// A hash table probed once per member costs a cache miss per member as soon as the object
/// outgrows the caches, and those misses grow dearer with the table (TLB misses on top of cache
/// misses): 8 million members took more than eight times as long as 1 million. Appending the
/// hashes is sequential; this check then sorts them in place with a most-significant-digit radix
/// sort (American flag sort) whose passes read and write a handful of places at a time, and
/// compares the last few of each bucket pairwise. It stops at the first pair found.
///
/// Time is linear whatever the hashes are: each level of the sort consumes at least two bits of
/// the 64 and does a constant amount of work per hash (at most 256 buckets per level). Memory is
/// the hashes themselves plus ``scratchCount`` counters.
enum HashDuplicates {
    /// Buckets of at most this many hashes are compared pairwise.
    static let pairwiseLimit = 16

    /// The counters the sort needs at most (two per bucket, all levels of one path together: the
    /// levels' digit widths add up to at most 64 bits, 8 at most each, so 8 × 256 buckets).
    static let scratchCount = 2 * 8 * 256

    /// Whether two of the `count` hashes at `hashes` are equal. Reorders them.
    /// - Parameter scratch: ``scratchCount`` counters the sort may overwrite.
    static func containsDuplicate(
        _ hashes: UnsafeMutablePointer<UInt64>, count: Int,
        scratch: UnsafeMutablePointer<Int>
    ) -> Bool {
        containsDuplicate(hashes, count, consumed: 0, scratch)
    }

    /// - Parameter consumed: how many top bits all `n` hashes are known to share.
    private static func containsDuplicate(
        _ p: UnsafeMutablePointer<UInt64>, _ n: Int, consumed: Int,
        _ scratch: UnsafeMutablePointer<Int>
    ) -> Bool {
        if n < 2 { return false }
        if consumed >= 64 { return true }  // all 64 bits agree
        if n <= pairwiseLimit {
            for i in 1..<n {
                let value = p[i]
                for j in 0..<i where p[j] == value { return true }
            }
            return false
        }
        // About one bucket per eight hashes, at most 256, and no more bits than are left.
        let bits = min(8, 64 &- consumed, max(2, (Int.bitWidth &- n.leadingZeroBitCount) &- 3))
        let radix = 1 &<< bits
        let down = UInt64(64 &- bits)
        let up = UInt64(consumed)
        @inline(__always) func digit(_ value: UInt64) -> Int { Int(truncatingIfNeeded: (value &<< up) &>> down) }

        // end[d]: where bucket d ends; next[d]: its first place not yet settled.
        let end = scratch
        let next = scratch + radix
        end.update(repeating: 0, count: radix)
        for i in 0..<n { end[digit(p[i])] &+= 1 }
        var running = 0
        for d in 0..<radix {
            next[d] = running
            running &+= end[d]
            end[d] = running
        }
        // Each hash is moved straight to its bucket; the one it displaces moves on in turn.
        for d in 0..<radix {
            while next[d] < end[d] {
                var value = p[next[d]]
                var target = digit(value)
                while target != d {
                    let place = next[target]
                    next[target] = place &+ 1
                    swap(&value, &p[place])
                    target = digit(value)
                }
                p[next[d]] = value
                next[d] &+= 1
            }
        }
        var start = 0
        for d in 0..<radix {
            let stop = end[d]
            if containsDuplicate(p + start, stop &- start, consumed: consumed &+ bits, scratch + 2 &* radix) {
                return true
            }
            start = stop
        }
        return false
    }
}
