/// Tiny token-boundary helpers over a buffer that yajl has already judged, used only to place error
/// locations; they never decide validity.
package enum Tokens {
    @inline(__always) package static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    @inline(__always) package static func isPunctuation(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// A byte that continues a number or a literal (or a stray character yajl will reject).
    @inline(__always) static func isBare(_ b: UInt8) -> Bool {
        !isWhitespace(b) && !isPunctuation(b) && b != UInt8(ascii: "\"") && b != UInt8(ascii: "/") && b < 0x80
    }

    /// Index of the next token start at or after `from` (skipping whitespace and, when enabled,
    /// comments), or nil at the end of the buffer.
    static func nextStart(_ p: UnsafePointer<UInt8>, _ count: Int, from: Int, comments: Bool) -> Int? {
        var i = from
        while i < count {
            let b = p[i]
            if isWhitespace(b) {
                i += 1
                continue
            }
            if comments && b == UInt8(ascii: "/") && i + 1 < count {
                if p[i + 1] == UInt8(ascii: "/") {
                    i += 2
                    while i < count && p[i] != 0x0A { i += 1 }
                    continue
                }
                if p[i + 1] == UInt8(ascii: "*") {
                    i += 2
                    while i + 1 < count && !(p[i] == UInt8(ascii: "*") && p[i + 1] == UInt8(ascii: "/")) { i += 1 }
                    i += 2
                    continue
                }
            }
            return i
        }
        return nil
    }

    /// Index just after the token that starts at `start`.
    static func end(_ p: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> Int {
        let b = p[start]
        if isPunctuation(b) { return start + 1 }
        var i = start + 1
        if b == UInt8(ascii: "\"") {
            while i < count {
                if p[i] == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if p[i] == UInt8(ascii: "\"") { return i + 1 }
                i += 1
            }
            return count
        }
        while i < count {
            let c = p[i]
            if isWhitespace(c) || isPunctuation(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "/") { break }
            i += 1
        }
        return i
    }

    /// Index of the opening quote of the string token whose closing quote is at `end - 1`.
    static func stringStart(endingAt end: Int, in p: UnsafePointer<UInt8>) -> Int {
        var i = end - 2
        while i >= 0 {
            if p[i] == UInt8(ascii: "\"") {
                var backslashes = 0
                var j = i - 1
                while j >= 0 && p[j] == UInt8(ascii: "\\") {
                    backslashes += 1
                    j -= 1
                }
                if backslashes % 2 == 0 { return i }
            }
            i -= 1
        }
        return 0
    }
}
