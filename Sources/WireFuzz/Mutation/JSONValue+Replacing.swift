import WireJSONCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONValue {
    /// This value with the value at `path` replaced by `transform`'s result (nil removes an object
    /// member or array element). Unchanged when the path does not exist.
    func replacing(at path: JSONPath, _ transform: (JSONValue) -> JSONValue?) -> JSONValue? {
        replacing(path.components[...], transform)
    }

    private func replacing(_ rest: ArraySlice<JSONPath.Component>, _ transform: (JSONValue) -> JSONValue?) -> JSONValue?
    {
        guard let first = rest.first else { return transform(self) }
        switch (self, first) {
        case (.object(var object), .key(let key)):
            guard let i = object.members.lastIndex(where: { JSONKey.exactlyEqual($0.key, key) }) else { return self }
            if let replaced = object.members[i].value.replacing(rest.dropFirst(), transform) {
                object.members[i].value = replaced
            } else {
                object.members.remove(at: i)
            }
            return .object(object)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if let replaced = elements[index].replacing(rest.dropFirst(), transform) {
                elements[index] = replaced
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// Renames the member at `path` (its last component is the old name), keeping its position.
    func renamingMember(at path: JSONPath, to newName: String) -> JSONValue {
        guard case .key(let old)? = path.components.last else { return self }
        return replacing(at: path.parent) { parent in
            guard case .object(var object) = parent,
                let i = object.members.lastIndex(where: { JSONKey.exactlyEqual($0.key, old) })
            else { return parent }
            object.members[i].key = newName
            return .object(object)
        } ?? self
    }

    /// Every path in the tree, parents before children, members and elements in source order.
    func allPaths() -> [(path: JSONPath, value: JSONValue)] {
        var out: [(JSONPath, JSONValue)] = []
        var stack: [JSONPath.Component] = []
        func visit(_ value: JSONValue) {
            out.append((JSONPath(stack), value))
            switch value {
            case .array(let elements):
                for (i, element) in elements.enumerated() {
                    stack.append(.index(i))
                    visit(element)
                    stack.removeLast()
                }
            case .object(let object):
                for member in object.members {
                    stack.append(.key(member.key))
                    visit(member.value)
                    stack.removeLast()
                }
            default: break
            }
        }
        visit(self)
        return out
    }
}
