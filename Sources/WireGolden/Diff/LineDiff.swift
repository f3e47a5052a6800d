import WireJSONCore

/// A compact unified diff of two texts, line by line, with a few lines of context and a cap on its
/// length (the rest is counted, not shown).
///
/// ```swift
/// print(LineDiff.unified(old: golden, new: actual, oldName: "golden/x.json", newName: "actual"))
/// ```
public enum LineDiff {
    /// The unified diff, or an empty string when the texts are equal.
    /// - Parameters:
    ///   - old: the text before (the golden).
    ///   - new: the text after (the actual document).
    ///   - oldName: the label of the `---` line.
    ///   - newName: the label of the `+++` line.
    ///   - context: unchanged lines shown around each change.
    ///   - maxLines: diff lines shown before the rest is summarised as a count.
    public static func unified(
        old: String, new: String, oldName: String = "expected", newName: String = "actual",
        context: Int = 3, maxLines: Int = 80
    ) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Lines compare by their bytes: a line respelled in another normalisation form is a change.
        guard !a.elementsEqual(b, by: JSONKey.exactlyEqual) else { return "" }
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

    /// An edit script by longest common subsequence, after trimming the common prefix and suffix;
    /// middles of more than 9,000,000 line pairs are shown as removed, then added.
    static func script(_ a: [String], _ b: [String]) -> [Op] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && JSONKey.exactlyEqual(a[prefix], b[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && JSONKey.exactlyEqual(a[a.count - 1 - suffix], b[b.count - 1 - suffix])
        { suffix += 1 }
        var ops: [Op] = (0..<prefix).map { Op(kind: .same, oldIndex: $0, newIndex: $0) }
        // The middle lines as numbers (lines with the same bytes, the same number): the alignment
        // compares Ints.
        var numbers: [JSONKey: Int] = [:]
        func number(_ line: String) -> Int {
            let line = JSONKey(line)
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let ma = a[prefix..<(a.count - suffix)].map(number)
        let mb = b[prefix..<(b.count - suffix)].map(number)
        let n = ma.count
        let m = mb.count
        if n * m > 9_000_000 {
            ops += (0..<n).map { Op(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            ops += (0..<m).map { Op(kind: .insert, oldIndex: prefix + n, newIndex: prefix + $0) }
        } else {
            // Deletions before insertions between two matched lines.
            var i = 0
            var j = 0
            for (mi, mj) in LongestCommonSubsequence.pairs(ma, mb) + [(n, m)] {
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
