// Coding paths as a chain of nodes, turned into `[CodingKey]` only when a model or an error asks.

/// A coding key of the decoder's own: array indices (`Index 3`, as JSONDecoder spells them, made
/// into a string only when asked), the `super` key, member names, and the members of a
/// `[String: V]` (whose `intValue` is the name read as an `Int`, as the standard library's
/// dictionary key has it).
enum WireCodingKey: CodingKey {
    case name(String)
    case index(Int)
    case integer(Int)
    case dictionaryMember(String)

    init(stringValue: String) { self = .name(stringValue) }
    init(intValue: Int) { self = .integer(intValue) }
    init(index: Int) { self = .index(index) }

    var stringValue: String {
        switch self {
        case .name(let name), .dictionaryMember(let name): name
        case .index(let index): "Index \(index)"
        case .integer(let value): "\(value)"
        }
    }

    var intValue: Int? {
        switch self {
        case .name: nil
        case .dictionaryMember(let name): Int(name)
        case .index(let index), .integer(let index): index
        }
    }

    static let superKey = WireCodingKey.name("super")
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

    /// The path one key further; no key (a value decoded in place) adds nothing.
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
