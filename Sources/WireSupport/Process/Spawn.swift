#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting child processes with `posix_spawn` (no Foundation, no shell unless asked for), and
/// waiting for them, with a time limit or for their output.
///
/// ```swift
/// let listing = try Spawn.output(["git", "-C", folder, "rev-parse", "--show-toplevel"])
/// if listing.status == 0 { print(String(decoding: listing.output, as: UTF8.self)) }
/// ```
package enum Spawn {
    /// How a child ended.
    package enum Ending: Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// It was killed by this signal (not by the time limit).
        case signaled(Int32)
        /// It ran past the time limit and was killed.
        case timedOut
    }

    /// A child that could not be started.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The program (the first argument).
        package var program: String
        package var error: SystemError
        /// `cannot run PROGRAM: REASON`.
        package var description: String { "cannot run \(program): \(error.reason)" }
    }

    /// Runs `arguments` with standard input from `stdinPath` and output discarded, and waits at
    /// most `timeLimit` seconds (then kills it).
    package static func run(_ arguments: [String], stdinPath: String, timeLimit: Double) throws(Failure) -> Ending {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let pid = try spawn(arguments, actions: &actions)
        return wait(pid, timeLimit: timeLimit)
    }

    /// Runs `arguments` (the program found on `PATH`) with standard input from `stdinPath` (or
    /// `/dev/null`) and standard error discarded, and collects its standard output.
    /// - Returns: the exit status (128 + the signal for a killed child) and the output.
    package static func output(_ arguments: [String], stdinPath: String? = nil) throws(Failure) -> (
        status: Int32, output: [UInt8]
    ) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(program: arguments[0], error: .current) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let pid: pid_t
        do throws(Failure) { pid = try spawn(arguments, actions: &actions, searchingPath: true) } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[1])
        let output = (try? FileSystem.readAll(from: pipeEnds[0]).get()) ?? []
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        switch ending(status) {
        case .exited(let code): return (code, output)
        case .signaled(let signal): return (128 + signal, output)
        case .timedOut: return (-1, output)
        }
    }

    /// Spawns a process with the given file actions; the child starts with default signal handling
    /// for SIGPIPE, whatever the parent ignores.
    /// - Parameter searchingPath: find the program on `PATH` (`posix_spawnp`); else `arguments[0]`
    ///   is its path.
    package static func spawn(
        _ arguments: [String], actions: inout posix_spawn_file_actions_t,
        searchingPath: Bool = false
    ) throws(Failure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status =
            searchingPath
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
            : posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else { throw Failure(program: arguments[0], error: SystemError(status)) }
        return pid
    }

    /// Waits for `pid`, polling, for at most `timeLimit` seconds; kills it after that.
    package static func wait(_ pid: pid_t, timeLimit: Double) -> Ending {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pause: UInt32 = 50
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return ending(status) }
            if done < 0 && errno != EINTR { return .exited(-1) }
            if elapsed(since: start) > timeLimit {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .timedOut
            }
            usleep(pause)
            pause = min(pause * 2, 5_000)
        }
    }

    /// Seconds since `start` (a `CLOCK_MONOTONIC` reading).
    package static func elapsed(since start: timespec) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
    }

    /// A `waitpid` status read as an exit or a signal.
    package static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7F
        if signal == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(signal)
    }

    /// `SIGSEGV`, `SIGABRT`, … (or `signal N`).
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGPIPE: "SIGPIPE"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
