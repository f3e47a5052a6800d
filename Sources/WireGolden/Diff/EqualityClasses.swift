import WireJSONCore

/// Numbers values by structure: two values get the same number exactly when they are equal as
/// `JSONValue`s (objects by their members in ``JSONObject/sortedMembers`` order, so member order
/// does not count, as in `==`). Each value is numbered once, from its children's numbers.
final class EqualityClasses {
    private enum Signature: Hashable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(JSONKey)
        case array([Int])
        case object(keys: [JSONKey], values: [Int])
    }

    private var numbers: [Signature: Int] = [:]

    func node(_ value: JSONValue) -> DiffNode {
        let signature: Signature
        var children: [DiffNode] = []
        switch value {
        case .null: signature = .null
        case .bool(let b): signature = .bool(b)
        case .number(let n): signature = .number(n)
        case .string(let s): signature = .string(JSONKey(s))
        case .array(let elements):
            children = elements.map(node)
            signature = .array(children.map(\.id))
        case .object(let object):
            children = object.members.map { node($0.value) }
            let order = object.sortedMemberIndices()
            signature = .object(
                keys: order.map { JSONKey(object.members[$0].key) }, values: order.map { children[$0].id })
        }
        if let id = numbers[signature] { return DiffNode(id: id, children: children) }
        let id = numbers.count
        numbers[signature] = id
        return DiffNode(id: id, children: children)
    }
}
