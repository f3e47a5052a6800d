/// Where something is in a JSON input: the byte offset and the line and column an editor shows.
///
/// `offset` counts bytes from the start of the input, starting at 0. `line` and `column` start at 1;
/// the column counts Unicode characters (not bytes) since the start of the line, so `é` or `猫` move
/// it by one.
public struct JSONSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Zero-based byte offset from the start of the input.
    public var offset: Int
    /// One-based line number.
    public var line: Int
    /// One-based column, in Unicode characters.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 4, column 12, byte 87`.
    public var description: String {
        "line \(line), column \(column), byte \(offset)"
    }
}

extension JSONSourceLocation {
    /// The location of byte `offset` in `bytes`, counted from the start the way the validator counts:
    /// a new line after each LF, a column per Unicode character (each byte that is not a UTF-8
    /// continuation byte). An offset past the end is counted to the end.
    ///
    /// ```swift
    /// JSONSourceLocation(offset: 9, in: Array("{\n  \"é\": 1}".utf8))   // line 2, column 7, byte 9
    /// ```
    public init(offset: Int, in bytes: [UInt8]) {
        self.init(offset: 0, line: 1, column: 1)
        advance(to: offset, in: bytes)
    }

    /// Moves this location forward to byte `target` of `bytes` (the same bytes it was counted in),
    /// counting only the bytes in between; a target at or before the current offset changes nothing.
    /// Locations found in increasing order therefore cost one pass over the bytes in all.
    public mutating func advance(to target: Int, in bytes: [UInt8]) {
        guard target > offset else { return }
        let stop = min(target, bytes.count)
        var index = offset
        while index < stop {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        offset = target
    }
}
