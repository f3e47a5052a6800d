/// What the engine knows when yajl stops: the callback state, the bytes in memory, the offset.
struct _ErrorContext {
    let state: _CallbackState
    let regions: _Regions
    let offset: Int
    let received: Int
    let inString: Bool
    let allowComments: Bool

    var byte: UInt8? { regions.byte(at: offset) }

    /// Up to `limit` bytes of the word at the offset: ASCII letters, digits, signs and dots only.
    ///
    /// The word must end at a byte that is in memory whatever the chunking. Any other byte either
    /// ends a token (whitespace, punctuation, a quote) or is one the pre-pass rejects (form feed,
    /// vertical tab, other controls, non-ASCII), and a pre-pass error sends only the bytes before it
    /// to yajl, so a word that ran on past such a byte could reach the end of the current chunk and
    /// change with the chunk size.
    func word(limit: Int = 16) -> String {
        var bytes: [UInt8] = []
        var position = offset
        while bytes.count < limit, let b = regions.byte(at: position), Self.isWordByte(b) {
            bytes.append(b)
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// "a string", "a number", "'}'", "'tru'", "the end of the input": what was found at the offset,
    /// read from the byte there (and, for a `-`, the byte after it).
    var found: String {
        switch noun {
        case "string", "number": return "a " + noun
        case "end of input": return "the end of the input"
        default: return noun
        }
    }

    /// ``found`` without an article, for "unexpected …": "string", "number", "'tru'", "'-'",
    /// "end of input".
    var noun: String {
        guard let b = byte else { return "end of input" }
        switch b {
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return "number"
        case UInt8(ascii: "-"):
            // `-` starts a number only with a digit after it (`-}` is just a minus sign).
            if let next = regions.byte(at: offset + 1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { return "number" }
            return "'-'"
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return "'\(word())'"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "byte 0x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        }
    }

    /// The byte at the spot itself (`'"'`, `'g'`, `byte 0xC3`), for errors inside a token where
    /// ``found``'s "a string" or "a number" would mislead.
    var foundByte: String {
        guard let b = byte else { return "the end of the input" }
        if (0x20...0x7E).contains(b) { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    var foundStartsValue: Bool {
        guard let b = byte else { return false }
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "["), UInt8(ascii: "{"):
            return true
        default:
            return false
        }
    }

    /// A digit right after a number that ended in `0` with nothing between: `01`, `-012`.
    var isLeadingZero: Bool {
        guard let b = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b),
              state.lastEvent == .value, state.lastEventEnd == offset,
              regions.byte(at: offset - 1) == UInt8(ascii: "0") else { return false }
        let before = regions.byte(at: offset - 2)
        return before == nil || before == UInt8(ascii: "-") || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(before!)
            && before != UInt8(ascii: ".") && before != UInt8(ascii: "e") && before != UInt8(ascii: "E")
            && before != UInt8(ascii: "+")
    }

    var currentKey: String? {
        guard let top = state.frames.last, top.isObject, top.currentKey >= 0 else { return nil }
        return state.keyString(top.currentKey)
    }

    func controlName(_ b: UInt8) -> String {
        let hex = "U+00" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        switch b {
        case 0x0A: return "line feed (\(hex)); write \\n"
        case 0x0D: return "carriage return (\(hex)); write \\r"
        case 0x09: return "tab (\(hex)); write \\t"
        default: return "control character \(hex); write \\u00" + String(b, radix: 16).leftPadded(to: 2)
        }
    }
}

/// Turns yajl's error message into WireLock's error: where to anchor the location and how to say it.
/// yajl 2.1.0 reports its errors as fixed English sentences; each is matched here.
struct _YajlDiagnosis {
    enum Anchor {
        /// `consumed + delta` is the offending byte (lexical errors).
        case offendingByte(Int)
        /// The k-th token after the last event (grammar errors); k depends on the state.
        case token((_CallbackState) -> Int)
        /// The end of the input.
        case end
    }

    private enum Case {
        case invalidChar, invalidLiteral, controlInString, invalidEscape, invalidHex
        case noDigitAfterExponent, noDigitAfterDecimal, noDigitAfterMinus, comment, badUTF8
        case prematureEOF, trailingGarbage, afterArrayElement, afterMember, missingColon
        case invalidKey, unallowedToken, straySlash, unknown(String)
    }

    private let which: Case
    let anchor: Anchor
    private let atEnd: Bool

    private init(_ which: Case, anchor: Anchor) {
        self.which = which
        self.anchor = anchor
        atEnd = false
    }

    /// What yajl's lexer would report for a problem that ``_StringSkipper`` found inside a string.
    static func inString(_ problem: _StringSkipper.Problem) -> _YajlDiagnosis {
        switch problem {
        case .controlCharacter: return _YajlDiagnosis(.controlInString, anchor: .offendingByte(0))
        case .invalidEscape: return _YajlDiagnosis(.invalidEscape, anchor: .offendingByte(0))
        case .invalidHex: return _YajlDiagnosis(.invalidHex, anchor: .offendingByte(0))
        }
    }

    /// A `/` that opens no comment (comments allowed), reported at the `/`.
    static var straySlash: _YajlDiagnosis { _YajlDiagnosis(.straySlash, anchor: .token({ _ in 1 })) }

    /// The grammar error yajl's parser would report for a token starting with `first` where the
    /// grammar expects `expectation`, or nil when such a token is accepted there (or is not a value
    /// at all: punctuation and stray characters get yajl's own diagnosis).
    static func misplaced(_ first: UInt8, _ expectation: _Expectation) -> _YajlDiagnosis? {
        guard _Expectation.startsValue(first) else { return nil }
        let isString = first == UInt8(ascii: "\"")
        let which: Case
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
        return _YajlDiagnosis(which, anchor: .token({ _ in 1 }))
    }

    init(message: String, consumed: Int, atEnd: Bool) {
        self.atEnd = atEnd
        let text: Substring
        if let colon = message.firstIndex(of: ":") {
            text = message[message.index(after: colon)...].drop(while: { $0 == " " })
        } else {
            text = Substring(message)
        }
        let firstToken: (_CallbackState) -> Int = { _ in 1 }
        switch text {
        case "invalid char in json text.": which = .invalidChar; anchor = .offendingByte(-1)
        case "invalid bytes in UTF8 string.": which = .badUTF8; anchor = .offendingByte(-1)
        case "invalid string in json text.": which = .invalidLiteral; anchor = .offendingByte(0)
        case "invalid character inside string.": which = .controlInString; anchor = .offendingByte(0)
        case "inside a string, '\\' occurs before a character which it may not.":
            which = .invalidEscape; anchor = .offendingByte(0)
        case "invalid (non-hex) character occurs after '\\u' inside string.":
            which = .invalidHex; anchor = .offendingByte(0)
        case "malformed number, a digit is required after the exponent.":
            which = .noDigitAfterExponent; anchor = .offendingByte(0)
        case "malformed number, a digit is required after the decimal point.":
            which = .noDigitAfterDecimal; anchor = .offendingByte(0)
        case "malformed number, a digit is required after the minus sign.":
            which = .noDigitAfterMinus; anchor = .offendingByte(0)
        case "probable comment found in input text, comments are not enabled.":
            which = .comment; anchor = .offendingByte(0)
        case "premature EOF": which = .prematureEOF; anchor = .end
        case "trailing garbage": which = .trailingGarbage; anchor = .token(firstToken)
        case "after array element, I expect ',' or ']'": which = .afterArrayElement; anchor = .token(firstToken)
        case "after key and value, inside map, I expect ',' or '}'": which = .afterMember; anchor = .token(firstToken)
        case "object key and value must be separated by a colon (':')": which = .missingColon; anchor = .token(firstToken)
        case "invalid object key (must be a string)":
            which = .invalidKey
            anchor = .token { $0.lastEvent == .objectStart ? 1 : 2 }
        case "unallowed token at this point in JSON text":
            which = .unallowedToken
            anchor = .token { $0.lastEvent == .arrayStart || $0.lastEvent == .none ? 1 : 2 }
        default:
            which = .unknown(String(text)); anchor = .offendingByte(0)
        }
    }

    func describe(_ c: _ErrorContext) -> (JSONSyntaxError.Kind, String, JSONPath) {
        let s = c.state
        if atEnd, c.offset >= c.received {
            switch which {
            case .noDigitAfterExponent, .noDigitAfterDecimal, .noDigitAfterMinus:
                return (.unexpectedEndOfInput, "unexpected end of input inside a number", s.nextValuePath())
            case .invalidLiteral:
                return (.unexpectedEndOfInput, "unexpected end of input inside a literal (true, false or null)", s.nextValuePath())
            case .invalidEscape, .invalidHex:
                // Found by fuzzing: a document cut right after a backslash was an "invalid escape".
                return (.unexpectedEndOfInput, "unexpected end of input inside a string escape", s.stringPath())
            default:
                break
            }
        }
        switch which {
        case .invalidChar:
            if c.byte == UInt8(ascii: "'") {
                return (.unexpectedCharacter, "unexpected character ''': JSON strings use double quotes", s.nextValuePath())
            }
            if let b = c.byte, b < 0x20 || b == 0x7F {
                return (.unexpectedCharacter, "unexpected control character U+00\(String(b, radix: 16, uppercase: true).leftPadded(to: 2))", s.nextValuePath())
            }
            return (.unexpectedCharacter, "unexpected character \(c.found)", s.nextValuePath())
        case .badUTF8:
            return (.invalidUTF8, "invalid UTF-8 in string", s.stringPath())
        case .invalidLiteral:
            return (.invalidLiteral, "invalid literal: unexpected \(c.found) (expected true, false or null)", s.nextValuePath())
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
            return (.invalidNumber, "expected a digit after the exponent in a number, found \(c.foundByte)", s.nextValuePath())
        case .noDigitAfterDecimal:
            return (.invalidNumber, "expected a digit after the decimal point in a number, found \(c.foundByte)", s.nextValuePath())
        case .noDigitAfterMinus:
            return (.invalidNumber, "expected a digit after '-' in a number, found \(c.foundByte)", s.nextValuePath())
        case .comment:
            return (.commentNotAllowed, "comments are not allowed in JSON (--allow-comments accepts them)", s.nextValuePath())
        case .prematureEOF:
            return endOfInput(c)
        case .trailingGarbage:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", .root) }
            return (.trailingContent, "unexpected \(c.noun) after the end of the JSON document", .root)
        case .afterArrayElement:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", s.currentValuePath()) }
            if c.foundStartsValue { return (.unexpectedToken, "missing ',' between array elements (found \(c.found))", s.containerPath()) }
            return (.unexpectedToken, "expected ',' or ']' after an array element, found \(c.found)", s.containerPath())
        case .afterMember:
            if c.isLeadingZero { return (.invalidNumber, "number with a leading zero", s.currentValuePath()) }
            if c.foundStartsValue { return (.unexpectedToken, "missing ',' between object members (found \(c.found))", s.containerPath()) }
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
        case .straySlash:
            if s.frames.isEmpty && s.lastEvent == .value {
                return (.trailingContent, "unexpected '/' after the end of the JSON document", .root)
            }
            return (.unexpectedCharacter, "unexpected '/': a comment starts with '/*' or '//'", s.nextValuePath())
        case .unknown(let text):
            return (.unexpectedCharacter, text, s.nextValuePath())
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

    private func endOfInput(_ c: _ErrorContext) -> (JSONSyntaxError.Kind, String, JSONPath) {
        let s = c.state
        if c.inString { return (.unexpectedEndOfInput, "unexpected end of input inside a string", s.stringPath()) }
        guard let top = s.frames.last else {
            return (.emptyInput, "empty input: expected a JSON value", .root)
        }
        if top.isObject {
            if top.awaitingValue, let key = c.currentKey {
                return (.unexpectedEndOfInput, "unexpected end of input after member name \(JSONPath.quoted(key))", s.nextValuePath())
            }
            return (.unexpectedEndOfInput, "unexpected end of input inside an object (missing '}')", s.containerPath())
        }
        return (.unexpectedEndOfInput, "unexpected end of input inside an array (missing ']')", s.containerPath())
    }
}

/// What yajl's parser accepts next, from the callback state: the last event, the open containers and
/// the one `,` or `:` the grammar accepted after the last event (if any).
enum _Expectation: Equatable {
    /// A value: the start of the document, after `:`, after `,` in an array.
    case value
    /// A value or `]` (just after `[`).
    case valueOrEnd
    /// A member name or `}` (just after `{`).
    case memberOrEnd
    /// A member name (after `,` in an object).
    case member
    /// `:` after a member name.
    case colon
    /// `,` or `]` after an array element.
    case commaOrEndOfArray
    /// `,` or `}` after an object member.
    case commaOrEndOfObject
    /// Nothing: the document is complete.
    case nothing

    init(after s: _CallbackState, punctuation: UInt8?) {
        let inObject = s.frames.last?.isObject
        switch s.lastEvent {
        case .none: self = s.frames.isEmpty ? .value : .valueOrEnd
        case .arrayStart: self = .valueOrEnd
        case .objectStart: self = .memberOrEnd
        case .key: self = punctuation == nil ? .colon : .value
        case .value:
            switch inObject {
            case nil: self = .nothing
            case true?: self = punctuation == nil ? .commaOrEndOfObject : .member
            case false?: self = punctuation == nil ? .commaOrEndOfArray : .value
            }
        }
    }

    /// Whether `b` is punctuation the grammar accepts right after the last event (`,` after a
    /// value inside a container, `:` after a member name).
    static func acceptsPunctuation(_ b: UInt8, after s: _CallbackState) -> Bool {
        switch s.lastEvent {
        case .value: return b == UInt8(ascii: ",") && !s.frames.isEmpty
        case .key: return b == UInt8(ascii: ":")
        default: return false
        }
    }

    /// A byte that starts a value (string, number, literal, array or object).
    static func startsValue(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "["), UInt8(ascii: "{"):
            return true
        default:
            return false
        }
    }
}
