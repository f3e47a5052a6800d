import WireDecoder
import WireJSON
import WireShapes

/// Classifies every change between an old and a new shape of one wire format, for both readers.
///
/// Pure: two shapes in, changes out, sorted by path and rule. A change *breaks* a direction
/// when a reader in that direction could fail on (or silently lose) a payload:
///
/// | rule | backward (new reader, old payload) | forward (old reader, new payload) |
/// |---|---|---|
/// | `member-removed` (was required) | – | breaks |
/// | `optional-member-removed` | – | – |
/// | `member-renamed` | breaks | breaks |
/// | `required-member-added` | breaks | – |
/// | `optional-member-added` | – | – |
/// | `member-made-required` / `member-made-optional` | breaks / – | – / breaks |
/// | `type-changed` | if an old kind is not readable as a new one | if a new kind is not readable as an old one |
/// | `nullability-removed` / `nullability-added` | breaks / – | – / breaks |
/// | `date-format-changed`, `string-format-changed` | if old strings don't fit the new format | if new strings don't fit the old format |
/// | `enum-value-removed` / `enum-value-added` | breaks / – | – / breaks |
///
/// An integer is readable where a number is expected, never the other way round; a string with no
/// recognised format reads any string.
///
/// **Renames**: a member removed and another added *at the same object* with an identical shape
/// (same kinds, formats, enum, members) are reported as one `member-renamed` when each is the
/// other's only candidate; when several members could pair up, they stay removed + added.
public enum WireShapeDiff {
    /// The changes from `old` to `new`.
    public static func changes(from old: WireShape, to new: WireShape) -> [WireChange] {
        var out: [WireChange] = []
        var path: [JSONPathPattern.Step] = []
        compare(old, new, at: &path, into: &out)
        return sortedByPathAndRule(out)
    }

    /// The changes ordered as `(path, rule) <` orders them, each path's text written once: the
    /// comparison of two paths compares their texts, and writing both for every comparison cost a
    /// sort of n changes about 2 n log n path texts. No two changes share a path and a rule, so the
    /// position only breaks ties that do not occur.
    static func sortedByPathAndRule(_ changes: [WireChange]) -> [WireChange] {
        guard changes.count > 1 else { return changes }
        let texts = changes.map(\.path.description)
        let order = changes.indices.sorted { i, j in
            let c = JSONKey.compare(texts[i], texts[j])
            if c != 0 { return c < 0 }
            if changes[i].rule != changes[j].rule { return changes[i].rule < changes[j].rule }
            return i < j
        }
        return order.map { changes[$0] }
    }

    /// One bit per ``WireShape/Kind`` in declaration order (`null` is bit 0): the kind tests below
    /// run once per member of every object, and a set made for each of them was most of their cost.
    @inline(__always)
    private static func bits(_ kinds: Set<WireShape.Kind>) -> UInt8 {
        var out: UInt8 = 0
        for kind in kinds {
            switch kind {
            case .null: out |= 1
            case .bool: out |= 2
            case .integer: out |= 4
            case .number: out |= 8
            case .string: out |= 16
            case .array: out |= 32
            case .object: out |= 64
            }
        }
        return out
    }

    private static func describe(_ kinds: Set<WireShape.Kind>) -> String {
        kinds.sorted().map(\.rawValue).joined(separator: " | ")
    }

