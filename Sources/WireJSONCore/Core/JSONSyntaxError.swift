/// Why a JSON input was rejected, and exactly where: byte offset, line, column, the JSON path of the
/// value being read, a reason in plain words, and a one-line excerpt with a caret under the spot.
///
/// The location is the first byte that cannot continue a valid document: for `[1, 2,, 3]` the second
/// comma, for a truncated document the end of the input.
///
/// ```swift
/// do {
///     _ = try JSONValue.parse(Array(#"{"id": 1, "id": 2}"#.utf8))
/// } catch {
///     print(error)   // duplicate key "id" at $ (line 1, column 11, byte 10)
///     print(error.kind == .duplicateKey)   // true
/// }
/// ```
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable category of syntax error. New categories may be added; compare with the static
    /// members (`error.kind == .trailingComma`) and use ``name`` in machine-readable output.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// A stable kebab-case identifier such as `trailing-comma`.
        public let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The input holds nothing but whitespace.
        public static let emptyInput = Kind("empty-input")
        /// The input ends before the document is complete (truncated download, cut file).
        public static let unexpectedEndOfInput = Kind("unexpected-end-of-input")
        /// A character that cannot start or continue a token here.
        public static let unexpectedCharacter = Kind("unexpected-character")
        /// A token that is well formed but not allowed at this point (`[1 2]`, `{"a" 1}`).
        public static let unexpectedToken = Kind("unexpected-token")
        /// A byte sequence that is not strict UTF-8 (overlong, surrogate, above U+10FFFF, truncated).
        public static let invalidUTF8 = Kind("invalid-utf8")
        /// A UTF-8 byte order mark before the document.
        public static let byteOrderMark = Kind("byte-order-mark")
        /// A `\u` escape of one half of a UTF-16 surrogate pair without its other half.
        public static let loneSurrogate = Kind("lone-surrogate")
        /// An object names the same member twice.
        public static let duplicateKey = Kind("duplicate-key")
        /// A comma directly before `]` or `}`.
        public static let trailingComma = Kind("trailing-comma")
        /// Something other than `:` after a member name.
        public static let missingColon = Kind("missing-colon")
        /// A number that RFC 8259 does not allow (leading zero, missing digits).
        public static let invalidNumber = Kind("invalid-number")
        /// `NaN`, `Infinity` or `-Infinity`, which JSON has no syntax for.
        public static let nonFiniteNumber = Kind("non-finite-number")
        /// A misspelled `true`, `false` or `null`.
        public static let invalidLiteral = Kind("invalid-literal")
        /// A backslash escape that JSON does not define, or a `\u` without four hex digits.
        public static let invalidEscape = Kind("invalid-escape")
        /// A raw control character (U+0000–U+001F) inside a string.
        public static let controlCharacter = Kind("control-character")
        /// A comment while comments are not enabled.
        public static let commentNotAllowed = Kind("comment-not-allowed")
        /// Whitespace that JSON does not allow between tokens (form feed, vertical tab).
        public static let invalidWhitespace = Kind("invalid-whitespace")
        /// More nested arrays and objects than the configured maximum depth.
        public static let nestingTooDeep = Kind("nesting-too-deep")
        /// Content after the end of the document.
        public static let trailingContent = Kind("trailing-content")
    }

    /// The category of the error.
    public var kind: Kind
    /// The reason in plain words, e.g. `invalid UTF-8 byte 0xC3 0x28`.
    public var reason: String
    /// Where the error is.
    public var location: JSONSourceLocation
    /// The JSON path of the value that was being read when the error was found.
    public var path: JSONPath
    /// The line of input around the error, with the caret position.
    public var excerpt: JSONExcerpt

    /// Creates an error. Library code builds these; tests and other layers may too.
    public init(kind: Kind, reason: String, location: JSONSourceLocation, path: JSONPath, excerpt: JSONExcerpt) {
        self.kind = kind
        self.reason = reason
        self.location = location
        self.path = path
        self.excerpt = excerpt
    }

    /// `trailing comma at $.genres[2] (line 4, column 12, byte 87)`.
    public var description: String {
        "\(reason) at \(path) (\(location))"
    }

    /// The error shifted by a number of lines and bytes, for a document that started inside a
    /// larger input (JSON Lines).
    func shifted(lines: Int, bytes: Int) -> JSONSyntaxError {
        var copy = self
        copy.location.line += lines
        copy.location.offset += bytes
        return copy
    }
}

/// A one-line excerpt of the input around a location, for printing with a caret under the spot.
///
/// ```
///   "genres": ["drama", "crime",],
///                               ^
/// ```
public struct JSONExcerpt: Hashable, Sendable {
    /// The text of the line around the location (at most a few dozen characters each side; tabs and
    /// control characters shown as spaces, invalid UTF-8 as U+FFFD).
    public var text: String
    /// How many characters of ``text`` come before the caret.
    public var caretColumn: Int

    /// Creates an excerpt.
    public init(text: String, caretColumn: Int) {
        self.text = text
        self.caretColumn = caretColumn
    }

    /// The excerpt and, below it, a caret under the spot, each line indented by `indent`.
    public func rendered(indent: String = "    ") -> String {
        indent + text + "\n" + indent + String(repeating: " ", count: caretColumn) + "^"
    }
}
