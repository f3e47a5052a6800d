// The strictness pre-pass. yajl checks the grammar; this scanner, run over every chunk before yajl
// sees it, adds what yajl 2.1.0 lets through: strict UTF-8 (overlong forms, encoded surrogates and
// code points above U+10FFFF), lone surrogate `\u` escapes, a byte order mark, and form feed or
// vertical tab used as whitespace. It also tracks whether the chunk ends inside a string, so the
// engine never splits a string token between two yajl calls.

struct ScanError {
    var offset: Int
    var kind: JSONSyntaxError.Kind
    var reason: String
    /// Whether the offending byte is inside a string (the engine then closes the string with a
    /// synthetic quote to let yajl check everything before it).
    var insideString: Bool
}

struct ByteScanner {
    enum Mode: UInt8 { case outside, string, lineComment, blockComment }

    let allowComments: Bool
    private(set) var mode: Mode = .outside
    /// Absolute offset of the opening quote of the current (or last) string.
    private(set) var stringStart = 0

    // Escapes inside strings.
    private var escape: UInt8 = 0  // 0 none, 1 after '\', 2 reading \u hex digits
    private var hexCount = 0
    private var hexValue: UInt32 = 0
    private var escapeStart = 0  // absolute offset of the escape's backslash
    private var pendingHighStart = -1  // escape start of a high surrogate awaiting its low half
    private var pendingHighValue: UInt32 = 0
    private var lowStage: UInt8 = 0  // 1 expect '\', 2 expect 'u'
    private var readingLow = false

    // UTF-8 sequences (inside and outside strings).
    private var utf8Need = 0
    private var utf8Lo: UInt8 = 0x80
    private var utf8Hi: UInt8 = 0xBF
    private(set) var utf8Start = 0
    private var utf8Bytes: [UInt8] = []
    private var utf8Scalar: UInt32 = 0

    // Comments (only when allowed).
    /// The last byte scanned was a `/` outside a string: a comment if the next byte is `*` or `/`.
    private(set) var pendingSlash = false
    /// Absolute offset of the `/` that opened the current (or last) comment.
    private(set) var commentStart = 0
    /// Absolute offset of the `/` that closed the last block comment (-1 before any).
    private(set) var lastCommentEnd = -1
    private var blockStar = false

    /// A multi-byte character has started between tokens and is not complete yet (it will be an
    /// error either way; yajl must not see its first byte before the scanner has judged it).
    var pendingOutsideCharacter: Bool { utf8Need > 0 && mode == .outside }

    init(allowComments: Bool) {
        self.allowComments = allowComments
        utf8Bytes.reserveCapacity(4)
    }

    /// Scans `count` bytes at absolute offset `base`. Returns the first error, if any, and, when the
    /// chunk started inside a string or a comment (or just after a `/`), the index just after the
    /// byte that first brought the scanner back between tokens (nil if that did not happen).
    mutating func scan(_ p: UnsafePointer<UInt8>, count n: Int, base: Int) -> (error: ScanError?, firstExit: Int?) {
        var firstExit: Int? = nil
        let startedHeld = mode != .outside || pendingSlash
        var i = 0
        let quote = SWAR.broadcast(UInt8(ascii: "\""))
        let backslash = SWAR.broadcast(UInt8(ascii: "\\"))
        let formFeed = SWAR.broadcast(0x0C)
        let verticalTab = SWAR.broadcast(0x0B)
        let slash = SWAR.broadcast(UInt8(ascii: "/"))
        let slashMask: UInt64 = allowComments ? ~0 : 0

        scanning: while i < n {
            // Rare states go byte by byte: inside a multi-byte character, an escape or a comment.
            if utf8Need > 0 || escape != 0 || lowStage != 0 || pendingSlash
                || mode.rawValue >= Mode.lineComment.rawValue
            {
                if let error = slowByte(p[i], at: base + i) { return (error, firstExit) }
                i &+= 1
                if mode == .outside && startedHeld && firstExit == nil && !inEscapeOrCharacter { firstExit = i }
                continue
            }
            if mode == .outside {
                while true {
                    while i &+ 8 <= n {
                        let w = SWAR.load(p, i)
                        let m =
                            SWAR.zeroBytes(w ^ quote) | (w & SWAR.highs) | SWAR.zeroBytes(w ^ formFeed)
                            | SWAR.zeroBytes(w ^ verticalTab) | (SWAR.zeroBytes(w ^ slash) & slashMask)
                        if m != 0 {
                            i &+= m.trailingZeroBitCount >> 3
                            break
                        }
                        i &+= 8
                    }
                    guard i < n else { break scanning }
                    let b = p[i]
                    if b == UInt8(ascii: "\"") { break }
                    if b < 0x80 && b != 0x0B && b != 0x0C && !(allowComments && b == UInt8(ascii: "/")) {
                        i &+= 1  // a false positive of the word test
                        continue
                    }
                    if let error = slowByte(b, at: base + i) { return (error, firstExit) }
                    i &+= 1
                    continue scanning
                }
                mode = .string
                stringStart = base &+ i
                i &+= 1
            }
            // Inside a string, no escape pending: skip to the next quote, backslash or non-ASCII byte.
            i = SWAR.firstFlagged(p, from: i, to: n) { w in
                SWAR.zeroBytes(w ^ quote) | SWAR.zeroBytes(w ^ backslash) | (w & SWAR.highs)
            }
            while i < n {
                let b = p[i]
                if b == UInt8(ascii: "\"") {
                    mode = .outside
                    i &+= 1
                    if startedHeld && firstExit == nil { firstExit = i }
                    continue scanning
                }
                if b == UInt8(ascii: "\\") || b >= 0x80 {
                    if let error = slowByte(b, at: base + i) { return (error, firstExit) }
                    i &+= 1
                    continue scanning
                }
                i &+= 1
            }
        }
        return (nil, firstExit)
    }

