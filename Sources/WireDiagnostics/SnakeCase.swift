extension WireDiagnostics {
    /// The member name `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` turns `key` into,
    /// by Foundation's rule on this toolchain (checked against `JSONDecoder` in the tests):
    ///
    /// - leading and trailing underscores are kept as they are (`_leading`, `trailing_`);
    /// - a name with no `_` between them is kept unchanged (`URLValue` stays `URLValue`);
    /// - otherwise the middle is split at each run of `_` (`a__b` is `a`, `b`), the first word is
    ///   lower-cased and every other word is capitalised the way Foundation's `capitalized` does
    ///   (first letter title-cased, the rest lower-cased; a new word starts after any character
    ///   that is neither a letter nor case-ignorable, so `x_ab.cd` gives `xAb.Cd`).
    ///
    /// ```swift
    /// WireDiagnostics.convertFromSnakeCase("URL_value")   // "urlValue"
    /// WireDiagnostics.convertFromSnakeCase("a__b")        // "aB"
    /// WireDiagnostics.convertFromSnakeCase("_leading")    // "_leading"
    /// ```
    ///
    /// - Parameter key: a member name as it is in the payload.
    /// - Returns: the name a `CodingKey` must have to decode that member.
    public static func convertFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let middle = key[first...last]
        let words = middle.split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(middle)
        } else {
            joined = words[0].lowercased() + words.dropFirst().map { capitalized($0) }.joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// Foundation's `capitalized`, scalar by scalar: an upper-case (or title-case) letter stays
    /// when it starts a word and is lower-cased otherwise; a lower-case letter is title-cased
    /// when it starts a word; case-ignorable scalars (marks, format characters, modifier letters
    /// and symbols, `'` and `’`) keep the current word; anything else ends it.
    static func capitalized(_ word: Substring) -> String {
        var out = ""
        var inWord = false
        for scalar in word.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter:
                out += inWord ? properties.lowercaseMapping : String(scalar)
                inWord = true
            case .lowercaseLetter:
                out += inWord ? String(scalar) : properties.titlecaseMapping
                inWord = true
            case .nonspacingMark, .enclosingMark, .format, .modifierLetter, .modifierSymbol:
                out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar)
                if scalar != "'" && scalar != "\u{2019}" { inWord = false }
            }
        }
        return out
    }
}
