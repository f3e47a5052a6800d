import WireJSONCore

/// Structural comparison of two JSON documents, path by path.
///
/// Objects are compared member by member (order ignored); member names and strings are equal when
/// their Unicode scalars are (`JSONKey`), so a name or value respelled in another normalisation
/// form is a difference at its path. Arrays are aligned first: equal elements
/// are matched by a longest common subsequence, so one insertion shows as one `added` element rather
/// than a cascade of changes; the unmatched elements in between are paired by their `id` member when
/// they are objects that have one, otherwise by position.
public enum JSONDiff {
    /// Every difference between `expected` and `actual`, in document order.
    ///
    /// Linear in the documents for everything but the alignment of long arrays: every value is
    /// numbered once by its structure (equal values, the same number), so each equality test is a
    /// comparison of two numbers, and an array's elements are aligned after trimming their common
    /// start and end, by a longest common subsequence whose cost follows the number of edits (see
    /// `LongestCommonSubsequence`), as long as the untrimmed middles have at most 4,000,000 pairs;
    /// longer middles are paired by `id` or by position, as they always were.
    /// - Parameters:
    ///   - expected: the reference document (the golden, the fixture).
    ///   - actual: the document compared with it (the encoded value).
    ///   - limit: stop after this many differences.
    public static func differences(expected: JSONValue, actual: JSONValue, limit: Int = .max) -> [JSONDifference] {
        var out: [JSONDifference] = []
        let classes = EqualityClasses()
        let a = classes.node(expected)
        let b = classes.node(actual)
        var path: [JSONPath.Component] = []
        compare(expected, a, actual, b, at: &path, into: &out, limit: limit)
        return out
    }

