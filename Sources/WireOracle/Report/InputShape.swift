import WireSupport

/// The shape of an input: what is left when the values are folded away, so that inputs that differ
/// for the same reason fall into one group.
///
/// Each ASCII digit becomes `d`; in a run of two or more ASCII letters (a month or zone name) each
/// letter becomes `a` (lower case) or `A` (upper case); a single letter between non-letters (`T`,
/// `Z`) and every other character stay as they are. Shapes longer than 80 characters are cut and end
/// in `…`.
///
/// ```swift
/// InputShape.of("2020-01-08T14:18:51.203Z")           // "dddd-dd-ddTdd:dd:dd.dddZ"
/// InputShape.of("Wed, 1 Jan 2020 12:00:00 GMT+1")     // "Aaa, d Aaa dddd dd:dd:dd AAA+d"
/// ```
package enum InputShape {
    /// The longest shape kept, in characters.
    static let limit = 80

    /// The shape of `text`.
    package static func of(_ text: String) -> String {
        var out: [Character] = []
        let characters = Array(text.prefix(limit + 1))
        for (index, character) in characters.prefix(limit).enumerated() {
            if let ascii = character.asciiValue, (0x30...0x39).contains(ascii) {
                out.append("d")
            } else if isLetter(character),
                (index > 0 && isLetter(characters[index - 1]))
                    || (index + 1 < characters.count && isLetter(characters[index + 1]))
            {
                out.append(character.isUppercase ? "A" : "a")
            } else {
                out.append(character)
            }
        }
        if characters.count > limit { out.append("…") }
        return String(out)
    }

    /// Whether a shape matches a shell wildcard pattern (`*`, `?`, `[…]`) over the whole shape:
    /// `"dddd-dd-ddTdd:dd:dd.d*Z"` matches every fraction length.
    package static func matches(_ shape: String, pattern: String) -> Bool {
        GlobPattern(pattern).matches(shape)
    }

    private static func isLetter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
    }
}
