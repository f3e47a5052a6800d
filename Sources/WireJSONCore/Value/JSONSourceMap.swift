/// Where every value of one JSON document is: for each value (and each member name) its byte
/// offset, line and column, its JSON path, and for strings and numbers their text. Built in one
/// forward pass over the bytes, so its cost is linear in the document however it is nested or
/// laid out (a minified one-line document included); lookups by path are hash lookups.
///
/// It is the shared answer to "where in the file is `$.movies[3].title`?" — for lint findings,
/// for explaining a `DecodingError`'s coding path, and for any message that points into a payload.
/// Columns count Unicode characters, as ``JSONSourceLocation`` does everywhere.
///
/// ```swift
/// let map = try JSONSourceMap(Array(#"{"movies": [{"title": "Heat"}]}"#.utf8))
/// let title = map.entry(at: [.key("movies"), .index(0), .key("title")])
/// // title?.start == line 1, column 23, byte 22; title?.text == "Heat"
/// ```
///
/// - Throws: ``JSONSyntaxError`` from the initialiser when the bytes are not one valid document
///   under the given options (the same error, at the same location, as ``JSONValidator``).
/// - Note: With ``JSONParseOptions/allowDuplicateKeys`` a repeated member name gets an entry of its
///   own each time, and ``index(of:)`` finds the first one.
public struct JSONSourceMap: Sendable {
    /// What a value is.
    public enum Kind: Hashable, Sendable {
        case object, array, string, number, bool, null
    }

    /// One value of the document.
    public struct Entry: Hashable, Sendable {
        /// The index of the enclosing object or array in ``JSONSourceMap/entries``; `nil` for the root.
        public var parent: Int?
        /// The step from the parent to this value; `nil` for the root.
        public var component: JSONPath.Component?
        public var kind: Kind
        /// The value's first byte: its opening quote, bracket or brace, or the first character of
        /// a number or literal.
        public var start: JSONSourceLocation
        /// Just after the value's last byte (for a container, after its closing bracket or brace).
        public var end: JSONSourceLocation
        /// The opening quote of the member name, when the value is an object member.
        public var keyStart: JSONSourceLocation?
        /// The decoded text of a string, or the source text of a number; `nil` otherwise.
        public var text: String?
        /// The value of a `true` or `false` literal; `nil` otherwise.
        public var bool: Bool?
    }

    /// Every value, in document order (a container before its members).
    public private(set) var entries: [Entry] = []
    private var childIndex: [ChildKey: Int] = [:]

    fileprivate struct ChildKey: Hashable, Sendable {
        var parent: Int
        var component: JSONPath.Component
    }

    /// Maps one document.
    /// - Parameters:
    ///   - bytes: the whole document.
    ///   - options: strictness; comments are skipped when allowed.
    /// - Throws: ``JSONSyntaxError`` when `bytes` is not one valid document under `options`.
    public init(_ bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONSyntaxError) {
        var builder = Builder(bytes: bytes)
        var options = options
        options.framing = .document
        let parser = JSONStreamParser(options: options) { event, context in
            builder.take(event, endOffset: context.endOffset)
        }
        try parser.feed(bytes)
        try parser.finish()
        entries = builder.entries
        childIndex = builder.childIndex
    }

    /// The entry of the root value.
    public var root: Entry { entries[0] }

    /// The index in ``entries`` of the value at `path`, or `nil` when the document has none there.
    public func index(of path: JSONPath) -> Int? {
        var current = 0
        for component in path.components {
            guard let next = childIndex[ChildKey(parent: current, component: component)] else { return nil }
            current = next
        }
        return entries.isEmpty ? nil : current
    }

    /// The value at `path`, or `nil` when the document has none there.
    public func entry(at path: JSONPath) -> Entry? {
        index(of: path).map { entries[$0] }
    }

    /// The JSON path of the entry at `index` (built on request: entries do not store their paths).
    public func path(of index: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current: Int? = index
        while let at = current, let component = entries[at].component {
            components.append(component)
            current = entries[at].parent
        }
        return JSONPath(components.reversed())
    }

