/// Why a grammar stopped, the same value from both engines: the Swift grammar reports it as it
/// stops, the yajl engine maps yajl's sentence onto it (Linux only, `Yajl/GrammarError+Yajl.swift`).
/// ``SyntaxDiagnosis`` turns it into a located ``JSONSyntaxError``.
enum GrammarError: Equatable {
    // Lexical errors: the bytes of a token (where the grammar leaves its offset depends on each).
    case invalidUTF8, invalidEscape, controlInString, invalidHex, invalidChar, invalidLiteral
    case noDigitAfterExponent, noDigitAfterDecimal, noDigitAfterMinus, commentNotAllowed
    // Grammar errors: a whole token where the grammar takes none of its kind.
    case prematureEOF, trailingGarbage, afterArrayElement, afterMember, missingColon, invalidKey, unallowedToken
    /// A callback asked to stop (its reason is in the ``CallbackState``).
    case canceled
    /// yajl only: a sentence this mapping does not know, kept as yajl wrote it.
    case unrecognized(String)
}
