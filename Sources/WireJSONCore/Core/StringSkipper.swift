// Long strings. yajl's lexer keeps a token that runs past the end of its buffer and lexes it again
// from its first byte on every later call, so a string spread over many chunks would cost time
// quadratic in its length. The exact pass (``ExactPass``) needs only a long string value's checks,
// not its text, so it lets go of the bytes it holds back (``HeldToken``) once they pass these checks
// here. Strict UTF-8 and surrogate pairs inside strings stay the byte scanner's job.

/// Checks string content as yajl's lexer does: no byte below U+0020, a backslash followed by one of
/// `"\/bfnrtu`, and `\u` followed by four hex digits; and finds the closing quote.
package struct StringSkipper {
    /// Where the scan stands inside the string.
    enum State: Equatable {
        case plain
        /// Just after a backslash.
        case backslash
        /// Inside `\u`, with this many hex digits still to come (1–4).
        case hex(Int)
    }

    /// What yajl's lexer objects to.
    enum Problem {
        case controlCharacter, invalidEscape, invalidHex
    }

    enum Outcome: Equatable {
        /// The string goes on past the bytes scanned.
        case continues
        /// The closing quote is at this index.
        case closes(at: Int)
        /// The byte at this index is an error.
        case invalid(at: Int, Problem)
    }

    var state = State.plain
    /// Index (in the last scan) of the backslash of the escape in progress, or of a high surrogate
    /// escape still waiting for its low half; -1 when there is none in the bytes scanned.
    private(set) var pendingStart = -1
    /// Whether a `\u` escape of a high surrogate was the last thing read (its low half must follow).
    private var highPending = false
    private var hexValue: UInt32 = 0

    /// After a scan that ended with `.continues`: the index up to which the bytes can be let go of
    /// with nothing of an escape or surrogate pair on either side (before the escape in progress or
    /// the high surrogate waiting for its low half, else the end).
    func safeEnd(_ n: Int) -> Int {
        state == .plain && !highPending ? n : max(0, pendingStart)
    }

    /// Scans `p[start..<n]`.
    mutating func scan(_ p: UnsafePointer<UInt8>, _ n: Int, from start: Int = 0) -> Outcome {
        var i = start
        pendingStart = -1
        while i < n {
            switch state {
            case .plain:
                // Eight bytes at a time while none is a quote, a backslash or below U+0020.
                let quote = SWAR.broadcast(UInt8(ascii: "\""))
                let backslash = SWAR.broadcast(UInt8(ascii: "\\"))
                let space = SWAR.broadcast(0x20)
                i = SWAR.firstFlagged(p, from: i, to: n) { w in
                    SWAR.zeroBytes(w ^ quote) | SWAR.zeroBytes(w ^ backslash) | ((w &- space) & ~w & SWAR.highs)
                }
                guard i < n else { break }
                let b = p[i]
                if b == UInt8(ascii: "\"") { return .closes(at: i) }
                if b == UInt8(ascii: "\\") {
                    state = .backslash
                    if !highPending { pendingStart = i }
                } else if b < 0x20 {
                    return .invalid(at: i, .controlCharacter)
                } else {
                    highPending = false
                }
                i &+= 1
            case .backslash:
                switch p[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    state = .plain
                    highPending = false
                case UInt8(ascii: "u"):
                    state = .hex(4)
                    hexValue = 0
                default:
                    return .invalid(at: i, .invalidEscape)
                }
                i &+= 1
            case .hex(let remaining):
                let b = p[i]
                guard Self.isHexDigit(b) else { return .invalid(at: i, .invalidHex) }
                hexValue =
                    hexValue << 4
                    | UInt32(b <= UInt8(ascii: "9") ? b &- UInt8(ascii: "0") : (b | 0x20) &- UInt8(ascii: "a") &+ 10)
                if remaining == 1 {
                    state = .plain
                    // A high half waits for its low half: nothing before it may be let go of yet.
                    highPending = (0xD800...0xDBFF).contains(hexValue)
                } else {
                    state = .hex(remaining - 1)
                }
                i &+= 1
            }
        }
        return .continues
    }

    @inline(__always) package static func isHexDigit(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }
}
