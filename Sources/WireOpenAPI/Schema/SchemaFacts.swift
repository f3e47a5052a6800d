import WireJSON

/// A JSON Schema type other than `null` (which ``SchemaFacts/nullable`` says).
package enum JSONType: String, Hashable, Sendable, CaseIterable, Comparable {
    case array, boolean, integer, number, object, string

    package static func < (lhs: JSONType, rhs: JSONType) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One schema object of a document: where it is and its JSON. Equal by place.
package struct SchemaNode: Hashable, Sendable {
    package var pointer: JSONPointer
    package var value: JSONValue
    /// The pointer's text, the node's identity.
    package let key: String

    package init(pointer: JSONPointer, value: JSONValue) {
        self.pointer = pointer
        self.value = value
        key = pointer.description
    }

    package static func == (lhs: SchemaNode, rhs: SchemaNode) -> Bool { lhs.key == rhs.key }
    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// The schemas a value must satisfy, as alternatives of conjunctions: `oneOf`/`anyOf` make
/// alternatives, `allOf` and `$ref` siblings make conjunctions. An empty conjunction says nothing.
package struct Alternatives: Hashable, Sendable {
    package var options: [[SchemaNode]]

    package init(_ options: [[SchemaNode]]) { self.options = options }

    /// One schema.
    package init(_ node: SchemaNode) { options = [[node]] }

    /// Any value: one empty conjunction.
    package static let anything = Alternatives([[]])

    /// `a&b|c`, the memo key.
    package var key: String { options.map { $0.map(\.key).joined(separator: "&") }.joined(separator: "|") }

    /// Both must hold: every pair of options, conjoined; nil past `limit` options.
    func conjoined(with other: Alternatives, limit: Int) -> Alternatives? {
        guard options.count * other.options.count <= limit else { return nil }
        var result: [[SchemaNode]] = []
        for one in options {
            for two in other.options { result.append(one + two) }
        }
        return Alternatives(result)
    }

    /// Either may hold.
    func or(_ other: Alternatives) -> Alternatives {
        var result = options
        for option in other.options where !result.contains(option) { result.append(option) }
        return Alternatives(result)
    }
}

/// What a schema — its `$ref`, `allOf`, `oneOf` and `anyOf` taken into account — says about a value:
/// the types it allows, whether `null` is allowed, the members it declares and requires, what its
/// elements and other members follow, its enum and formats.
package struct SchemaFacts: Sendable {
    /// What members not in ``properties`` may be.
    package enum Additional: Sendable {
        /// `additionalProperties` not given: allowed, not described.
        case unspecified
        /// `additionalProperties: false`.
        case forbidden
        /// `additionalProperties` with a schema (or `true`: ``Alternatives/anything``).
        case schema(Alternatives)
    }

    /// The types other than `null` a value may have; nil when the schema does not say.
    package var types: Set<JSONType>?
    /// `null` is allowed explicitly (3.0 `nullable`, 3.1 `"null"` in `type`, `null` in `enum`).
    package var nullable = false
    /// Declared members, by name.
    package var properties: [String: Alternatives] = [:]
    /// Members the value must have.
    package var required: Set<String> = []
    /// What other members may be.
    package var additional = Additional.unspecified
    /// What array elements follow.
    package var items: Alternatives?
    /// The allowed values other than `null`; nil when there is no `enum` (or `const`).
    package var enumValues: [JSONValue]?
    /// `format`s that apply (`date-time`, `int64`).
    package var formats: Set<String> = []
    /// The schema declares members (`properties` or `additionalProperties`).
    package var declaresMembers = false
    /// Where the schema is defined (the first one, for messages).
    package var origin: JSONPointer?

    package init(origin: JSONPointer? = nil) { self.origin = origin }

    /// Nothing allowed (`false`, 3.1).
    static func nothing(at origin: JSONPointer) -> SchemaFacts {
        var facts = SchemaFacts(origin: origin)
        facts.types = []
        return facts
    }

    /// Whether a value of this JSON type is allowed (`integer` is a `number`; nil types allow all).
    package func allows(_ type: JSONType) -> Bool {
        guard let types else { return true }
        if types.contains(type) { return true }
        return type == .integer && types.contains(.number)
    }

    /// The member names declared here and those `required` names (for "did you mean").
    package var memberNames: [String] { Array(properties.keys) }

    /// Whether the value may be an object (its members mean something).
    var mayBeObject: Bool { types == nil || types!.contains(.object) }

    /// Both hold (`allOf`). Options past `limit` in a member's alternatives leave that member
    /// undescribed rather than guessed.
    func conjoined(with other: SchemaFacts, limit: Int) -> SchemaFacts {
        var result = self
        result.origin = origin ?? other.origin
        switch (types, other.types) {
        case (nil, _): result.types = other.types
        case (_, nil): break
        case (let one?, let two?):
            var both = one.intersection(two)
            if one.contains(.number) && two.contains(.integer) || two.contains(.number) && one.contains(.integer) {
                both.insert(.integer)
            }
            result.types = both
        }
        // Null is allowed when one side says so and the other does not rule it out (a side without
        // `type` constrains nothing: `{anyOf: [{$ref}, {type: null}]}` beside a description).
        result.nullable =
            (nullable || other.nullable) && (nullable || types == nil) && (other.nullable || other.types == nil)
        for (name, alternatives) in other.properties {
            if let mine = properties[name] {
                result.properties[name] = mine.conjoined(with: alternatives, limit: limit) ?? .anything
            } else {
                result.properties[name] = alternatives
            }
        }
        result.required.formUnion(other.required)
        switch (additional, other.additional) {
        case (.forbidden, _), (_, .forbidden): result.additional = .forbidden
        case (.schema(let one), .schema(let two)):
            result.additional = .schema(one.conjoined(with: two, limit: limit) ?? .anything)
        case (.unspecified, let any): result.additional = any
        case (.schema, .unspecified): break
        }
        switch (items, other.items) {
        case (nil, let any): result.items = any
        case (let one?, let two?): result.items = one.conjoined(with: two, limit: limit) ?? .anything
        case (_?, nil): break
        }
        switch (enumValues, other.enumValues) {
        case (nil, let any): result.enumValues = any
        case (let one?, let two?): result.enumValues = one.filter(two.contains)
        case (_?, nil): break
        }
        result.formats.formUnion(other.formats)
        result.declaresMembers = declaresMembers || other.declaresMembers
        return result
    }

    /// Either holds (`oneOf`, `anyOf`).
    static func either(_ list: [SchemaFacts]) -> SchemaFacts {
        guard var result = list.first else { return SchemaFacts() }
        guard list.count > 1 else { return result }
        let objects = list.filter(\.mayBeObject)
        for other in list.dropFirst() {
            switch (result.types, other.types) {
            case (let one?, let two?): result.types = one.union(two)
            default: result.types = nil
            }
            result.nullable = result.nullable || other.nullable
            for (name, alternatives) in other.properties {
                result.properties[name] = result.properties[name].map { $0.or(alternatives) } ?? alternatives
            }
            switch (result.additional, other.additional) {
            case (.schema(let one), .schema(let two)): result.additional = .schema(one.or(two))
            case (.schema, _): break
            case (_, .schema(let two)): result.additional = .schema(two)
            case (.forbidden, .forbidden): break
            default: result.additional = .unspecified
            }
            switch (result.items, other.items) {
            case (let one?, let two?): result.items = one.or(two)
            case (nil, let any): result.items = any
            case (_?, nil): break
            }
            switch (result.enumValues, other.enumValues) {
            case (let one?, let two?): result.enumValues = one + two.filter { !one.contains($0) }
            default: result.enumValues = nil
            }
            result.formats.formUnion(other.formats)
            result.declaresMembers = result.declaresMembers || other.declaresMembers
        }
        // Required: what every alternative that may be an object requires.
        var required = objects.first?.required ?? []
        for other in objects.dropFirst() { required.formIntersection(other.required) }
        result.required = required
        return result
    }
}
