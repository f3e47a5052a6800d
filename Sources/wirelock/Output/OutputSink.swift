#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Somewhere a command writes text: standard output, standard error, or a buffer in a test.
protocol OutputSink: AnyObject {
    /// Writes text as is (include the newline).
    func write(_ text: String)
    /// Pushes buffered text out.
    func flush()
}

extension OutputSink {
    func flush() {}
}

/// A file descriptor (1 for standard output, 2 for standard error), written with `write(2)` through
/// a buffer. Plain descriptors rather than `stdout`/`stderr`: Swift 6 treats those C globals as
/// shared mutable state.
final class StandardStream: OutputSink {
    private let descriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []

    /// - Parameters:
    ///   - descriptor: the file descriptor to write to.
    ///   - bufferLimit: flush once this many bytes wait; 0 writes through at once.
    init(descriptor: Int32, bufferLimit: Int) {
        self.descriptor = descriptor
        self.bufferLimit = bufferLimit
        buffer.reserveCapacity(bufferLimit)
    }

    deinit { flush() }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= bufferLimit { flush() }
    }

    func flush() {
        var start = 0
        while start < buffer.count {
            let written = buffer[start...].withUnsafeBytes { _writeDescriptor(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break    // a closed pipe: nothing sensible is left to do with the output
            }
            start += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Collects everything written, for tests that run a command in-process.
final class BufferSink: OutputSink {
    /// Everything written so far.
    private(set) var text = ""

    func write(_ text: String) { self.text += text }
}

/// `write(2)`, named apart from ``OutputSink/write(_:)``.
private func _writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
