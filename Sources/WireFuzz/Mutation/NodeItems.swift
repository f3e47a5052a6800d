import WireJSONCore

/// The tree mutators' operations at one value, in catalogue order: how many a value has in each
/// group, and the v-th of them. Keeps what a pass over the tree needs to remember: whether the
/// first string has been seen (only it gets the 1 MiB variant), and the renamings of the member
/// names met so far (records repeat their names).
struct NodeItems {
    typealias Operation = MutationOperation
    private var strings = 0
    private var isFirstString = false
    private var renamings: [JSONKey: [(String, String)]] = [:]

    /// Call once per value, in document order, before ``count(_:group:value:key:)``.
    mutating func enter(_ value: JSONValue) {
        if case .string = value {
            isFirstString = strings == 0
            strings += 1
        }
    }

    private mutating func renamings(of key: String) -> [(String, String)] {
        // By exact name: two spellings of one text (`é`, `e\u{301}`) have their own renamings.
        let name = JSONKey(key)
        if let known = renamings[name] { return known }
        let made = MutationCatalogue.renamings(of: key)
        renamings[name] = made
        return made
    }

    mutating func count(_ mutator: Mutator, group: Int, value: JSONValue, key: String?) -> Int {
        switch mutator {
        case .wrongType:
            return value.kindName != MutationCatalogue.wrongTypeValues[group].1.kindName ? 1 : 0
        case .dropKey, .duplicateKey:
            return key == nil ? 0 : 1
        case .renameKey:
            guard let key else { return 0 }
            return renamings(of: key).count
        case .null:
            return value != .null ? 1 : 0
        case .extraKey:
            if case .object = value { return 1 }
            return 0
        case .numbers:
            guard case .number(let number) = value else { return 0 }
            return MutationCatalogue.numberVariants(for: number).count
        case .strings:
            guard case .string(let text) = value else { return 0 }
            return (text.isEmpty ? 0 : 1) + (isFirstString ? 1 : 0) + 4
        case .depth:
            switch value {
            case .array, .object: return 1
            default: return 0
            }
        case .truncate, .emptyBody:
            return 0
        }
    }

    mutating func operation(
        _ mutator: Mutator, group: Int, variant: Int, value: JSONValue, key: String?, path: JSONPath
    ) -> Operation {
        switch mutator {
        case .wrongType:
            let (name, replacement) = MutationCatalogue.wrongTypeValues[group]
            return Operation(mutator: .wrongType, path: path, variant: name, edit: .replace(replacement))
        case .dropKey:
            return Operation(mutator: .dropKey, path: path, variant: "drop", edit: .remove)
        case .renameKey:
            let (name, variantName) = renamings(of: key!)[variant]
            return Operation(mutator: .renameKey, path: path, variant: variantName, edit: .rename(name))
        case .null:
            return Operation(mutator: .null, path: path, variant: "null", edit: .replace(.null))
        case .duplicateKey:
            return Operation(mutator: .duplicateKey, path: path, variant: "repeat", edit: .splice(.duplicateMember))
        case .extraKey:
            return Operation(
                mutator: .extraKey, path: path, variant: "add",
                edit: .add(key: MutationCatalogue.extraKey, value: MutationCatalogue.extraValue))
        case .numbers:
            guard case .number(let number) = value else { preconditionFailure("numbers mutation on \(value.kindName)") }
            let (name, edit) = MutationCatalogue.numberVariants(for: number)[variant]
            return Operation(mutator: .numbers, path: path, variant: name, edit: edit)
        case .strings:
            guard case .string(let text) = value else { preconditionFailure("strings mutation on \(value.kindName)") }
            let (name, edit) = MutationCatalogue.stringVariants(for: text, includeHuge: isFirstString)[variant]
            return Operation(mutator: .strings, path: path, variant: name, edit: edit)
        case .depth:
            return Operation(mutator: .depth, path: path, variant: "nest-past-limit", edit: .splice(.nesting))
        case .truncate, .emptyBody:
            preconditionFailure("\(mutator) has no mutations per value")
        }
    }
}
