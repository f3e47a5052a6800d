// The held-back-token buffer of the exact pass. yajl keeps an unfinished token at the end of its
// buffer pending and complains about it only on a later call, when its bytes would be gone; so the
// exact pass (``ExactPass``) never gives yajl a token that a chunk ends inside. It keeps that token's
// bytes here, from the hold point (``ExactPass`` computes it from the byte scanner) to the end of the
// chunk, and hands them to yajl, in front of the next chunk's bytes, once the token is complete
// (``exit(_:_:firstExit:)``). A long token is let go of (``letGo(upTo:standIn:)``): its checked
// bytes leave memory and a short stand-in takes their place in yajl's view.

/// The bytes of the unfinished token that the exact pass holds back from yajl, and the stand-in for
/// those it has let go of.
final class HeldToken {
    /// What the held token is, as the byte scanner saw it at the end of the chunk.
    enum Kind { case string, comment, bare, character }

    /// The held bytes; the first is at absolute offset ``base``.
    var bytes: [UInt8] = []
    var base = 0
    var kind = Kind.string
    /// yajl's view of the held token starts with these bytes, standing in for the real ones before
    /// ``base`` that were checked and let go of: `"` for a string value, `1`, `0.0` or `0e0` for a
    /// number, `/*` or `//` for a comment.
    private(set) var standIn: [UInt8] = []
    /// What the stand-in stands for (a held `/` or number can turn into a comment or glue onto a
    /// string while held: such a mixture is never let go of).
    private(set) var standInKind = Kind.string
    /// The held bare token read as a number, over its first ``numberScanned`` bytes.
    var number = NumberScan()
    var numberScanned = 0
    /// A held token is let go of (without a handler) once this many of its bytes are in memory.
    static let defaultLetGoThreshold = 64 * 1024
    let letGoThreshold: Int
    /// The most bytes held at the end of a chunk.
    private(set) var maxByteCount = 0

    init(letGoThreshold: Int) {
        self.letGoThreshold = max(1, letGoThreshold)
    }

    /// Whether a token is held back from yajl (its bytes here, or let go of for ``standIn``).
    var isHolding: Bool { !bytes.isEmpty || !standIn.isEmpty }

    /// Starts a new document (JSON Lines), keeping the allocations.
    func reset() {
        bytes.removeAll(keepingCapacity: true)
        base = 0
        standIn.removeAll()
        number = NumberScan()
        numberScanned = 0
    }

    /// The held token goes on through the whole chunk `p[0..<n]`.
    func extend(_ p: UnsafePointer<UInt8>, _ n: Int) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
    }

    /// The token before went to yajl: holds the bytes from `cut` to `received` (absolute offsets) of
    /// the chunk `p` that starts at `chunkBase`, or nothing when `cut == received`.
    func restart(at cut: Int, in p: UnsafePointer<UInt8>, chunkBase: Int, received: Int) {
        bytes.removeAll(keepingCapacity: true)
        standIn.removeAll()
        number = NumberScan()
        numberScanned = 0
        if cut < received {
            bytes.append(contentsOf: UnsafeBufferPointer(start: p + (cut - chunkBase), count: received - cut))
        }
        base = cut
    }

    /// Records the size held at the end of a chunk.
    func noteSize() {
        maxByteCount = max(maxByteCount, bytes.count)
    }

    /// Index in the chunk `p[0..<n]` where the held token is complete, or nil if it goes on.
    /// `firstExit` is the byte scanner's: just after the byte that first brought it back between tokens.
    func exit(_ p: UnsafePointer<UInt8>, _ n: Int, firstExit: Int?) -> Int? {
        switch kind {
        case .string, .comment:
            return firstExit
        case .character:
            return nil  // completing it is an error either way, reported by the scanner
        case .bare:
            // A held `/` and the `*` or `/` after it open a comment: held until it closes.
            if bytes.last == UInt8(ascii: "/") && n > 0 && (p[0] == UInt8(ascii: "*") || p[0] == UInt8(ascii: "/")) {
                return firstExit
            }
            var i = 0
            while i < n && Tokens.isBare(p[i]) { i += 1 }
            guard i < n else { return nil }
            return Tokens.isWhitespace(p[i]) || Tokens.isPunctuation(p[i]) ? i + 1 : i
        }
    }

    /// Drops the first `end` held bytes (checked, and already counted by the line tracker) and lets
    /// `standIn` stand for them and for any let go of before.
    func letGo(upTo end: Int, standIn replacement: [UInt8]) {
        base += end
        bytes.removeSubrange(0..<end)
        if kind == .bare {
            numberScanned = bytes.count
        }
        standIn = replacement
        standInKind = kind
    }
}
