import WireSupport
import WireToolSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Somewhere a command writes text: standard output, standard error, or a buffer in a test.
package protocol OutputSink: AnyObject {
    /// Writes text as is (include the newline).
    func write(_ text: String)
    /// Pushes buffered text out.
    func flush()
    /// The `errno` of the first write that failed, or nil. Once a write has failed, later text is
    /// dropped: the output is incomplete, and the tool exits 2 saying so.
    var writeError: Int32? { get }
    /// Pushes buffered text out and closes the destination (a file system may report a lost write
    /// only then); the result is in ``writeError``.
    func close()
}

extension OutputSink {
    package func flush() {}
    package var writeError: Int32? { nil }
    package func close() { flush() }
}

/// A file descriptor (1 for standard output, 2 for standard error), written with `write(2)` through
/// a buffer. Plain descriptors rather than `stdout`/`stderr`: Swift 6 treats those C globals as
/// shared mutable state.
///
/// Every write is checked. The first failure is kept in ``writeError`` and the rest of the output
/// is dropped; the caller reports it. A reader that went away (`EPIPE`, as after `| head`) ends the
/// process quietly with SIGPIPE, as `cat` and `grep` end, whether or not SIGPIPE was ignored.
package final class StandardStream: OutputSink {
    private let descriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []
    package private(set) var writeError: Int32?
    private var isClosed = false

    /// - Parameters:
    ///   - descriptor: the file descriptor to write to.
    ///   - bufferLimit: flush once this many bytes wait; 0 writes through at once.
    ///   - closedAtStart: the descriptor was closed when the process started (and now holds
    ///     `/dev/null` so that no file opened later takes its number): every write fails with `EBADF`.
    package init(descriptor: Int32, bufferLimit: Int, closedAtStart: Bool = false) {
        self.descriptor = descriptor
        self.bufferLimit = bufferLimit
        if closedAtStart { writeError = EBADF }
        buffer.reserveCapacity(bufferLimit)
    }

    deinit { flush() }

    package func write(_ text: String) {
        guard writeError == nil, !isClosed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= bufferLimit { flush() }
    }

    package func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard writeError == nil, !isClosed else { return }
        if let code = FileSystem.writeAll(buffer, to: descriptor) {
            if code == EPIPE { Self.endQuietlyForClosedPipe() }
            writeError = code
        }
    }

    package func close() {
        flush()
        guard !isClosed else { return }
        isClosed = true
        if closeDescriptor(descriptor) != 0 && errno != EINTR && writeError == nil { writeError = errno }
    }

    /// The reader of a pipe went away: end as a process killed by SIGPIPE does, without a message.
    /// Returns only if SIGPIPE cannot be delivered (blocked by the parent).
    package static func endQuietlyForClosedPipe() {
        TemporaryFiles.removeAll()
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }
}

/// Collects everything written, for tests that run a command in-process.
package final class BufferSink: OutputSink {
    /// Everything written so far.
    package private(set) var text = ""

    package init() {}

    package func write(_ text: String) { self.text += text }
}

/// `close(2)`, named apart from ``OutputSink/close()``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
