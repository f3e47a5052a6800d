/// Builds the one-line excerpt around an error from the bytes still in memory. The text after the
/// spot may need bytes that have not arrived yet: `isComplete` tells, and `extend` adds them, so that
/// the excerpt never depends on where the input was cut into chunks.
struct ExcerptBuilder {
    static let maxCharacters = 40
    static let maxBytes = 160

    private var before: [UInt8] = []
    private var after: [UInt8] = []
    private(set) var isComplete = false

    init(at offset: Int, regions: Regions, before tail: [UInt8], tailEnd: Int, atEnd: Bool) {
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
            if byte == 0x0A || after.count >= Self.maxBytes {
                isComplete = true
                break
            }
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
