#if WIRELOCK_SPAWN
    import WireJSON
    import WireFuzz
    import WireCommandLine
    import WireSupport
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Lines from a descriptor, with an optional time limit per line.
    struct LineReader {
        let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0
        /// `buffer[start..<scanned]` has no newline: a long line arriving in many reads is searched
        /// once, not again from its start after every read.
        private var scanned = 0

        init(descriptor: Int32) { self.descriptor = descriptor }

        enum Next {
            case line(String)
            case timedOut, end
        }

        mutating func next() -> String? {
            if case .line(let line) = next(timeLimit: nil) { return line }
            return nil
        }

        mutating func next(timeLimit: Double?) -> Next {
            var begin = timespec()
            clock_gettime(CLOCK_MONOTONIC, &begin)
            while true {
                if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                    start = newline + 1
                    if start > 65536 {
                        buffer.removeFirst(start)
                        start = 0
                    }
                    scanned = start
                    return .line(line)
                }
                scanned = buffer.count
                if let timeLimit {
                    let left = timeLimit - Spawn.elapsed(since: begin)
                    if left <= 0 { return .timedOut }
                    var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&pfd, 1, Int32(min(left * 1000 + 1, 1_000_000)))
                    if ready == 0 { continue }
                    if ready < 0 && errno != EINTR { return .end }
                }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 65536) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return .end }
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
    }
#endif
