/// "Did you mean" lines: the names or paths nearest to one that was not found.
///
/// Distances are Levenshtein distances over a normalised form (ASCII letters and digits,
/// lower-cased: `avatarUrl`, `avatar_url` and `AvatarURL` are the same), ties broken by the raw
/// text. Both sides are cut at 200 bytes and at most 10 000 candidates are looked at, so one
/// suggestion costs at most a fixed amount per candidate.
package enum Nearest {
    package static let maxLength = 200
    package static let maxCandidates = 10_000

    /// The candidates nearest to `target`: the best ones and those at most two edits further,
    /// up to `limit`, and none further than about half the target's length.
    package static func names(near target: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String]
    {
        let normalizedTarget = normalize(target)
        let rawTarget = Array(target.utf8.prefix(maxLength))
        var scored: [(normalized: Int, raw: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates {
            guard seen.count < maxCandidates, seen.insert(candidate).inserted else { continue }
            scored.append(
                (
                    distance(normalizedTarget, normalize(candidate)),
                    distance(rawTarget, Array(candidate.utf8.prefix(maxLength))), candidate
                ))
        }
        scored.sort { ($0.normalized, $0.raw, $0.name) < ($1.normalized, $1.raw, $1.name) }
        guard let best = scored.first?.normalized else { return [] }
        let ceiling = min(best + 2, max(3, normalizedTarget.count / 2))
        return scored.prefix { $0.normalized <= ceiling }.prefix(limit).map(\.name)
    }

    /// ASCII letters and digits of `text`, lower-cased, at most ``maxLength`` of them.
    static func normalize(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 where out.count < maxLength {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): out.append(byte)
            default: continue
            }
        }
        return out
    }

    /// The Levenshtein distance, in two rows.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
