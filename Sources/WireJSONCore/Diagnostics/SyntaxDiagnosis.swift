/// Turns a grammar's error (``GrammarError``, the same from either engine) into WireLock's error:
/// where to anchor the location and how to say it.
struct SyntaxDiagnosis {
    enum Anchor {
        /// `consumed + delta` is the offending byte (lexical errors).
        case offendingByte(Int)
        /// The k-th token after the last event (grammar errors); k depends on the state.
        case token((CallbackState) -> Int)
        /// The end of the input.
        case end
    }

    private let which: GrammarError
    /// A `/` that opens no comment (comments allowed): the grammar reads it as a bad character.
    private var isStraySlash = false
    let anchor: Anchor
    private let atEnd: Bool

    private init(_ error: GrammarError, anchor: Anchor) {
        self.which = error
        self.anchor = anchor
        atEnd = false
    }

    /// What yajl's lexer would report for a problem that ``StringSkipper`` found inside a string.
    static func inString(_ problem: StringSkipper.Problem) -> SyntaxDiagnosis {
        switch problem {
        case .controlCharacter: return SyntaxDiagnosis(.controlInString, anchor: .offendingByte(0))
        case .invalidEscape: return SyntaxDiagnosis(.invalidEscape, anchor: .offendingByte(0))
        case .invalidHex: return SyntaxDiagnosis(.invalidHex, anchor: .offendingByte(0))
        }
    }

    /// A `/` that opens no comment (comments allowed), reported at the `/`.
    static var straySlash: SyntaxDiagnosis {
        var diagnosis = SyntaxDiagnosis(.invalidChar, anchor: .token({ _ in 1 }))
        diagnosis.isStraySlash = true
        return diagnosis
    }

    /// The grammar error yajl's parser would report for a token starting with `first` where the
    /// grammar expects `expectation`, or nil when such a token is accepted there (or is not a value
    /// at all: punctuation and stray characters get yajl's own diagnosis).
    static func misplaced(_ first: UInt8, _ expectation: GrammarExpectation) -> SyntaxDiagnosis? {
        guard GrammarExpectation.startsValue(first) else { return nil }
        let isString = first == UInt8(ascii: "\"")
        let which: GrammarError
        switch expectation {
        case .value, .valueOrEnd: return nil
        case .memberOrEnd, .member:
            if isString { return nil }
            which = .invalidKey
        case .colon: which = .missingColon
        case .commaOrEndOfArray: which = .afterArrayElement
        case .commaOrEndOfObject: which = .afterMember
        case .nothing: which = .trailingGarbage
        }
        return SyntaxDiagnosis(which, anchor: .token({ _ in 1 }))
    }

    /// The diagnosis of `error`, where the grammar stopped; `atEnd` when it stopped completing
    /// the document.
    init(_ error: GrammarError, atEnd: Bool) {
        self.atEnd = atEnd
        which = error
        let firstToken: Anchor = .token { _ in 1 }
        switch error {
        case .invalidChar, .invalidUTF8: anchor = .offendingByte(-1)
        case .prematureEOF: anchor = .end
        case .trailingGarbage, .afterArrayElement, .afterMember, .missingColon: anchor = firstToken
        case .invalidKey: anchor = .token { $0.lastEvent == .objectStart ? 1 : 2 }
        case .unallowedToken: anchor = .token { $0.lastEvent == .arrayStart || $0.lastEvent == .none ? 1 : 2 }
        case .invalidLiteral, .controlInString, .invalidEscape, .invalidHex, .noDigitAfterExponent,
            .noDigitAfterDecimal, .noDigitAfterMinus, .commentNotAllowed, .canceled, .unrecognized:
            anchor = .offendingByte(0)
        }
    }

