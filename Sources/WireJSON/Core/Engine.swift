// The validator's engine (``JSONValidator``). It runs one of two passes over the chunks it is fed:
// the fast pass (``FastPass``: valid or not, nothing more, on up to two cores) or the core's exact
// pass (`ExactPass`: events, and every error with its exact location; its unfinished tokens wait
// in `HeldToken`), which is all ``JSONStreamParser`` runs. The validator runs the fast pass first
// when it may and, when that fails, runs the exact pass over the input again to describe the error.

/// One parse of one document (or, after ``reset()``, the next one), by the fast or the exact pass.
final class Engine: DocumentPass {
    let options: JSONParseOptions
    /// Whether this is the fast pass: only says valid or not (any error is ``fastFailure``).
    let fast: Bool
    var isVerdictOnly: Bool { fast }
    private let fastPass: FastPass?
    private let exactPass: ExactPass?

    /// - Parameters:
    ///   - sink: receives the events (exact pass only).
    ///   - fast: runs the fast pass when nothing needs more (no sink, no comments).
    ///   - letGoThreshold: how many bytes of a held token the exact pass keeps before it lets go of
    ///     them (tests use tiny values to let go all the time).
    init(
        options: JSONParseOptions, sink: ((JSONEvent, JSONEventContext) -> Void)? = nil, fast: Bool = false,
        letGoThreshold: Int = Engine.defaultLetGoThreshold
    ) {
        self.options = options
        self.fast = fast && sink == nil && !options.allowComments
        if self.fast {
            fastPass = FastPass(options: options)
            exactPass = nil
        } else {
            fastPass = nil
            exactPass = ExactPass(options: options, sink: sink, letGoThreshold: letGoThreshold)
        }
    }

    /// A held token is let go of (without a handler) once this many of its bytes are in memory.
    static let defaultLetGoThreshold = ExactPass.defaultLetGoThreshold

    /// What the fast pass throws: it only knows that the input is invalid.
    static let fastFailure = JSONSyntaxError(
        kind: .unexpectedCharacter, reason: "invalid (fast pass)",
        location: JSONSourceLocation(offset: 0, line: 1, column: 1),
        path: .root, excerpt: JSONExcerpt(text: "", caretColumn: 0))

    /// Total bytes received.
    var received: Int { fastPass?.received ?? exactPass!.received }
    var failure: JSONSyntaxError? { fastPass != nil ? fastPass!.failure : exactPass!.failure }
    var finished: Bool { fastPass?.finished ?? exactPass!.finished }
    /// Exact pass: bytes handed to the grammar so far (tests check that long tokens are kept away
    /// from it; the fast pass hands it none).
    var yajlByteCount: Int { exactPass?.yajlByteCount ?? 0 }
    /// The most bytes of an unfinished token held back at the end of a chunk.
    var maxHeldByteCount: Int { fastPass?.maxHeldByteCount ?? exactPass!.maxHeldByteCount }

    /// Starts a new document (JSON Lines), keeping the allocations.
    func reset() {
        if let fastPass { fastPass.reset() } else { exactPass!.reset() }
    }

    /// Feeds the next chunk. The fast pass may read a chunk's bytes until the next call to
    /// `feed` or `finish` returns (its stage 2 runs a chunk behind when it uses a second core).
    /// - Parameter alongside: work to run while the chunk is read, or after it (a file reader passes
    ///   the read of the next chunk into another buffer). Not run when the engine has already failed.
    func feed(_ chunk: UnsafeRawBufferPointer, alongside: (() -> Void)? = nil) throws(JSONSyntaxError) {
        guard let fastPass else {
            try exactPass!.feed(chunk, alongside: alongside)
            return
        }
        if let failure = fastPass.failure { throw failure }
        precondition(!fastPass.finished, "JSONStreamParser.feed called after finish()")
        guard let raw = chunk.baseAddress, chunk.count > 0 else { return }
        try fastPass.feed(raw.assumingMemoryBound(to: UInt8.self), count: chunk.count, alongside: alongside)
    }

    /// Ends the document: everything received must form one complete value.
    func finish() throws(JSONSyntaxError) {
        guard let fastPass else {
            try exactPass!.finish()
            return
        }
        if let failure = fastPass.failure { throw failure }
        guard !fastPass.finished else { return }
        try fastPass.finish()
    }
}
