import CYajl

/// The streaming core behind ``JSONStreamParser`` and ``JSONValidator``: strictness pre-pass, yajl
/// in chunks, callback state, and the translation of every failure into a ``JSONSyntaxError`` with an
/// exact location.
///
/// Chunking invariant: no token is split between two `yajl_parse` calls. The bytes of a token that
/// the chunk ends inside (a string from its opening quote, a number or literal, the first bytes of a
/// multi-byte character outside a string) are carried to the next chunk, so the start of whatever
/// yajl complains about is always in memory. Punctuation after the last event in earlier buffers is
/// remembered in `tailTokens`. Together these make every location independent of how the input was
/// cut into chunks.
final class _Engine {
    let options: JSONParseOptions
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>
    let state: UnsafeMutablePointer<_CallbackState>
    private var handle: OpaquePointer
    private var scanner: _ByteScanner
    private var lines = _LineTracker()
    /// The bytes of an unfinished token, held back from yajl.
    private var carry: [UInt8] = []
    private var carryBase = 0
    private enum CarryKind { case string, comment, bare, character }
    private var carryKind = CarryKind.string
    /// Total bytes received.
    private(set) var received = 0
    /// Starts (absolute) and first bytes of the first two tokens after `lastEventEnd` in earlier
    /// buffers, and how many there were.
    private var tailTokens: [Int] = []
    private var tailTokenBytes: [UInt8] = []
    private var tailTokenCount = 0
    private(set) var failure: JSONSyntaxError?
    /// An error whose excerpt still waits for the bytes after the spot.
    private var pending: (error: JSONSyntaxError, excerpt: _ExcerptBuilder)?
    private var lastExcerpt: _ExcerptBuilder?
    private(set) var finished = false

    /// The fast pass: only says valid or not (any error is a placeholder), with no location
    /// tracking, no held tokens and no scalar callbacks. Comments need the exact scanner.
    let fast: Bool
    /// The fast pass's strictness, depth and duplicate checks (yajl then runs with no callbacks).
    private let structure: _ParallelStructureCheck?
    /// Fast pass: while a string that ran past the end of a chunk goes on, yajl is not given its
    /// bytes; this checks them and finds where it closes (see `LongTokens.swift`).
    private var skippedString: _StringSkipper?
    /// Fast pass: the bytes yajl holds at the end of what it was given, for skipping the digits
    /// that only lengthen a number.
    private var fedTail = _FedTail()
    /// Bytes handed to `yajl_parse` so far (tests check that long tokens are kept away from it).
    private(set) var yajlByteCount = 0
    /// Exact pass: the most bytes of an unfinished token held back at the end of a chunk.
    private(set) var maxHeldByteCount = 0

    /// Whether events go to a handler (which needs every token's text: nothing is let go of).
    private let hasSink: Bool

    /// - Parameter letGoThreshold: how many bytes of a held token the exact pass keeps before it
    ///   lets go of them (tests use tiny values to let go all the time).
    init(options: JSONParseOptions, sink: ((JSONEvent, JSONEventContext) -> Void)? = nil, fast: Bool = false,
         letGoThreshold: Int = _Engine.defaultLetGoThreshold) {
        self.options = options
        hasSink = sink != nil
        self.letGoThreshold = max(1, letGoThreshold)
        self.fast = fast && sink == nil && !options.allowComments
        callbacks = _makeYajlCallbacks(scalars: !self.fast, structure: !self.fast)
        structure = self.fast ? _ParallelStructureCheck(options: options) : nil
        state = .allocate(capacity: 1)
        state.initialize(to: _CallbackState(maxDepth: options.maxDepth, checkDuplicates: !options.allowDuplicateKeys,
                                            tracksPositions: !self.fast))
        state.pointee.selfPointer = state
        state.pointee.sink = sink
        scanner = _ByteScanner(allowComments: options.allowComments)
        handle = Self.makeHandle(callbacks, state, options, fast: self.fast)
        state.pointee.handle = handle
    }

