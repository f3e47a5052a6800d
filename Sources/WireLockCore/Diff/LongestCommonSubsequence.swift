/// Longest common subsequence of two sequences, as index pairs in order. Quadratic in time and
/// memory: callers trim common prefixes and suffixes first and fall back to something simpler past
/// their own size limit.
enum LongestCommonSubsequence {
    static func pairs<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] = a[i] == b[j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] { pairs.append((i, j)); i += 1; j += 1 }
            else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { i += 1 }
            else { j += 1 }
        }
        return pairs
    }
}
