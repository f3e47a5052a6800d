import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport
import WireShapeTools

@testable import WireShapes

/// The shape diff pairs renamed members through a table of shapes instead of comparing every
/// removed member with every added one; its changes must be the ones it found before.
@Suite("Shape diff, equivalence with the previous one")
struct ShapeDiffEquivalenceTests {
    @Test(arguments: 0..<150)
    func changesAreThePreviousOnes(seed: Int) {
        var random = RandomJSON(seed: UInt64(seed))
        // Renames are likelier when the two sides draw names from different sets.
        if seed % 2 == 1 { random.names = ["id", "title", "name", "label", "tags", "next"] }
        let oldDocuments = (0..<(1 + seed % 3)).map { _ in random.value() }
        var newDocuments = oldDocuments.map { random.edited($0) }
        if seed % 5 == 0 { newDocuments.append(random.value()) }
        let old = WireShape.infer(from: oldDocuments)
        let new = WireShape.infer(from: newDocuments)
        #expect(
            WireShapeDiff.changes(from: old, to: new) == _ReferenceShapeDiff.changes(from: old, to: new), "seed \(seed)"
        )
        #expect(
            WireShapeDiff.changes(from: new, to: old) == _ReferenceShapeDiff.changes(from: new, to: old), "seed \(seed)"
        )
    }

    @Test func renamesAmongManyMembersPairOnlyUniqueShapes() throws {
        // 6,000 integers renamed (each shape has 6,000 candidates: no renames), and one string
        // member renamed (the only string on each side: a rename).
        let count = 6_000
        let old = WireShape.infer(from: [
            try JSONValue.parse(
                "{" + (0..<count).map { "\"old\($0)\":\($0)" }.joined(separator: ",") + #","title":"a"}"#)
        ])
        let new = WireShape.infer(from: [
            try JSONValue.parse(
                "{" + (0..<count).map { "\"new\($0)\":\($0)" }.joined(separator: ",") + #","name":"b"}"#)
        ])
        let changes = WireShapeDiff.changes(from: old, to: new)
        #expect(changes.filter { $0.rule == .memberRenamed }.map(\.path.description) == ["$.name"])
        #expect(changes.filter { $0.rule == .memberRemoved }.count == count)
        #expect(changes.filter { $0.rule == .requiredMemberAdded }.count == count)
    }

    /// Many members of one object, each changed in its own way (kept, removed, added, renamed, made
    /// optional, retyped, nested changes, names that need quoting, two spellings of one text): the
    /// changes, and their order, are the previous diff's.
    @Test func manyMembersWithEveryKindOfChange() throws {
        func document(_ side: Int) throws -> String {
            var members: [String] = []
            for i in 0..<3_000 {
                switch i % 10 {
                case 0: members.append(#""same\#(i)":\#(i)"#)
                case 1: members.append(side == 0 ? #""gone\#(i)":\#(i)"# : #""new\#(i)":\#(i)"#)
                case 2: members.append(side == 0 ? #""t\#(i)":\#(i)"# : #""t\#(i)":"s\#(i)""#)
                case 3: members.append(side == 0 ? #""n\#(i)":\#(i)"# : #""n\#(i)":null"#)
                case 4: members.append(side == 0 ? #""o\#(i)":{"a":1,"b":[1]}"# : #""o\#(i)":{"a":"x","c":[1.5]}"#)
                case 5: members.append(#""odd name \#(i)":\#(side == 0 ? "1" : "true")"#)
                case 6: members.append(side == 0 ? #""caf\u00e9\#(i)":1"# : #""cafe\u0301\#(i)":1"#)
                case 7: members.append(#""arr\#(i)":[{"k":\#(side == 0 ? "1" : "\"2024-05-01\"")}]"#)
                default: members.append(#""x\#(i)":\#(i)"#)
                }
            }
            if side == 1 {
                members.append(#""renamedTo":"2024-05-01T10:00:00Z""#)
            } else {
                members.append(#""renamedFrom":"2024-05-01T10:00:00Z""#)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        // Two samples on the new side: members only in one become optional.
        let old = WireShape.infer(from: [try JSONValue.parse(document(0))])
        let new = WireShape.infer(from: [try JSONValue.parse(document(1)), try JSONValue.parse(#"{"same0":0}"#)])
        let changes = WireShapeDiff.changes(from: old, to: new)
        #expect(changes.count > 3_000)
        #expect(changes.contains { $0.rule == .memberRenamed })
        #expect(changes == _ReferenceShapeDiff.changes(from: old, to: new))
        #expect(WireShapeDiff.changes(from: new, to: old) == _ReferenceShapeDiff.changes(from: new, to: old))
    }
}

// MARK: - The previous diff, unchanged but for its name.

enum _ReferenceShapeDiff {
    /// The changes from `old` to `new`.
    static func changes(from old: WireShape, to new: WireShape) -> [WireChange] {
        var out: [WireChange] = []
        compare(old, new, at: .root, into: &out)
        return out.sorted { ($0.path, $0.rule) < ($1.path, $1.rule) }
    }

    static func accepts(_ reader: Set<WireShape.Kind>, _ kind: WireShape.Kind) -> Bool {
        reader.contains(kind) || (kind == .integer && reader.contains(.number))
    }

    private static func describe(_ kinds: Set<WireShape.Kind>) -> String {
        kinds.sorted().map(\.rawValue).joined(separator: " | ")
    }

    private static func compare(
        _ old: WireShape, _ new: WireShape, at path: JSONPathPattern, into out: inout [WireChange]
    ) {
        guard !old.kinds.isEmpty, !new.kinds.isEmpty else { return }
        if old.isNullable && !new.isNullable {
            out.append(
                WireChange(
                    path: path, rule: .nullabilityRemoved, breaks: .backward,
                    detail:
                        "null was seen before, not now (\(describe(old.kinds)) → \(describe(new.kinds))); a new non-optional reader rejects old nulls"
                ))
        } else if !old.isNullable && new.isNullable {
            out.append(
                WireChange(
                    path: path, rule: .nullabilityAdded, breaks: .forward,
                    detail:
                        "null appears where it never did (\(describe(old.kinds)) → \(describe(new.kinds))); old non-optional readers reject it"
                ))
        }
        let oldKinds = old.kinds.subtracting([.null])
        let newKinds = new.kinds.subtracting([.null])
        if !oldKinds.isEmpty && !newKinds.isEmpty && oldKinds != newKinds {
            var breaks: CompatibilityDirection = []
            if oldKinds.contains(where: { !accepts(newKinds, $0) }) { breaks.insert(.backward) }
            if newKinds.contains(where: { !accepts(oldKinds, $0) }) { breaks.insert(.forward) }
            out.append(
                WireChange(
                    path: path, rule: .typeChanged, breaks: breaks,
                    detail: "\(describe(oldKinds)) → \(describe(newKinds))"))
        }
        if let oldString = old.string, let newString = new.string {
            compareStrings(oldString, newString, at: path, into: &out)
        }
        if let oldMembers = old.members, let newMembers = new.members {
            compareMembers(oldMembers, newMembers, at: path, into: &out)
        }
        if let oldElement = old.element, let newElement = new.element {
            compare(oldElement, newElement, at: path.appending(.anyElement), into: &out)
        }
    }

    /// Whether strings written as `payload` read with a reader expecting `reader`.
    static func stringsFit(_ payload: StringShape, reader: StringShape) -> Bool {
        guard let format = reader.format else { return true }
        guard payload.format == format else { return false }
        guard format == .dateTime else { return true }
        return payload.fractionDigits.isSubset(of: reader.fractionDigits)
            && payload.offsets.isSubset(of: reader.offsets)
    }

    private static func compareStrings(
        _ old: StringShape, _ new: StringShape, at path: JSONPathPattern, into out: inout [WireChange]
    ) {
        if old.format != new.format || old.fractionDigits != new.fractionDigits || old.offsets != new.offsets {
            var breaks: CompatibilityDirection = []
            if !stringsFit(old, reader: new) { breaks.insert(.backward) }
            if !stringsFit(new, reader: old) { breaks.insert(.forward) }
            let dates: Set<StringShape.Format?> = [.dateTime, .date]
            let rule: WireRule =
                dates.contains(old.format) || dates.contains(new.format) ? .dateFormatChanged : .stringFormatChanged
            out.append(
                WireChange(
                    path: path, rule: rule, breaks: breaks,
                    detail: "\(old.formatDescription) → \(new.formatDescription)"))
        }
        guard let oldValues = old.enumValues else { return }
        if let newValues = new.enumValues {
            let removed = WireShape.sortedUTF16(oldValues.subtracting(newValues))
            let added = WireShape.sortedUTF16(newValues.subtracting(oldValues))
            if !removed.isEmpty {
                out.append(
                    WireChange(
                        path: path, rule: .enumValueRemoved, breaks: .backward,
                        detail:
                            "no longer seen: \(removed.map { "\"\($0)\"" }.joined(separator: ", ")); a new strict reader rejects old payloads that have \(removed.count == 1 ? "it" : "them")"
                    ))
            }
            if !added.isEmpty {
                out.append(
                    WireChange(
                        path: path, rule: .enumValueAdded, breaks: .forward,
                        detail:
                            "new value\(added.count == 1 ? "" : "s") \(added.map { "\"\($0)\"" }.joined(separator: ", ")); old strict readers reject \(added.count == 1 ? "it" : "them")"
                    ))
            }
        } else if new.format == nil {
            out.append(
                WireChange(
                    path: path, rule: .enumValueAdded, breaks: .forward,
                    detail:
                        "was the closed set \(WireShape.sortedUTF16(oldValues).map { "\"\($0)\"" }.joined(separator: ", ")); the new samples are not a closed set (values outside it, or too few repeats)"
                ))
        }
    }

    private static func compareMembers(
        _ old: [JSONKey: WireShape.Member], _ new: [JSONKey: WireShape.Member],
        at path: JSONPathPattern, into out: inout [WireChange]
    ) {
        let removed = old.keys.filter { new[$0] == nil }.sorted()
        let added = new.keys.filter { old[$0] == nil }.sorted()
        var renamedFrom: [JSONKey: JSONKey] = [:]  // new name → old name
        var renamedOld = Set<JSONKey>()
        for r in removed {
            let candidates = added.filter { new[$0]!.shape == old[r]!.shape }
            guard candidates.count == 1, let a = candidates.first else { continue }
            let reverse = removed.filter { new[a]!.shape == old[$0]!.shape }
            guard reverse == [r] else { continue }
            renamedFrom[a] = r
            renamedOld.insert(r)
        }
        for r in removed where !renamedOld.contains(r) {
            let member = old[r]!
            out.append(
                WireChange(
                    path: path.appending(.key(r.string)),
                    rule: member.required ? .memberRemoved : .optionalMemberRemoved,
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
                        path: path.appending(.key(a.string)), rule: .memberRenamed, breaks: .both,
                        detail:
                            "\"\(from)\" became \"\(a)\" (removed and added with the same shape: \(describeShape(member.shape))); each reader looks for the other name"
                    ))
                continue
            }
            out.append(
                WireChange(
                    path: path.appending(.key(a.string)),
                    rule: member.required ? .requiredMemberAdded : .optionalMemberAdded,
                    breaks: member.required ? .backward : [],
                    detail: member.required
                        ? "new member present in every sample; new readers that require it fail on old payloads"
                        : "new member absent from some samples; readers cope"))
        }
        for key in old.keys.sorted() {
            guard let o = old[key], let n = new[key] else { continue }
            let memberPath = path.appending(.key(key.string))
            if o.required && !n.required {
                out.append(
                    WireChange(
                        path: memberPath, rule: .memberMadeOptional, breaks: .forward,
                        detail: "was present in every sample, now absent from some; old readers that require it fail"))
            } else if !o.required && n.required {
                out.append(
                    WireChange(
                        path: memberPath, rule: .memberMadeRequired, breaks: .backward,
                        detail:
                            "was absent from some samples, now always present; new readers that require it fail on old payloads"
                    ))
            }
            compare(o.shape, n.shape, at: memberPath, into: &out)
        }
    }

    static func describeShape(_ shape: WireShape) -> String {
        if shape.kinds.subtracting([.null]) == [.string], let string = shape.string, string.format != nil {
            return string.formatDescription + (shape.isNullable ? " | null" : "")
        }
        return describe(shape.kinds)
    }
}