    deinit {
        yajl_free(handle)
        // yajl kept a pointer to the table until the handle was freed; only now can it go.
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    private static func makeHandle(_ callbacks: UnsafeMutablePointer<yajl_callbacks>,
                                   _ state: UnsafeMutablePointer<_CallbackState>,
                                   _ options: JSONParseOptions, fast: Bool) -> OpaquePointer {
        guard let handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(state)) else {
            fatalError("yajl_alloc failed: out of memory")
        }
        if options.allowComments {
            _ = wirelock_yajl_config(handle, yajl_allow_comments, 1)
        }
        if fast {
            // The byte scanner has already checked every byte as strict UTF-8 (stricter than
            // yajl's structural check), so yajl need not look at string bytes a second time.
            _ = wirelock_yajl_config(handle, yajl_dont_validate_strings, 1)
        }
        return handle
    }

    /// Starts a new document (JSON Lines), keeping the allocations.
    func reset() {
        yajl_free(handle)
        handle = Self.makeHandle(callbacks, state, options, fast: fast)
        state.pointee.reset()
        state.pointee.handle = handle
        structure?.reset()
        skippedString = nil
        fedTail.reset()
        scanner = _ByteScanner(allowComments: options.allowComments)
        lines = _LineTracker()
        carry.removeAll(keepingCapacity: true)
        carryBase = 0
        standIn.removeAll()
        heldNumber = _NumberScan()
        heldNumberScanned = 0
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
    /// - Parameter alongside: work to run while yajl parses the chunk, on the fast pass's second
    ///   core when it is in use, otherwise after the chunk (a file reader passes the read of the next
    ///   chunk into another buffer). Not run when the engine has already failed.
    func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)? = nil) throws(JSONSyntaxError) {
        if let failure { throw failure }
        defer { if !fast { alongside?() } }
        precondition(!finished, "JSONStreamParser.feed called after finish()")
        guard let raw = chunk.baseAddress, chunk.count > 0 else { return }
        if pending != nil {
            received += chunk.count
            pending!.excerpt.extend(chunk.assumingMemoryBound(to: UInt8.self))
            try throwIfExcerptComplete()
            return
        }
        if fast {
            let base = received
            received += chunk.count
            let p = raw.assumingMemoryBound(to: UInt8.self)
            let n = chunk.count
            let valid: Bool
            let structure = structure!
            // Read before the checker moves on: whether the bytes before this chunk end in a string.
            let inString = structure.endsInString
            if n >= _ParallelStructureCheck.minimumChunk, _ParallelStructureCheck.available {
                // Two cores: the structure check reads the chunk while yajl checks its grammar.
                let escape = inString ? structure.stringEscape : .plain
                structure.start(p, count: n, base: base, then: alongside)
                let grammar = fastGrammar(p, n, inString: inString, escape: escape)
                valid = structure.wait() && grammar
            } else {
                let escape = inString ? structure.stringEscape : .plain
                valid = structure.check(p, count: n, base: base) && fastGrammar(p, n, inString: inString, escape: escape)
                alongside?()
            }
            if !valid {
                failure = Self.fastFailure
                throw Self.fastFailure
            }
            return
        }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        let n = chunk.count
        let chunkBase = received
        received += n
        let scan = scanner.scan(p, count: n, base: chunkBase)
        let held = isHolding
        var continuing = false

        let error: JSONSyntaxError? = carry.withUnsafeBufferPointer { carried -> JSONSyntaxError? in
            var regions = _Regions()
            if carried.count > 0 { regions.spans.append((carryBase, carried.baseAddress!, carried.count)) }
            regions.spans.append((chunkBase, UnsafePointer(p), n))

            if let scanError = scan.error {
                return probe(upTo: scanError, from: held ? carryBase : chunkBase, standIn: held ? standIn : [], regions: regions)
            }

            let cut = holdPoint(p, n, chunkBase: chunkBase)
            if held {
                guard let exit = carryExit(p, n, firstExit: scan.firstExit), chunkBase + exit <= cut else {
                    continuing = true
                    return nil   // the held token goes on
                }
                var first = standIn
                first.append(contentsOf: carried)
                first.append(contentsOf: UnsafeBufferPointer(start: p, count: exit))
                let base = carryBase - standIn.count
                if let error = first.withUnsafeBufferPointer({ parse($0.baseAddress!, $0.count, base: base, regions: regions) }) {
                    return error
                }
                if cut > chunkBase + exit,
                   let error = parse(p + exit, cut - chunkBase - exit, base: chunkBase + exit, regions: regions) {
                    return error
                }
            } else if cut > chunkBase,
                      let error = parse(p, cut - chunkBase, base: chunkBase, regions: regions) {
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
            carry.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        } else {
            let cut = holdPoint(p, n, chunkBase: chunkBase)
            carry.removeAll(keepingCapacity: true)
            standIn.removeAll()
            heldNumber = _NumberScan()
            heldNumberScanned = 0
            if cut < received {
                carry.append(contentsOf: UnsafeBufferPointer(start: p + (cut - chunkBase), count: received - cut))
            }
            carryBase = cut
        }
        // (A held `/` becomes a comment with the next byte.)
        switch scanner.mode {
        case .string: carryKind = .string
        case .lineComment, .blockComment: carryKind = .comment
        case .outside: carryKind = scanner.pendingOutsideCharacter ? .character : .bare
        }
        if !continuing {
            // A string that starts here and goes on past the chunk: if the grammar does not take a
            // string here, that is the error now (its first byte is in memory; its end may never come).
            if carryKind == .string, carryBase == scanner.stringStart, carryBase < received {
                let error: JSONSyntaxError? = carry.withUnsafeBufferPointer { carried in
                    var regions = _Regions()
                    regions.spans.append((carryBase, carried.baseAddress!, carried.count))
                    return misplacedError(at: carryBase, first: UInt8(ascii: "\""), regions: regions)
                }
                if let error { try fail(error) }
            }
        }
        if !hasSink && carry.count >= letGoThreshold {
            try letGoOfHeldBytes()
        }
        maxHeldByteCount = max(maxHeldByteCount, carry.count)
    }

    // MARK: Long tokens (exact pass)

    /// Whether a token is held back from yajl (its bytes in `carry`, or let go of for `standIn`).
    private var isHolding: Bool { !carry.isEmpty || !standIn.isEmpty }

    /// yajl's view of the held token starts with these bytes, standing in for the real ones before
    /// `carryBase` that were checked and let go of: `"` for a string value, `1`, `0.0` or `0e0` for
    /// a number, `/*` or `//` for a comment (see ``letGoOfHeldBytes()``).
    private var standIn: [UInt8] = []
    /// What the stand-in stands for (a held `/` or number can turn into a comment or glue onto a
    /// string while held: such a mixture is never let go of).
    private var standInKind = CarryKind.string
    /// The held bare token read as a number, over its first `heldNumberScanned` bytes.
    private var heldNumber = _NumberScan()
    private var heldNumberScanned = 0
    /// A held token is let go of (without a handler) once this many of its bytes are in memory.
    static let defaultLetGoThreshold = 64 * 1024
    private let letGoThreshold: Int

    /// Lets go of the bytes of a long held token when nothing later can need them: a string value
    /// (not a member name: duplicates are compared and paths are built from names), a number, a
    /// comment. Their checks are done here (the byte scanner has done UTF-8 and surrogates): for a
    /// string what yajl's lexer would check, and, for a string or number, the grammar's acceptance
    /// of the token where it starts. The bytes go up to a point where nothing is pending (no escape,
    /// no surrogate pair or multi-byte character cut in two, no `*` that a `/` may close, digits
    /// that a stand-in can continue); line counting moves past them, so later locations and
    /// excerpts stay exact.
    private func letGoOfHeldBytes() throws(JSONSyntaxError) {
        let newToken = standIn.isEmpty
        guard newToken || standInKind == carryKind else { return }
        var end = carry.count
        if let character = scanner.pendingCharacterStart { end = min(end, character - carryBase) }
        var replacement: [UInt8]
        switch carryKind {
        case .string:
            guard scanner.mode == .string else { return }
            if newToken {
                guard carryBase == scanner.stringStart,
                      case let current = currentToken(piece: nil, count: 0), current.start == nil,
                      current.expectation == .value || current.expectation == .valueOrEnd else { return }
            }
            let skip = newToken ? 1 : 0
            var skipper = _StringSkipper()
            let outcome = carry.withUnsafeBufferPointer { skipper.scan($0.baseAddress! + skip, $0.count - skip) }
            switch outcome {
            case .continues:
                end = min(end, skip + skipper.safeEnd(carry.count - skip))
            case .invalid(let at, let problem):
                let offset = carryBase + skip + at
                let error: JSONSyntaxError = carry.withUnsafeBufferPointer { carried in
                    var regions = _Regions()
                    regions.spans.append((carryBase, carried.baseAddress!, carried.count))
                    let context = _ErrorContext(state: state.pointee, regions: regions, offset: offset, received: received,
                                                inString: true, allowComments: options.allowComments)
                    let (kind, reason, path) = _YajlDiagnosis.inString(problem).describe(context)
                    return makeError(kind: kind, reason: reason, at: offset, path: path, regions: regions)
                }
                try fail(error)
                return
            case .closes:
                return   // the scanner and the skipper disagree: keep the bytes, yajl decides
            }
            replacement = [UInt8(ascii: "\"")]
        case .bare:
            let scanned = heldNumberScanned
            let last = carry.withUnsafeBufferPointer {
                heldNumber.advance(over: $0.baseAddress! + scanned, $0.count - scanned)
            }
            heldNumberScanned = carry.count
            // Only a run that is all number so far, up to the last byte after which more digits
            // would change nothing.
            guard heldNumber.state != .notANumber, let last, let numberStandIn = last.state.standIn else { return }
            end = min(end, scanned + last.end)
            if newToken {
                let current = currentToken(piece: nil, count: 0)
                guard current.start == nil else { return }
                if current.expectation != .value && current.expectation != .valueOrEnd {
                    let error: JSONSyntaxError? = carry.withUnsafeBufferPointer { carried in
                        var regions = _Regions()
                        regions.spans.append((carryBase, carried.baseAddress!, carried.count))
                        return misplacedError(at: carryBase, first: carried[0], regions: regions)
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
            if newToken { guard carryBase == scanner.commentStart else { return } }
            // Keep a final `*`: with a `/` after it, it closes the comment.
            if scanner.mode == .blockComment && carry.last == UInt8(ascii: "*") { end = min(end, carry.count - 1) }
        case .character:
            return
        }
        guard end > 0 else { return }
        carry.withUnsafeBufferPointer { lines.advance(over: $0.baseAddress!, count: end) }
        carryBase += end
        carry.removeSubrange(0..<end)
        if carryKind == .bare {
            heldNumberScanned = carry.count
        }
        standIn = replacement
        standInKind = carryKind
    }

    /// The fast pass's grammar check of one chunk: yajl, except for the bytes of a string that goes
    /// on from the chunk before (checked by a ``_StringSkipper`` instead, so yajl never holds more
    /// than one chunk of it) and the digits that only lengthen a number yajl holds.
    /// - Parameters:
    ///   - inString: whether the bytes before this chunk end inside a string;
    ///   - escape: the escape in progress there.
    private func fastGrammar(_ p: UnsafePointer<UInt8>, _ n: Int, inString: Bool, escape: _StringSkipper.State) -> Bool {
        var from = 0
        if skippedString == nil && inString {
            skippedString = _StringSkipper(state: escape)
            // What yajl holds ends where this chunk starts: note how to close it later.
            bridge = skippedString!.bridge
        }
        if var skipper = skippedString {
            switch skipper.scan(p, n) {
            case .invalid:
                return false
            case .continues:
                skippedString = skipper
                return true
            case .closes(let at):
                skippedString = nil
                if !bridge.isEmpty {
                    guard bridge.withUnsafeBufferPointer({ yajl_parse(handle, $0.baseAddress!, $0.count) }) == yajl_status_ok else { return false }
                }
                from = at
            }
        } else if fedTail.number.repeatsDigits {
            while from < n && p[from] >= UInt8(ascii: "0") && p[from] <= UInt8(ascii: "9") { from &+= 1 }
            if from == n { return true }
        }
        yajlByteCount &+= n &- from
        guard yajl_parse(handle, p + from, n &- from) == yajl_status_ok else { return false }
        fedTail.fed(p + from, n &- from)
        return true
    }

    /// Fast pass: the bytes that complete the escape yajl was left in when it stopped getting the
    /// bytes of a string (see ``fastGrammar``).
    private var bridge: [UInt8] = []

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
            if !standIn.isEmpty { return carryBase }
            return carry.isEmpty ? start : min(carryBase, start)
        }
        // With comments allowed, a `/` here that does not close a block comment opens none either
        // (the scanner would be inside it): yajl reads it and the run after it as one bad comment
        // token (`-1/2`), so it is held too, with whatever is glued before it (`-2/#/3`).
        let slashes = options.allowComments
        var j = start - chunkBase
        while j > 0 {
            let b = p[j - 1]
            guard _Tokens.isBare(b) || slashes && b == UInt8(ascii: "/") && chunkBase + j - 1 > scanner.lastCommentEnd else { break }
            j -= 1
        }
        if j == 0 && isHolding && carryKind == .bare { return carryBase }
        return chunkBase + j
    }

    /// Index in the chunk where the held token is complete, or nil if it goes on. `firstExit` is the
    /// scanner's: just after the byte that first brought it back between tokens.
    private func carryExit(_ p: UnsafePointer<UInt8>, _ n: Int, firstExit: Int?) -> Int? {
        switch carryKind {
        case .string, .comment:
            return firstExit
        case .character:
            return nil   // completing it is an error either way, reported by the scanner
        case .bare:
            // A held `/` and the `*` or `/` after it open a comment: held until it closes.
            if carry.last == UInt8(ascii: "/") && n > 0 && (p[0] == UInt8(ascii: "*") || p[0] == UInt8(ascii: "/")) {
                return firstExit
            }
            var i = 0
            while i < n && _Tokens.isBare(p[i]) { i += 1 }
            guard i < n else { return nil }
            return _Tokens.isWhitespace(p[i]) || _Tokens.isPunctuation(p[i]) ? i + 1 : i
        }
    }

    /// Ends the document: everything received must form one complete value.
    func finish() throws(JSONSyntaxError) {
        if let failure { throw failure }
        guard !finished else { return }
        finished = true
        if fast {
            // A string still open at the end is an error wherever it is; after a complete document
            // yajl would not notice it.
            if yajl_complete_parse(handle) != yajl_status_ok || structure!.endsInString {
                failure = Self.fastFailure
                throw Self.fastFailure
            }
            return
        }
        if pending != nil {
            pending!.excerpt.close()
            try throwIfExcerptComplete()
        }
        let letGoOfString = !standIn.isEmpty && standInKind == .string
        let error: JSONSyntaxError? = carry.withUnsafeBufferPointer { carried -> JSONSyntaxError? in
            var regions = _Regions()
            if carried.count > 0 { regions.spans.append((carryBase, carried.baseAddress!, carried.count)) }
            if isHolding {
                var view = standIn
                view.append(contentsOf: carried)
                let base = carryBase - standIn.count
                if let error = view.withUnsafeBufferPointer({ parse($0.baseAddress!, $0.count, base: base, regions: regions) }) {
                    return error
                }
            }
            if let scanError = scanner.finish() {
                return makeError(kind: scanError.kind, reason: scanError.reason, at: scanError.offset,
                                 path: state.pointee.nextValuePath(), regions: regions)
            }
            // yajl takes a token that the input leaves open for one that may still go on, and after
            // a complete document it asks nothing more: `{} "x` and `[] /*` would pass.
            switch scanner.mode {
            case .blockComment:
                return makeError(kind: .unexpectedEndOfInput, reason: "unexpected end of input inside a comment (missing '*/')",
                                 at: received, path: state.pointee.nextValuePath(), regions: regions)
            case .string:
                // (A string let go of was a value where the grammar takes one.)
                if !letGoOfString, let error = misplacedError(at: scanner.stringStart, first: UInt8(ascii: "\""), regions: regions) {
                    return error
                }
            case .outside, .lineComment:
                break
            }
            state.pointee.pieceBase = received
            let status = yajl_complete_parse(handle)
            if status == yajl_status_ok { return nil }
            return yajlError(status, piece: nil, count: 0, regions: regions, atEnd: true)
        }
        if let error {
            try fail(error)
        }
    }

    /// What the fast pass throws: it only knows that the input is invalid.
    static let fastFailure = JSONSyntaxError(kind: .unexpectedCharacter, reason: "invalid (fast pass)",
                                             location: JSONSourceLocation(offset: 0, line: 1, column: 1),
                                             path: .root, excerpt: JSONExcerpt(text: "", caretColumn: 0))

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
        _YajlDiagnosis.refine(&complete, following: excerpt.following)
        pending = nil
        failure = complete
        throw complete
    }

    /// A pre-pass error at `scanError.offset`: first let yajl see everything before it (closing an
    /// open string with a synthetic quote), so an earlier grammar error wins.
    private func probe(upTo scanError: _ScanError, from fedStart: Int, standIn: [UInt8], regions: _Regions) -> JSONSyntaxError {
        var buffer = standIn
        buffer.reserveCapacity(standIn.count + scanError.offset - fedStart + 1)
        regions.forEachSpan(from: fedStart, to: scanError.offset) { buffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: $1)) }
        buffer.append(scanError.insideString ? UInt8(ascii: "\"") : UInt8(ascii: " "))
        state.pointee.syntheticEnd = scanError.insideString ? scanError.offset + 1 : -1
        let base = fedStart - standIn.count
        let earlier = buffer.withUnsafeBufferPointer { parse($0.baseAddress!, $0.count, base: base, regions: regions) }
        state.pointee.syntheticEnd = -1
        if let earlier, earlier.location.offset <= scanError.offset { return earlier }
        let path = scanError.insideString ? state.pointee.stringPath() : state.pointee.nextValuePath()
        return makeError(kind: scanError.kind, reason: scanError.reason, at: scanError.offset, path: path, regions: regions)
    }

    /// Runs yajl over one buffer that starts at absolute offset `base`.
    private func parse(_ p: UnsafePointer<UInt8>, _ count: Int, base: Int, regions: _Regions) -> JSONSyntaxError? {
        state.pointee.pieceBase = base
        yajlByteCount &+= count
        let status = yajl_parse(handle, p, count)
        if status == yajl_status_ok {
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
        while let start = _Tokens.nextStart(p, count, from: i, comments: options.allowComments) {
            if tailTokens.count < 2 {
                tailTokens.append(base + start)
                tailTokenBytes.append(p[start])
            }
            tailTokenCount += 1
            i = _Tokens.end(p, count, at: start)
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
    private func currentToken(piece p: UnsafePointer<UInt8>?, count: Int) -> (start: Int?, expectation: _Expectation) {
        let s = state.pointee
        var starts: [(Int, UInt8)] = []
        if s.lastEventEnd < s.pieceBase || p == nil {
            for (start, byte) in zip(tailTokens, tailTokenBytes) { starts.append((start, byte)) }
        }
        if let p, starts.count < 2 {
            var i = max(s.lastEventEnd, s.pieceBase) - s.pieceBase
            while starts.count < 2, let start = _Tokens.nextStart(p, count, from: i, comments: options.allowComments) {
                starts.append((s.pieceBase + start, p[start]))
                i = _Tokens.end(p, count, at: start)
            }
        }
        let accepted = starts.first.flatMap { _Expectation.acceptsPunctuation($0.1, after: s) ? $0.1 : nil }
        let k = accepted == nil ? 0 : 1
        return (k < starts.count ? starts[k].0 : nil, _Expectation(after: s, punctuation: accepted))
    }

    // MARK: Errors

    private func yajlError(_ status: yajl_status, piece p: UnsafePointer<UInt8>?, count: Int,
                           regions: _Regions, atEnd: Bool) -> JSONSyntaxError {
        let s = state.pointee
        if status == yajl_status_client_canceled, let failure = s.failure {
            switch failure {
            case .duplicateKey(let key, let end):
                let start = p.map { _Tokens.stringStart(endingAt: end - s.pieceBase, in: $0) + s.pieceBase } ?? end
                return makeError(kind: .duplicateKey, reason: "duplicate key \(JSONPath.quoted(key))",
                                 at: start, path: s.containerPath().appending(key: key), regions: regions)
            case .tooDeep(let offset):
                return makeError(kind: .nestingTooDeep,
                                 reason: "nesting deeper than the maximum depth of \(options.maxDepth)",
                                 at: offset, path: s.currentValuePath(), regions: regions)
            }
        }
        let consumed = yajl_get_bytes_consumed(handle)
        let message = Self.yajlMessage(handle)
        var classified = _YajlDiagnosis(message: message, consumed: consumed, atEnd: atEnd)
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
                if let misplaced = _YajlDiagnosis.misplaced(first, current.expectation) {
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
        let context = _ErrorContext(state: s, regions: regions, offset: offset, received: received,
                                    inString: scanner.mode == .string, allowComments: options.allowComments)
        let (kind, reason, path) = classified.describe(context)
        return makeError(kind: kind, reason: reason, at: offset, path: path, regions: regions)
    }

    /// The error for a token at `start` (with `first` its first byte) that the grammar does not
    /// accept there, or nil when it does. Used for a token held back from yajl (an unfinished string).
    private func misplacedError(at start: Int, first: UInt8, regions: _Regions) -> JSONSyntaxError? {
        let current = currentToken(piece: nil, count: 0)
        guard current.start == nil || current.start == start, let diagnosis = _YajlDiagnosis.misplaced(first, current.expectation) else { return nil }
        let context = _ErrorContext(state: state.pointee, regions: regions, offset: start, received: received,
                                    inString: false, allowComments: options.allowComments)
        let (kind, reason, path) = diagnosis.describe(context)
        return makeError(kind: kind, reason: reason, at: start, path: path, regions: regions)
    }

    private static func yajlMessage(_ handle: OpaquePointer) -> String {
        guard let raw = yajl_get_error(handle, 0, nil, 0) else { return "" }
        defer { yajl_free_error(handle, raw) }
        return String(cString: raw).trimmingSuffixNewlines()
    }

    private func makeError(kind: JSONSyntaxError.Kind, reason: String, at offset: Int, path: JSONPath,
                           regions: _Regions) -> JSONSyntaxError {
        let location = lines.location(of: offset, in: regions)
        let builder = _ExcerptBuilder(at: offset, regions: regions, before: lines.tail, tailEnd: lines.trackedUpTo, atEnd: finished)
        lastExcerpt = builder
        return JSONSyntaxError(kind: kind, reason: reason, location: location, path: path, excerpt: builder.excerpt)
    }
}

extension String {
    func trimmingSuffixNewlines() -> String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
