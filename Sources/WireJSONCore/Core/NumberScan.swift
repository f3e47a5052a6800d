// Long numbers. Like a long string (see ``StringSkipper``), a number spread over many chunks would
// be lexed again by yajl on every call. Where a run of digits stands as a number tells the exact
// pass (``ExactPass``) which bytes of a held number it may let go of, and with which short stand-in;
// the fast pass (``TokenChecker``) follows a number cut by a chunk's end with it.

/// Where a run of bytes stands as the beginning of one JSON number, fed a byte at a time.
package struct NumberScan: Equatable {
    package enum State: UInt8 {
        case start, minus, zero, integer, dot, fraction, exponentMark, exponentSign, exponent, notANumber
    }

    package private(set) var state = State.start

    package init() {}

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
    package mutating func advance(over p: UnsafePointer<UInt8>, _ n: Int) -> (end: Int, state: NumberScan)? {
        var i = 0
        var last: (end: Int, state: NumberScan)? = repeatsDigits ? (0, self) : nil
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
