// Reading a reader path back from the text a contract file holds (the report only writes it).
import WireDecoder
import WireJSON

extension ReaderPath {
    /// Parses the text `description` writes.
    ///
    /// ```swift
    /// let path = try ReaderPath(parsing: #"$.items[*]["display name"]"#)
    /// ```
    /// - Throws: `ReaderPath.ParseError` naming the character offset and what was expected there.
    public init(parsing text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        var position = 0
        func fail(_ expected: String) -> ParseError { ParseError(text: text, offset: position, expected: expected) }
        guard bytes.first == UInt8(ascii: "$") else { throw fail("'$' at the start") }
        position = 1
        var steps: [Step] = []
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: ".") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "*") {
                    position += 1
                    steps.append(.anyMember)
                    continue
                }
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "."), bytes[position] != UInt8(ascii: "[")
                {
                    position += 1
                }
                let name = String(decoding: bytes[start..<position], as: UTF8.self)
                guard JSONPath.isPlainIdentifier(name) else {
                    position = start
                    throw fail("a plain member name after '.' (others are written [\"…\"])")
                }
                steps.append(.key(name))
            } else if bytes[position] == UInt8(ascii: "[") {
                position += 1
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "*"),
                    bytes[position + 1] == UInt8(ascii: "]")
                {
                    position += 2
                    steps.append(.anyElement)
                    continue
                }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw fail("'*]' or a quoted member name after '['")
                }
                let start = position
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { throw fail("the closing '\"' of the member name") }
                position += 1
                guard case .string(let name)? = try? JSONValue.parse(bytes[start..<position]) else {
                    position = start
                    throw fail("a JSON string literal")
                }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else {
                    throw fail("']' after the member name")
                }
                position += 1
                steps.append(.key(name))
            } else {
                throw fail("'.' or '['")
            }
        }
        self.init(steps)
    }

    /// A path text that does not parse.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text as written.
        public var text: String
        /// The 0-based byte offset of the problem.
        public var offset: Int
        /// What was expected there.
        public var expected: String
        /// `invalid reader path '$.a[' at character 5: expected '*]' or a quoted member name after '['`.
        public var description: String {
            "invalid reader path '\(text)' at character \(offset + 1): expected \(expected)"
        }
    }
}
