import WireJSON

/// Structural comparison of two JSON documents, path by path.
///
/// Objects are compared member by member (order ignored). Arrays are aligned first: equal elements
/// are matched by a longest common subsequence, so one insertion shows as one `added` element rather
/// than a cascade of changes; the unmatched elements in between are paired by their `id` member when
/// they are objects that have one, otherwise by position.
public enum JSONDiff {
    /// Every difference between `expected` and `actual`, in document order.
    /// - Parameter limit: stop after this many differences.
    public static func differences(expected: JSONValue, actual: JSONValue, limit: Int = .max) -> [JSONDifference] {
        var out: [JSONDifference] = []
        compare(expected, actual, at: .root, into: &out, limit: limit)
        return out
    }

    private static func compare(_ lhs: JSONValue, _ rhs: JSONValue, at path: JSONPath, into out: inout [JSONDifference], limit: Int) {
        guard out.count < limit, lhs != rhs else { return }
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            let bKeys = Dictionary(b.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            let aKeys = Dictionary(a.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            for member in a.sortedMembers where aKeys[member.key] == member.value {
                let child = path.appending(key: member.key)
                if let other = bKeys[member.key] {
                    compare(member.value, other, at: child, into: &out, limit: limit)
                } else if out.count < limit {
                    out.append(JSONDifference(path: child, change: .missing(expected: member.value)))
                }
            }
            for member in b.sortedMembers where aKeys[member.key] == nil && bKeys[member.key] == member.value && out.count < limit {
                out.append(JSONDifference(path: path.appending(key: member.key), change: .added(actual: member.value)))
            }
        case (.array(let a), .array(let b)):
            compareArrays(a, b, at: path, into: &out, limit: limit)
        default:
            out.append(JSONDifference(path: path, change: .changed(expected: lhs, actual: rhs)))
        }
    }

    private static func compareArrays(_ a: [JSONValue], _ b: [JSONValue], at path: JSONPath, into out: inout [JSONDifference], limit: Int) {
        // Matched pairs (index in a, index in b) of equal elements, in order.
        var matches: [(Int, Int)] = []
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { matches.append((prefix, prefix)); prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(prefix..<(a.count - suffix))
        let middleB = Array(prefix..<(b.count - suffix))
        if !middleA.isEmpty && !middleB.isEmpty && middleA.count * middleB.count <= 4_000_000 {
            matches += LongestCommonSubsequence.pairs(middleA.map { a[$0] }, middleB.map { b[$0] }).map { (middleA[$0.0], middleB[$0.1]) }
        }
        for k in 0..<suffix { matches.append((a.count - suffix + k, b.count - suffix + k)) }

        // Walk the gaps between matches.
        var lastA = -1
        var lastB = -1
        for (ia, ib) in matches + [(a.count, b.count)] {
            pairGap(Array((lastA + 1)..<ia), Array((lastB + 1)..<ib), a, b, at: path, into: &out, limit: limit)
            lastA = ia
            lastB = ib
        }
    }

    private static func pairGap(_ ga: [Int], _ gb: [Int], _ a: [JSONValue], _ b: [JSONValue], at path: JSONPath,
                                into out: inout [JSONDifference], limit: Int) {
        guard !ga.isEmpty || !gb.isEmpty else { return }
        var pairs: [(Int?, Int?)] = []
        let idsA = ga.map { identity(a[$0]) }
        let idsB = gb.map { identity(b[$0]) }
        if !ga.isEmpty, !gb.isEmpty, idsA.allSatisfy({ $0 != nil }), idsB.allSatisfy({ $0 != nil }) {
            var unmatchedB = Set(gb.indices)
            for (i, id) in idsA.enumerated() {
                if let j = gb.indices.first(where: { unmatchedB.contains($0) && idsB[$0] == id }) {
                    unmatchedB.remove(j)
                    pairs.append((ga[i], gb[j]))
                } else {
                    pairs.append((ga[i], nil))
                }
            }
            for j in unmatchedB.sorted() { pairs.append((nil, gb[j])) }
        } else {
            for k in 0..<max(ga.count, gb.count) {
                pairs.append((k < ga.count ? ga[k] : nil, k < gb.count ? gb[k] : nil))
            }
        }
        for pair in pairs where out.count < limit {
            switch pair {
            case let (ia?, ib?): compare(a[ia], b[ib], at: path.appending(index: ib), into: &out, limit: limit)
            case let (ia?, nil): out.append(JSONDifference(path: path.appending(index: ia), change: .missing(expected: a[ia])))
            case let (nil, ib?): out.append(JSONDifference(path: path.appending(index: ib), change: .added(actual: b[ib])))
            default: break
            }
        }
    }

    /// The `id` (or `uuid`, `key`) member of an object, as a stable identity for matching elements.
    private static func identity(_ value: JSONValue) -> JSONValue? {
        for key in ["id", "uuid", "key"] {
            if let id = value[key], id.kindName != "object", id.kindName != "array" { return id }
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
