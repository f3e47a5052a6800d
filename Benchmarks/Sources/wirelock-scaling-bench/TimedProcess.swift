#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on a monotonic clock.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Appends text to a file through a 1 MiB buffer (the workloads write up to a few hundred MB).
final class BufferedFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    let path: String
    private(set) var bytesWritten = 0

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        buffer.reserveCapacity(1 << 20)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    func flush() {
        var start = 0
        while start < buffer.count {
            let n = buffer[start...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                fatalError("writing \(path): \(String(cString: strerror(errno)))")
            }
            start += n
        }
        bytesWritten += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func close() {
        flush()
        systemClose(descriptor)
    }
}

/// One run of a command as its own process, timed from here (wall clock) and measured by GNU time
/// (`/usr/bin/time -f %M`: the child's own peak RSS; `wait4` on a `posix_spawn`ed child would
/// report at least this benchmark's RSS, which Linux carries over the `exec`).
struct TimedRun {
    /// Wall seconds, or nil when the run was stopped at the time limit.
    var seconds: Double?
    var exitCode: Int32
    var peakRSSKiB: Int?
    /// The first lines the command wrote to standard error (for a failed run).
    var stderr: String
}

enum TimedProcess {
    static let gnuTime = "/usr/bin/time"

    /// Runs `arguments` (the first is the program) with standard input from `stdin` (or
    /// /dev/null) and standard output thrown away; stops it after `timeLimit` seconds.
    static func run(_ arguments: [String], stdin: String? = nil, timeLimit: Double) throws -> TimedRun {
        let rssFile = "/tmp/wirelock-scaling-\(getpid())-rss"
        let errFile = "/tmp/wirelock-scaling-\(getpid())-stderr"
        defer {
            unlink(rssFile)
            unlink(errFile)
        }
        let argv = [gnuTime, "-o", rssFile, "-f", "%M"] + arguments

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Its own process group, so that a run past the limit is stopped with its child.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let start = monotonicSeconds()
        let status = posix_spawn(&pid, gnuTime, &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw BenchError("cannot start \(gnuTime): \(String(cString: strerror(status)))") }

        var waitStatus: Int32 = 0
        var stopped = false
        while true {
            let result = waitpid(pid, &waitStatus, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw BenchError("waitpid: \(String(cString: strerror(errno)))") }
            if !stopped && monotonicSeconds() - start > timeLimit {
                kill(-pid, SIGKILL)
                stopped = true
            }
            usleep(2_000)
        }
        let elapsed = monotonicSeconds() - start
        let signal = waitStatus & 0x7F
        let exitCode = signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
        let rssText = (try? readText(rssFile)) ?? ""
        // GNU time writes "Command exited with non-zero status N" before the figure when the
        // command fails; the figure is the last line.
        let rss = rssText.split(separator: "\n").last.flatMap { Int($0) }
        var errText = ((try? readText(errFile)) ?? "").split(separator: "\n").prefix(3).joined(separator: " / ")
        if errText.count > 300 { errText = String(errText.prefix(300)) + "…" }
        return TimedRun(seconds: stopped ? nil : elapsed, exitCode: exitCode, peakRSSKiB: rss, stderr: errText)
    }

    static func readText(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
