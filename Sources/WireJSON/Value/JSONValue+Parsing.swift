extension JSONValue {
    /// Parses one JSON document strictly and builds its tree.
    ///
    /// ```swift
    /// let value = try JSONValue.parse(Array(data))
    /// ```
    /// - Parameters:
    ///   - bytes: the UTF-8 document.
    ///   - options: strictness (duplicates are rejected unless `allowDuplicateKeys`; when allowed,
    ///     the tree keeps every copy).
    /// - Throws: ``JSONSyntaxError`` with the exact location of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>, options: JSONParseOptions = .strict) throws(JSONSyntaxError) -> JSONValue {
        let builder = _TreeBuilder()
        let parser = JSONStreamParser(options: options) { event, _ in builder.receive(event) }
        try parser.feed(bytes)
        try parser.finish()
        return builder.root ?? .null
    }

    /// Parses one JSON document from text. See ``parse(_:options:)-(some Collection<UInt8>,_)``.
    public static func parse(_ text: String, options: JSONParseOptions = .strict) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), options: options)
    }
}

/// Builds a tree from events: a stack of open containers.
final class _TreeBuilder {
    private enum Open {
        case array([JSONValue])
        case object([JSONObject.Member], pendingKey: String?)
    }

    private var stack: [Open] = []
    private(set) var root: JSONValue?

    func receive(_ event: JSONEvent) {
        switch event {
        case .objectStart: stack.append(.object([], pendingKey: nil))
        case .arrayStart: stack.append(.array([]))
        case .objectEnd:
            guard case .object(let members, _) = stack.removeLast() else { return }
            add(.object(JSONObject(members)))
        case .arrayEnd:
            guard case .array(let elements) = stack.removeLast() else { return }
            add(.array(elements))
        case .key(let key):
            if case .object(let members, _) = stack.last {
                stack[stack.count - 1] = .object(members, pendingKey: key)
            }
        case .string(let s): add(.string(s))
        case .number(let text): add(.number(JSONNumber(text: text)))
        case .bool(let b): add(.bool(b))
        case .null: add(.null)
        }
    }

    private func add(_ value: JSONValue) {
        guard let top = stack.popLast() else {
            root = value
            return
        }
        switch top {
        case .array(var elements):
            elements.append(value)
            stack.append(.array(elements))
        case .object(var members, let key):
            members.append(JSONObject.Member(key: key ?? "", value: value))
            stack.append(.object(members, pendingKey: nil))
        }
    }
}
