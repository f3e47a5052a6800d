/// Counts lines and characters over the bytes the engine has let go of, so that any later offset can
/// be turned into a line and a column from the bytes still in memory. Constant memory: a few counters
/// and the last bytes before the tracked point, for excerpts.
struct LineTracker {
    /// Absolute offset up to which bytes have been counted.
    private(set) var trackedUpTo = 0
    /// Newlines before `trackedUpTo`.
    private(set) var newlines = 0
    /// Characters between the last newline and `trackedUpTo`.
    private(set) var charsSinceNewline = 0
    /// The last bytes before `trackedUpTo` (at most `tailCapacity`), for excerpts.
    private(set) var tail: [UInt8] = []
    static let tailCapacity = 192

    /// Counts `count` bytes that follow `trackedUpTo`.
    mutating func advance(over p: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        Self.accumulate(p, count, lines: &newlines, chars: &charsSinceNewline)
        trackedUpTo += count
        let keep = min(count, Self.tailCapacity)
        if keep == Self.tailCapacity {
            tail = Array(UnsafeBufferPointer(start: p + count - keep, count: keep))
        } else {
            tail.append(contentsOf: UnsafeBufferPointer(start: p + count - keep, count: keep))
            if tail.count > Self.tailCapacity { tail.removeFirst(tail.count - Self.tailCapacity) }
        }
    }

    /// Moves the start forward without counting (JSON Lines: each line starts a new document).
    mutating func reset(at offset: Int) {
        trackedUpTo = offset
        newlines = 0
        charsSinceNewline = 0
        tail.removeAll(keepingCapacity: true)
    }

    /// The line and column of `offset`, given the untracked bytes from `trackedUpTo` onwards.
    func location(of offset: Int, in regions: Regions) -> JSONSourceLocation {
        var lines = newlines
        var chars = charsSinceNewline
        regions.forEachSpan(from: trackedUpTo, to: offset) { p, count in
            Self.accumulate(p, count, lines: &lines, chars: &chars)
        }
        return JSONSourceLocation(offset: offset, line: lines + 1, column: chars + 1)
    }

    /// Adds a buffer's newlines to `lines`, and sets `chars` to the characters since the last newline.
    private static func accumulate(_ p: UnsafePointer<UInt8>, _ count: Int, lines: inout Int, chars: inout Int) {
        let (n, last) = countNewlines(p, count)
        if n > 0 {
            lines += n
            chars = countCharacters(p + last + 1, count - last - 1)
        } else {
            chars += countCharacters(p, count)
        }
    }

    /// Newlines in a buffer and the index of the last one (or -1).
    static func countNewlines(_ p: UnsafePointer<UInt8>, _ count: Int) -> (Int, Int) {
        let newline = SWAR.broadcast(0x0A)
        var total = 0
        var last = -1
        var i = 0
        while i &+ 8 <= count {
            let m = SWAR.exactZeroBytes(SWAR.load(p, i) ^ newline)
            if m != 0 {
                total &+= m.nonzeroBitCount
                last = i &+ (7 &- (m.leadingZeroBitCount >> 3))
            }
            i &+= 8
        }
        while i < count {
            if p[i] == 0x0A {
                total &+= 1
                last = i
            }
            i &+= 1
        }
        return (total, last)
    }

    /// Characters (bytes that are not UTF-8 continuation bytes) in a buffer.
    static func countCharacters(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        var continuation = 0
        var i = 0
        while i &+ 8 <= count {
            let w = SWAR.load(p, i)
            if w & SWAR.highs != 0 {
                continuation &+= (w & ~(w << 1) & SWAR.highs).nonzeroBitCount
            }
            i &+= 8
        }
        while i < count {
            if p[i] & 0xC0 == 0x80 { continuation &+= 1 }
            i &+= 1
        }
        return count - continuation
    }
}
