import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The fast pass: the validator's hot path when it only has to say valid or not (no handler, no
// comments), the same for both engines. Each chunk of the input goes through stage 1
// (``SIMDScanner``: 64 bytes per step, strings, UTF-8, control bytes, and the offsets of the
// tokens) and then stage 2 (``TokenChecker``: the grammar over those tokens, depth and duplicate
// member names). With a second core, stage 1 of a chunk runs there while stage 2 of the chunk
// before runs on the caller's thread. Any error is the placeholder ``Engine/fastFailure``; the
// caller (``JSONValidator``) then runs the exact pass (``ExactPass``), on the engine's grammar, over
// the same input to find and describe it. The engines' tests prove its verdict equal to that of
// each engine's grammar on every input they make.

/// Says whether a document is valid, chunk by chunk, as fast as the input can be read.
///
/// With a second core, stage 2 of a chunk runs during the next call: the bytes of a chunk must stay
/// as they are until the next call to ``feed(_:count:alongside:)`` or ``finish()`` returns.
final class FastPass: @unchecked Sendable {
    // Stage 1 state is touched by the worker while it runs (between `start` and `wait`) and by the
    // caller's thread otherwise; stage 2 state only by the caller's thread.
    private var scanner = SIMDScanner()
    private var checker: TokenChecker
    /// Stage 1's token offsets, for two chunks (the one stage 2 reads, the one stage 1 writes).
    private var tokens = (TokenBuffer(), TokenBuffer())
    /// The chunk stage 1 has read and stage 2 has not yet: its bytes, their count, whether its
    /// tokens are in the second buffer, how many there are and whether it had a backslash.
    private var waiting: (p: UnsafePointer<UInt8>, n: Int, second: Bool, count: Int, backslash: Bool)?
    private lazy var worker = DispatchQueue(label: "wirelock.fast-pass", qos: .userInitiated)
    private let done = DispatchSemaphore(value: 0)
    private var workerResult = (count: 0, failed: false, backslash: false)
    /// Total bytes received.
    private(set) var received = 0
    /// The most bytes of a cut token held at once (a member name is held whole; a string value,
    /// number or literal never is).
    var maxHeldByteCount: Int { checker.maxHeldByteCount }
    private(set) var failure: JSONSyntaxError?
    private(set) var finished = false

    /// The most bytes the stages read at a time.
    static let chunkLimit = 1 << 20

    /// Chunks smaller than this are read by both stages on the calling thread: a hand-off to the
    /// other core costs more than it saves.
    static let minimumParallelChunk = 64 * 1024

    /// Whether a second core is there to use.
    static let parallel: Bool = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    /// - Precondition: `options.allowComments` is false (comments need the exact pass's scanner).
    init(options: JSONParseOptions) {
        precondition(!options.allowComments, "the fast pass does not read comments")
        checker = TokenChecker(options: options)
    }

    deinit {
        checker.deallocate()
        tokens.0.base.deallocate()
        tokens.1.base.deallocate()
    }

    /// Starts a new document (JSON Lines), keeping the allocations.
    func reset() {
        scanner = SIMDScanner()
        checker.reset()
        waiting = nil
        received = 0
        failure = nil
        finished = false
    }

    /// Checks the next chunk; `alongside` runs during it, or after it. Throws
    /// ``Engine/fastFailure`` at the first invalid chunk.
    func feed(_ p: UnsafePointer<UInt8>, count n: Int, alongside: (() -> Void)?) throws(JSONSyntaxError) {
        received += n
        var at = 0
        var ran = false
        while at < n {
            let chunk = min(n - at, Self.chunkLimit)
            let ok: Bool
            if Self.parallel && chunk >= Self.minimumParallelChunk {
                ok = inParallel(p + at, chunk, alongside: at + chunk == n ? alongside : nil)
                ran = ran || at + chunk == n
            } else {
                ok = stageTwo() && stageOne(p + at, chunk, second: false) && stageTwo()
            }
            guard ok else { throw fail() }
            at += chunk
        }
        if !ran { alongside?() }
    }

    /// Ends the document: everything received must form one complete value.
    func finish() throws(JSONSyntaxError) {
        finished = true
        guard stageTwo(), scanner.finish(), checker.finish() else {
            throw fail()
        }
    }

    private func fail() -> JSONSyntaxError {
        failure = Engine.fastFailure
        return Engine.fastFailure
    }

    // MARK: Stages

    /// Stage 1 of a chunk on the other core while stage 2 of the one waiting (and then
    /// `alongside`) runs on this thread; the chunk then waits for the next call.
    private func inParallel(_ p: UnsafePointer<UInt8>, _ n: Int, alongside: (() -> Void)?) -> Bool {
        let second = !(waiting?.second ?? true)
        let out = second ? tokens.1.room(n) : tokens.0.room(n)
        let addresses = (UInt(bitPattern: p), UInt(bitPattern: out))
        worker.async { [self] in
            let bytes = UnsafePointer<UInt8>(bitPattern: addresses.0).unsafelyUnwrapped
            let out = UnsafeMutablePointer<UInt32>(bitPattern: addresses.1).unsafelyUnwrapped
            let count = scanner.scan(bytes, n, into: out)
            workerResult = (count, scanner.failed, scanner.sawBackslash)
            done.signal()
        }
        let checked = stageTwo()
        alongside?()
        done.wait()
        waiting = (p, n, second, workerResult.count, workerResult.backslash)
        return checked && !workerResult.failed
    }

    /// Stage 1 of a chunk on this thread; it then waits for stage 2.
    private func stageOne(_ p: UnsafePointer<UInt8>, _ n: Int, second: Bool) -> Bool {
        let count = scanner.scan(p, n, into: second ? tokens.1.room(n) : tokens.0.room(n))
        waiting = (p, n, second, count, scanner.sawBackslash)
        return !scanner.failed
    }

    /// Stage 2 of the chunk waiting, if any.
    private func stageTwo() -> Bool {
        guard let chunk = waiting else { return true }
        waiting = nil
        let offsets = UnsafePointer(chunk.second ? tokens.1.base : tokens.0.base)
        return checker.check(chunk.p, chunk.n, offsets, chunk.count, decode: chunk.backslash)
    }
}

/// Room for the token offsets of one chunk, grown to the largest chunk seen (a small document
/// costs a small buffer).
private struct TokenBuffer {
    private(set) var base = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    private var capacity = 64

    /// The buffer, with room for the offsets of `n` bytes (stage 1 writes up to 64 past the last).
    mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if capacity < n + 64 {
            base.deallocate()
            capacity = n + 64
            base = .allocate(capacity: capacity)
        }
        return base
    }
}