    /// Compares the shapes at `path`, a stack of steps from the root that becomes a ``JSONPathPattern``
    /// only for a change: a path per member, most of which have none, cost a copy of the steps each.
    private static func compare(
        _ old: WireShape, _ new: WireShape, at path: inout [JSONPathPattern.Step], into out: inout [WireChange]
    ) {
        let oldBits = bits(old.kinds)
        let newBits = bits(new.kinds)
        guard oldBits != 0, newBits != 0 else { return }
        let null: UInt8 = 1
        if oldBits & null != 0 && newBits & null == 0 {
            out.append(
                WireChange(
                    path: JSONPathPattern(path), rule: .nullabilityRemoved, breaks: .backward,
                    detail:
                        "null was seen before, not now (\(describe(old.kinds)) → \(describe(new.kinds))); a new non-optional reader rejects old nulls"
                ))
        } else if oldBits & null == 0 && newBits & null != 0 {
            out.append(
                WireChange(
                    path: JSONPathPattern(path), rule: .nullabilityAdded, breaks: .forward,
                    detail:
                        "null appears where it never did (\(describe(old.kinds)) → \(describe(new.kinds))); old non-optional readers reject it"
                ))
        }
        if oldBits & ~null != 0 && newBits & ~null != 0 && oldBits & ~null != newBits & ~null {
            let oldKinds = old.kinds.subtracting([.null])
            let newKinds = new.kinds.subtracting([.null])
            var breaks: CompatibilityDirection = []
            if oldKinds.contains(where: { !WireShape.accepts(newKinds, $0) }) { breaks.insert(.backward) }
            if newKinds.contains(where: { !WireShape.accepts(oldKinds, $0) }) { breaks.insert(.forward) }
            out.append(
                WireChange(
                    path: JSONPathPattern(path), rule: .typeChanged, breaks: breaks,
                    detail: "\(describe(oldKinds)) → \(describe(newKinds))"))
        }
        if let oldString = old.string, let newString = new.string {
            compareStrings(oldString, newString, at: path, into: &out)
        }
        if let oldMembers = old.members, let newMembers = new.members {
            compareMembers(oldMembers, newMembers, at: &path, into: &out)
        }
        if let oldElement = old.element, let newElement = new.element {
            path.append(.anyElement)
            compare(oldElement, newElement, at: &path, into: &out)
            path.removeLast()
        }
    }

