import WireJSONCore

/// One mutation of a seed, described so that it can be applied again (to the same seed, or to a
/// smaller one while shrinking): the mutator, the JSON path it touches, a short variant name, and
/// the edit itself.
public struct MutationOperation: Hashable, Sendable, CustomStringConvertible {
    /// The family of the mutation.
    public var mutator: Mutator
    /// The value the mutation touches (`$` for whole-body mutations and truncations).
    public var path: JSONPath
    /// A short name of the variant: `to-string`, `2^63`, `lone-surrogate`, `cut-in-escape`.
    public var variant: String
    /// For a truncation: the length of the prefix kept.
    public var offset: Int? {
        if case .truncate(let cut) = edit { return cut.offset }
        return nil
    }

    var edit: Edit

    /// What the mutation does to the seed.
    enum Edit: Hashable, Sendable {
        /// Keep `bytes[0..<cut.offset]` of the original.
        case truncate(CutPoint)
        /// Put another value at the path.
        case replace(JSONValue)
        /// Remove the member at the path.
        case remove
        /// Give the member at the path another name.
        case rename(String)
        /// Add a member to the object at the path.
        case add(key: String, value: JSONValue)
        /// Raw bytes in place of the value at the path; the expectation's offsets are relative to
        /// where they start.
        case splice(Splice)
        /// A whole new body.
        case body([UInt8], kinds: Set<JSONSyntaxError.Kind>, offsets: ClosedRange<Int>)

        /// The same edit; member names compare by their Unicode scalars (``JSONKey``), as values do.
        static func == (lhs: Edit, rhs: Edit) -> Bool {
            switch (lhs, rhs) {
            case (.truncate(let a), .truncate(let b)): return a == b
            case (.replace(let a), .replace(let b)): return a == b
            case (.remove, .remove): return true
            case (.rename(let a), .rename(let b)): return JSONKey.exactlyEqual(a, b)
            case (.add(let a, let x), .add(let b, let y)): return JSONKey.exactlyEqual(a, b) && x == y
            case (.splice(let a), .splice(let b)): return a == b
            case (.body(let a, let k, let o), .body(let b, let l, let p)): return a == b && k == l && o == p
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .truncate(let cut):
                hasher.combine(0 as UInt8)
                hasher.combine(cut)
            case .replace(let value):
                hasher.combine(1 as UInt8)
                hasher.combine(value)
            case .remove:
                hasher.combine(2 as UInt8)
            case .rename(let name):
                hasher.combine(3 as UInt8)
                JSONKey.hash(name, into: &hasher)
            case .add(let key, let value):
                hasher.combine(4 as UInt8)
                JSONKey.hash(key, into: &hasher)
                hasher.combine(value)
            case .splice(let splice):
                hasher.combine(5 as UInt8)
                hasher.combine(splice)
            case .body(let bytes, let kinds, let offsets):
                hasher.combine(6 as UInt8)
                hasher.combine(bytes)
                hasher.combine(kinds)
                hasher.combine(offsets)
            }
        }
    }

    /// Raw bytes for the value at a path, with the validator's verdict relative to their start.
    enum Splice: Hashable, Sendable {
        /// Bytes that keep the document valid (escapes the tree writer would not produce).
        case valid([UInt8])
        /// Bytes that make it invalid at `offsets` (relative).
        case invalid([UInt8], kinds: Set<JSONSyntaxError.Kind>, offsets: ClosedRange<Int>)
        /// The value at the path followed by a copy of its member (a duplicate key).
        case duplicateMember
        /// Arrays nested to one level past the depth limit.
        case nesting
    }

    /// `wrong-type to-number at $.records[0].year`.
    public var description: String {
        if let offset { return "\(mutator.rawValue) \(variant) at byte \(offset)" }
        return "\(mutator.rawValue) \(variant) at \(path)"
    }

    /// Whether the mutant is still valid JSON (the edit is structural).
    public var isStructural: Bool {
        switch edit {
        case .replace, .remove, .rename, .add: return true
        case .splice(.valid): return true
        case .truncate, .splice, .body: return false
        }
    }

