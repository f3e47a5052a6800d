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
    public static func parse(_ bytes: some Collection<UInt8>, options: JSONParseOptions = .strict)
        throws(JSONSyntaxError) -> JSONValue
    {
        let builder = TreeBuilder()
        let parser = JSONStreamParser(options: options) { event, _ in builder.receive(event) }
        try parser.feed(bytes)
        try parser.finish()
        return builder.root ?? .null
    }

    /// Parses one JSON document from text. See ``parse(_:options:)-(Collection<UInt8>,_)``.
    public static func parse(_ text: String, options: JSONParseOptions = .strict) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), options: options)
    }
}

/// Builds a tree from events: a stack of open containers, each filled in place.
///
/// Every value is appended once to the container it belongs to, and a container's array moves to
/// its parent when it closes, so building is linear in the document. (Keeping the containers
/// inside an enum meant taking each one out and putting it back for every value, which copied it:
/// quadratic in the size of the largest container.)
final class TreeBuilder {
    private struct Open {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var pendingKey: String? = nil
    }

    private var stack: [Open] = []
    private(set) var root: JSONValue?

    func receive(_ event: JSONEvent) {
        switch event {
        case .objectStart: stack.append(Open(isObject: true))
        case .arrayStart: stack.append(Open(isObject: false))
        case .objectEnd:
            guard let top = stack.popLast(), top.isObject else { return }
            add(.object(JSONObject(top.members)))
        case .arrayEnd:
            guard let top = stack.popLast(), !top.isObject else { return }
            add(.array(top.elements))
        case .key(let key):
            if let top = stack.indices.last, stack[top].isObject { stack[top].pendingKey = key }
        case .string(let s): add(.string(s))
        case .number(let text): add(.number(JSONNumber(text: text)))
        case .bool(let b): add(.bool(b))
        case .null: add(.null)
        }
    }

    private func add(_ value: JSONValue) {
        guard let top = stack.indices.last else {
            root = value
            return
        }
        if stack[top].isObject {
            stack[top].members.append(JSONObject.Member(key: stack[top].pendingKey ?? "", value: value))
            stack[top].pendingKey = nil
        } else {
            stack[top].elements.append(value)
        }
    }
}
