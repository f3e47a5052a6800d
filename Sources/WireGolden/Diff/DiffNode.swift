import WireJSONCore

/// A value's equality class and its children's (elements, or members in source order).
final class DiffNode {
    let id: Int
    let children: [DiffNode]
    init(id: Int, children: [DiffNode]) {
        self.id = id
        self.children = children
    }
}
