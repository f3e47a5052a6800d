#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting child processes with `posix_spawn` (no Foundation), and waiting for them with a time limit.
enum _Spawn {
    /// Runs `arguments` with standard input from `stdinPath` and output discarded, and waits at
    /// most `timeLimit` seconds (then kills it).
    static func run(_ arguments: [String], stdinPath: String, timeLimit: Double) throws(ExecRunner.ExecError) -> ExecRunner.Ending {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let pid = try spawn(arguments, actions: &actions)
        return wait(pid, timeLimit: timeLimit)
    }

    /// Spawns a process with the given file actions.
    static func spawn(_ arguments: [String], actions: inout posix_spawn_file_actions_t) throws(ExecRunner.ExecError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling, whatever the parent ignores.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else {
            throw ExecRunner.ExecError(reason: "cannot run \(arguments[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for `pid`, polling, for at most `timeLimit` seconds; kills it after that.
    static func wait(_ pid: pid_t, timeLimit: Double) -> ExecRunner.Ending {
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

    static func elapsed(since start: timespec) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
    }

    static func ending(_ status: Int32) -> ExecRunner.Ending {
        let signal = status & 0x7F
        if signal == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(signal)
    }

    static func signalName(_ signal: Int32) -> String {
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
