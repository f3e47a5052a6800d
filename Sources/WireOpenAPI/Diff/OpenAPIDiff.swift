import WireDecoder
import WireJSON

/// The response-side changes between two versions of an OpenAPI document: per operation of the old
/// one, its removal, the removal of a success status or a JSON media type, and inside each JSON
/// body every member removed, added, made optional or required, made nullable or not, retyped
/// (type or format), and enum values added or removed — at the reader path they are at, so reader
/// contracts can judge them (``OpenAPIJudge``).
///
/// A schema compared at many places is compared once (a change in `simple-user` is found once and
/// reported at every path that reaches it); a recursive schema is followed until the pair repeats.
///
/// ```swift
/// let changes = OpenAPIDiff(old: oldDocument, new: newDocument).changes()
/// Dictionary(grouping: changes, by: \.rule).mapValues(\.count)
/// ```
package final class OpenAPIDiff {
    package let old: SchemaResolver
    package let new: SchemaResolver

    /// A change below some schema pair, relative to it.
    struct Relative {
        var steps: [JSONPathPattern.Step]
        var what: OpenAPIChange.What
        var pointer: JSONPointer?
    }

    private var memo: [String: [Relative]] = [:]
    private var active: Set<String> = []

    package init(old: OpenAPIDocument, new: OpenAPIDocument) {
        self.old = SchemaResolver(old)
        self.new = SchemaResolver(new)
    }

    /// Every change, operation by operation in the old document's order.
    package func changes() -> [OpenAPIChange] {
        var result: [OpenAPIChange] = []
        let newPaths = Set(new.document.operations.map(\.path))
        for operation in old.document.operations {
            guard let counterpart = new.document.operation(method: operation.method, path: operation.path) else {
                result.append(
                    OpenAPIChange(
                        what: .operationRemoved(
                            pathRemoved: !newPaths.contains(operation.path), deprecated: operation.deprecated),
                        operation: operation.description, status: nil, mediaType: nil, path: .root,
                        pointer: operation.pointer))
                continue
            }
            result += changes(of: operation, to: counterpart)
        }
        return result
    }

    /// The changes of one operation's success responses.
    func changes(of operation: OpenAPIDocument.Operation, to counterpart: OpenAPIDocument.Operation) -> [OpenAPIChange]
    {
        var result: [OpenAPIChange] = []
        let oldResponses = Self.responses(of: operation, in: old.document)
        let newResponses = Self.responses(of: counterpart, in: new.document)
        for (status, oldPointer) in oldResponses where Self.isSuccess(status) {
            guard let newPointer = newResponses.first(where: { $0.status == status })?.pointer else {
                result.append(
                    OpenAPIChange(
                        what: .statusRemoved, operation: operation.description, status: status, mediaType: nil,
                        path: .root, pointer: oldPointer))
                continue
            }
            let oldMedia = Self.jsonMedia(ofResponse: oldPointer, in: old.document)
            let newMedia = Self.jsonMedia(ofResponse: newPointer, in: new.document)
            for (mediaType, oldSchema) in oldMedia {
                guard let newSchema = newMedia.first(where: { $0.type == mediaType })?.schema else {
                    result.append(
                        OpenAPIChange(
                            what: .mediaTypeRemoved, operation: operation.description, status: status,
                            mediaType: mediaType, path: .root, pointer: oldPointer))
                    continue
                }
                for change in compare(old: oldSchema, new: newSchema) {
                    result.append(
                        OpenAPIChange(
                            what: change.what, operation: operation.description, status: status, mediaType: mediaType,
                            path: JSONPathPattern(change.steps), pointer: change.pointer))
                }
            }
        }
        return result
    }

    /// The changes between two schemas (two versions of one component, say), at paths from `$`.
    package func changes(ofSchema oldSchema: JSONPointer, to newSchema: JSONPointer, named name: String)
        -> [OpenAPIChange]
    {
        guard new.node(at: newSchema) != nil else {
            return [
                OpenAPIChange(
                    what: .schemaRemoved, operation: name, status: nil, mediaType: nil, path: .root, pointer: oldSchema)
            ]
        }
        return compare(old: oldSchema, new: newSchema).map {
            OpenAPIChange(
                what: $0.what, operation: name, status: nil, mediaType: nil, path: JSONPathPattern($0.steps),
                pointer: $0.pointer)
        }
    }

    func compare(old oldSchema: JSONPointer, new newSchema: JSONPointer) -> [Relative] {
        guard let one = old.node(at: oldSchema), let two = new.node(at: newSchema) else { return [] }
        return compare(Alternatives(one), Alternatives(two))
    }

    /// `2XX` and 200–299.
    static func isSuccess(_ status: String) -> Bool { status.hasPrefix("2") }

    /// A response map's statuses and where each response is (its `$ref` followed).
    package static func responses(of operation: OpenAPIDocument.Operation, in document: OpenAPIDocument) -> [(
        status: String, pointer: JSONPointer
    )] {
        let base = operation.pointer.appending("responses")
        guard case .object(let statuses)? = document.value(at: base) else { return [] }
        return statuses.map { ($0.key, followed(base.appending($0.key), in: document)) }
    }

    /// A response's JSON media types and their schemas.
    package static func jsonMedia(ofResponse pointer: JSONPointer, in document: OpenAPIDocument) -> [(
        type: String, schema: JSONPointer
    )] {
        guard case .object(let response)? = document.value(at: pointer),
            case .object(let content)? = response["content"]
        else { return [] }
        return OpenAPITarget.jsonMediaTypes(content.map(\.key)).compactMap { type in
            guard case .object(let media)? = content[type], media["schema"] != nil else { return nil }
            return (type, pointer.appending("content").appending(type).appending("schema"))
        }
    }

    /// The pointer a `$ref` chain ends at (the start when there is none or it leads nowhere).
    static func followed(_ start: JSONPointer, in document: OpenAPIDocument) -> JSONPointer {
        var pointer = start
        for _ in 0..<16 {
            guard case .object(let object)? = document.value(at: pointer), case .string(let text)? = object["$ref"],
                let next = try? JSONPointer(parsing: text), document.value(at: next) != nil
            else { break }
            pointer = next
        }
        return pointer
    }

    // MARK: Schemas

    private func compare(_ one: Alternatives, _ two: Alternatives) -> [Relative] {
        let one = old.canonical(one)
        let two = new.canonical(two)
        let key = one.key + "\u{0}" + two.key
        if let known = memo[key] { return known }
        guard active.insert(key).inserted else { return [] }
        defer { active.remove(key) }
        let was = old.facts(of: one)
        let now = new.facts(of: two)
        let here = two.options.first?.first?.pointer ?? now.origin
        var result: [Relative] = []
        func add(_ what: OpenAPIChange.What, _ pointer: JSONPointer? = nil) {
            result.append(Relative(steps: [], what: what, pointer: pointer ?? here))
        }
        let oldTypes = was.types.map { $0.sorted() }
        let newTypes = now.types.map { $0.sorted() }
        if oldTypes != newTypes || was.formats != now.formats {
            add(
                .typeChanged(
                    old: oldTypes, new: newTypes, oldFormats: was.formats.sorted(), newFormats: now.formats.sorted()))
        }
        if !was.nullable && now.nullable { add(.becameNullable) }
        if was.nullable && !now.nullable { add(.becameNotNullable) }
        if let before = was.enumValues, let after = now.enumValues {
            let added = after.filter { !before.contains($0) }
            let removed = before.filter { !after.contains($0) }
            if !added.isEmpty { add(.enumValuesAdded(added)) }
            if !removed.isEmpty { add(.enumValuesRemoved(removed)) }
        }
        for name in Set(was.properties.keys).union(now.properties.keys).sorted() {
            let step = JSONPathPattern.Step.key(name)
            switch (was.properties[name], now.properties[name]) {
            case (let before?, nil):
                result.append(
                    Relative(
                        steps: [step], what: .propertyRemoved(required: was.required.contains(name)),
                        pointer: before.options.first?.first?.pointer))
            case (nil, let after?):
                result.append(
                    Relative(
                        steps: [step], what: .propertyAdded(required: now.required.contains(name)),
                        pointer: after.options.first?.first?.pointer))
            case (let before?, let after?):
                let pointer = after.options.first?.first?.pointer
                if was.required.contains(name) && !now.required.contains(name) {
                    result.append(Relative(steps: [step], what: .becameOptional, pointer: pointer))
                }
                if !was.required.contains(name) && now.required.contains(name) {
                    result.append(Relative(steps: [step], what: .becameRequired, pointer: pointer))
                }
                result += compare(before, after).map {
                    Relative(steps: [step] + $0.steps, what: $0.what, pointer: $0.pointer)
                }
            case (nil, nil):
                break
            }
        }
        if let before = was.items, let after = now.items {
            result += compare(before, after).map {
                Relative(steps: [.anyElement] + $0.steps, what: $0.what, pointer: $0.pointer)
            }
        }
        if case .schema(let before) = was.additional, case .schema(let after) = now.additional {
            result += compare(before, after).map {
                Relative(steps: [.anyMember] + $0.steps, what: $0.what, pointer: $0.pointer)
            }
        }
        memo[key] = result
        return result
    }
}