    /// Applies the mutation.
    /// - Parameters:
    ///   - seed: the document to mutate.
    ///   - maxDepth: the depth limit the validator enforces (for ``Mutator/depth``).
    /// - Returns: the mutant's bytes and what the validator must say, or nil when the path does not
    ///   exist in this seed (possible after shrinking).
    public func apply(to seed: FuzzSeed, maxDepth: Int = JSONParseOptions.strict.maxDepth) -> (
        bytes: [UInt8], expectation: ValidatorExpectation
    )? {
        switch edit {
        case .truncate(let cut):
            guard cut.offset < seed.bytes.count else { return nil }
            return (Array(seed.bytes[0..<cut.offset]), SyntaxRules.truncation(cut, bytes: seed.bytes))
        case .body(let bytes, let kinds, let offsets):
            return (bytes, .invalid(kinds: kinds, offsets: offsets))
        case .replace(let value):
            guard seed.value[path] != nil else { return nil }
            if let entry = compactEntry(in: seed) {
                return (
                    CompactEdit.replacing(
                        entry.valueStart..<entry.end, in: seed.compact,
                        with: CanonicalJSONWriter.sourceOrdered(value).bytes), .valid
                )
            }
            guard let tree = seed.value.replacing(at: path, { _ in value }) else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .remove:
            guard seed.value[path] != nil else { return nil }
            if !path.components.isEmpty, let entry = compactEntry(in: seed) {
                return (CompactEdit.replacing(CompactEdit.removal(entry), in: seed.compact, with: []), .valid)
            }
            guard let tree = seed.value.replacing(at: path, { _ in nil }) else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .rename(let name):
            guard seed.value[path] != nil, seed.value[path.parent]?[name] == nil else { return nil }
            if case .key? = path.components.last, let entry = compactEntry(in: seed), let key = entry.key {
                var spelled: [UInt8] = []
                CanonicalJSONWriter.writeString(name, into: &spelled)
                return (CompactEdit.replacing(key, in: seed.compact, with: spelled), .valid)
            }
            return (CanonicalJSONWriter.sourceOrdered(seed.value.renamingMember(at: path, to: name)).bytes, .valid)
        case .add(let key, let value):
            guard case .object? = seed.value[path], seed.value[path.appending(key: key)] == nil else { return nil }
            if let entry = compactEntry(in: seed) {
                // Before the closing brace: `"key":value`, after a comma unless the object is empty.
                let close = entry.end - 1
                var member: [UInt8] = close == entry.valueStart + 1 ? [] : [UInt8(ascii: ",")]
                CanonicalJSONWriter.writeString(key, into: &member)
                member.append(UInt8(ascii: ":"))
                member += CanonicalJSONWriter.sourceOrdered(value).bytes
                return (CompactEdit.replacing(close..<close, in: seed.compact, with: member), .valid)
            }
            guard
                let tree = seed.value.replacing(
                    at: path,
                    { parent in
                        guard case .object(var object) = parent else { return parent }
                        object.members.append(JSONObject.Member(key: key, value: value))
                        return .object(object)
                    })
            else { return nil }
            return (CanonicalJSONWriter.sourceOrdered(tree).bytes, .valid)
        case .splice(let splice):
            guard let current = seed.value[path] else { return nil }
            let entry = compactEntry(in: seed)
            let raw: [UInt8]
            let expectation: (Int) -> ValidatorExpectation
            switch splice {
            case .valid(let bytes):
                raw = bytes
                expectation = { _ in .valid }
            case .invalid(let bytes, let kinds, let offsets):
                raw = bytes
                expectation = { start in
                    .invalid(kinds: kinds, offsets: (start + offsets.lowerBound)...(start + offsets.upperBound))
                }
            case .duplicateMember:
                guard case .key(let key)? = path.components.last else { return nil }
                let value =
                    entry.map { Array(seed.compact[$0.valueStart..<$0.end]) }
                    ?? CanonicalJSONWriter.sourceOrdered(current).bytes
                var bytes = value
                bytes.append(UInt8(ascii: ","))
                CanonicalJSONWriter.writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes += value
                raw = bytes
                let second = value.count + 1
                expectation = { start in SyntaxRules.duplicateKey(at: start + second) }
            case .nesting:
                let tooDeep = maxDepth - path.components.count
                guard tooDeep >= 0 else { return nil }
                raw =
                    [UInt8](repeating: UInt8(ascii: "["), count: tooDeep + 1)
                    + [UInt8](repeating: UInt8(ascii: "]"), count: tooDeep + 1)
                expectation = { start in SyntaxRules.nesting(at: start + tooDeep) }
            }
            if let entry {
                return (
                    CompactEdit.replacing(entry.valueStart..<entry.end, in: seed.compact, with: raw),
                    expectation(entry.valueStart)
                )
            }
            let (bytes, start) = CanonicalJSONWriter.sourceOrdered(seed.value, splice: (path, raw))
            guard let start else { return nil }
            return (bytes, expectation(start))
        }
    }

    /// Where the value at the path is in the seed's compact bytes, when a structural mutant can be
    /// made by editing them: not when the seed repeats a member name (the tree decides which one
    /// the path means), nor when the path's bytes are not found (a name spelled another way).
    private func compactEntry(in seed: FuzzSeed) -> CompactEdit.Entry? {
        guard !seed.repeatsNames else { return nil }
        return CompactEdit.locate(path.components, in: seed.compact, containers: seed.containers)
    }
}
