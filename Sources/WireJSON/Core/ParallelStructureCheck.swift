import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``StructureChecker`` on another core, one chunk at a time, while the caller's thread
/// gives the same chunk to yajl. `wait()` joins each chunk before its memory can be reused.
final class ParallelStructureCheck: @unchecked Sendable {
    private var checker: StructureChecker
    private var result = true
    private let done = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "wirelock.structure-check", qos: .userInitiated)

    /// Chunks smaller than this are checked on the calling thread: a hand-off costs more than it saves.
    static let minimumChunk = 64 * 1024

    /// Whether a second core is there to use.
    static let available: Bool = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    init(options: JSONParseOptions) {
        checker = StructureChecker(options: options)
    }

    deinit { checker.deallocate() }

    var failed: Bool { checker.failed }

    /// Whether the bytes checked so far end inside a string (read after ``wait()``).
    var endsInString: Bool { checker.endsInString }

    /// The escape state at the end of the bytes checked so far, inside a string.
    var stringEscape: StringSkipper.State { checker.stringEscape }

    func reset() { checker.reset() }

    /// Checks on this thread.
    func check(_ p: UnsafePointer<UInt8>, count n: Int, base: Int) -> Bool {
        checker.check(p, count: n, base: base)
    }

    /// Work the worker does after checking a chunk (reading the next one), set by ``start``.
    private var then: (() -> Void)?

    /// Starts checking the chunk on the worker, then runs `then` there too; the bytes must stay
    /// valid, and `then` must touch nothing the caller uses, until ``wait()`` returns.
    func start(_ p: UnsafePointer<UInt8>, count n: Int, base: Int, then: (() -> Void)? = nil) {
        let address = UInt(bitPattern: p)
        self.then = then
        queue.async { [self] in
            let pointer = UnsafePointer<UInt8>(bitPattern: address).unsafelyUnwrapped
            result = checker.check(pointer, count: n, base: base)
            self.then?()
            self.then = nil
            done.signal()
        }
    }

    /// Waits for the chunk started last; returns whether it passed.
    func wait() -> Bool {
        done.wait()
        return result
    }
}
