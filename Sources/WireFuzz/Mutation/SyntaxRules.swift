import WireJSONCore

/// Where and how the strict validator reports each kind of syntax mutant. Each rule was checked
/// by hand against the validator (see MutatorExpectationTests).
enum SyntaxRules {
    typealias Kind = JSONSyntaxError.Kind

    /// A document cut at `cut.offset`.
    static func truncation(_ cut: CutPoint, bytes: [UInt8]) -> ValidatorExpectation {
        let end = cut.offset...cut.offset
        if !bytes[0..<cut.offset].contains(where: { !TruncationPoints.isWhitespace($0) }) {
            return .invalid(kinds: [.emptyInput], offsets: end)
        }
        // Every cut is reported at the end of the input; a character cut in half is invalid UTF-8
        // there rather than a premature end.
        return .invalid(kinds: [cut.place == .utf8 ? .invalidUTF8 : .unexpectedEndOfInput], offsets: end)
    }

    /// A member repeated; `second` is where the second copy's name starts.
    static func duplicateKey(at second: Int) -> ValidatorExpectation {
        .invalid(kinds: [.duplicateKey], offsets: second...second)
    }

    /// Arrays nested too deep; `bracket` is the first `[` past the limit.
    static func nesting(at bracket: Int) -> ValidatorExpectation {
        .invalid(kinds: [.nestingTooDeep], offsets: bracket...bracket)
    }
}
