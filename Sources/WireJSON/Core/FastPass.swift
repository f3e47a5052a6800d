// The fast pass: the validator's hot path when it only has to say valid or not (no handler, no
// comments). Each chunk goes to two checks that may run on two cores: the structure check
// (``ParallelStructureCheck``: strict UTF-8, depth, duplicate names) and yajl's grammar, with no
// callbacks, no location tracking and no bytes held back. Any error is the placeholder
// ``Engine/fastFailure``; the caller (``JSONValidator``) then runs the exact pass (``ExactPass``)
// over the same input to find and describe it.

/// Says whether a document is valid, chunk by chunk, as fast as the input can be read.
///
/// Long tokens: yajl lexes a token that runs past the end of its buffer again from its first byte on
/// every later call, so this pass stops feeding yajl while a string that ran over a chunk's end goes
/// on (a ``StringSkipper`` does yajl's checks on those bytes and finds the closing quote), and skips
/// the digits that only lengthen a number yajl already holds (``FedTail``).
final class FastPass {
    private let options: JSONParseOptions
    /// yajl or the Swift grammar, with no callbacks: it only checks the grammar.
    private let grammar: Grammar
    /// The strictness, depth and duplicate checks (yajl runs with no callbacks).
    private let structure: ParallelStructureCheck
    /// While a string that ran past the end of a chunk goes on, yajl is not given its bytes; this
    /// checks them and finds where it closes.
    private var skippedString: StringSkipper?
    /// The bytes that complete the escape yajl was left in when it stopped getting the bytes of a
    /// string (see ``grammar(_:_:inString:escape:)``).
    private var bridge: [UInt8] = []
    /// The bytes yajl holds at the end of what it was given, for skipping the digits that only
    /// lengthen a number.
    private var fedTail = FedTail()
    /// Total bytes received.
    private(set) var received = 0
    /// Bytes handed to `yajl_parse` so far (tests check that long tokens are kept away from it).
    private(set) var yajlByteCount = 0
    private(set) var failure: JSONSyntaxError?
    private(set) var finished = false

    /// - Precondition: `options.allowComments` is false (comments need the exact pass's scanner).
    init(options: JSONParseOptions) {
        precondition(!options.allowComments, "the fast pass does not read comments")
        self.options = options
        structure = ParallelStructureCheck(options: options)
        // The structure check reads every byte as strict UTF-8 (stricter than the grammar's own
        // check), so the grammar need not look at string bytes a second time.
        grammar = Grammar(
            engine: options.engine.resolved, scalars: false, structure: false, context: nil, allowComments: false,
            validateStrings: false)
    }

    /// Starts a new document (JSON Lines), keeping the allocations.
    func reset() {
        grammar.reset()
        structure.reset()
        skippedString = nil
        fedTail.reset()
        received = 0
        failure = nil
        finished = false
    }

    /// Checks the next chunk; `alongside` runs during it on the second core when the chunk is large
    /// enough, otherwise after it. Throws ``Engine/fastFailure`` at the first invalid chunk.
    func feed(_ p: UnsafePointer<UInt8>, count n: Int, alongside: (() -> Void)?) throws(JSONSyntaxError) {
        let base = received
        received += n
        let valid: Bool
        // Read before the checker moves on: whether the bytes before this chunk end in a string.
        let inString = structure.endsInString
        let escape = inString ? structure.stringEscape : .plain
        if n >= ParallelStructureCheck.minimumChunk, ParallelStructureCheck.available {
            // Two cores: the structure check reads the chunk while yajl checks its grammar.
            structure.start(p, count: n, base: base, then: alongside)
            let grammar = grammar(p, n, inString: inString, escape: escape)
            valid = structure.wait() && grammar
        } else {
            valid = structure.check(p, count: n, base: base) && grammar(p, n, inString: inString, escape: escape)
            alongside?()
        }
        if !valid {
            failure = Engine.fastFailure
            throw Engine.fastFailure
        }
    }

    /// Ends the document: everything received must form one complete value.
    func finish() throws(JSONSyntaxError) {
        finished = true
        // A string still open at the end is an error wherever it is; after a complete document
        // yajl would not notice it.
        if grammar.complete() != .ok || structure.endsInString {
            failure = Engine.fastFailure
            throw Engine.fastFailure
        }
    }

    /// The grammar check of one chunk: yajl, except for the bytes of a string that goes on from the
    /// chunk before (checked by a ``StringSkipper`` instead, so yajl never holds more than one chunk
    /// of it) and the digits that only lengthen a number yajl holds.
    /// - Parameters:
    ///   - inString: whether the bytes before this chunk end inside a string;
    ///   - escape: the escape in progress there.
    private func grammar(_ p: UnsafePointer<UInt8>, _ n: Int, inString: Bool, escape: StringSkipper.State) -> Bool {
        var from = 0
        if skippedString == nil && inString {
            skippedString = StringSkipper(state: escape)
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
                    guard
                        bridge.withUnsafeBufferPointer({ grammar.parse($0.baseAddress!, $0.count) }) == .ok
                    else { return false }
                }
                from = at
            }
        } else if fedTail.number.repeatsDigits {
            while from < n && p[from] >= UInt8(ascii: "0") && p[from] <= UInt8(ascii: "9") { from &+= 1 }
            if from == n { return true }
        }
        yajlByteCount &+= n &- from
        guard grammar.parse(p + from, n &- from) == .ok else { return false }
        fedTail.fed(p + from, n &- from)
        return true
    }
}

/// The fast pass's view of what yajl holds at the end of the bytes it was given: the trailing run of
/// bare bytes (a number or literal yajl keeps pending), as a ``NumberScan``.
private struct FedTail {
    private(set) var number = NumberScan()

    /// Records that `p[0..<n]` went to yajl.
    mutating func fed(_ p: UnsafePointer<UInt8>, _ n: Int) {
        var j = n
        while j > 0 && Tokens.isBare(p[j &- 1]) { j &-= 1 }
        if j > 0 { number = NumberScan() }
        number.advance(over: p + j, n &- j)
    }

    mutating func reset() { number = NumberScan() }
}
