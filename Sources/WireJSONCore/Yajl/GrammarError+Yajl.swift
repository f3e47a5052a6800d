#if canImport(CYajl)
    extension GrammarError {
        /// The kind of error yajl 2.1 reports with `message` (`lexical error: invalid char in json
        /// text.`, `parse error: trailing garbage`): yajl only says it in English.
        init(yajlMessage message: String) {
            var text = Substring(message)
            if let colon = text.firstIndex(of: ":") { text = text[text.index(after: colon)...].drop { $0 == " " } }
            switch text {
            case "invalid bytes in UTF8 string.": self = .invalidUTF8
            case "inside a string, '\\' occurs before a character which it may not.": self = .invalidEscape
            case "invalid character inside string.": self = .controlInString
            case "invalid (non-hex) character occurs after '\\u' inside string.": self = .invalidHex
            case "invalid char in json text.": self = .invalidChar
            case "invalid string in json text.": self = .invalidLiteral
            case "malformed number, a digit is required after the exponent.": self = .noDigitAfterExponent
            case "malformed number, a digit is required after the decimal point.": self = .noDigitAfterDecimal
            case "malformed number, a digit is required after the minus sign.": self = .noDigitAfterMinus
            case "probable comment found in input text, comments are not enabled.": self = .commentNotAllowed
            case "premature EOF": self = .prematureEOF
            case "trailing garbage": self = .trailingGarbage
            case "after array element, I expect ',' or ']'": self = .afterArrayElement
            case "after key and value, inside map, I expect ',' or '}'": self = .afterMember
            case "object key and value must be separated by a colon (':')": self = .missingColon
            case "invalid object key (must be a string)": self = .invalidKey
            case "unallowed token at this point in JSON text": self = .unallowedToken
            case "client cancelled parse via callback return value": self = .canceled
            default: self = .unrecognized(String(text))
            }
        }
    }
#endif
