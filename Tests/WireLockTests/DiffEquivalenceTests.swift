import Testing
import WireJSON
import WireLockTestSupport

@testable import WireGolden

/// The diffs number values by structure, align arrays in a band of the LCS table and pair ids
/// through a table: the output must be exactly what the previous implementation (kept below as the
/// reference, unchanged) gave, on random documents and texts.
@Suite("Diff equivalence with the previous implementation")
struct DiffEquivalenceTests {
    @Test(arguments: 0..<300)
    func lcsPairsAreTheFullTablesPairs(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        // A small alphabet gives many ties, where the choice of pairs matters.
        let alphabet = 1 + rng.next(below: 5)
        let a = (0..<rng.next(below: 40)).map { _ in rng.next(below: alphabet) }
        var b = rng.next(below: 3) == 0 ? (0..<rng.next(below: 40)).map { _ in rng.next(below: alphabet) } : a
        for _ in 0..<rng.next(below: 6) where !b.isEmpty {
            switch rng.next(below: 3) {
            case 0: b.remove(at: rng.next(below: b.count))
            case 1: b.insert(rng.next(below: alphabet), at: rng.next(below: b.count + 1))
            default: b[rng.next(below: b.count)] = rng.next(below: alphabet)
            }
        }
        let expected = _ReferenceLCS.pairs(a, b)
        let actual = LongestCommonSubsequence.pairs(a, b)
        #expect(actual.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] }, "a \(a) b \(b)")
    }

    @Test(arguments: 0..<300)
    func jsonDifferencesAreThePreviousOnes(seed: Int) {
        var random = RandomJSON(seed: UInt64(seed), allowDuplicates: seed % 3 == 0)
        let golden =
            seed % 2 == 0
            ? random.value() : .array((0..<random.rng.next(below: 30)).map { _ in random.value(depth: 2) })
        var actual = golden
        for _ in 0..<(1 + random.rng.next(below: 4)) { actual = random.edited(actual) }
        if seed % 7 == 0 { actual = random.value() }
        for limit in [Int.max, 3] {
            let expected = _ReferenceJSONDiff.differences(expected: golden, actual: actual, limit: limit)
            #expect(JSONDiff.differences(expected: golden, actual: actual, limit: limit) == expected, "seed \(seed)")
        }
    }

    @Test(arguments: 0..<40)
    func arraysOfRecordsWithIDsDiffAsBefore(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        func record(_ id: Int, _ title: String) -> JSONValue {
            .object(JSONObject(["id": .number(JSONNumber(integerLiteral: id)), "title": .string(title)]))
        }
        let golden = (0..<rng.next(below: 30)).map { _ in record(rng.next(below: 12), "t\(rng.next(below: 3))") }
        var actual = golden
        for _ in 0..<rng.next(below: 8) {
            switch rng.next(below: 4) {
            case 0 where !actual.isEmpty: actual.remove(at: rng.next(below: actual.count))
            case 1: actual.insert(record(rng.next(below: 12), "new"), at: rng.next(below: actual.count + 1))
            case 2 where actual.count > 1: actual.swapAt(rng.next(below: actual.count), rng.next(below: actual.count))
            default:
                if !actual.isEmpty { actual[rng.next(below: actual.count)] = record(rng.next(below: 12), "changed") }
            }
        }
        let expected = _ReferenceJSONDiff.differences(expected: .array(golden), actual: .array(actual))
        #expect(JSONDiff.differences(expected: .array(golden), actual: .array(actual)) == expected, "seed \(seed)")
    }

    @Test(arguments: 0..<200)
    func lineScriptsAreThePreviousOnes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let words = ["{", "}", "  \"a\": 1,", "  \"b\": [", "    2", "  ]", "é", "e\u{301}"]
        let a = (0..<rng.next(below: 50)).map { _ in words[rng.next(below: words.count)] }
        var b = a
        for _ in 0..<rng.next(below: 8) {
            if !b.isEmpty && rng.next(below: 2) == 0 {
                b.remove(at: rng.next(below: b.count))
            } else {
                b.insert(words[rng.next(below: words.count)], at: rng.next(below: b.count + 1))
            }
        }
        let expected = _ReferenceLineScript.script(a, b)
        let actual = LineDiff.script(a, b)
        #expect(
            actual.map { "\($0.kind) \($0.oldIndex) \($0.newIndex)" }
                == expected.map { "\($0.kind) \($0.oldIndex) \($0.newIndex)" })
        #expect(
            LineDiff.unified(old: a.joined(separator: "\n"), new: b.joined(separator: "\n"))
                == _ReferenceLineScript.unified(old: a.joined(separator: "\n"), new: b.joined(separator: "\n")))
    }
}

// MARK: - The previous implementation, unchanged but for names.

enum _ReferenceJSONDiff {
    /// Every difference between `expected` and `actual`, in document order.
    /// - Parameter limit: stop after this many differences.
    static func differences(expected: JSONValue, actual: JSONValue, limit: Int = .max) -> [JSONDifference] {
        var out: [JSONDifference] = []
        compare(expected, actual, at: .root, into: &out, limit: limit)
        return out
    }