    func describe(_ c: ErrorContext) -> (JSONSyntaxError.Kind, String, JSONPath) {
        let s = c.state
        if atEnd, c.offset >= c.received {
            switch which {
            case .noDigitAfterExponent, .noDigitAfterDecimal, .noDigitAfterMinus:
                return (.unexpectedEndOfInput, "unexpected end of input inside a number", s.nextValuePath())
            case .invalidLiteral:
                return (
                    .unexpectedEndOfInput, "unexpected end of input inside a literal (true, false or null)",
                    s.nextValuePath()
                )
            case .invalidEscape, .invalidHex:
                // Found by fuzzing: a document cut right after a backslash was an "invalid escape".
                return (.unexpectedEndOfInput, "unexpected end of input inside a string escape", s.stringPath())
            default:
                break
            }
        }
        if isStraySlash {
            if s.frames.isEmpty && s.lastEvent == .value {
                return (.trailingContent, "unexpected '/' after the end of the JSON document", .root)
            }
            return (.unexpectedCharacter, "unexpected '/': a comment starts with '/*' or '//'", s.nextValuePath())
        }
        switch which {
        case .invalidChar:
            if c.byte == UInt8(ascii: "'") {
                return (
                    .unexpectedCharacter, "unexpected character ''': JSON strings use double quotes", s.nextValuePath()
                )
            }
            if let b = c.byte, b < 0x20 || b == 0x7F {
                return (
                    .unexpectedCharacter,
                    "unexpected control character U+00\(String(b, radix: 16, uppercase: true).leftPadded(to: 2))",
                    s.nextValuePath()
                )
            }
            return (.unexpectedCharacter, "unexpected character \(c.found)", s.nextValuePath())
        case .invalidUTF8:
            return (.invalidUTF8, "invalid UTF-8 in string", s.stringPath())
        case .invalidLiteral:
            return (
                .invalidLiteral, "invalid literal: unexpected \(c.found) (expected true, false or null)",
                s.nextValuePath()
            )
        case .controlInString:
            return (.controlCharacter, "unescaped \(c.controlName(c.byte ?? 0)) in string", s.stringPath())
        case .invalidEscape:
            guard let b = c.byte, (0x20...0x7E).contains(b) else {
                return (.invalidEscape, "invalid escape: '\\' followed by \(c.foundByte) in string", s.stringPath())
            }
            return (.invalidEscape, "invalid escape '\\\(Character(Unicode.Scalar(b)))' in string", s.stringPath())
        case .invalidHex:
            return (.invalidEscape, "invalid \\u escape: expected 4 hex digits, found \(c.foundByte)", s.stringPath())
        case .noDigitAfterExponent:
            return (
                .invalidNumber, "expected a digit after the exponent in a number, found \(c.foundByte)",
                s.nextValuePath()
            )
        case .noDigitAfterDecimal:
            return (
                .invalidNumber, "expected a digit after the decimal point in a number, found \(c.foundByte)",
                s.nextValuePath()
            )
        case .noDigitAfterMinus:
            return (.invalidNumber, "expected a digit after '-' in a number, found \(c.foundByte)", s.nextValuePath())
        case .commentNotAllowed:
            return (
                .commentNotAllowed, "comments are not allowed in JSON (--allow-comments accepts them)",
                s.nextValuePath()
            )
        case .prematureEOF:
            return endOfInput(c)
        case .trailingGarbage:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", .root) }
            return (.trailingContent, "unexpected \(c.noun) after the end of the JSON document", .root)
        case .afterArrayElement:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", s.currentValuePath()) }
            if c.foundStartsValue {
                return (.unexpectedToken, "missing ',' between array elements (found \(c.found))", s.containerPath())
            }
            return (.unexpectedToken, "expected ',' or ']' after an array element, found \(c.found)", s.containerPath())
        case .afterMember:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", s.currentValuePath()) }
            if c.foundStartsValue {
                return (.unexpectedToken, "missing ',' between object members (found \(c.found))", s.containerPath())
            }
            return (.unexpectedToken, "expected ',' or '}' after an object member, found \(c.found)", s.containerPath())
        case .missingColon:
            let key = c.currentKey.map { " " + JSONPath.quoted($0) } ?? ""
            return (.missingColon, "expected ':' after member name\(key), found \(c.found)", s.nextValuePath())
        case .invalidKey:
            if c.byte == UInt8(ascii: "}") { return (.trailingComma, "trailing comma before '}'", s.containerPath()) }
            return (.unexpectedToken, "expected a member name in double quotes, found \(c.found)", s.containerPath())
        case .unallowedToken:
            let top = s.frames.last
            if c.byte == UInt8(ascii: "]"), let top, !top.isObject, s.lastEvent == .value {
                return (.trailingComma, "trailing comma before ']'", s.containerPath())
            }
            if let top, top.isObject, top.awaitingValue {
                return (.unexpectedToken, "expected a value after ':', found \(c.found)", s.nextValuePath())
            }
            return (.unexpectedToken, "expected a value, found \(c.found)", s.nextValuePath())
        case .unrecognized(let text):
            return (.unexpectedCharacter, text, s.nextValuePath())
        case .canceled:
            // A callback stops the grammar only with its own reason, which comes first.
            return (.unexpectedCharacter, "the parse was stopped", s.nextValuePath())
        }
    }

    /// Sharpens a reason once the bytes after the spot are known (they may arrive in later chunks):
    /// `NaN`, `Infinity` and `-Infinity` get their own kind.
    static func refine(_ error: inout JSONSyntaxError, following: [UInt8]) {
        func starts(_ word: String) -> Bool { following.starts(with: word.utf8) }
        if error.kind == .unexpectedCharacter, starts("NaN") || starts("Infinity") {
            error.kind = .nonFiniteNumber
            error.reason = "\(starts("NaN") ? "NaN" : "Infinity") is not a JSON number"
        } else if error.kind == .invalidNumber, error.reason.contains("after '-'"), starts("Infinity") {
            error.kind = .nonFiniteNumber
            error.reason = "-Infinity is not a JSON number"
        }
    }

    private func endOfInput(_ c: ErrorContext) -> (JSONSyntaxError.Kind, String, JSONPath) {
        let s = c.state
        if c.inString { return (.unexpectedEndOfInput, "unexpected end of input inside a string", s.stringPath()) }
        guard let top = s.frames.last else {
            return (.emptyInput, "empty input: expected a JSON value", .root)
        }
        if top.isObject {
            if top.awaitingValue, let key = c.currentKey {
                return (
                    .unexpectedEndOfInput, "unexpected end of input after member name \(JSONPath.quoted(key))",
                    s.nextValuePath()
                )
            }
            return (.unexpectedEndOfInput, "unexpected end of input inside an object (missing '}')", s.containerPath())
        }
        return (.unexpectedEndOfInput, "unexpected end of input inside an array (missing ']')", s.containerPath())
    }
}
