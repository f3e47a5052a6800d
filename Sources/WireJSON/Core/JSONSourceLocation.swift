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
