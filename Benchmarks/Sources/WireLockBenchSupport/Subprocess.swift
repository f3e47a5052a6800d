import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts programs with `posix_spawn` and waits for them with `wait4`.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`, Debian package `time`) when it is
/// installed: `posix_spawn` starts a child inside this process's address space (vfork style), and
/// Linux carries that address space's high-water mark over the `exec`, so `wait4`'s `ru_maxrss`
/// would never be less than this benchmark's own RSS. GNU time is a small C program that forks,
/// so its child starts from a small footprint. Without it, `wait4`'s number is reported as a bound.
public enum Subprocess {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// The same as the benchmark's own.
        case inherit
        /// `/dev/null`.
        case null
        /// A file opened for reading (standard input) or created and truncated (output).
        case file(String)
        /// An open descriptor of ours, for example one end of a pipe.
        case descriptor(Int32)
    }

    /// How a child ended and what it used.
    public struct Outcome {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var exitCode: Int32
        /// Peak resident set size in KiB (Linux reports `ru_maxrss` in kilobytes).
        public var maxRSSKiB: Int
        /// False when the RSS is `wait4`'s upper bound rather than GNU time's exact number.
        public var rssIsExact = false
        /// User and system CPU seconds of the child (and of the children it waited for).
        public var cpuSeconds = 0.0
    }

    /// A child started with ``spawnMeasured(_:stdin:stdout:stderr:closing:)``.
    public struct MeasuredProcess {
        public var pid: pid_t
        /// Where GNU time writes the peak RSS, when it is used.
        public var rssFile: String?

        /// Waits for the child and reads its peak RSS.
        public func wait() -> Outcome {
            var outcome = Subprocess.wait(pid)
            guard let rssFile else { return outcome }
            defer { unlink(rssFile) }
            let text = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
            let marker = "wirelock-bench-rss-kib="
            if let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) }),
                let kib = Int(line.dropFirst(marker.count))
            {
                outcome.maxRSSKiB = kib
                outcome.rssIsExact = true
            }
            return outcome
        }
    }

    /// GNU time, when installed.
    public static let gnuTime: String? = access("/usr/bin/time", X_OK) == 0 ? "/usr/bin/time" : nil

    /// Like ``spawn(_:stdin:stdout:stderr:closing:)``, under GNU time when it is installed, so the
    /// child's own peak RSS can be read afterwards.
    public static func spawnMeasured(
        _ arguments: [String],
        stdin: Stream = .inherit,
        stdout: Stream = .inherit,
        stderr: Stream = .inherit,
        closing: [Int32] = []
    ) throws -> MeasuredProcess {
        guard let gnuTime else {
            return MeasuredProcess(
                pid: try spawn(arguments, stdin: stdin, stdout: stdout, stderr: stderr, closing: closing))
        }
        let rssFile = temporaryPath("rss")
        let wrapped = [gnuTime, "-o", rssFile, "-f", "wirelock-bench-rss-kib=%M"] + arguments
        let pid = try spawn(wrapped, stdin: stdin, stdout: stdout, stderr: stderr, closing: closing)
        return MeasuredProcess(pid: pid, rssFile: rssFile)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `arguments[0]` (looked up on `PATH` when it has no slash) and returns its pid.
    /// - Parameter closing: descriptors of ours the child must not inherit (the other pipe ends).
    public static func spawn(
        _ arguments: [String],
        stdin: Stream = .inherit,
        stdout: Stream = .inherit,
        stderr: Stream = .inherit,
        closing: [Int32] = []
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        func redirect(_ stream: Stream, to target: Int32, reading: Bool) {
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                let flags = reading ? O_RDONLY : (O_WRONLY | O_CREAT | O_TRUNC)
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        redirect(stdin, to: 0, reading: true)
        redirect(stdout, to: 1, reading: false)
        redirect(stderr, to: 2, reading: false)
        for fd in closing {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard status == 0 else {
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for `pid` to end.
    public static func wait(_ pid: pid_t) -> Outcome {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return Outcome(exitCode: -1, maxRSSKiB: 0) }
        }
        let signal = status & 0x7F
        let exitCode = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(exitCode: exitCode, maxRSSKiB: Int(usage.ru_maxrss), cpuSeconds: cpu)
    }

    /// Runs a program to the end and returns what it wrote to standard output and error, merged.
    public static func output(of arguments: [String]) -> String? {
        let path = temporaryPath("output")
        defer { unlink(path) }
        guard let pid = try? spawn(arguments, stdin: .null, stdout: .file(path), stderr: .descriptor(1)) else {
            return nil
        }
        guard wait(pid).exitCode == 0 else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// A fresh path in the temporary directory.
    public static func temporaryPath(_ label: String) -> String {
        NSTemporaryDirectory() + "wirelock-bench-\(getpid())-\(label)-\(UUID().uuidString)"
    }
}

/// Seconds on a monotonic clock.
public func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
