// WireJSON's own JSON grammar, in Swift: the engine Apple platforms use (libyajl has no iOS build)
// and the one `WIRELOCK_JSON_ENGINE=swift` selects on Linux. It is written here from the grammar of
// RFC 8259 and from yajl 2.1's documented and observed behaviour, not from yajl's code.
//
// The passes (``FastPass``, ``ExactPass``) were built on yajl: they read its status, where it
// stopped (`bytes consumed`) and why (``GrammarError``, described by ``SyntaxDiagnosis``), and they feed it in
// pieces. So this grammar answers those same questions the same way for every input, which is
// what makes both engines give the same events and the same ``JSONSyntaxError`` everywhere
// (the differential tests prove it against libyajl on Linux):
// - tokens are read one at a time; a token cut by the end of a piece is kept and read again from
//   its first byte when the next piece comes (``pending``), and a number is only complete once the
//   byte after it is seen (the end of the document counts as a space);
// - `consumed` is the offset in the current piece after the last token read, moved back onto the
//   offending byte for the errors where yajl reports it there;
// - each error is the kind yajl 2.1 reports for the same state (the yajl engine maps yajl's
//   sentences onto the same ``GrammarError``).

/// How a call into the grammar ended (yajl's `yajl_status`).
enum GrammarStatus: Equatable {
    case ok
    /// A callback asked to stop (its reason is in the ``CallbackState``).
    case canceled
    case error
}

/// WireJSON's Swift JSON grammar: the lexer and the pushdown parser behind the Swift engine.
///
/// A class around a struct: a parse runs on the struct through one pointer, so its state is
/// mutated without Swift's dynamic exclusivity checks (a class's stored properties get one per
/// access, which cost a quarter of the fast pass). Where the last token ended lives in a cell of
/// its own, since callbacks read it while the parse runs.
final class SwiftGrammar {
    private var core: SwiftGrammarCore
    private let consumedCell: UnsafeMutablePointer<Int>

    /// - Parameters:
    ///   - context: the callback state events go to (nil: no events, the grammar only checks).
    ///   - validateStrings: check that the bytes of strings are UTF-8 (yajl's default).
    init(
        scalars: Bool, structure: Bool, context: UnsafeMutablePointer<CallbackState>?, allowComments: Bool,
        validateStrings: Bool
    ) {
        consumedCell = .allocate(capacity: 1)
        consumedCell.initialize(to: 0)
        core = SwiftGrammarCore(
            scalars: scalars, structure: structure, context: context, allowComments: allowComments,
            validateStrings: validateStrings, consumed: consumedCell)
    }

    deinit {
        core.deallocate()
        consumedCell.deallocate()
    }

    /// The offset in the current piece after the last token read (yajl's "bytes consumed").
    @inline(__always) var consumed: Int { consumedCell.pointee }

    /// Why the last call stopped with `.error` or `.canceled`.
    var error: GrammarError { core.error }

    /// Back to the start of a new document.
    func reset() { core.reset() }

    /// Reads the next piece of the document.
    func parse(_ text: UnsafePointer<UInt8>, _ count: Int) -> GrammarStatus {
        withUnsafeMutablePointer(to: &core) { $0.pointee.run(text, count) }
    }

    /// Ends the document: a final space completes a number the input ends with, then the document
    /// must be complete.
    func complete() -> GrammarStatus {
        withUnsafeMutablePointer(to: &core) { $0.pointee.complete() }
    }
}