    private static func compare(
        _ lhs: JSONValue, _ rhs: JSONValue, at path: JSONPath, into out: inout [JSONDifference], limit: Int
    ) {
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
            for member in b.sortedMembers
            where aKeys[member.key] == nil && bKeys[member.key] == member.value && out.count < limit {
                out.append(JSONDifference(path: path.appending(key: member.key), change: .added(actual: member.value)))
            }
        case (.array(let a), .array(let b)):
            compareArrays(a, b, at: path, into: &out, limit: limit)
        default:
            out.append(JSONDifference(path: path, change: .changed(expected: lhs, actual: rhs)))
        }
    }

    private static func compareArrays(
        _ a: [JSONValue], _ b: [JSONValue], at path: JSONPath, into out: inout [JSONDifference], limit: Int
    ) {
        // Matched pairs (index in a, index in b) of equal elements, in order.
        var matches: [(Int, Int)] = []
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] {
            matches.append((prefix, prefix))
            prefix += 1
        }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        { suffix += 1 }
        let middleA = Array(prefix..<(a.count - suffix))
        let middleB = Array(prefix..<(b.count - suffix))
        if !middleA.isEmpty && !middleB.isEmpty && middleA.count * middleB.count <= 4_000_000 {
            matches += _ReferenceLCS.pairs(middleA.map { a[$0] }, middleB.map { b[$0] }).map {
                (middleA[$0.0], middleB[$0.1])
            }
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

    private static func pairGap(
        _ ga: [Int], _ gb: [Int], _ a: [JSONValue], _ b: [JSONValue], at path: JSONPath,
        into out: inout [JSONDifference], limit: Int
    ) {
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
            case (let ia?, let ib?): compare(a[ia], b[ib], at: path.appending(index: ib), into: &out, limit: limit)
            case (let ia?, nil):
                out.append(JSONDifference(path: path.appending(index: ia), change: .missing(expected: a[ia])))
            case (nil, let ib?):
                out.append(JSONDifference(path: path.appending(index: ib), change: .added(actual: b[ib])))
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

}

enum _ReferenceLCS {
    static func pairs<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        let n = a.count
        let m = b.count
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] =
                    a[i] == b[j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}

enum _ReferenceLineScript {
    /// The unified diff, or an empty string when the texts are equal.
    /// - Parameters:
    ///   - context: unchanged lines shown around each change.
    ///   - maxLines: diff lines shown before the rest is summarised as a count.
    static func unified(
        old: String, new: String, oldName: String = "expected", newName: String = "actual",
        context: Int = 3, maxLines: Int = 80
    ) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a.map({ JSONKey($0) }) != b.map({ JSONKey($0) }) else { return "" }
        let ops = script(a, b)
        // Group into hunks.
        var lines: [String] = ["--- \(oldName)", "+++ \(newName)"]
        var index = 0
        while index < ops.count {
            guard let firstChange = ops[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < ops.count {
                if ops[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(ops.count, lastChange + context + 1)
            let hunk = ops[start..<end]
            let oldStart = (hunk.first?.oldIndex ?? 0) + 1
            let newStart = (hunk.first?.newIndex ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            lines.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for op in hunk {
                switch op.kind {
                case .same: lines.append(" " + a[op.oldIndex])
                case .delete: lines.append("-" + a[op.oldIndex])
                case .insert: lines.append("+" + b[op.newIndex])
                }
            }
            index = end
        }
        if lines.count > maxLines + 2 {
            let hidden = lines.count - maxLines - 2
            lines =
                Array(lines.prefix(maxLines + 2)) + ["… \(hidden) more diff line\(hidden == 1 ? "" : "s") not shown"]
        }
        return lines.joined(separator: "\n")
    }

    struct Op {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// An edit script by longest common subsequence, after trimming the common prefix and suffix.
    /// Lines are equal when their bytes are (as JSONKeys), as in the diff under test.
    static func script(_ a: [String], _ b: [String]) -> [Op] {
        let a = a.map { JSONKey($0) }
        let b = b.map { JSONKey($0) }
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        { suffix += 1 }
        var ops: [Op] = (0..<prefix).map { Op(kind: .same, oldIndex: $0, newIndex: $0) }
        let ma = Array(a[prefix..<(a.count - suffix)])
        let mb = Array(b[prefix..<(b.count - suffix)])
        let n = ma.count
        let m = mb.count
        if n * m > 9_000_000 {
            ops += (0..<n).map { Op(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            ops += (0..<m).map { Op(kind: .insert, oldIndex: prefix + n, newIndex: prefix + $0) }
        } else {
            // Deletions before insertions between two matched lines.
            var i = 0
            var j = 0
            for (mi, mj) in _ReferenceLCS.pairs(ma, mb) + [(n, m)] {
                while i < mi {
                    ops.append(Op(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1
                }
                while j < mj {
                    ops.append(Op(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j))
                    j += 1
                }
                if mi < n {
                    ops.append(Op(kind: .same, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1
                    j += 1
                }
            }
        }
        let tailA = a.count - suffix
        let tailB = b.count - suffix
        ops += (0..<suffix).map { Op(kind: .same, oldIndex: tailA + $0, newIndex: tailB + $0) }
        return ops
    }
}
