// The exact pass: what ``JSONStreamParser`` always runs, and what ``JSONValidator`` runs when it
// must say where and why a document is invalid (or when the fast pass, ``FastPass``, found it
// invalid). Each chunk goes to the byte scanner (strict UTF-8, comments, where tokens start), then
// to yajl with callbacks (``CallbackState``: events, depth, duplicate names, paths) up to the hold
// point; the unfinished token after it waits in the held-back-token buffer (``HeldToken``) for the
// next chunk. Every failure, the scanner's or yajl's, becomes a ``JSONSyntaxError`` with an exact
// location, path and excerpt.

/// Parses a document chunk by chunk and describes its first error exactly, wherever the chunks were cut.
///
/// Chunking invariant: no token is split between two `yajl_parse` calls. The bytes of a token that
/// the chunk ends inside (a string from its opening quote, a number or literal, the first bytes of a
/// multi-byte character outside a string) are held back for the next chunk, so the start of whatever
/// yajl complains about is always in memory. Punctuation after the last event in earlier buffers is
/// remembered in `tailTokens`. Together these make every location independent of how the input was
/// cut into chunks.
package final class ExactPass {
    let options: JSONParseOptions
    let state: UnsafeMutablePointer<CallbackState>
    /// yajl or the Swift grammar, calling back into `state`.
    private let grammar: Grammar
    private var scanner: ByteScanner
    private var lines = LineTracker()
    /// The unfinished token held back from yajl.
    private let held: HeldToken
    /// Total bytes received.
    package private(set) var received = 0
    /// Starts (absolute) and first bytes of the first two tokens after `lastEventEnd` in earlier
    /// buffers, and how many there were.
    private var tailTokens: [Int] = []
    private var tailTokenBytes: [UInt8] = []
    private var tailTokenCount = 0
    package private(set) var failure: JSONSyntaxError?
    /// An error whose excerpt still waits for the bytes after the spot.
    private var pending: (error: JSONSyntaxError, excerpt: ExcerptBuilder)?
    private var lastExcerpt: ExcerptBuilder?
    package private(set) var finished = false
    /// Bytes handed to `yajl_parse` so far (tests check that long tokens are kept away from it).
    package private(set) var yajlByteCount = 0
    /// The most bytes of an unfinished token held back at the end of a chunk.
    package var maxHeldByteCount: Int { held.maxByteCount }

    /// Whether events go to a handler (which needs every token's text: nothing is let go of).
    private let hasSink: Bool

    /// A held token is let go of (without a handler) once this many of its bytes are in memory.
    package static let defaultLetGoThreshold = HeldToken.defaultLetGoThreshold

    /// - Parameters:
    ///   - options: strictness and the engine (the framing is the caller's: one document here).
    ///   - sink: receives the events, with their context.
    ///   - letGoThreshold: how many bytes of a held token the exact pass keeps before it lets go of
    ///     them (tests use tiny values to let go all the time).
    package init(
        options: JSONParseOptions, sink: ((JSONEvent, JSONEventContext) -> Void)? = nil,
        letGoThreshold: Int = ExactPass.defaultLetGoThreshold
    ) {
        self.options = options
        hasSink = sink != nil
        held = HeldToken(letGoThreshold: letGoThreshold)
        state = .allocate(capacity: 1)
        state.initialize(
            to: CallbackState(
                maxDepth: options.maxDepth, checkDuplicates: !options.allowDuplicateKeys,
                tracksPositions: true))
        state.pointee.selfPointer = state
        state.pointee.sink = sink
        scanner = ByteScanner(allowComments: options.allowComments)
        grammar = Grammar(
            engine: options.engine.resolved, scalars: true, structure: true, context: state,
            allowComments: options.allowComments, validateStrings: true)
        state.pointee.grammar = grammar
    }

    deinit {
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Starts a new document (JSON Lines), keeping the allocations.
    package func reset() {
        grammar.reset()
        state.pointee.reset()
        scanner = ByteScanner(allowComments: options.allowComments)
        lines = LineTracker()
        held.reset()
        received = 0
        tailTokens.removeAll(keepingCapacity: true)
        tailTokenBytes.removeAll(keepingCapacity: true)
        tailTokenCount = 0
        failure = nil
        pending = nil
        lastExcerpt = nil
        finished = false
    }

    // MARK: Feeding

    /// Feeds the next chunk.
    /// - Parameter alongside: work to run after the chunk (a file reader passes the read of the next
    ///   chunk into another buffer). Not run when the pass has already failed.
    package func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)? = nil) throws(JSONSyntaxError) {
        if let failure { throw failure }
        defer { alongside?() }
        precondition(!finished, "JSONStreamParser.feed called after finish()")
        guard let raw = chunk.baseAddress, chunk.count > 0 else { return }
        if pending != nil {
            received += chunk.count
            pending!.excerpt.extend(chunk.assumingMemoryBound(to: UInt8.self))
            try throwIfExcerptComplete()
            return
        }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        let n = chunk.count
        let chunkBase = received
        received += n
        let scan = scanner.scan(p, count: n, base: chunkBase)
        let wasHolding = held.isHolding
        var continuing = false

        let error: JSONSyntaxError? = held.bytes.withUnsafeBufferPointer { carried -> JSONSyntaxError? in
            var regions = Regions()
            if carried.count > 0 { regions.spans.append((held.base, carried.baseAddress!, carried.count)) }
            regions.spans.append((chunkBase, UnsafePointer(p), n))

            if let scanError = scan.error {
                return probe(
                    upTo: scanError, from: wasHolding ? held.base : chunkBase, standIn: wasHolding ? held.standIn : [],
                    regions: regions)
            }

            let cut = holdPoint(p, n, chunkBase: chunkBase)
            if wasHolding {
                guard let exit = held.exit(p, n, firstExit: scan.firstExit), chunkBase + exit <= cut else {
                    continuing = true
                    return nil  // the held token goes on
                }
                var first = held.standIn
                first.append(contentsOf: carried)
                first.append(contentsOf: UnsafeBufferPointer(start: p, count: exit))
                let base = held.base - held.standIn.count
                if let error = first.withUnsafeBufferPointer({
                    parse($0.baseAddress!, $0.count, base: base, regions: regions)
                }) {
                    return error
                }
                if cut > chunkBase + exit,
                    let error = parse(p + exit, cut - chunkBase - exit, base: chunkBase + exit, regions: regions)
                {
                    return error
                }
            } else if cut > chunkBase,
                let error = parse(p, cut - chunkBase, base: chunkBase, regions: regions)
            {
                return error
            }
            regions.forEachSpan(from: lines.trackedUpTo, to: cut) { lines.advance(over: $0, count: $1) }
            return nil
        }
        if let error {
            try fail(error)
            return
        }
        // Keep what was not fed: the unfinished token.
        if continuing {
            // Still the token that started in an earlier chunk.
            held.extend(p, n)
        } else {
            held.restart(at: holdPoint(p, n, chunkBase: chunkBase), in: p, chunkBase: chunkBase, received: received)
        }
        // (A held `/` becomes a comment with the next byte.)
        switch scanner.mode {
        case .string: held.kind = .string
        case .lineComment, .blockComment: held.kind = .comment
        case .outside: held.kind = scanner.pendingOutsideCharacter ? .character : .bare
        }
        if !continuing {
            // A string that starts here and goes on past the chunk: if the grammar does not take a
            // string here, that is the error now (its first byte is in memory; its end may never come).
            if held.kind == .string, held.base == scanner.stringStart, held.base < received {
                let error: JSONSyntaxError? = held.bytes.withUnsafeBufferPointer { carried in
                    var regions = Regions()
                    regions.spans.append((held.base, carried.baseAddress!, carried.count))
                    return misplacedError(at: held.base, first: UInt8(ascii: "\""), regions: regions)
                }
                if let error { try fail(error) }
            }
        }
        if !hasSink && held.bytes.count >= held.letGoThreshold {
            try letGoOfHeldBytes()
        }
        held.noteSize()
    }

    // MARK: Letting go of long tokens

    /// Lets go of the bytes of a long held token when nothing later can need them: a string value
    /// (not a member name: duplicates are compared and paths are built from names), a number, a
    /// comment. Their checks are done here (the byte scanner has done UTF-8 and surrogates): for a
    /// string what yajl's lexer would check, and, for a string or number, the grammar's acceptance
    /// of the token where it starts. The bytes go up to a point where nothing is pending (no escape,
    /// no surrogate pair or multi-byte character cut in two, no `*` that a `/` may close, digits
    /// that a stand-in can continue); line counting moves past them, so later locations and
    /// excerpts stay exact.
    private func letGoOfHeldBytes() throws(JSONSyntaxError) {
        let newToken = held.standIn.isEmpty
        guard newToken || held.standInKind == held.kind else { return }
        var end = held.bytes.count
        if let character = scanner.pendingCharacterStart { end = min(end, character - held.base) }
        var replacement: [UInt8]
        switch held.kind {
        case .string:
            guard scanner.mode == .string else { return }
            if newToken {
                guard held.base == scanner.stringStart,
                    case let current = currentToken(piece: nil, count: 0), current.start == nil,
                    current.expectation == .value || current.expectation == .valueOrEnd
                else { return }
            }
            let skip = newToken ? 1 : 0
            var skipper = StringSkipper()
            let outcome = held.bytes.withUnsafeBufferPointer { skipper.scan($0.baseAddress! + skip, $0.count - skip) }
            switch outcome {
            case .continues:
                end = min(end, skip + skipper.safeEnd(held.bytes.count - skip))
            case .invalid(let at, let problem):
                let offset = held.base + skip + at
                let error: JSONSyntaxError = held.bytes.withUnsafeBufferPointer { carried in
                    var regions = Regions()
                    regions.spans.append((held.base, carried.baseAddress!, carried.count))
                    let context = ErrorContext(
                        state: state.pointee, regions: regions, offset: offset, received: received,
                        inString: true, allowComments: options.allowComments)
                    let (kind, reason, path) = SyntaxDiagnosis.inString(problem).describe(context)
                    return makeError(kind: kind, reason: reason, at: offset, path: path, regions: regions)
                }
                try fail(error)
                return
            case .closes:
                return  // the scanner and the skipper disagree: keep the bytes, yajl decides
            }
            replacement = [UInt8(ascii: "\"")]
        case .bare:
            let scanned = held.numberScanned
            let last = held.bytes.withUnsafeBufferPointer {
                held.number.advance(over: $0.baseAddress! + scanned, $0.count - scanned)
            }
            held.numberScanned = held.bytes.count
            // Only a run that is all number so far, up to the last byte after which more digits
            // would change nothing.
            guard held.number.state != .notANumber, let last, let numberStandIn = last.state.standIn else { return }
            end = min(end, scanned + last.end)
            if newToken {
                let current = currentToken(piece: nil, count: 0)
                guard current.start == nil else { return }
                if current.expectation != .value && current.expectation != .valueOrEnd {
                    let error: JSONSyntaxError? = held.bytes.withUnsafeBufferPointer { carried in
                        var regions = Regions()
                        regions.spans.append((held.base, carried.baseAddress!, carried.count))
                        return misplacedError(at: held.base, first: carried[0], regions: regions)
                    }
                    if let error { try fail(error) }
                    return
                }
            }
            replacement = numberStandIn
        case .comment:
            switch scanner.mode {
            case .lineComment: replacement = Array("//".utf8)
            case .blockComment: replacement = Array("/*".utf8)
            default: return
            }
            if newToken { guard held.base == scanner.commentStart else { return } }
            // Keep a final `*`: with a `/` after it, it closes the comment.
            if scanner.mode == .blockComment && held.bytes.last == UInt8(ascii: "*") {
                end = min(end, held.bytes.count - 1)
            }
        case .character:
            return
        }
        guard end > 0 else { return }
        held.bytes.withUnsafeBufferPointer { lines.advance(over: $0.baseAddress!, count: end) }
        held.letGo(upTo: end, standIn: replacement)
    }

    /// Where the bytes held back from yajl start (or `received` when nothing is held): an unfinished
    /// string from its opening quote, an unfinished comment from its opening `/`, an unfinished
    /// character between tokens, a `/` that ends the chunk (comments allowed: its meaning depends on
    /// the next byte), or the bare token (number or literal) that ends the chunk; each together with
    /// the bare token glued to its front (`2` in `02"…`, `126` in `[[]126é`, `-1` in `-1/`).
    ///
    /// yajl keeps an unfinished token at the end of its buffer pending and complains about it only
    /// on a later call, when its bytes would be gone; and a buffer that starts inside a comment
    /// would make the token scan behind error locations (``tokenStart(_:piece:count:)``) misread it.
    private func holdPoint(_ p: UnsafePointer<UInt8>, _ n: Int, chunkBase: Int) -> Int {
        let start: Int
        switch scanner.mode {
        case .string: start = scanner.stringStart
        case .lineComment, .blockComment: start = scanner.commentStart
        case .outside:
            if scanner.pendingOutsideCharacter {
                start = scanner.utf8Start
            } else {
                start = scanner.pendingSlash ? chunkBase + n - 1 : chunkBase + n
            }
        }
        // Started in an earlier chunk: everything from there is already held (or let go of).
        guard start >= chunkBase else {
            if !held.standIn.isEmpty { return held.base }
            return held.bytes.isEmpty ? start : min(held.base, start)
        }
        // With comments allowed, a `/` here that does not close a block comment opens none either
        // (the scanner would be inside it): yajl reads it and the run after it as one bad comment
        // token (`-1/2`), so it is held too, with whatever is glued before it (`-2/#/3`).
        let slashes = options.allowComments
        var j = start - chunkBase
        while j > 0 {
            let b = p[j - 1]
            guard Tokens.isBare(b) || slashes && b == UInt8(ascii: "/") && chunkBase + j - 1 > scanner.lastCommentEnd
            else { break }
            j -= 1
        }
        if j == 0 && held.isHolding && held.kind == .bare { return held.base }
        return chunkBase + j
    }

    /// Ends the document: everything received must form one complete value.
    package func finish() throws(JSONSyntaxError) {
        if let failure { throw failure }
        guard !finished else { return }
        finished = true
        if pending != nil {
            pending!.excerpt.close()
            try throwIfExcerptComplete()
        }
        let letGoOfString = !held.standIn.isEmpty && held.standInKind == .string
        let error: JSONSyntaxError? = held.bytes.withUnsafeBufferPointer { carried -> JSONSyntaxError? in
            var regions = Regions()
            if carried.count > 0 { regions.spans.append((held.base, carried.baseAddress!, carried.count)) }
            if held.isHolding {
                var view = held.standIn
                view.append(contentsOf: carried)
                let base = held.base - held.standIn.count
                if let error = view.withUnsafeBufferPointer({
                    parse($0.baseAddress!, $0.count, base: base, regions: regions)
                }) {
                    return error
                }
            }
            if let scanError = scanner.finish() {
                return makeError(
                    kind: scanError.kind, reason: scanError.reason, at: scanError.offset,
                    path: state.pointee.nextValuePath(), regions: regions)
            }
            // yajl takes a token that the input leaves open for one that may still go on, and after
            // a complete document it asks nothing more: `{} "x` and `[] /*` would pass.
            switch scanner.mode {
            case .blockComment:
                return makeError(
                    kind: .unexpectedEndOfInput, reason: "unexpected end of input inside a comment (missing '*/')",
                    at: received, path: state.pointee.nextValuePath(), regions: regions)
            case .string:
                // (A string let go of was a value where the grammar takes one.)
                if !letGoOfString,
                    let error = misplacedError(at: scanner.stringStart, first: UInt8(ascii: "\""), regions: regions)
                {
                    return error
                }
            case .outside, .lineComment:
                break
            }
            state.pointee.pieceBase = received
            let status = grammar.complete()
            if status == .ok { return nil }
            return yajlError(status, piece: nil, count: 0, regions: regions, atEnd: true)
        }
        if let error {
            try fail(error)
        }
    }

    /// Records an error; throws it now if its excerpt is complete, else once the bytes after the
    /// spot have arrived (or at `finish`).
    private func fail(_ error: JSONSyntaxError) throws(JSONSyntaxError) {
        guard let excerpt = lastExcerpt else {
            failure = error
            throw error
        }
        lastExcerpt = nil
        pending = (error, excerpt)
        if finished { pending!.excerpt.close() }
        try throwIfExcerptComplete()
    }

    private func throwIfExcerptComplete() throws(JSONSyntaxError) {
        guard let (error, excerpt) = pending, excerpt.isComplete else { return }
        var complete = error
        complete.excerpt = excerpt.excerpt
        SyntaxDiagnosis.refine(&complete, following: excerpt.following)
        pending = nil
        failure = complete
        throw complete
    }

    /// A pre-pass error at `scanError.offset`: first let yajl see everything before it (closing an
    /// open string with a synthetic quote), so an earlier grammar error wins.
    private func probe(upTo scanError: ScanError, from fedStart: Int, standIn: [UInt8], regions: Regions)
        -> JSONSyntaxError
    {
        var buffer = standIn
        buffer.reserveCapacity(standIn.count + scanError.offset - fedStart + 1)
        regions.forEachSpan(from: fedStart, to: scanError.offset) {
            buffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: $1))
        }
        buffer.append(scanError.insideString ? UInt8(ascii: "\"") : UInt8(ascii: " "))
        state.pointee.syntheticEnd = scanError.insideString ? scanError.offset + 1 : -1
        let base = fedStart - standIn.count
        let earlier = buffer.withUnsafeBufferPointer { parse($0.baseAddress!, $0.count, base: base, regions: regions) }
        state.pointee.syntheticEnd = -1
        if let earlier, earlier.location.offset <= scanError.offset { return earlier }
        let path = scanError.insideString ? state.pointee.stringPath() : state.pointee.nextValuePath()
        return makeError(
            kind: scanError.kind, reason: scanError.reason, at: scanError.offset, path: path, regions: regions)
    }

    /// Runs yajl over one buffer that starts at absolute offset `base`.
    private func parse(_ p: UnsafePointer<UInt8>, _ count: Int, base: Int, regions: Regions) -> JSONSyntaxError? {
        state.pointee.pieceBase = base
        yajlByteCount &+= count
        let status = grammar.parse(p, count)
        if status == .ok {
            recordTail(p, count, base: base)
            return nil
        }
        return yajlError(status, piece: p, count: count, regions: regions, atEnd: false)
    }

    /// Remembers the token starts after the last event in this buffer.
    private func recordTail(_ p: UnsafePointer<UInt8>, _ count: Int, base: Int) {
        let lastEnd = state.pointee.lastEventEnd
        var i: Int
        if lastEnd >= base {
            tailTokens.removeAll(keepingCapacity: true)
            tailTokenBytes.removeAll(keepingCapacity: true)
            tailTokenCount = 0
            i = lastEnd - base
        } else {
            i = 0
        }
        while let start = Tokens.nextStart(p, count, from: i, comments: options.allowComments) {
            if tailTokens.count < 2 {
                tailTokens.append(base + start)
                tailTokenBytes.append(p[start])
            }
            tailTokenCount += 1
            i = Tokens.end(p, count, at: start)
        }
    }

    /// The token yajl is at when it stops (or would read next): the first token after the last
    /// event, past the one `,` or `:` the grammar accepted there (no other token is accepted without
    /// an event). Returns its absolute start (nil when it is not in view: held back, or not there)
    /// and the grammar's expectation at that point.
    ///
    /// yajl lexes a token before its parser judges it, so a token that is both misplaced and
    /// malformed (`[1 f]`) comes back as a lexical error further on; this start is where the
    /// grammar already rejected it.
    private func currentToken(piece p: UnsafePointer<UInt8>?, count: Int) -> (
        start: Int?, expectation: GrammarExpectation
    ) {
        let s = state.pointee
        var starts: [(Int, UInt8)] = []
        if s.lastEventEnd < s.pieceBase || p == nil {
            for (start, byte) in zip(tailTokens, tailTokenBytes) { starts.append((start, byte)) }
        }
        if let p, starts.count < 2 {
            var i = max(s.lastEventEnd, s.pieceBase) - s.pieceBase
            while starts.count < 2, let start = Tokens.nextStart(p, count, from: i, comments: options.allowComments) {
                starts.append((s.pieceBase + start, p[start]))
                i = Tokens.end(p, count, at: start)
            }
        }
        let accepted = starts.first.flatMap { GrammarExpectation.acceptsPunctuation($0.1, after: s) ? $0.1 : nil }
        let k = accepted == nil ? 0 : 1
        return (k < starts.count ? starts[k].0 : nil, GrammarExpectation(after: s, punctuation: accepted))
    }

    // MARK: Errors

    private func yajlError(
        _ status: GrammarStatus, piece p: UnsafePointer<UInt8>?, count: Int,
        regions: Regions, atEnd: Bool
    ) -> JSONSyntaxError {
        let s = state.pointee
        if status == .canceled, let failure = s.failure {
            switch failure {
            case .duplicateKey(let key, let end):
                let start = p.map { Tokens.stringStart(endingAt: end - s.pieceBase, in: $0) + s.pieceBase } ?? end
                return makeError(
                    kind: .duplicateKey, reason: "duplicate key \(JSONPath.quoted(key))",
                    at: start, path: s.containerPath().appending(key: key), regions: regions)
            case .tooDeep(let offset):
                return makeError(
                    kind: .nestingTooDeep,
                    reason: "nesting deeper than the maximum depth of \(options.maxDepth)",
                    at: offset, path: s.currentValuePath(), regions: regions)
            }
        }
        let consumed = grammar.consumed
        var classified = SyntaxDiagnosis(grammar.error, atEnd: atEnd)
        let current = currentToken(piece: p, count: count)
        let currentStart = current.start ?? (p == nil ? received : s.pieceBase + count)
        var offset: Int
        switch classified.anchor {
        case .offendingByte(let delta):
            offset = atEnd ? received : s.pieceBase + consumed + delta
            // A lexical error inside a token the grammar does not accept here anyway: the token's
            // first byte is the first one that cannot continue the document. Likewise a `/` that
            // opens no comment is reported at the `/`.
            if currentStart <= offset, let first = regions.byte(at: currentStart) {
                if let misplaced = SyntaxDiagnosis.misplaced(first, current.expectation) {
                    classified = misplaced
                    offset = currentStart
                } else if options.allowComments && first == UInt8(ascii: "/") {
                    classified = .straySlash
                    offset = currentStart
                }
            }
        case .token:
            offset = currentStart
        case .end:
            offset = received
        }
        offset = min(max(offset, 0), received)
        let context = ErrorContext(
            state: s, regions: regions, offset: offset, received: received,
            inString: scanner.mode == .string, allowComments: options.allowComments)
        let (kind, reason, path) = classified.describe(context)
        return makeError(kind: kind, reason: reason, at: offset, path: path, regions: regions)
    }

    /// The error for a token at `start` (with `first` its first byte) that the grammar does not
    /// accept there, or nil when it does. Used for a token held back from yajl (an unfinished string).
    private func misplacedError(at start: Int, first: UInt8, regions: Regions) -> JSONSyntaxError? {
        let current = currentToken(piece: nil, count: 0)
        guard current.start == nil || current.start == start,
            let diagnosis = SyntaxDiagnosis.misplaced(first, current.expectation)
        else { return nil }
        let context = ErrorContext(
            state: state.pointee, regions: regions, offset: start, received: received,
            inString: false, allowComments: options.allowComments)
        let (kind, reason, path) = diagnosis.describe(context)
        return makeError(kind: kind, reason: reason, at: start, path: path, regions: regions)
    }

    private func makeError(
        kind: JSONSyntaxError.Kind, reason: String, at offset: Int, path: JSONPath,
        regions: Regions
    ) -> JSONSyntaxError {
        let location = lines.location(of: offset, in: regions)
        let builder = ExcerptBuilder(
            at: offset, regions: regions, before: lines.tail, tailEnd: lines.trackedUpTo, atEnd: finished)
        lastExcerpt = builder
        return JSONSyntaxError(kind: kind, reason: reason, location: location, path: path, excerpt: builder.excerpt)
    }
}