/// The state and the work of `SwiftGrammar`.
package struct SwiftGrammarCore {
    /// The parser's state at one depth.
    private enum State: UInt8 {
        case start, complete, parseError, lexicalError
        case mapStart, mapNeedKey, mapSeparator, mapNeedValue, mapGotValue
        case arrayStart, arrayNeedValue, arrayGotValue, gotValue
    }

    /// What the lexer read.
    private enum Token: UInt8 {
        case eof, error
        case openObject, closeObject, openArray, closeArray, comma, colon
        case boolean, null, integer, double, string, stringWithEscapes
        /// Read inside the lexer only: a comment, which counts as space.
        case comment
    }

    private let allowComments: Bool
    private let validateStrings: Bool
    /// Whether scalars (strings, numbers, booleans, nulls) and structure (names, container starts
    /// and ends) are reported to `context`.
    private let scalars: Bool
    private let structure: Bool
    private let context: UnsafeMutablePointer<CallbackState>?

    /// The parser's states, one per open depth (`states[depth - 1]` is the current one).
    private var states: UnsafeMutablePointer<State>
    private var capacity = 64
    private var depth = 1
    /// The offset in the current piece after the last token read (yajl's "bytes consumed"), in the
    /// cell the owner reads.
    private let consumedCell: UnsafeMutablePointer<Int>
    private var consumed: Int {
        @inline(__always) get { consumedCell.pointee }
        @inline(__always) nonmutating set { consumedCell.pointee = newValue }
    }
    /// Why the grammar stopped (read once the state is `.parseError` or `.lexicalError`).
    private(set) var error = GrammarError.canceled
    /// The bytes of a token that the end of an earlier piece cut, read again with the next piece.
    private var pending = OwnedBytes()
    private var pendingInUse = false
    /// Where a token being read starts: in `pending` (then the text's bytes follow it) or the text.
    private var scratch: [UInt8] = []
    /// Escapes decoded for a callback.
    private var decoded: [UInt8] = []

    /// - Parameters:
    ///   - context: the callback state events go to (nil: no events, the grammar only checks).
    ///   - validateStrings: check that the bytes of strings are UTF-8 (yajl's default).
    init(
        scalars: Bool, structure: Bool, context: UnsafeMutablePointer<CallbackState>?, allowComments: Bool,
        validateStrings: Bool, consumed: UnsafeMutablePointer<Int>
    ) {
        consumedCell = consumed
        states = .allocate(capacity: capacity)
        states.initialize(to: .start)
        self.scalars = scalars && context != nil
        self.structure = structure && context != nil
        self.context = context
        self.allowComments = allowComments
        self.validateStrings = validateStrings
    }

    func deallocate() {
        states.deallocate()
        pending.deallocate()
    }

    /// Back to the start of a new document.
    mutating func reset() {
        depth = 1
        states[0] = .start
        consumed = 0
        error = .canceled
        pending.removeAll()
        pendingInUse = false
    }

    // MARK: Feeding

    /// Ends the document: a final space completes a number the input ends with, then the document
    /// must be complete.
    mutating func complete() -> GrammarStatus {
        let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { space -> GrammarStatus in
            space[0] = UInt8(ascii: " ")
            return run(UnsafePointer(space.baseAddress!), 1)
        }
        guard status == .ok else { return status }
        switch states[depth &- 1] {
        case .parseError, .lexicalError:
            return .error
        case .gotValue, .complete:
            return .ok
        default:
            states[depth &- 1] = .parseError
            error = .prematureEOF
            return .error
        }
    }

    // MARK: The parser

    @inline(__always) private var top: State {
        get { states[depth &- 1] }
        nonmutating set { states[depth &- 1] = newValue }
    }

    @inline(__always) private mutating func push(_ state: State) {
        if depth == capacity {
            let larger = UnsafeMutablePointer<State>.allocate(capacity: capacity &* 2)
            larger.moveInitialize(from: states, count: depth)
            states.deallocate()
            states = larger
            capacity &*= 2
        }
        states[depth] = state
        depth &+= 1
    }

    mutating func run(_ text: UnsafePointer<UInt8>, _ count: Int) -> GrammarStatus {
        consumed = 0
        while true {
            switch top {
            case .complete:
                guard consumed != count else { return .ok }
                let (token, _, _) = lex(text, count)
                if token != .eof {
                    top = .parseError
                    error = .trailingGarbage
                } else if consumed == count {
                    return .ok
                }
            case .lexicalError, .parseError:
                return .error
            case .start, .gotValue, .mapNeedValue, .arrayNeedValue, .arrayStart:
                let (token, start, length) = lex(text, count)
                var push: State?
                switch token {
                case .eof:
                    return .ok
                case .error:
                    top = .lexicalError
                    continue
                case .string:
                    if scalars, !report(context!.pointee.scalar(.string(""), text: start, count: length)) {
                        return .canceled
                    }
                case .stringWithEscapes:
                    if scalars {
                        Self.decode(start, length, into: &decoded)
                        let ok = decoded.withUnsafeBufferPointer {
                            report(context!.pointee.scalar(.string(""), text: $0.baseAddress, count: $0.count))
                        }
                        if !ok { return .canceled }
                    }
                case .boolean:
                    if scalars,
                        !report(
                            context!.pointee.scalar(.bool(start!.load(as: UInt8.self) == 0x74), text: nil, count: 0))
                    {
                        return .canceled
                    }
                case .null:
                    if scalars, !report(context!.pointee.scalar(.null, text: nil, count: 0)) { return .canceled }
                case .integer, .double:
                    if scalars, !report(context!.pointee.scalar(.number(""), text: start, count: length)) {
                        return .canceled
                    }
                case .openObject:
                    if structure, !report(context!.pointee.startContainer(isObject: true)) { return .canceled }
                    push = .mapStart
                case .openArray:
                    if structure, !report(context!.pointee.startContainer(isObject: false)) { return .canceled }
                    push = .arrayStart
                case .closeArray where top == .arrayStart:
                    if structure, !report(context!.pointee.endContainer()) { return .canceled }
                    depth &-= 1
                    continue
                case .closeArray, .colon, .comma, .closeObject, .comment:
                    top = .parseError
                    error = .unallowedToken
                    continue
                }
                switch top {
                case .start, .gotValue: top = .complete
                case .mapNeedValue: top = .mapGotValue
                default: top = .arrayGotValue
                }
                if let push { self.push(push) }
            case .mapStart, .mapNeedKey:
                let (token, start, length) = lex(text, count)
                switch token {
                case .eof:
                    return .ok
                case .error:
                    top = .lexicalError
                case .string, .stringWithEscapes:
                    if structure {
                        var ok: Bool
                        if token == .stringWithEscapes {
                            Self.decode(start, length, into: &decoded)
                            ok = decoded.withUnsafeBufferPointer {
                                report(context!.pointee.key($0.baseAddress!, count: $0.count))
                            }
                        } else {
                            ok = report(context!.pointee.key(start!.assumingMemoryBound(to: UInt8.self), count: length))
                        }
                        if !ok { return .canceled }
                    }
                    top = .mapSeparator
                case .closeObject where top == .mapStart:
                    if structure, !report(context!.pointee.endContainer()) { return .canceled }
                    depth &-= 1
                default:
                    top = .parseError
                    error = .invalidKey
                }
            case .mapSeparator:
                switch lex(text, count).token {
                case .colon: top = .mapNeedValue
                case .eof: return .ok
                case .error: top = .lexicalError
                default:
                    top = .parseError
                    error = .missingColon
                }
            case .mapGotValue:
                let (token, _, length) = lex(text, count)
                switch token {
                case .closeObject:
                    if structure, !report(context!.pointee.endContainer()) { return .canceled }
                    depth &-= 1
                case .comma: top = .mapNeedKey
                case .eof: return .ok
                case .error: top = .lexicalError
                default:
                    top = .parseError
                    error = .afterMember
                    // yajl moves its offset back by the length of the token's text here.
                    consumed = consumed >= length ? consumed &- length : 0
                }
            case .arrayGotValue:
                switch lex(text, count).token {
                case .closeArray:
                    if structure, !report(context!.pointee.endContainer()) { return .canceled }
                    depth &-= 1
                case .comma: top = .arrayNeedValue
                case .eof: return .ok
                case .error: top = .lexicalError
                default:
                    top = .parseError
                    error = .afterArrayElement
                }
            }
        }
    }

    /// A callback's answer: true to go on; false records the stop.
    @inline(__always) private mutating func report(_ answer: Int32) -> Bool {
        if answer != 0 { return true }
        top = .parseError
        error = .canceled
        return false
    }

    // MARK: The lexer

    /// Reads the next token of the piece from `consumed`, moving `consumed` past it. A token cut by
    /// the end of the piece is kept (`.eof`) and read again from its first byte with the next piece.
    /// - Returns: the token and, for scalars, its text (strings without their quotes).
    private mutating func lex(
        _ text: UnsafePointer<UInt8>, _ count: Int
    ) -> (token: Token, start: UnsafeRawPointer?, length: Int) {
        if pendingInUse && pending.isEmpty { pendingInUse = false }
        guard pendingInUse else {
            var at = consumed
            let (token, tokenStart) = lexToken(text, at: &at, stop: count)
            consumed = at
            switch token {
            case .eof:
                pending.removeAll()
                pending.append(text + tokenStart, count &- tokenStart)
                pendingInUse = true
                return (.eof, nil, 0)
            case .error:
                return (.error, nil, 0)
            default:
                return textOf(token, UnsafeRawPointer(text + tokenStart), at &- tokenStart)
            }
        }
        // A token the last piece cut: read it again from its first byte, followed by this piece
        // (of which only as much as the token needs is copied behind it). While its first bytes
        // are read, the piece has not ended unless it is empty.
        let p = pending.count
        var window = min(count, 64)
        while true {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(start: pending.base, count: pending.count))
            scratch.append(contentsOf: UnsafeBufferPointer(start: text, count: window))
            var at = 0
            let stop = count == 0 ? 0 : p &+ window
            let (token, tokenStart) = scratch.withUnsafeBufferPointer { lexToken($0.baseAddress!, at: &at, stop: stop) }
            if token == .eof && at >= stop && window < count {
                window = min(count, window &* 4)
                continue
            }
            consumed = max(0, at &- p)
            if tokenStart >= p {
                // The cut bytes were a comment, now read: the token is the piece's own.
                pending.removeAll()
                pendingInUse = false
                let start = tokenStart &- p
                switch token {
                case .eof:
                    pending.append(text + start, count &- start)
                    pendingInUse = true
                    return (.eof, nil, 0)
                case .error:
                    return (.error, nil, 0)
                default:
                    return textOf(token, UnsafeRawPointer(text + start), consumed &- start)
                }
            }
            // What this piece gave the token joins it: still cut (eof), or complete.
            pending.append(text, consumed)
            if token == .eof { return (.eof, nil, 0) }
            pendingInUse = false
            if token == .error { return (.error, nil, 0) }
            // The token's text stays where it is until the next piece: the callbacks read it there.
            return textOf(token, UnsafeRawPointer(pending.base), pending.count)
        }
    }

    @inline(__always)
    private func textOf(_ token: Token, _ start: UnsafeRawPointer, _ length: Int) -> (Token, UnsafeRawPointer?, Int) {
        switch token {
        case .string, .stringWithEscapes: (token, start + 1, length &- 2)
        default: (token, start, length)
        }
    }

    /// Reads one token of `p` from `at`, skipping space and comments; `at` ends after the token,
    /// or on or after the offending byte (where yajl leaves its offset for each error). `stop` is
    /// where the bytes end: reaching it inside a token means the token was cut (`.eof`).
    /// - Returns: the token and where it starts.
    private mutating func lexToken(_ p: UnsafePointer<UInt8>, at: inout Int, stop: Int) -> (Token, Int) {
        var start = at
        while true {
            if at >= stop { return (.eof, start) }
            let c = p[at]
            at &+= 1
            switch c {
            case UInt8(ascii: "{"): return (.openObject, start)
            case UInt8(ascii: "}"): return (.closeObject, start)
            case UInt8(ascii: "["): return (.openArray, start)
            case UInt8(ascii: "]"): return (.closeArray, start)
            case UInt8(ascii: ","): return (.comma, start)
            case UInt8(ascii: ":"): return (.colon, start)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                start = at
            case UInt8(ascii: "\""): return (string(p, at: &at, stop: stop), start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                at &-= 1
                return (number(p, at: &at, stop: stop), start)
            case UInt8(ascii: "t"):
                return (literal(p, at: &at, stop: stop, rest: 0x65_7572, length: 3, .boolean), start)
            case UInt8(ascii: "f"):
                return (literal(p, at: &at, stop: stop, rest: 0x65_736C_61, length: 4, .boolean), start)
            case UInt8(ascii: "n"): return (literal(p, at: &at, stop: stop, rest: 0x6C_6C75, length: 3, .null), start)
            case UInt8(ascii: "/"):
                guard allowComments else {
                    at &-= 1
                    error = .commentNotAllowed
                    return (.error, start)
                }
                let token = comment(p, at: &at, stop: stop)
                guard token == .comment else { return (token, start) }
                // A comment is space.
                start = at
            default:
                error = .invalidChar
                return (.error, start)
            }
        }
    }

    /// The rest of a literal after its first letter: `rest` holds its bytes, first in the low byte.
    @inline(__always)
    private mutating func literal(
        _ p: UnsafePointer<UInt8>, at: inout Int, stop: Int, rest: UInt32, length: Int, _ token: Token
    ) -> Token {
        var expected = rest
        for _ in 0..<length {
            if at >= stop { return .eof }
            if p[at] != UInt8(truncatingIfNeeded: expected) {
                error = .invalidLiteral
                return .error
            }
            at &+= 1
            expected >>= 8
        }
        return token
    }

    /// A number, from its first byte at `at`; it ends at the first byte that cannot continue it,
    /// so one that reaches `stop` is cut (`.eof`).
    private mutating func number(_ p: UnsafePointer<UInt8>, at: inout Int, stop: Int) -> Token {
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
        /// Reads bytes while they are digits; `c` ends as the first byte that is not one. False when
        /// the run reaches `stop` (the number may go on in the next chunk).
        @inline(__always) func digitRun(_ c: inout UInt8, _ at: inout Int) -> Bool {
            repeat {
                if at >= stop { return false }
                c = p[at]
                at &+= 1
            } while isDigit(c)
            return true
        }
        if at >= stop { return .eof }
        var c = p[at]
        at &+= 1
        if c == UInt8(ascii: "-") {
            if at >= stop { return .eof }
            c = p[at]
            at &+= 1
        }
        if c == UInt8(ascii: "0") {
            if at >= stop { return .eof }
            c = p[at]
            at &+= 1
        } else if c >= UInt8(ascii: "1") && c <= UInt8(ascii: "9") {
            guard digitRun(&c, &at) else { return .eof }
        } else {
            at &-= 1
            error = .noDigitAfterMinus
            return .error
        }
        var token = Token.integer
        if c == UInt8(ascii: ".") {
            if at >= stop { return .eof }
            c = p[at]
            at &+= 1
            guard isDigit(c) else {
                at &-= 1
                error = .noDigitAfterDecimal
                return .error
            }
            guard digitRun(&c, &at) else { return .eof }
            token = .double
        }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            if at >= stop { return .eof }
            c = p[at]
            at &+= 1
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                if at >= stop { return .eof }
                c = p[at]
                at &+= 1
            }
            guard isDigit(c) else {
                at &-= 1
                error = .noDigitAfterExponent
                return .error
            }
            guard digitRun(&c, &at) else { return .eof }
            token = .double
        }
        // The byte after the number was read to see it end: it is not the number's.
        at &-= 1
        return token
    }

    /// A string, after its opening quote.
    private mutating func string(_ p: UnsafePointer<UInt8>, at: inout Int, stop: Int) -> Token {
        var escapes = false
        while true {
            at = skipPlain(p, from: at, stop: stop)
            if at >= stop { return .eof }
            let c = p[at]
            at &+= 1
            if c == UInt8(ascii: "\"") {
                return escapes ? .stringWithEscapes : .string
            } else if c == UInt8(ascii: "\\") {
                escapes = true
                if at >= stop { return .eof }
                let e = p[at]
                at &+= 1
                if e == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        if at >= stop { return .eof }
                        let h = p[at]
                        at &+= 1
                        guard Self.isHex(h) else {
                            at &-= 1
                            error = .invalidHex
                            return .error
                        }
                    }
                } else if !Self.isEscape(e) {
                    at &-= 1
                    error = .invalidEscape
                    return .error
                }
            } else if c < 0x20 {
                at &-= 1
                error = .controlInString
                return .error
            } else if validateStrings {
                // yajl's UTF-8 check (a byte >= 0x80 here): a lead byte and as many continuation
                // bytes as it announces, no more.
                let continuations: Int
                if c >> 5 == 0x6 {
                    continuations = 1
                } else if c >> 4 == 0xE {
                    continuations = 2
                } else if c >> 3 == 0x1E {
                    continuations = 3
                } else {
                    error = .invalidUTF8
                    return .error
                }
                for _ in 0..<continuations {
                    if at >= stop { return .eof }
                    let b = p[at]
                    at &+= 1
                    guard b >> 6 == 0x2 else {
                        error = .invalidUTF8
                        return .error
                    }
                }
            }
        }
    }

    /// The index of the first byte from `from` that a string must look at: a quote, a backslash, a
    /// control character, and (when strings are checked) a byte of a multi-byte character; eight
    /// bytes at a time.
    @inline(__always)
    private func skipPlain(_ p: UnsafePointer<UInt8>, from: Int, stop: Int) -> Int {
        var i = from
        let quotes = SWAR.broadcast(UInt8(ascii: "\""))
        let backslashes = SWAR.broadcast(UInt8(ascii: "\\"))
        let controls = SWAR.broadcast(0x20)
        let highs: UInt64 = validateStrings ? SWAR.highs : 0
        while i &+ 8 <= stop {
            let word = SWAR.load(p, i)
            let below = (word &- controls) & ~word & SWAR.highs
            let special =
                SWAR.zeroBytes(word ^ quotes) | SWAR.zeroBytes(word ^ backslashes) | below | (word & highs)
            if special != 0 { break }
            i &+= 8
        }
        while i < stop {
            let c = p[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || (validateStrings && c >= 0x80) {
                return i
            }
            i &+= 1
        }
        return i
    }

    @inline(__always) private static func isHex(_ c: UInt8) -> Bool {
        (c &- 0x30 < 10) || ((c | 0x20) &- 0x61 < 6)
    }

    @inline(__always) private static func isEscape(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            true
        default: false
        }
    }

    /// A comment, after its `/` (comments allowed): `//` to the end of the line, `/* … */`.
    private mutating func comment(_ p: UnsafePointer<UInt8>, at: inout Int, stop: Int) -> Token {
        if at >= stop { return .eof }
        let c = p[at]
        at &+= 1
        if c == UInt8(ascii: "/") {
            while true {
                if at >= stop { return .eof }
                let b = p[at]
                at &+= 1
                if b == 0x0A { return .comment }
            }
        } else if c == UInt8(ascii: "*") {
            while true {
                if at >= stop { return .eof }
                let b = p[at]
                at &+= 1
                if b == UInt8(ascii: "*") {
                    if at >= stop { return .eof }
                    let after = p[at]
                    at &+= 1
                    if after == UInt8(ascii: "/") { return .comment }
                    at &-= 1
                }
            }
        } else {
            error = .invalidChar
            return .error
        }
    }

    // MARK: Escapes

    /// Decodes the escapes of a string's raw bytes (already checked) into `decoded`, the way yajl
    /// hands such a string to its callback (the fast pass decodes member names with it too).
    package static func decode(_ start: UnsafeRawPointer?, _ length: Int, into decoded: inout [UInt8]) {
        decoded.removeAll(keepingCapacity: true)
        guard let start, length > 0 else { return }
        let s = start.assumingMemoryBound(to: UInt8.self)
        var i = 0
        while i < length {
            let c = s[i]
            guard c == UInt8(ascii: "\\") else {
                decoded.append(c)
                i &+= 1
                continue
            }
            let e = s[i &+ 1]
            i &+= 2
            switch e {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var code = Self.hexValue(s + i)
                i &+= 4
                if code & 0xFC00 == 0xD800 {
                    // A high surrogate: a `\u` escape must follow, whatever it holds.
                    // (Upstream yajl 2.1.0 also passed over the character after a lone one and could
                    // read past the string; the libyajl Linux links, with the CVE-2017-16516 fix,
                    // does neither, and neither does this.)
                    guard i &+ 5 < length, s[i] == UInt8(ascii: "\\"), s[i &+ 1] == UInt8(ascii: "u") else {
                        decoded.append(UInt8(ascii: "?"))
                        continue
                    }
                    let low = Self.hexValue(s + (i &+ 2))
                    i &+= 6
                    code = ((code & 0x3F) << 10) | ((((code >> 6) & 0xF) &+ 1) << 16) | (low & 0x3FF)
                }
                appendUTF8(code, to: &decoded)
            default: decoded.append(e)
            }
        }
    }

    private static func hexValue(_ p: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = p[k]
            let digit: UInt32 = c <= UInt8(ascii: "9") ? UInt32(c &- 0x30) : UInt32((c | 0x20) &- 0x61 &+ 10)
            value = value << 4 | digit
        }
        return value
    }

    private static func appendUTF8(_ code: UInt32, to decoded: inout [UInt8]) {
        switch code {
        case 0..<0x80:
            decoded.append(UInt8(code))
        case 0x80..<0x800:
            decoded.append(UInt8(0xC0 | (code >> 6)))
            decoded.append(UInt8(0x80 | (code & 0x3F)))
        case 0x800..<0x10000:
            decoded.append(UInt8(0xE0 | (code >> 12)))
            decoded.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
            decoded.append(UInt8(0x80 | (code & 0x3F)))
        case 0x10000..<0x200000:
            decoded.append(UInt8(0xF0 | (code >> 18)))
            decoded.append(UInt8(0x80 | ((code >> 12) & 0x3F)))
            decoded.append(UInt8(0x80 | ((code >> 6) & 0x3F)))
            decoded.append(UInt8(0x80 | (code & 0x3F)))
        default:
            decoded.append(UInt8(ascii: "?"))
        }
    }
}

/// Bytes in memory of their own, which stay put until the next append: a cut token's first bytes,
/// whose address the callbacks are handed.
private struct OwnedBytes {
    private(set) var base: UnsafeMutablePointer<UInt8> = .allocate(capacity: 64)
    private(set) var count = 0
    private var capacity = 64

    mutating func append(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        if count &+ n > capacity {
            capacity = max(capacity &* 2, count &+ n)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
        }
        (base + count).update(from: bytes, count: n)
        count &+= n
    }

    mutating func removeAll() { count = 0 }

    var isEmpty: Bool { count == 0 }

    func deallocate() { base.deallocate() }
}