    private var inEscapeOrCharacter: Bool { utf8Need > 0 || escape != 0 || lowStage != 0 }

    /// Absolute offset of the first byte of a multi-byte character not complete yet, if any.
    var pendingCharacterStart: Int? { utf8Need > 0 ? utf8Start : nil }

    /// The byte-at-a-time path for every state the word loops do not cover.
    private mutating func slowByte(_ b: UInt8, at offset: Int) -> ScanError? {
        if utf8Need > 0 { return continueUTF8(b, at: offset) }
        switch mode {
        case .outside:
            if pendingSlash {
                pendingSlash = false
                if b == UInt8(ascii: "*") {
                    mode = .blockComment
                    blockStar = false
                    commentStart = offset - 1
                    return nil
                }
                if b == UInt8(ascii: "/") {
                    mode = .lineComment
                    commentStart = offset - 1
                    return nil
                }
            }
            switch b {
            case UInt8(ascii: "\""):
                mode = .string
                stringStart = offset
            case 0x0B, 0x0C:
                let name = b == 0x0C ? "form feed (U+000C)" : "vertical tab (U+000B)"
                return ScanError(
                    offset: offset, kind: .invalidWhitespace,
                    reason: "\(name) is not JSON whitespace", insideString: false)
            case UInt8(ascii: "/") where allowComments:
                pendingSlash = true
            case 0x80...:
                return startUTF8(b, at: offset)
            default:
                break
            }
            return nil
        case .string:
            return stringByte(b, at: offset)
        case .lineComment:
            if b == UInt8(ascii: "\n") { mode = .outside } else if b >= 0x80 { return startUTF8(b, at: offset) }
            return nil
        case .blockComment:
            if blockStar && b == UInt8(ascii: "/") {
                mode = .outside
                lastCommentEnd = offset
            }
            blockStar = b == UInt8(ascii: "*")
            if b >= 0x80 { return startUTF8(b, at: offset) }
            return nil
        }
    }

    /// Called at the end of the input: a multi-byte character cut off outside a string is an error
    /// of its own (inside a string, the unterminated string is reported instead).
    func finish() -> ScanError? {
        guard utf8Need > 0, mode != .string else { return nil }
        return ScanError(
            offset: utf8Start, kind: .invalidUTF8,
            reason: "invalid UTF-8 byte \(Self.hex(utf8Bytes)) (sequence cut off by the end of input)",
            insideString: false)
    }

    @inline(__always)
    private mutating func stringByte(_ b: UInt8, at offset: Int) -> ScanError? {
        if escape != 0 || lowStage != 0 { return escapeByte(b, at: offset) }
        switch b {
        case UInt8(ascii: "\""):
            mode = .outside
        case UInt8(ascii: "\\"):
            escape = 1
            escapeStart = offset
        case 0x80...:
            return startUTF8(b, at: offset)
        default:
            break
        }
        return nil
    }

