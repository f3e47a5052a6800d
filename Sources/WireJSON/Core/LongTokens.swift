// Long tokens. yajl's lexer keeps a token that runs past the end of its buffer and lexes it again
// from its first byte on every later call, so a string or number spread over many chunks costs time
// quadratic in its length, and the bytes held grow with it. The validator needs only a token's checks,
// not its text, so it keeps long strings and numbers away from yajl:
//
// - the fast pass, which hands yajl the chunks as they come, stops feeding yajl while a string that
//   ran over a chunk's end goes on (`_StringSkipper` does yajl's checks on those bytes and finds the
//   closing quote), and skips digits that only lengthen a number yajl already holds (`_NumberScan`);
// - the exact pass, which holds an unfinished token back from yajl, lets go of the bytes of a long
//   string value or number once they are checked, and gives yajl a short stand-in for them.
//
// Strict UTF-8 and surrogate pairs inside strings stay the byte scanner's job in both passes.

/// Checks string content as yajl's lexer does: no byte below U+0020, a backslash followed by one of
/// `"\/bfnrtu`, and `\u` followed by four hex digits; and finds the closing quote.
struct _StringSkipper {
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

    var state: State
    /// Index (in the last scan) of the backslash of the escape in progress, or of a high surrogate
    /// escape still waiting for its low half; -1 when there is none in the bytes scanned.
    private(set) var pendingStart = -1
    /// Whether a `\u` escape of a high surrogate was the last thing read (its low half must follow).
    private var highPending = false
    private var hexValue: UInt32 = 0

    init(state: State = .plain) {
        self.state = state
    }

    /// The bytes that complete the escape in progress in `state`, so that a quote can follow (yajl
    /// needs a well-formed token; the bytes it stands for are checked here).
    var bridge: [UInt8] {
        switch state {
        case .plain: return []
        case .backslash: return [UInt8(ascii: "n")]
        case .hex(let digits): return [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        }
    }

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
                let quote = _SWAR.broadcast(UInt8(ascii: "\""))
                let backslash = _SWAR.broadcast(UInt8(ascii: "\\"))
                let space = _SWAR.broadcast(0x20)
                while i &+ 8 <= n {
                    let w = _SWAR.load(p, i)
                    let m = _SWAR.zeroBytes(w ^ quote) | _SWAR.zeroBytes(w ^ backslash) | ((w &- space) & ~w & _SWAR.highs)
                    if m != 0 { i &+= m.trailingZeroBitCount >> 3; break }
                    i &+= 8
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
                hexValue = hexValue << 4 | UInt32(b <= UInt8(ascii: "9") ? b &- UInt8(ascii: "0") : (b | 0x20) &- UInt8(ascii: "a") &+ 10)
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

    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }
}

/// Where a run of bytes stands as the beginning of one JSON number, fed a byte at a time.
struct _NumberScan: Equatable {
    enum State: UInt8 {
        case start, minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent, notANumber
    }

    private(set) var state = State.start

    mutating func advance(_ b: UInt8) {
        let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
        let mark = b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        switch state {
        case .start:
            state = b == UInt8(ascii: "-") ? .minus : b == UInt8(ascii: "0") ? .zero : digit ? .integer : .notANumber
        case .minus:
            state = b == UInt8(ascii: "0") ? .zero : digit ? .integer : .notANumber
        case .zero:
            state = b == UInt8(ascii: ".") ? .dot : mark ? .exponentMark : .notANumber
        case .integer:
            state = digit ? .integer : b == UInt8(ascii: ".") ? .dot : mark ? .exponentMark : .notANumber
        case .dot, .fraction:
            state = digit ? .fraction : state == .fraction && mark ? .exponentMark : .notANumber
        case .exponentMark:
            state = b == UInt8(ascii: "+") || b == UInt8(ascii: "-") ? .exponentSign : digit ? .exponent : .notANumber
        case .exponentSign, .exponent:
            state = digit ? .exponent : .notANumber
        case .notANumber:
            break
        }
    }

    /// Advances over `p[0..<n]`; returns the index just after the last byte that left the number
    /// repeating digits (see ``repeatsDigits``), with the state there, or nil when none did.
    @discardableResult
    mutating func advance(over p: UnsafePointer<UInt8>, _ n: Int) -> (end: Int, state: _NumberScan)? {
        var i = 0
        var last: (end: Int, state: _NumberScan)? = repeatsDigits ? (0, self) : nil
        // The long part of a long number is a run of digits, which changes nothing once repeating.
        while i < n {
            if repeatsDigits {
                while i < n && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") { i &+= 1 }
                last = (i, self)
                if i == n { break }
            }
            advance(p[i])
            i &+= 1
            if state == .notANumber { break }
            if repeatsDigits { last = (i, self) }
        }
        return last
    }

    /// Whether more digits leave the number as it is (digits of the integer part after a non-zero
    /// first digit, of the fraction or of the exponent): skipping them changes no verdict.
    var repeatsDigits: Bool {
        state == .integer || state == .fraction || state == .exponent
    }

    /// A short well-formed number that stands where this one does (`1`, `0.0`, `0e0`), for yajl to
    /// continue from; nil unless ``repeatsDigits``.
    var standIn: [UInt8]? {
        switch state {
        case .integer: return Array("1".utf8)
        case .fraction: return Array("0.0".utf8)
        case .exponent: return Array("0e0".utf8)
        default: return nil
        }
    }
}

/// The fast pass's view of what yajl holds at the end of the bytes it was given: the trailing run of
/// bare bytes (a number or literal yajl keeps pending), as a ``_NumberScan``.
struct _FedTail {
    private(set) var number = _NumberScan()

    /// Records that `p[0..<n]` went to yajl.
    mutating func fed(_ p: UnsafePointer<UInt8>, _ n: Int) {
        var j = n
        while j > 0 && _Tokens.isBare(p[j &- 1]) { j &-= 1 }
        if j > 0 { number = _NumberScan() }
        number.advance(over: p + j, n &- j)
    }

    mutating func reset() { number = _NumberScan() }
}
