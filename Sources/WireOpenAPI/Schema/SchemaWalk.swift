import WireDecoder

/// Follows reader paths (`$.items[*].owner.login`) through the schema a payload follows: a member
/// to its property (or `additionalProperties`), `[*]` to `items`, `.*` to every member's schema.
/// Each path is looked up once.
///
/// ```swift
/// var walk = SchemaWalk(resolver: resolver, root: body.schema)
/// if case .described(let place) = walk.place(of: try JSONPathPattern("$.owner.login")) {
///     place.facts.types   // [string]
/// }
/// ```
package struct SchemaWalk {
    /// What the document says at a reader path.
    package enum Place {
        /// A schema describes it.
        case described(Described)
        /// Its parent declares members, and not this one.
        case undeclared(parent: SchemaFacts, name: String)
        /// The document says nothing about it: a parent without members, an array without items.
        case undescribed
        /// An ancestor is undeclared or undescribed (that ancestor is what to report).
        case below
    }

    /// A place a schema describes.
    package struct Described {
        package var alternatives: Alternatives
        package var facts: SchemaFacts
        /// For a member: whether its object requires it; nil for the root, an element, a
        /// dictionary's value.
        package var required: Bool?
        /// The facts of the object holding it (nil at the root).
        package var parent: SchemaFacts?
        /// Every member on the way is declared by name (none only through `additionalProperties`,
        /// which describes any name).
        package var byName = true
    }

    package let resolver: SchemaResolver
    private let root: Alternatives
    private var memo: [JSONPathPattern: Place] = [:]

    package init(resolver: SchemaResolver, root: JSONPointer) {
        self.resolver = resolver
        self.root = resolver.node(at: root).map { Alternatives($0) } ?? .anything
    }

    /// What the document says at `path`.
    package mutating func place(of path: JSONPathPattern) -> Place {
        if let known = memo[path] { return known }
        let result: Place
        if let last = path.steps.last {
            guard case .described(let parent) = place(of: path.parent) else {
                memo[path] = .below
                return .below
            }
            result = Self.child(of: parent.facts, step: last, resolver: resolver)
            if !parent.byName, case .described(var described) = result {
                described.byName = false
                memo[path] = .described(described)
                return .described(described)
            }
        } else {
            result = .described(
                Described(alternatives: root, facts: resolver.facts(of: root), required: nil, parent: nil))
        }
        memo[path] = result
        return result
    }

    /// One step below a described place.
    static func child(of facts: SchemaFacts, step: JSONPathPattern.Step, resolver: SchemaResolver) -> Place {
        func described(_ alternatives: Alternatives, required: Bool?) -> Place {
            .described(
                Described(
                    alternatives: alternatives, facts: resolver.facts(of: alternatives), required: required,
                    parent: facts))
        }
        switch step {
        case .key(let name):
            if let alternatives = facts.properties[name] {
                return described(alternatives, required: facts.required.contains(name))
            }
            if case .schema(let alternatives) = facts.additional,
                case .described(var place) = described(alternatives, required: facts.required.contains(name))
            {
                place.byName = false
                return .described(place)
            }
            if facts.declaresMembers || facts.types == [.object] { return .undeclared(parent: facts, name: name) }
            return .undescribed
        case .anyElement:
            guard let items = facts.items else { return .undescribed }
            return described(items, required: nil)
        case .anyMember:
            var union: Alternatives?
            for name in facts.properties.keys.sorted() {
                let alternatives = facts.properties[name]!
                union = union.map { $0.or(alternatives) } ?? alternatives
            }
            if case .schema(let alternatives) = facts.additional {
                union = union.map { $0.or(alternatives) } ?? alternatives
            }
            guard let union else { return .undescribed }
            return described(union, required: nil)
        default: return .undescribed  // a contract's paths are folded: members, [*] and .* only
        }
    }
}
