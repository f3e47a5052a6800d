#if WIRELOCK_SPAWN
    import WireSupport
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
            let actions = FileActions()
            actions.open(0, stdinPath, O_RDONLY)
            actions.open(1, "/dev/null", O_WRONLY)
            actions.open(2, "/dev/null", O_WRONLY)
            let pid = try spawn(arguments, actions: actions)
            return wait(pid, timeLimit: timeLimit)
        }

        /// Runs `arguments` (the program found on `PATH`) with standard input from `stdinPath` (or
        /// `/dev/null`) and standard error discarded, and collects its standard output.
        /// - Parameter directory: the child's working directory (default: this process's).
        /// - Returns: the exit status (128 + the signal for a killed child) and the output.
        package static func output(_ arguments: [String], stdinPath: String? = nil, directory: String? = nil)
            throws(Failure) -> (
                status: Int32, output: [UInt8]
            )
        {
            var arguments = arguments
            var pipeEnds: [Int32] = [0, 0]
            guard pipe(&pipeEnds) == 0 else { throw Failure(program: arguments[0], error: .current) }
            let actions = FileActions()
            actions.open(0, stdinPath ?? "/dev/null", O_RDONLY)
            actions.duplicate(pipeEnds[1], as: 1)
            actions.open(2, "/dev/null", O_WRONLY)
            actions.close(pipeEnds[0])
            actions.close(pipeEnds[1])
            if let directory {
                #if canImport(Darwin)
                    actions.changeDirectory(to: directory)
                #else
                    // See `FileActions.changeDirectory`: coreutils' `env -C` changes it before the program runs.
                    arguments = ["/usr/bin/env", "-C", directory] + arguments
                #endif
            }
            let pid: pid_t
            do throws(Failure) { pid = try spawn(arguments, actions: actions, searchingPath: true) } catch {
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

        /// What the child's descriptors are set to before it runs: the one wrapper of
        /// `posix_spawn_file_actions_t` (the fuzz worker and the tests' raw runner use it too).
        ///
        /// ```swift
        /// let actions = Spawn.FileActions()
        /// actions.open(0, "/dev/null", O_RDONLY)
        /// actions.duplicate(pipeEnds[1], as: 1)
        /// let pid = try Spawn.spawn(["/bin/echo", "hi"], actions: actions)
        /// ```
        package final class FileActions {
            #if canImport(Darwin)
                // Darwin's <spawn.h> declares `typedef void *posix_spawn_file_actions_t`, imported as an
                // optional pointer with no empty initialiser; SwiftPM's AsyncProcess.swift and
                // swift-tools-support-core's Process.swift declare it `? = nil` under canImport(Darwin).
                fileprivate var raw: posix_spawn_file_actions_t? = nil
            #else
                // glibc's and musl's <spawn.h> declare a struct, imported with a zeroing initialiser.
                fileprivate var raw = posix_spawn_file_actions_t()
            #endif

            package init() { posix_spawn_file_actions_init(&raw) }
            deinit { posix_spawn_file_actions_destroy(&raw) }

            /// Opens `path` with `flags` (and `mode` when it creates) as the child's `descriptor`.
            package func open(_ descriptor: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0) {
                posix_spawn_file_actions_addopen(&raw, descriptor, path, flags, mode)
            }

            /// Makes the child's `descriptor` a copy of the parent's `source`.
            package func duplicate(_ source: Int32, as descriptor: Int32) {
                posix_spawn_file_actions_adddup2(&raw, source, descriptor)
            }

            /// Closes `descriptor` in the child.
            package func close(_ descriptor: Int32) {
                posix_spawn_file_actions_addclose(&raw, descriptor)
            }

            #if canImport(Darwin)
                /// Starts the child in `directory` (`posix_spawn_file_actions_addchdir_np`, in Darwin's
                /// <spawn.h> since macOS 10.15). glibc has it since 2.29 but Swift's Glibc module does not
                /// import it, so Linux callers prefix `/usr/bin/env -C DIR` instead.
                package func changeDirectory(to directory: String) {
                    posix_spawn_file_actions_addchdir_np(&raw, directory)
                }
            #endif
        }

        /// Spawns a process with the given file actions; the child starts with default signal handling
        /// for `defaultSignals` (SIGPIPE unless told otherwise), whatever the parent ignores.
        /// - Parameters:
        ///   - arguments: the program and its arguments, each as the exact bytes of one argument (paths
        ///     are bytes, not always UTF-8).
        ///   - searchingPath: find the program on `PATH` (`posix_spawnp`); else `arguments[0]` is its path.
        ///   - environment: `KEY=VALUE` entries for the child; nil passes this process's environment.
        ///   - unblockingSignals: the child starts with no signal blocked, whatever the parent blocks.
        /// - Throws: ``Failure`` when the program cannot be started.
        package static func spawn(
            bytes arguments: [[UInt8]], actions: FileActions, searchingPath: Bool = false,
            environment: [[UInt8]]? = nil, defaultSignals: [Int32] = [SIGPIPE], unblockingSignals: Bool = false
        ) throws(Failure) -> pid_t {
            #if canImport(Darwin)
                // As for the file actions: `typedef void *posix_spawnattr_t` on Darwin.
                var attributes: posix_spawnattr_t? = nil
            #else
                var attributes = posix_spawnattr_t()
            #endif
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in defaultSignals { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var flags = POSIX_SPAWN_SETSIGDEF
            if unblockingSignals {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                posix_spawnattr_setsigmask(&attributes, &unblocked)
                flags |= POSIX_SPAWN_SETSIGMASK
            }
            posix_spawnattr_setflags(&attributes, Int16(flags))

            let argv = arguments.map(duplicate) + [nil]
            let envp = environment.map { $0.map(duplicate) + [nil] }
            defer { for pointer in argv + (envp ?? []) { free(pointer) } }
            let program = String(decoding: arguments[0], as: UTF8.self)
            var pid: pid_t = 0
            let status = argv.withUnsafeBufferPointer { argv in
                func start(_ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
                    searchingPath
                        ? posix_spawnp(&pid, argv[0]!, &actions.raw, &attributes, argv.baseAddress!, envp)
                        : posix_spawn(&pid, argv[0]!, &actions.raw, &attributes, argv.baseAddress!, envp)
                }
                guard let envp else { return start(currentEnvironment) }
                return envp.withUnsafeBufferPointer { start($0.baseAddress!) }
            }
            guard status == 0 else { throw Failure(program: program, error: SystemError(status)) }
            return pid
        }

        /// ``spawn(bytes:actions:searchingPath:environment:defaultSignals:unblockingSignals:)`` with
        /// arguments given as text and this process's environment.
        package static func spawn(
            _ arguments: [String], actions: FileActions, searchingPath: Bool = false
        ) throws(Failure) -> pid_t {
            try spawn(bytes: arguments.map { Array($0.utf8) }, actions: actions, searchingPath: searchingPath)
        }

        /// This process's environment, for the child.
        private static var currentEnvironment: UnsafePointer<UnsafeMutablePointer<CChar>?> {
            #if canImport(Darwin)
                // No Darwin header declares `environ` for Swift; <crt_externs.h> has `_NSGetEnviron()`,
                // the way Darwin code reaches it (SwiftPM's and swift-foundation's spawning call it too).
                UnsafePointer(_NSGetEnviron().pointee!)
            #else
                UnsafePointer(environ)
            #endif
        }

        /// A malloc'd NUL-terminated copy of `bytes` (for argv and envp; freed with `free`).
        private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
            let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
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
#endif