    private static func compare(
        _ lhs: JSONValue, _ lnode: DiffNode, _ rhs: JSONValue, _ rnode: DiffNode,
        at path: inout [JSONPath.Component], into out: inout [JSONDifference], limit: Int
    ) {
        guard out.count < limit, lnode.id != rnode.id else { return }
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            let aLast = lastIndices(a)
            let bLast = lastIndices(b)
            // A member counts when its value is that of the last member of its name (which is what
            // a lookup by name finds): every member of a name that occurs once, and those of a
            // repeated name whose value equals the last one's.
            func counts(_ index: Int, of node: DiffNode, last: Int) -> Bool {
                index == last || node.children[index].id == node.children[last].id
            }
            for i in a.sortedMemberIndices() {
                let member = a.members[i]
                let name = JSONKey(member.key)
                guard counts(i, of: lnode, last: aLast[name]!) else { continue }
                path.append(.key(member.key))
                if let j = bLast[name] {
                    compare(
                        member.value, lnode.children[i], b.members[j].value, rnode.children[j], at: &path, into: &out,
                        limit: limit)
                } else if out.count < limit {
                    out.append(JSONDifference(path: JSONPath(path), change: .missing(expected: member.value)))
                }
                path.removeLast()
            }
            for j in b.sortedMemberIndices() where out.count < limit {
                let member = b.members[j]
                let name = JSONKey(member.key)
                guard aLast[name] == nil, counts(j, of: rnode, last: bLast[name]!) else { continue }
                path.append(.key(member.key))
                out.append(JSONDifference(path: JSONPath(path), change: .added(actual: member.value)))
                path.removeLast()
            }
        case (.array(let a), .array(let b)):
            compareArrays(a, lnode, b, rnode, at: &path, into: &out, limit: limit)
        default:
            out.append(JSONDifference(path: JSONPath(path), change: .changed(expected: lhs, actual: rhs)))
        }
    }

    /// The position of the last member of each name (names compared exactly, see `JSONKey`).
    private static func lastIndices(_ object: JSONObject) -> [JSONKey: Int] {
        var last: [JSONKey: Int] = [:]
        last.reserveCapacity(object.members.count)
        for (i, member) in object.members.enumerated() { last[JSONKey(member.key)] = i }
        return last
    }

    private static func compareArrays(
        _ a: [JSONValue], _ lnode: DiffNode, _ b: [JSONValue], _ rnode: DiffNode,
        at path: inout [JSONPath.Component], into out: inout [JSONDifference], limit: Int
    ) {
        let ids = lnode.children.map(\.id)
        let otherIDs = rnode.children.map(\.id)
        // Matched pairs (index in a, index in b) of equal elements, in order.
        var matches: [(Int, Int)] = []
        var prefix = 0
        while prefix < a.count && prefix < b.count && ids[prefix] == otherIDs[prefix] {
            matches.append((prefix, prefix))
            prefix += 1
        }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && ids[a.count - 1 - suffix] == otherIDs[b.count - 1 - suffix]
        { suffix += 1 }
        let middleA = prefix..<(a.count - suffix)
        let middleB = prefix..<(b.count - suffix)
        if !middleA.isEmpty && !middleB.isEmpty && middleA.count * middleB.count <= 4_000_000 {
            matches += LongestCommonSubsequence.pairs(Array(ids[middleA]), Array(otherIDs[middleB])).map {
                (prefix + $0.0, prefix + $0.1)
            }
        }
        for k in 0..<suffix { matches.append((a.count - suffix + k, b.count - suffix + k)) }

        // Walk the gaps between matches.
        var lastA = -1
        var lastB = -1
        for (ia, ib) in matches + [(a.count, b.count)] {
            pairGap((lastA + 1)..<ia, (lastB + 1)..<ib, a, lnode, b, rnode, at: &path, into: &out, limit: limit)
            lastA = ia
            lastB = ib
        }
    }

    private static func pairGap(
        _ ga: Range<Int>, _ gb: Range<Int>, _ a: [JSONValue], _ lnode: DiffNode,
        _ b: [JSONValue], _ rnode: DiffNode,
        at path: inout [JSONPath.Component], into out: inout [JSONDifference], limit: Int
    ) {
        guard !ga.isEmpty || !gb.isEmpty else { return }
        var pairs: [(Int?, Int?)] = []
        let idsA = ga.map { identity(a[$0], lnode.children[$0]) }
        let idsB = gb.map { identity(b[$0], rnode.children[$0]) }
        if !ga.isEmpty, !gb.isEmpty, idsA.allSatisfy({ $0 != nil }), idsB.allSatisfy({ $0 != nil }) {
            // Each element of a takes the first element of b with its id that no earlier one took:
            // per id, the positions of b in order, and how many of them are taken.
            var positions: [Int: [Int]] = [:]
            for (j, id) in idsB.enumerated() { positions[id!, default: []].append(j) }
            var taken: [Int: Int] = [:]
            var matchedB = [Bool](repeating: false, count: gb.count)
            for (i, id) in idsA.enumerated() {
                let next = taken[id!, default: 0]
                if let candidates = positions[id!], next < candidates.count {
                    taken[id!] = next + 1
                    matchedB[candidates[next]] = true
                    pairs.append((ga.lowerBound + i, gb.lowerBound + candidates[next]))
                } else {
                    pairs.append((ga.lowerBound + i, nil))
                }
            }
            for j in matchedB.indices where !matchedB[j] { pairs.append((nil, gb.lowerBound + j)) }
        } else {
            for k in 0..<max(ga.count, gb.count) {
                pairs.append((k < ga.count ? ga.lowerBound + k : nil, k < gb.count ? gb.lowerBound + k : nil))
            }
        }
        for pair in pairs where out.count < limit {
            switch pair {
            case (let ia?, let ib?):
                path.append(.index(ib))
                compare(a[ia], lnode.children[ia], b[ib], rnode.children[ib], at: &path, into: &out, limit: limit)
                path.removeLast()
            case (let ia?, nil):
                out.append(JSONDifference(path: JSONPath(path + [.index(ia)]), change: .missing(expected: a[ia])))
            case (nil, let ib?):
                out.append(JSONDifference(path: JSONPath(path + [.index(ib)]), change: .added(actual: b[ib])))
            default: break
            }
        }
    }

    /// The `id` (or `uuid`, `key`) member of an object, as a stable identity for matching elements:
    /// the equality class of its value (the last member of that name, as a lookup finds it).
    private static func identity(_ value: JSONValue, _ node: DiffNode) -> Int? {
        guard case .object(let object) = value else { return nil }
        for key in ["id", "uuid", "key"] {
            if let i = object.members.lastIndex(where: { JSONKey.exactlyEqual($0.key, key) }) {
                switch object.members[i].value {
                case .object, .array: continue
                default: return node.children[i].id
                }
            }
        }
        return nil
    }

    /// A value in at most ~60 characters of compact canonical JSON.
    public static func brief(_ value: JSONValue) -> String {
        let text = value.canonicalText(style: .compact)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }
}