    /// The deepest entry that exists on the way to `path`: the value itself when it exists, or the
    /// closest enclosing value that does (for a missing member, the object that lacks it), with how
    /// many steps of `path` it covers.
    public func deepestEntry(toward path: JSONPath) -> (index: Int, matchedComponents: Int)? {
        guard !entries.isEmpty else { return nil }
        var current = 0
        var matched = 0
        for component in path.components {
            guard let next = childIndex[ChildKey(parent: current, component: component)] else { break }
            current = next
            matched += 1
        }
        return (current, matched)
    }
}

extension JSONSourceMap {
    /// Builds the entries from the parser's events; keeps a cursor that only moves forward, so line
    /// and column cost is linear in the document.
    fileprivate struct Builder {
        let bytes: [UInt8]
        var entries: [Entry] = []
        var childIndex: [ChildKey: Int] = [:]
        /// Open containers: the entry index and, for arrays, the next element index.
        var open: [(entry: Int, nextIndex: Int)] = []
        var pendingKey: (name: String, start: JSONSourceLocation)?
        /// Offset just after the last token seen.
        var scanFrom = 0
        var cursor = JSONSourceLocation(offset: 0, line: 1, column: 1)

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func take(_ event: JSONEvent, endOffset: Int) {
            switch event {
            case .key(let name):
                let start = location(at: tokenStart())
                pendingKey = (name, start)
                scanFrom = endOffset
            case .objectEnd, .arrayEnd:
                if let container = open.popLast() {
                    entries[container.entry].end = location(at: endOffset)
                }
                scanFrom = endOffset
            case .objectStart:
                open.append((add(.object, endOffset: nil, text: nil, bool: nil), 0))
            case .arrayStart:
                open.append((add(.array, endOffset: nil, text: nil, bool: nil), 0))
            case .string(let text):
                add(.string, endOffset: endOffset, text: text, bool: nil)
            case .number(let text):
                add(.number, endOffset: endOffset, text: text, bool: nil)
            case .bool(let value):
                add(.bool, endOffset: endOffset, text: nil, bool: value)
            case .null:
                add(.null, endOffset: endOffset, text: nil, bool: nil)
            }
            if case .objectStart = event { scanFrom = endOffset }
            if case .arrayStart = event { scanFrom = endOffset }
        }

        @discardableResult
        mutating func add(_ kind: Kind, endOffset: Int?, text: String?, bool: Bool?) -> Int {
            let start = location(at: tokenStart())
            var parent: Int?
            var component: JSONPath.Component?
            var keyStart: JSONSourceLocation?
            if let container = open.last {
                parent = container.entry
                if entries[container.entry].kind == .array {
                    component = .index(container.nextIndex)
                    open[open.count - 1].nextIndex += 1
                } else if let key = pendingKey {
                    component = .key(key.name)
                    keyStart = key.start
                    pendingKey = nil
                }
            }
            // A scalar ends with its own token; a container's end is set when it closes.
            let end = endOffset.map { location(at: $0) } ?? start
            let index = entries.count
            entries.append(
                Entry(
                    parent: parent, component: component, kind: kind, start: start, end: end, keyStart: keyStart,
                    text: text, bool: bool))
            if let parent, let component {
                let key = ChildKey(parent: parent, component: component)
                if childIndex[key] == nil { childIndex[key] = index }
            }
            if let endOffset { scanFrom = endOffset }
            return index
        }

        /// The first byte of the next token: skips whitespace, `,` and `:` and comments after the
        /// previous token.
        func tokenStart() -> Int {
            var i = scanFrom
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"):
                    i += 1
                case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                    while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                    i += 2
                    while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                        i += 1
                    }
                    i += 2
                default:
                    return i
                }
            }
            return i
        }

        mutating func location(at offset: Int) -> JSONSourceLocation {
            cursor.advance(to: offset, in: bytes)
            return cursor
        }
    }
}
