import Foundation
import WireLockTestSupport

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

/// Runs the built `wirelock` with `posix_spawn`, for what Foundation's `Process` cannot do:
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
        let executable = try WireLockBinary.locate().path
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let stdinPath = try scratch.write("stdin", bytes: stdin)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)

        var parentEnds: [Int32] = []  // closed once the child runs
        var terminals: [Int32: Int32] = [:]  // child descriptor -> terminal master
        defer { for (_, master) in terminals { close(master) } }
        for (descriptor, target) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch target {
            case .capture:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, scratch.path("out\(descriptor)"),
                    O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY, 0)
            case .closedPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
                }
                close(ends[0])
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
                parentEnds.append(ends[1])
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
            case .terminal:
                let (master, name) = try Terminal.open()
                posix_spawn_file_actions_addopen(&actions, descriptor, name, O_WRONLY | O_NOCTTY, 0)
                terminals[descriptor] = master
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling and nothing blocked, whatever the test runner does.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        // `env -C DIR` changes the directory (posix_spawn_file_actions_addchdir_np is not in Swift's Glibc).
        // An ignored signal stays ignored across exec, so `trap '' PIPE` in sh reaches the binary.
        var prefix = ignoringSIGPIPE ? ["/bin/sh", "-c", "trap '' PIPE; exec \"$@\"", "sh", executable] : [executable]
        if let user { prefix = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + prefix }
        if let directory { prefix = ["/usr/bin/env", "-C", directory.path] + prefix }
        let program = prefix[0]
        let argv: [UnsafeMutablePointer<CChar>?] = (prefix.map { Array($0.utf8) } + arguments).map(duplicate) + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { duplicate(Array("\($0.key)=\($0.value)".utf8)) } + [nil]
        defer { for pointer in argv + envp { pointer?.deallocate() } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        for end in parentEnds { close(end) }
        guard status == 0 else { throw SpawnError(description: "posix_spawn: \(String(cString: strerror(status)))") }

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

    /// A malloc'd NUL-terminated copy (for argv and envp).
    private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }
}

/// A pseudo-terminal pair. The XSI calls are not in Swift's Glibc module, so they are looked up
/// in the C library at run time.
private enum Terminal {
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias StepFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// The master's descriptor and the path of the slave.
    static func open() throws -> (Int32, String) {
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
    }
}
