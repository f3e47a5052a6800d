#if WIRELOCK_SPAWN
    import Foundation
    import WireCommandLine
    import WireLockTestSupport
    import WireSupport

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Where a spawned binary's standard output or standard error goes.
    enum StreamTarget {
        /// A scratch file, read back into the result.
        case capture
        /// A file opened for writing, e.g. `/dev/full`.
        case file(String)
        /// A pipe whose reading end is closed before the child starts (`| head` that already quit).
        case closedPipe
        /// The descriptor is closed in the child (`>&-`).
        case closed
        /// A pseudo-terminal, read back into the result (the terminal turns `\n` into `\r\n`).
        case terminal
    }

    /// How a spawned process ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// What a run produced.
    struct RawResult: CustomStringConvertible {
        var termination: Termination
        var stdout: [UInt8]
        var stderr: [UInt8]

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        var description: String { "\(termination)\n--- stdout\n\(stdoutText)--- stderr\n\(stderrText)" }
    }

    /// Runs the built `wirelock` with WireSupport's `Spawn`, for what Foundation's `Process` cannot do:
    /// arguments that are not UTF-8 (paths are bytes on Linux), and standard output on `/dev/full`, a
    /// closed pipe, a closed descriptor or a terminal.
    enum RawProcess {
        struct SpawnError: Error, CustomStringConvertible {
            var description: String
        }

        /// Runs the binary with `arguments` (each the exact bytes of one argument).
        /// - Parameters:
        ///   - directory: the working directory.
        ///   - environment: variables set on top of this process's environment (from which `NO_COLOR` is removed).
        ///   - ignoringSIGPIPE: start the binary with SIGPIPE ignored (as some parents do), through `sh`.
        ///   - user: run as this uid and gid (with no other groups), through `setpriv`; needs root.
        ///   - whileRunning: called with the child's pid once it runs, before waiting for it.
        static func run(
            _ arguments: [[UInt8]], stdin: [UInt8] = [], stdout: StreamTarget = .capture,
            stderr: StreamTarget = .capture, in directory: URL? = nil,
            environment: [String: String] = [:], ignoringSIGPIPE: Bool = false, user: UInt32? = nil,
            whileRunning: ((pid_t) throws -> Void)? = nil
        ) throws -> RawResult {
            #if !os(Linux)
                // Checked before any descriptor is opened, so nothing leaks when it throws.
                if let user { throw SpawnError(description: "running as user \(user) needs Linux's setpriv") }
            #endif
            let executable = try WireLockBinary.locate().path
            let scratch = try TemporaryDirectory()
            defer { scratch.remove() }
            let stdinPath = try scratch.write("stdin", bytes: stdin)

            let actions = Spawn.FileActions()
            actions.open(0, stdinPath, O_RDONLY)

            var parentEnds: [Int32] = []  // closed once the child runs
            var terminals: [Int32: Int32] = [:]  // child descriptor -> terminal master
            defer { for (_, master) in terminals { close(master) } }
            for (descriptor, target) in [(Int32(1), stdout), (Int32(2), stderr)] {
                switch target {
                case .capture:
                    actions.open(
                        descriptor, scratch.path("out\(descriptor)"), O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
                case .file(let path):
                    actions.open(descriptor, path, O_WRONLY)
                case .closedPipe:
                    var ends: [Int32] = [0, 0]
                    guard pipe(&ends) == 0 else {
                        throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
                    }
                    close(ends[0])
                    actions.duplicate(ends[1], as: descriptor)
                    parentEnds.append(ends[1])
                case .closed:
                    actions.close(descriptor)
                case .terminal:
                    let (master, name) = try Terminal.open()
                    actions.open(descriptor, name, O_WRONLY | O_NOCTTY)
                    terminals[descriptor] = master
                }
            }

            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "NO_COLOR")
            for (key, value) in environment { env[key] = value }
            // An ignored signal stays ignored across exec, so `trap '' PIPE` in sh reaches the binary.
            #if os(Linux)
                var prefix =
                    ignoringSIGPIPE ? ["/bin/sh", "-c", "trap '' PIPE; exec \"$@\"", "sh", executable] : [executable]
                // util-linux's setpriv (Linux only) runs the binary as another user.
                if let user {
                    prefix = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + prefix
                }
                // GNU coreutils' `env -C DIR`: posix_spawn_file_actions_addchdir_np is in glibc 2.29+ but not
                // in Swift's Glibc module.
                if let directory { prefix = ["/usr/bin/env", "-C", directory.path] + prefix }
            #else
                let prefix =
                    ignoringSIGPIPE ? ["/bin/sh", "-c", "trap '' PIPE; exec \"$@\"", "sh", executable] : [executable]
                if let directory { actions.changeDirectory(to: directory.path) }
            #endif

            // The child starts with default signal handling and nothing blocked, whatever the test runner does.
            let pid: pid_t
            do throws(Spawn.Failure) {
                pid = try Spawn.spawn(
                    bytes: prefix.map { Array($0.utf8) } + arguments, actions: actions,
                    environment: env.map { Array("\($0.key)=\($0.value)".utf8) },
                    defaultSignals: [SIGPIPE, SIGTERM, SIGINT, SIGHUP], unblockingSignals: true)
            } catch {
                for end in parentEnds { close(end) }
                throw SpawnError(description: "posix_spawn: \(error)")
            }
            for end in parentEnds { close(end) }

            var terminalOutput: [Int32: [UInt8]] = [:]
            func drainTerminals() {
                for (descriptor, master) in terminals {
                    var pollEntry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while poll(&pollEntry, 1, 0) > 0 && (pollEntry.revents & Int16(POLLIN)) != 0 {
                        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                        if count <= 0 { break }
                        terminalOutput[descriptor, default: []] += buffer[0..<count]
                    }
                }
            }

            var waitError: (any Error)?
            do { try whileRunning?(pid) } catch {
                waitError = error
                kill(pid, SIGKILL)
            }
            var raw: Int32 = 0
            while true {
                drainTerminals()
                let done = waitpid(pid, &raw, terminals.isEmpty ? 0 : WNOHANG)
                if done == pid { break }
                if done < 0 && errno != EINTR {
                    throw SpawnError(description: "waitpid: \(String(cString: strerror(errno)))")
                }
                if done == 0 { usleep(1000) }
            }
            drainTerminals()
            if let waitError { throw waitError }

            let signal = raw & 0x7F
            let termination: Termination = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signaled(signal)
            func output(_ descriptor: Int32, _ target: StreamTarget) throws -> [UInt8] {
                switch target {
                case .capture: try scratch.read("out\(descriptor)")
                case .terminal: terminalOutput[descriptor] ?? []
                default: []
                }
            }
            return RawResult(termination: termination, stdout: try output(1, stdout), stderr: try output(2, stderr))
        }

        /// Runs with arguments given as text.
        static func run(
            _ arguments: [String], stdin: [UInt8] = [], stdout: StreamTarget = .capture,
            stderr: StreamTarget = .capture, in directory: URL? = nil,
            environment: [String: String] = [:], ignoringSIGPIPE: Bool = false, user: UInt32? = nil,
            whileRunning: ((pid_t) throws -> Void)? = nil
        ) throws -> RawResult {
            try run(
                arguments.map { Array($0.utf8) }, stdin: stdin, stdout: stdout, stderr: stderr, in: directory,
                environment: environment, ignoringSIGPIPE: ignoringSIGPIPE, user: user, whileRunning: whileRunning)
        }
    }

    /// A pseudo-terminal pair.
    private enum Terminal {
        /// The master's descriptor and the path of the slave.
        static func open() throws -> (Int32, String) {
            #if canImport(Darwin)
                // Darwin's <stdlib.h> declares the XSI calls, and Swift's Darwin module imports them.
                let master = posix_openpt(O_RDWR | O_NOCTTY)
                guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                    throw RawProcess.SpawnError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
                }
                return (master, String(cString: name))
            #else
                // Swift's Glibc module does not import them (glibc declares them only under _XOPEN_SOURCE),
                // so they are looked up in the C library at run time; RTLD_DEFAULT is a null handle on glibc.
                typealias OpenFunction = @convention(c) (Int32) -> Int32
                typealias StepFunction = @convention(c) (Int32) -> Int32
                typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
                func symbol<T>(_ name: String, as type: T.Type) throws -> T {
                    guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                        throw RawProcess.SpawnError(description: "no \(name) in the C library")
                    }
                    return unsafeBitCast(pointer, to: type)
                }
                let openMaster = try symbol("posix_openpt", as: OpenFunction.self)
                let grant = try symbol("grantpt", as: StepFunction.self)
                let unlock = try symbol("unlockpt", as: StepFunction.self)
                let slaveName = try symbol("ptsname", as: NameFunction.self)
                let master = openMaster(O_RDWR | O_NOCTTY)
                guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = slaveName(master) else {
                    throw RawProcess.SpawnError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
                }
                return (master, String(cString: name))
            #endif
        }
    }
#endif
