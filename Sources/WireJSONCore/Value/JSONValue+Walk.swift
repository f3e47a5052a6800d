extension JSONValue {
    /// What ``walk(elementsPerArray:_:)`` does after visiting a value.
    public enum WalkStep: Sendable {
        /// Go on into the value's members or elements.
        case descend
        /// Leave the value's members or elements out, and go on with its next sibling.
        case skipChildren
        /// End the walk.
        case stop
    }

    /// Visits every value of the document depth-first, in member order, each with its path (the
    /// root first, at `$`). `visit` decides whether to go into a value, skip what is under it, or
    /// stop. `elementsPerArray` visits only the first elements of each array (paths that differ only
    /// by index often need a few). The one walk the golden, redaction and oracle code share.
    ///
    /// ```swift
    /// var paths: [String] = []
    /// try JSONValue.parse(#"{"a":[1,{"b":2}]}"#).walk { path, _ in
    ///     paths.append(path.description)
    ///     return .descend
    /// }
    /// // ["$", "$.a", "$.a[0]", "$.a[1]", "$.a[1].b"]
    /// ```
    public func walk(elementsPerArray: Int = .max, _ visit: (JSONPath, JSONValue) -> WalkStep) {
        var stopped = false
        func step(_ value: JSONValue, _ path: JSONPath) {
            switch visit(path, value) {
            case .stop:
                stopped = true
                return
            case .skipChildren: return
            case .descend: break
            }
            switch value {
            case .object(let object):
                for member in object.members {
                    step(member.value, path.appending(key: member.key))
                    if stopped { return }
                }
            case .array(let elements):
                for (index, element) in elements.prefix(elementsPerArray).enumerated() {
                    step(element, path.appending(index: index))
                    if stopped { return }
                }
            case .null, .bool, .number, .string: break
            }
        }
        step(self, .root)
    }
}
