// The tape: every value of a document in document order, two words each, built in one pass over
// the bytes. Containers know where they end, so skipping a member is one load; strings and
// numbers stay as byte ranges of the source until a model asks for them.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kind of one tape entry.
enum TapeKind: UInt8 {
    case null = 0
    case `false`
    case `true`
    case number
    case string
    case array
    case object
}

/// Flag bits of a string entry.
enum StringFlags {
    /// A backslash escape or a raw control character: the slow path decodes it.
    static let slow: UInt8 = 1
    /// A byte ≥ 0x80: its UTF-8 must be checked (compatible mode) before it becomes a `String`.
    static let nonASCII: UInt8 = 2
}

/// Flag bits of a number entry.
enum NumberFlags {
    /// A fraction or an exponent: not a plain integer.
    static let notInteger: UInt8 = 1
}

/// Flag bits of an object entry.
enum ObjectFlags {
    /// Two members share a name; lookups must find the first copy.
    static let duplicates: UInt8 = 1
}

/// Read access to a finished tape. Entry `i` is words `2i` (kind, flags, byte offset) and
/// `2i + 1` (byte length of a string or number; element or member count and the index after the
/// last descendant of a container). An object's members are pairs of entries: the name (a string
/// entry), then the value.
struct TapeView {
    let words: UnsafePointer<UInt64>
    let count: Int

    @inline(__always) func kind(_ index: Int) -> TapeKind {
        TapeKind(rawValue: UInt8(truncatingIfNeeded: words[index &* 2] >> 56)).unsafelyUnwrapped
    }

    @inline(__always) func flags(_ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: words[index &* 2] >> 48)
    }

    /// The byte offset of the value: a string's first byte after its quote, a number's first byte,
    /// a container's bracket.
    @inline(__always) func offset(_ index: Int) -> Int {
        Int(truncatingIfNeeded: words[index &* 2] & 0xFFFF_FFFF_FFFF)
    }

    /// The byte length of a string (between its quotes) or a number.
    @inline(__always) func length(_ index: Int) -> Int {
        Int(truncatingIfNeeded: words[index &* 2 &+ 1])
    }

    /// Elements of an array, members of an object.
    @inline(__always) func count(_ index: Int) -> Int {
        Int(truncatingIfNeeded: words[index &* 2 &+ 1] & 0xFFFF_FFFF)
    }

    /// The entry after the value and all its descendants.
    @inline(__always) func end(_ index: Int) -> Int {
        let kind = kind(index)
        if kind == .array || kind == .object {
            return Int(truncatingIfNeeded: words[index &* 2 &+ 1] >> 32)
        }
        return index &+ 1
    }
}

/// Owns a finished tape's memory (malloc'd by the builder, which grows it with realloc so a
/// large tape is not copied at each doubling).
final class TapeStorage {
    let words: UnsafeMutablePointer<UInt64>
    let count: Int

    init(words: UnsafeMutablePointer<UInt64>, count: Int) {
        self.words = words
        self.count = count
    }

    deinit { free(words) }

    var view: TapeView { TapeView(words: UnsafePointer(words), count: count) }
}

/// The growing tape inside the builder: plain stored properties of a struct, so appending needs
/// no dynamic exclusivity check.
struct TapeWriter {
    private(set) var words: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    private(set) var count = 0

    init(estimatedEntries: Int) {
        capacity = max(16, estimatedEntries)
        words = Self.allocate(bytes: capacity * 16)
    }

    /// A large tape is written once and read once, front to back: on Linux it asks for
    /// transparent huge pages (where the system leaves them to `madvise`), which take the page
    /// faults and TLB misses of a 100 MB document's tape down by a factor of up to 512.
    static func allocate(bytes: Int) -> UnsafeMutablePointer<UInt64> {
        #if os(Linux)
            let huge = 2 << 20
            if bytes >= 4 * huge {
                var memory: UnsafeMutableRawPointer?
                if posix_memalign(&memory, huge, bytes) == 0, let memory {
                    _ = madvise(memory, bytes, MADV_HUGEPAGE)
                    return memory.assumingMemoryBound(to: UInt64.self)
                }
            }
        #endif
        return malloc(bytes)!.assumingMemoryBound(to: UInt64.self)
    }

    var view: TapeView { TapeView(words: UnsafePointer(words), count: count) }

    @inline(__always) mutating func append(kind: TapeKind, flags: UInt8, offset: Int, second: UInt64) -> Int {
        if count == capacity { grow() }
        let slot = count &* 2
        words[slot] = UInt64(kind.rawValue) << 56 | UInt64(flags) << 48 | UInt64(truncatingIfNeeded: offset)
        words[slot &+ 1] = second
        count &+= 1
        return count &- 1
    }

    /// Closes a container opened at `index` with `children` elements or members.
    @inline(__always) func close(_ index: Int, children: Int) {
        words[index &* 2 &+ 1] = UInt64(truncatingIfNeeded: count) << 32 | UInt64(truncatingIfNeeded: children)
    }

    @inline(__always) func setFlag(_ index: Int, _ flag: UInt8) {
        words[index &* 2] |= UInt64(flag) << 48
    }

    @inline(never) private mutating func grow() {
        capacity *= 2
        words = realloc(words, capacity * 16)!.assumingMemoryBound(to: UInt64.self)
    }

    /// Hands the memory to a storage object that frees it.
    func finish() -> TapeStorage { TapeStorage(words: words, count: count) }

    /// Frees the memory of a tape that will not be finished.
    func discard() { free(words) }
}
