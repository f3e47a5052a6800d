/// Tiny token-boundary helpers over a buffer that yajl has already judged, used only to place error
/// locations; they never decide validity.
enum _Tokens {
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    @inline(__always) static func isPunctuation(_ b: UInt8) -> Bool {
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
            if isWhitespace(b) { i += 1; continue }
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
                if p[i] == UInt8(ascii: "\\") { i += 2; continue }
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
                while j >= 0 && p[j] == UInt8(ascii: "\\") { backslashes += 1; j -= 1 }
                if backslashes % 2 == 0 { return i }
            }
            i -= 1
        }
        return 0
    }
}

/// Builds the one-line excerpt around an error from the bytes still in memory. The text after the
/// spot may need bytes that have not arrived yet: `isComplete` tells, and `extend` adds them, so that
/// the excerpt never depends on where the input was cut into chunks.
struct _ExcerptBuilder {
    static let maxCharacters = 40
    static let maxBytes = 160

    private var before: [UInt8] = []
    private var after: [UInt8] = []
    private(set) var isComplete = false

    init(at offset: Int, regions: _Regions, before tail: [UInt8], tailEnd: Int, atEnd: Bool) {
        var position = offset - 1
        while before.count < Self.maxBytes && position >= 0 {
            let byte: UInt8
            if let b = regions.byte(at: position) {
                byte = b
            } else if position < tailEnd && position >= tailEnd - tail.count {
                byte = tail[tail.count - (tailEnd - position)]
            } else {
                break
            }
            if byte == 0x0A { break }
            before.append(byte)
            position -= 1
        }
        before.reverse()
        regions.forEachSpan(from: offset, to: regions.end) { p, count in
            extend(UnsafeBufferPointer(start: p, count: count))
        }
        if atEnd { isComplete = true }
    }

    /// Adds the bytes that follow; returns how many were used.
    @discardableResult
    mutating func extend(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var used = 0
        for byte in bytes {
            if isComplete { break }
            used += 1
            if byte == 0x0A || after.count >= Self.maxBytes { isComplete = true; break }
            after.append(byte)
        }
        return used
    }

    /// The bytes after the spot collected so far (up to the end of the line).
    var following: [UInt8] { after }

    /// Marks the end of the input.
    mutating func close() { isComplete = true }

    var excerpt: JSONExcerpt {
        var head = Self.display(before)
        // The CR of a CRLF line ending is not part of the line (unless the spot is that CR).
        var rest = Self.display(after.count > 1 && after.last == 0x0D ? Array(after.dropLast()) : after)
        let ellipsis: Unicode.Scalar = "…"
        if head.count > Self.maxCharacters { head = [ellipsis] + head.suffix(Self.maxCharacters - 1) }
        if rest.count > Self.maxCharacters { rest = Array(rest.prefix(Self.maxCharacters - 1)) + [ellipsis] }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: head)
        text.append(contentsOf: rest)
        return JSONExcerpt(text: String(text), caretColumn: head.count)
    }

    /// Decodes bytes for display: invalid UTF-8 as U+FFFD, tabs and control characters as spaces.
    private static func display(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }
    }
}