    /// A byte while a backslash escape, or the low half expected after a high surrogate, is pending.
    private mutating func escapeByte(_ b: UInt8, at offset: Int) -> ScanError? {
        if lowStage == 1 {
            if b == UInt8(ascii: "\\") {
                lowStage = 2
                escapeStart = offset
                return nil
            }
            return loneHigh()
        }
        if lowStage == 2 {
            if b == UInt8(ascii: "u") {
                lowStage = 0
                readingLow = true
                escape = 2
                hexCount = 0
                hexValue = 0
                return nil
            }
            return loneHigh()
        }
        if escape == 1 {
            if b == UInt8(ascii: "u") {
                escape = 2
                hexCount = 0
                hexValue = 0
            } else {
                escape = 0
            }
            return nil
        }
        let digit: UInt32
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b &- UInt8(ascii: "A") &+ 10)
        default:
            // Not a hex digit: yajl reports the broken escape itself.
            escape = 0
            readingLow = false
            pendingHighStart = -1
            return nil
        }
        hexValue = hexValue << 4 | digit
        hexCount += 1
        if hexCount == 4 {
            escape = 0
            return finishEscape(hexValue)
        }
        return nil
    }

    private mutating func finishEscape(_ value: UInt32) -> ScanError? {
        if readingLow {
            readingLow = false
            if (0xDC00...0xDFFF).contains(value) {
                pendingHighStart = -1
                return nil
            }
            return loneHigh()
        }
        if (0xD800...0xDBFF).contains(value) {
            pendingHighStart = escapeStart
            pendingHighValue = value
            lowStage = 1
            return nil
        }
        if (0xDC00...0xDFFF).contains(value) {
            return ScanError(
                offset: escapeStart, kind: .loneSurrogate,
                reason:
                    "lone surrogate escape \\u\(Self.hex4(value)) (low half of a UTF-16 pair without its high half)",
                insideString: true)
        }
        return nil
    }

    private func loneHigh() -> ScanError {
        ScanError(
            offset: pendingHighStart, kind: .loneSurrogate,
            reason:
                "lone surrogate escape \\u\(Self.hex4(pendingHighValue)) (high half of a UTF-16 pair not followed by a low half)",
            insideString: true)
    }

    // MARK: UTF-8 (Unicode Table 3-7, well-formed byte sequences)

    @inline(__always)
    private mutating func startUTF8(_ b: UInt8, at offset: Int) -> ScanError? {
        utf8Start = offset
        utf8Bytes.removeAll(keepingCapacity: true)
        utf8Bytes.append(b)
        switch b {
        case 0xC2...0xDF:
            utf8Need = 1
            utf8Lo = 0x80
            utf8Hi = 0xBF
            utf8Scalar = UInt32(b & 0x1F)
        case 0xE0:
            utf8Need = 2
            utf8Lo = 0xA0
            utf8Hi = 0xBF
            utf8Scalar = UInt32(b & 0x0F)
        case 0xE1...0xEC, 0xEE...0xEF:
            utf8Need = 2
            utf8Lo = 0x80
            utf8Hi = 0xBF
            utf8Scalar = UInt32(b & 0x0F)
        case 0xED:
            utf8Need = 2
            utf8Lo = 0x80
            utf8Hi = 0x9F
            utf8Scalar = UInt32(b & 0x0F)
        case 0xF0:
            utf8Need = 3
            utf8Lo = 0x90
            utf8Hi = 0xBF
            utf8Scalar = UInt32(b & 0x07)
        case 0xF1...0xF3:
            utf8Need = 3
            utf8Lo = 0x80
            utf8Hi = 0xBF
            utf8Scalar = UInt32(b & 0x07)
        case 0xF4:
            utf8Need = 3
            utf8Lo = 0x80
            utf8Hi = 0x8F
            utf8Scalar = UInt32(b & 0x07)
        default:
            let why: String
            switch b {
            case 0x80...0xBF: why = "continuation byte without a lead byte"
            case 0xC0, 0xC1: why = "overlong encoding"
            case 0xF5...0xF7: why = "above U+10FFFF"
            default: why = "never valid in UTF-8"
            }
            return utf8Error(why)
        }
        return nil
    }

    @inline(__always)
    private mutating func continueUTF8(_ b: UInt8, at offset: Int) -> ScanError? {
        utf8Bytes.append(b)
        guard b >= utf8Lo && b <= utf8Hi else {
            let lead = utf8Bytes[0]
            let why: String
            if b < 0x80 || b > 0xBF {
                why = "truncated sequence"
            } else if utf8Bytes.count == 2 && lead == 0xED {
                why = "encoded surrogate"
            } else if utf8Bytes.count == 2 && lead == 0xF4 {
                why = "above U+10FFFF"
            } else {
                why = "overlong encoding"
            }
            return utf8Error(why)
        }
        utf8Scalar = utf8Scalar << 6 | UInt32(b & 0x3F)
        utf8Lo = 0x80
        utf8Hi = 0xBF
        utf8Need -= 1
        if utf8Need == 0 && mode == .outside {
            // A well-formed character, but outside a string no non-ASCII character is allowed.
            if utf8Scalar == 0xFEFF && utf8Start == 0 {
                return ScanError(
                    offset: 0, kind: .byteOrderMark,
                    reason: "byte order mark (U+FEFF) before the document; JSON text must not start with one",
                    insideString: false)
            }
            let scalar = Unicode.Scalar(utf8Scalar).map { " '\(Character($0))'" } ?? ""
            return ScanError(
                offset: utf8Start, kind: .unexpectedCharacter,
                reason: "unexpected character U+\(Self.hex4(utf8Scalar))\(scalar) outside a string",
                insideString: false)
        }
        return nil
    }

    private func utf8Error(_ why: String) -> ScanError {
        ScanError(
            offset: utf8Start, kind: .invalidUTF8,
            reason: "invalid UTF-8 byte \(Self.hex(utf8Bytes)) (\(why))",
            insideString: mode == .string)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
    }

    static func hex4(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
