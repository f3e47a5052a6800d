/// Shrinks a string within its shape: each ASCII digit, left to right, becomes `0`, else `1`, when
/// the result still differs the same way; passes repeat while one lowers a digit, within `budget`
/// comparisons. So `2024-02-30T10:00:00Z` (rolled over by one side, rejected by the other) becomes
/// `0000-02-30T00:00:00Z`: what is left is what matters.
enum StringShrinker {
    /// The last string `accepts` took, or `nil` when it took none.
    static func shrink(_ text: String, budget: Int, accepts: (String) -> Bool) -> String? {
        var characters = Array(text)
        var left = budget
        var best: String?
        var lowered = true
        while lowered && left > 0 {
            lowered = false
            for index in characters.indices where left > 0 {
                guard let ascii = characters[index].asciiValue, (0x31...0x39).contains(ascii) else { continue }
                for digit: Character in ascii == 0x31 ? ["0"] : ["0", "1"] where left > 0 {
                    left -= 1
                    var copy = characters
                    copy[index] = digit
                    let candidate = String(copy)
                    if accepts(candidate) {
                        characters = copy
                        best = candidate
                        lowered = true
                        break
                    }
                }
            }
        }
        return best
    }
}
