import WireJSON

/// Works out what each schema of one document says (``SchemaFacts``), following local `$ref`s
/// (to components, responses or anywhere in the document) and `allOf`, `oneOf`, `anyOf`; each
/// schema is worked out once. A `$ref` cycle through composition (`allOf: [{$ref: self}]`) says
/// nothing at the point it closes; a recursive member (`parent: {$ref: repository}`) is fine, as
/// members are followed only when asked for.
///
/// A `$ref` that leads nowhere is recorded in ``problems`` (located in the file) and read as a
/// schema that says nothing.
///
/// ```swift
/// let resolver = SchemaResolver(document)
/// let repository = resolver.facts(of: try JSONPointer(parsing: "#/components/schemas/full-repository"))
/// repository.required.contains("owner")   // true
/// ```
package final class SchemaResolver {
    package let document: OpenAPIDocument
    /// References that lead nowhere, in the order they were met, each located in the file (one
    /// source map for them all).
    package var problems: [OpenAPIError] {
        let places = document.places(of: reportedPlaces.map(\.pointer))
        return zip(reportedPlaces, places).map { problem, place in
            OpenAPIError(file: document.file, line: place.line, column: place.column, message: problem.message)
        }
    }
    private var reportedPlaces: [(pointer: JSONPointer, message: String)] = []
    /// At most this many alternatives after combining `allOf` with `oneOf` (past it a member is
    /// left undescribed, never guessed).
    static let alternativesLimit = 64

    private var memo: [String: SchemaFacts] = [:]
    private var alternativesMemo: [String: SchemaFacts] = [:]
    private var active: Set<String> = []
    private var reported: Set<String> = []

    package init(_ document: OpenAPIDocument) { self.document = document }

    /// The node at a pointer, or nil when there is none.
    package func node(at pointer: JSONPointer) -> SchemaNode? {
        document.value(at: pointer).map { SchemaNode(pointer: pointer, value: $0) }
    }

    /// The facts of the schema at a pointer (a pointer that leads nowhere says nothing).
    package func facts(of pointer: JSONPointer) -> SchemaFacts {
        guard let node = node(at: pointer) else { return SchemaFacts(origin: pointer) }
        return facts(of: node)
    }

    /// The node a schema that is only a `$ref` stands for (followed to the end of the chain); any
    /// other node itself. One schema reached through different references is then one node.
    package func canonical(_ node: SchemaNode) -> SchemaNode {
        var current = node
        for _ in 0..<32 {
            guard case .object(let schema) = current.value, case .string(let reference)? = schema["$ref"],
                document.version == .openAPI30 || !Self.saysSomething(schema),
                let pointer = try? JSONPointer(parsing: reference), let next = self.node(at: pointer)
            else { break }
            current = next
        }
        return current
    }

    /// ``canonical(_:)`` of every node.
    package func canonical(_ alternatives: Alternatives) -> Alternatives {
        Alternatives(alternatives.options.map { $0.map(canonical) })
    }

    /// The facts of alternatives (each a conjunction).
    package func facts(of alternatives: Alternatives) -> SchemaFacts {
        if alternatives.options.count == 1, alternatives.options[0].count == 1 {
            return facts(of: alternatives.options[0][0])
        }
        let key = alternatives.key
        if let known = alternativesMemo[key] { return known }
        let options = alternatives.options.map { conjunction -> SchemaFacts in
            var result = SchemaFacts()
            for node in conjunction { result = result.conjoined(with: facts(of: node), limit: Self.alternativesLimit) }
            if conjunction.count > 1 { result.origin = conjunction.first?.pointer }
            return result
        }
        let result = SchemaFacts.either(options)
        alternativesMemo[key] = result
        return result
    }

    /// The facts of one schema node.
    package func facts(of node: SchemaNode) -> SchemaFacts {
        if let known = memo[node.key] { return known }
        let node = canonical(node)
        if let known = memo[node.key] { return known }
        guard active.insert(node.key).inserted else { return SchemaFacts(origin: node.pointer) }
        defer { active.remove(node.key) }
        let result = compute(node)
        memo[node.key] = result
        return result
    }

    private func compute(_ node: SchemaNode) -> SchemaFacts {
        switch node.value {
        case .bool(false): return .nothing(at: node.pointer)
        case .object(let schema):
            var result = own(schema, at: node.pointer)
            if case .string(let reference)? = schema["$ref"] {
                let referenced = target(of: reference, at: node.pointer).map { facts(of: $0) }
                if document.version == .openAPI30 {
                    // 3.0: a $ref replaces its siblings.
                    return referenced ?? SchemaFacts(origin: node.pointer)
                }
                if let referenced {
                    let siblings = result
                    result = referenced.conjoined(with: siblings, limit: Self.alternativesLimit)
                    result.origin = Self.saysSomething(schema) ? node.pointer : referenced.origin
                }
            }
            if case .array(let parts)? = schema["allOf"] {
                for (index, part) in parts.enumerated() {
                    let child = SchemaNode(
                        pointer: node.pointer.appending("allOf").appending(String(index)), value: part)
                    result = result.conjoined(with: facts(of: child), limit: Self.alternativesLimit)
                }
            }
            for keyword in ["oneOf", "anyOf"] {
                guard case .array(let parts)? = schema[keyword], !parts.isEmpty else { continue }
                let alternatives = parts.enumerated().map { index, part in
                    facts(
                        of: SchemaNode(pointer: node.pointer.appending(keyword).appending(String(index)), value: part))
                }
                result = result.conjoined(with: SchemaFacts.either(alternatives), limit: Self.alternativesLimit)
            }
            // 3.0: `nullable: true` makes the value nullable whatever `allOf`/`oneOf` beside it say (the
            // idiom for a nullable reference, `{nullable: true, allOf: [{$ref: …}]}`, as 3.0 tools read it).
            if document.version == .openAPI30, case .bool(true)? = schema["nullable"] { result.nullable = true }
            if schema["$ref"] == nil { result.origin = node.pointer }
            return result
        default:
            // `true`, or anything that is no schema object: says nothing.
            return SchemaFacts(origin: node.pointer)
        }
    }

    /// The keywords of one schema object itself (not its `$ref` or composition).
    private func own(_ schema: JSONObject, at pointer: JSONPointer) -> SchemaFacts {
        var facts = SchemaFacts(origin: pointer)
        func add(type name: String) {
            if name == "null" {
                facts.nullable = true
            } else if let type = JSONType(rawValue: name) {
                facts.types = (facts.types ?? []).union([type])
            }
        }
        switch schema["type"] {
        case .string(let name)?:
            add(type: name)
            if name == "null" { facts.types = [] }
        case .array(let names)?:
            facts.types = []
            for case .string(let name) in names { add(type: name) }
        default: break
        }
        if case .bool(true)? = schema["nullable"], document.version == .openAPI30 { facts.nullable = true }
        if case .object(let properties)? = schema["properties"] {
            facts.declaresMembers = true
            let base = pointer.appending("properties")
            for member in properties {
                facts.properties[member.key] = Alternatives(
                    SchemaNode(pointer: base.appending(member.key), value: member.value))
            }
        }
        if case .array(let names)? = schema["required"] {
            for case .string(let name) in names { facts.required.insert(name) }
        }
        switch schema["additionalProperties"] {
        case .bool(false)?:
            facts.additional = .forbidden
            facts.declaresMembers = true
        case .bool(true)?:
            facts.additional = .schema(.anything)
            facts.declaresMembers = true
        case let value? where value.isObject:
            facts.additional = .schema(
                Alternatives(SchemaNode(pointer: pointer.appending("additionalProperties"), value: value)))
            facts.declaresMembers = true
        default: break
        }
        if let items = schema["items"], items.isObject || items == .bool(true) || items == .bool(false) {
            facts.items = Alternatives(SchemaNode(pointer: pointer.appending("items"), value: items))
        }
        var values: [JSONValue]?
        if case .array(let list)? = schema["enum"] { values = list }
        if let constant = schema["const"] { values = [constant] }
        if let values {
            if values.contains(.null) { facts.nullable = true }
            facts.enumValues = values.filter { $0 != .null }
        }
        if case .string(let format)? = schema["format"] { facts.formats.insert(format) }
        return facts
    }

    /// Whether a schema object holds a constraint besides `$ref` (annotations do not count).
    private static func saysSomething(_ schema: JSONObject) -> Bool {
        let constraints: Set<String> = [
            "type", "nullable", "properties", "required", "additionalProperties", "items", "enum", "const", "format",
            "allOf", "oneOf", "anyOf",
        ]
        return schema.contains { constraints.contains($0.key) }
    }

    /// The node a `$ref` names, or nil (recorded as a problem, once per place).
    private func target(of reference: String, at pointer: JSONPointer) -> SchemaNode? {
        let place = pointer.appending("$ref")
        do throws(JSONPointer.ParseError) {
            let target = try JSONPointer(parsing: reference)
            if let found = node(at: target) { return found }
            report("$ref '\(reference)' does not resolve (at \(pointer))", at: place)
        } catch {
            report("$ref \(error) (at \(pointer))", at: place)
        }
        return nil
    }

    private func report(_ message: String, at pointer: JSONPointer) {
        guard reported.insert(pointer.description).inserted else { return }
        reportedPlaces.append((pointer, message))
    }
}

extension JSONValue {
    fileprivate var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
