import WireJSON
import WireShapes

extension WireShape {
    /// The shape as a JSON Schema (draft 2020-12) for other tools.
    ///
    /// Kinds map to `type` (`bool` → `boolean`), members to `properties` and `required`, array
    /// elements to `items`, formats to `format` (`url` → `uri`, `integer-string` → a `pattern`),
    /// enums to `enum` (plus `null` when the position is nullable). Date-times also get a `pattern`
    /// fixing their fractional-digit counts and offset style, since that is what decoders care
    /// about. Objects stay open (no `additionalProperties`), like Codable decoders.
    ///
    /// - Parameter title: the schema's `title` (the format name).
    public func jsonSchema(title: String? = nil) -> JSONValue {
        var root = schemaNode()
        guard case .object(var object) = root else { return root }
        object.members.insert(
            .init(key: "$schema", value: .string("https://json-schema.org/draft/2020-12/schema")), at: 0)
        if let title { object.members.insert(.init(key: "title", value: .string(title)), at: 1) }
        root = .object(object)
        return root
    }

    private func schemaNode() -> JSONValue {
        var members: [JSONObject.Member] = []
        let types: [String] = kinds.sorted().map { kind in
            switch kind {
            case .bool: "boolean"
            default: kind.rawValue
            }
        }
        if types.count == 1 {
            members.append(.init(key: "type", value: .string(types[0])))
        } else if !types.isEmpty {
            members.append(.init(key: "type", value: .array(types.map { .string($0) })))
        }
        if let string {
            switch string.format {
            case .dateTime?:
                members.append(.init(key: "format", value: .string("date-time")))
                members.append(.init(key: "pattern", value: .string(dateTimePattern(string))))
            case .date?: members.append(.init(key: "format", value: .string("date")))
            case .uuid?: members.append(.init(key: "format", value: .string("uuid")))
            case .url?: members.append(.init(key: "format", value: .string("uri")))
            case .integerString?: members.append(.init(key: "pattern", value: .string("^-?[0-9]+$")))
            case nil: break
            }
            if let values = string.enumValues, kinds.subtracting([.null]) == [.string] {
                var list: [JSONValue] = Self.sortedUTF16(values).map { .string($0) }
                if isNullable { list.append(.null) }
                members.append(.init(key: "enum", value: .array(list)))
            }
        }
        if let shapeMembers = self.members {
            members.append(
                .init(
                    key: "properties",
                    value: .object(
                        JSONObject(shapeMembers.map { .init(key: $0.key.string, value: $0.value.shape.schemaNode()) })))
            )
            let required = Self.sortedUTF16(Set(shapeMembers.filter(\.value.required).map(\.key)))
            if !required.isEmpty { members.append(.init(key: "required", value: .array(required.map { .string($0) }))) }
        }
        if let element { members.append(.init(key: "items", value: element.schemaNode())) }
        return .object(JSONObject(members))
    }

    private func dateTimePattern(_ string: StringShape) -> String {
        let fractions = string.fractionDigits.sorted().map { $0 == 0 ? "" : "\\.[0-9]{\($0)}" }
        let fraction = fractions.count == 1 ? fractions[0] : "(" + fractions.joined(separator: "|") + ")"
        let offsets = string.offsets.sorted().map { $0 == .z ? "[Zz]" : "[+-][0-9]{2}:[0-9]{2}" }
        let offset = offsets.count == 1 ? offsets[0] : "(" + offsets.joined(separator: "|") + ")"
        return "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}" + fraction + offset + "$"
    }
}
