import WireJSONCore

/// Where a cut falls in a document: the classes a truncation campaign covers evenly.
public enum TruncationPlace: String, CaseIterable, Hashable, Sendable {
    /// Between tokens (before or after a bracket, comma, colon or whitespace).
    case boundary
    /// Inside a string or member name, between whole characters.
    case string
    /// Inside a backslash escape (`\n`, `\u00e9`).
    case escape
    /// Inside a multi-byte UTF-8 character.
    case utf8
    /// Inside a number.
    case number
    /// Inside `true`, `false` or `null`.
    case literal
}

/// One place a well-formed document can be cut.
struct CutPoint: Hashable, Sendable {
    /// The prefix kept is `bytes[0..<offset]`.
    var offset: Int
    var place: TruncationPlace
    /// Where the token the cut falls in starts (the cut itself for a boundary).
    var tokenStart: Int
}

enum TruncationPoints {
    /// Every proper cut of a well-formed document whose root is an array or object, classified.
    /// Cuts after the last significant byte are left out (they leave a valid document). Empty for a
    /// scalar root, whose prefixes can be valid (`12` of `123`).
    static func cuts(of bytes: [UInt8]) -> [CutPoint] {
        var cuts: [CutPoint] = []
        cuts.reserveCapacity(bytes.count)
        forEachCut(of: bytes) { cuts.append($0) }
        return cuts
    }

    /// Calls `body` with each cut of ``cuts(of:)``, in order, without keeping them (a large seed
    /// has about one cut per byte).
    static func forEachCut(of bytes: [UInt8], _ body: (CutPoint) -> Void) {
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            bytes[first] == UInt8(ascii: "[") || bytes[first] == UInt8(ascii: "{"),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return }
        var i = 0
        while i <= last {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                let start = i
                if i > 0 { body(CutPoint(offset: i, place: .boundary, tokenStart: i)) }
                i += 1
                while i <= last && bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") {
                        body(CutPoint(offset: i, place: .string, tokenStart: start))
                        let length = bytes[i + 1] == UInt8(ascii: "u") ? 6 : 2
                        for k in 1..<length { body(CutPoint(offset: i + k, place: .escape, tokenStart: start)) }
                        i += length
                    } else {
                        body(CutPoint(offset: i, place: .string, tokenStart: start))
                        let length = utf8Length(bytes[i])
                        for k in 1..<length { body(CutPoint(offset: i + k, place: .utf8, tokenStart: start)) }
                        i += length
                    }
                }
                body(CutPoint(offset: i, place: .string, tokenStart: start))  // before the closing quote
                i += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
            {
                let place: TruncationPlace =
                    (byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n"))
                    ? .literal : .number
                let start = i
                body(CutPoint(offset: i, place: .boundary, tokenStart: i))
                i += 1
                while i <= last && !isDelimiter(bytes[i]) {
                    body(CutPoint(offset: i, place: place, tokenStart: start))
                    i += 1
                }
            } else {
                if i > 0 { body(CutPoint(offset: i, place: .boundary, tokenStart: i)) }
                i += 1
            }
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: ":")
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