    private static func compareStrings(
        _ old: StringShape, _ new: StringShape, at steps: [JSONPathPattern.Step], into out: inout [WireChange]
    ) {
        if old.format != new.format || old.fractionDigits != new.fractionDigits || old.offsets != new.offsets {
            var breaks: CompatibilityDirection = []
            if !WireShape.stringsFit(old, reader: new) { breaks.insert(.backward) }
            if !WireShape.stringsFit(new, reader: old) { breaks.insert(.forward) }
            let dates: Set<StringShape.Format?> = [.dateTime, .date]
            let rule: WireRule =
                dates.contains(old.format) || dates.contains(new.format) ? .dateFormatChanged : .stringFormatChanged
            out.append(
                WireChange(
                    path: JSONPathPattern(steps), rule: rule, breaks: breaks,
                    detail: "\(old.formatDescription) → \(new.formatDescription)"))
        }
        guard let oldValues = old.enumValues else { return }
        if let newValues = new.enumValues {
            let removed = WireShape.sortedUTF16(oldValues.subtracting(newValues))
            let added = WireShape.sortedUTF16(newValues.subtracting(oldValues))
            if !removed.isEmpty {
                out.append(
                    WireChange(
                        path: JSONPathPattern(steps), rule: .enumValueRemoved, breaks: .backward,
                        detail:
                            "no longer seen: \(removed.map { "\"\($0)\"" }.joined(separator: ", ")); a new strict reader rejects old payloads that have \(removed.count == 1 ? "it" : "them")"
                    ))
            }
            if !added.isEmpty {
                out.append(
                    WireChange(
                        path: JSONPathPattern(steps), rule: .enumValueAdded, breaks: .forward,
                        detail:
                            "new value\(added.count == 1 ? "" : "s") \(added.map { "\"\($0)\"" }.joined(separator: ", ")); old strict readers reject \(added.count == 1 ? "it" : "them")"
                    ))
            }
        } else if new.format == nil {
            out.append(
                WireChange(
                    path: JSONPathPattern(steps), rule: .enumValueAdded, breaks: .forward,
                    detail:
                        "was the closed set \(WireShape.sortedUTF16(oldValues).map { "\"\($0)\"" }.joined(separator: ", ")); the new samples are not a closed set (values outside it, or too few repeats)"
                ))
        }
    }

    /// Members of both sides are found by one lookup each, in the old side's own order: the changes
    /// are sorted at the end, so the order they are found in does not matter. Only the removed and
    /// the added names are sorted (the rename pairing reads them in order).
    private static func compareMembers(
        _ old: [JSONKey: WireShape.Member], _ new: [JSONKey: WireShape.Member],
        at path: inout [JSONPathPattern.Step], into out: inout [WireChange]
    ) {
        var removed: [JSONKey] = []
        var common = 0
        for (key, o) in old {
            guard let n = new[key] else {
                removed.append(key)
                continue
            }
            common += 1
            path.append(.key(key.string))
            if o.required && !n.required {
                out.append(
                    WireChange(
                        path: JSONPathPattern(path), rule: .memberMadeOptional, breaks: .forward,
                        detail: "was present in every sample, now absent from some; old readers that require it fail"))
            } else if !o.required && n.required {
                out.append(
                    WireChange(
                        path: JSONPathPattern(path), rule: .memberMadeRequired, breaks: .backward,
                        detail:
                            "was absent from some samples, now always present; new readers that require it fail on old payloads"
                    ))
            }
            compare(o.shape, n.shape, at: &path, into: &out)
            path.removeLast()
        }
        var added: [JSONKey] = []
        if common < new.count {
            for key in new.keys where old[key] == nil { added.append(key) }
        }
        guard !removed.isEmpty || !added.isEmpty else { return }
        removed.sort()
        added.sort()
        var renamedFrom: [JSONKey: JSONKey] = [:]  // new name → old name
        var renamedOld = Set<JSONKey>()
        // A removed and an added member pair up when theirs is the only shape of its kind on both
        // sides: members grouped by shape once, instead of every removed one against every added one.
        var addedByShape: [WireShape: [JSONKey]] = [:]
        for a in added { addedByShape[new[a]!.shape, default: []].append(a) }
        var removedByShape: [WireShape: [JSONKey]] = [:]
        for r in removed { removedByShape[old[r]!.shape, default: []].append(r) }
        for r in removed {
            let shape = old[r]!.shape
            guard let candidates = addedByShape[shape], candidates.count == 1, removedByShape[shape]! == [r] else {
                continue
            }
            renamedFrom[candidates[0]] = r
            renamedOld.insert(r)
        }
        func at(_ name: JSONKey) -> JSONPathPattern { JSONPathPattern(path + [.key(name.string)]) }
        for r in removed where !renamedOld.contains(r) {
            let member = old[r]!
            out.append(
                WireChange(
                    path: at(r), rule: member.required ? .memberRemoved : .optionalMemberRemoved,
                    breaks: member.required ? .forward : [],
                    detail: member.required
                        ? "required member is gone; old readers that need it fail"
                        : "optional member is gone; old readers already cope with its absence"))
        }
        for a in added {
            let member = new[a]!
            if let from = renamedFrom[a] {
                out.append(
                    WireChange(
                        path: at(a), rule: .memberRenamed, breaks: .both,
                        detail:
                            "\"\(from)\" became \"\(a)\" (removed and added with the same shape: \(describeShape(member.shape))); each reader looks for the other name"
                    ))
                continue
            }
            out.append(
                WireChange(
                    path: at(a), rule: member.required ? .requiredMemberAdded : .optionalMemberAdded,
                    breaks: member.required ? .backward : [],
                    detail: member.required
                        ? "new member present in every sample; new readers that require it fail on old payloads"
                        : "new member absent from some samples; readers cope"))
        }
    }

    static func describeShape(_ shape: WireShape) -> String {
        if shape.kinds.subtracting([.null]) == [.string], let string = shape.string, string.format != nil {
            return string.formatDescription + (shape.isNullable ? " | null" : "")
        }
        return describe(shape.kinds)
    }
}
