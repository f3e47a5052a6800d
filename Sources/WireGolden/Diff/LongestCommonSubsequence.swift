/// Longest common subsequence of two sequences, as index pairs in order.
///
/// The pairs are those of the classic table walk over suffixes: match equal heads, otherwise skip
/// the element of `a` when that keeps the longest length (deletions before insertions). The table
/// is only filled in a band of diagonals around the main one, wide enough for the edits found so
/// far and widened (four times) until it holds every longest path, so two sequences that differ in
/// `D` places cost about `(n + m) × D` comparisons instead of `n × m`. At worst (little in
/// common) the last band is the whole table, after narrower ones that together cost less than
/// it: at most about twice the work of filling the table once. Callers still bound `n × m`.
enum LongestCommonSubsequence {
    static func pairs<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        var deletions = min(n, max(0, n - m) + 8)
        var insertions = min(m, max(0, m - n) + 8)
        while true {
            // A band more than half the table costs little less than the table: take the table.
            if 2 * Band.cellCount(n: n, m: m, deletions: deletions, insertions: insertions) > (n + 1) * (m + 1) {
                deletions = n
                insertions = m
            }
            // Diagonal k = j - i runs from -deletions to +insertions.
            let band = Band(n: n, m: m, deletions: deletions, insertions: insertions, a, b)
            let length = Int(band.value(0, 0))
            // A longest path makes n - L deletions and m - L insertions, and L ≥ length: when
            // these fit, the band holds every longest path, and its walk is the full table's.
            if n - length <= deletions && m - length <= insertions {
                return band.walk(a, b)
            }
            // Four times the slack, but never wider than what `length` already guarantees.
            deletions = min(n - length, max(0, n - m) + 4 * (deletions - max(0, n - m)))
            insertions = min(m - length, max(0, m - n) + 4 * (insertions - max(0, m - n)))
        }
    }
}

/// The suffix table `T(i, j)` = LCS length of `a[i...]` and `b[j...]`, kept only for `j - i` in
/// `-deletions...insertions`. Outside the band a cell reads -1, below every real length, so a
/// cell in the band holds the longest path that stays in the band (a lower bound, exact on every
/// cell a longest path of the whole table goes through once the band holds them all).
private struct Band {
    let n: Int, m: Int
    let deletions: Int, insertions: Int
    /// Row i holds `j` from `low(i)` to `high(i)`, starting at `rowStart[i]`.
    var rowStart: [Int]
    var cells: [Int32]

    /// How many cells a band holds (rows 0...n, each clipped to columns 0...m).
    static func cellCount(n: Int, m: Int, deletions: Int, insertions: Int) -> Int {
        var total = 0
        for i in 0...n { total += max(0, min(m, i + insertions) - max(0, i - deletions) + 1) }
        return total
    }

    @inline(__always) func low(_ i: Int) -> Int { max(0, i - deletions) }
    @inline(__always) func high(_ i: Int) -> Int { min(m, i + insertions) }

    init<Element: Equatable>(n: Int, m: Int, deletions: Int, insertions: Int, _ a: [Element], _ b: [Element]) {
        self.n = n
        self.m = m
        self.deletions = deletions
        self.insertions = insertions
        rowStart = []
        rowStart.reserveCapacity(n + 2)
        var total = 0
        for i in 0...n {
            rowStart.append(total)
            total += max(0, min(m, i + insertions) - max(0, i - deletions) + 1)
        }
        rowStart.append(total)
        cells = [Int32](repeating: 0, count: total)
        for i in stride(from: n, through: 0, by: -1) {
            let lo = low(i)
            let hi = high(i)
            guard lo <= hi else { continue }
            for j in stride(from: hi, through: lo, by: -1) {
                let v: Int32
                if i == n || j == m {
                    v = 0
                } else if a[i] == b[j] {
                    v = value(i + 1, j + 1) + 1
                } else {
                    v = max(value(i + 1, j), value(i, j + 1))
                }
                cells[rowStart[i] + j - lo] = v
            }
        }
    }

    @inline(__always) func value(_ i: Int, _ j: Int) -> Int32 {
        guard i <= n, j <= m, j >= low(i), j <= high(i) else { return -1 }
        return cells[rowStart[i] + j - low(i)]
    }

    func walk<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if value(i + 1, j) >= value(i, j + 1) {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
