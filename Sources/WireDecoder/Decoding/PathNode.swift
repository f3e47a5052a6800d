// Coding paths as a chain of nodes, turned into `[CodingKey]` only when a model or an error asks.

/// A coding key of the decoder's own: array indices (`Index 3`, as JSONDecoder spells them), the
/// `super` key, and member names.
struct WireCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    static let superKey = WireCodingKey(stringValue: "super")
}

/// One step of a coding path; the root has no key.
final class PathNode: @unchecked Sendable {  // immutable after init
    let parent: PathNode?
    let key: (any CodingKey)?

    static let root = PathNode(parent: nil, key: nil)

    init(parent: PathNode?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    @inline(__always) func appending(_ key: (any CodingKey)?) -> PathNode {
        guard let key else { return self }
        return PathNode(parent: self, key: key)
    }

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: PathNode? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        return keys.reversed()
    }

    func path(byAppending key: (any CodingKey)?) -> [any CodingKey] {
        var keys = path
        if let key { keys.append(key) }
        return keys
    }
}
