import WireCommandLine
import WireFuzz

#if WIRELOCK_SPAWN
    import WireSupport

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Feeds each mutant on standard input to an external command (`/bin/sh -c COMMAND`: a decoder in
    /// any language) and judges how it ends:
    ///
    /// | the command | syntax mutant (must be rejected) | structural mutant |
    /// |---|---|---|
    /// | exits non-zero | `rejected-as-expected` | `accepted` (any answer is fine: the model is unknown) |
    /// | exits 0 | `silently-accepted` | `accepted` |
    /// | dies by a signal | `crash` | `crash` |
    /// | runs past the time limit (then killed) | `hang` | `hang` |
    ///
    /// The mutant goes through a temporary file rather than a pipe, so a command that does not read
    /// its input cannot block or break the run. Its output is discarded.
    ///
    /// ```swift
    /// let runner = ExecRunner(command: "python3 -c 'import json,sys; json.load(sys.stdin)'", timeLimit: 2)
    /// let verdict = try runner.verdict(for: mutant)
    /// ```
    package struct ExecRunner: Sendable {
        /// The shell command.
        package let command: String
        /// Seconds a mutant may take before it counts as a hang.
        package let timeLimit: Double

        /// A runner for `command` with a per-mutant time limit in seconds.
        package init(command: String, timeLimit: Double = 5) {
            self.command = command
            self.timeLimit = timeLimit
        }

        /// The command could not be run at all.
        package struct ExecError: Error, Hashable, Sendable, CustomStringConvertible {
            /// Why, in words.
            package var reason: String
            package var description: String { reason }
        }

        /// How one run of the command ended.
        package enum Ending: Hashable, Sendable {
            /// It exited with this status.
            case exited(Int32)
            /// It was killed by this signal (not by the time limit).
            case signaled(Int32)
            /// It ran past the time limit and was killed.
            case timedOut

            init(_ ending: Spawn.Ending) {
                switch ending {
                case .exited(let status): self = .exited(status)
                case .signaled(let signal): self = .signaled(signal)
                case .timedOut: self = .timedOut
                }
            }
        }

        /// Runs the command once with `bytes` on standard input.
        /// - Throws: ``ExecError`` when the command cannot be started, or exits with 126 or 127 (the
        ///   shell's "cannot execute" and "not found").
        package func run(_ bytes: [UInt8]) throws(ExecError) -> Ending {
            var template = Array("/tmp/wirelock-exec-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                throw ExecError(reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
            }
            let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            defer { unlink(path) }
            if FileSystem.writeAll(bytes, to: fd) != nil {
                close(fd)
                throw ExecError(reason: "cannot write \(path)")
            }
            close(fd)

            let ending: Ending
            do throws(Spawn.Failure) {
                ending = Ending(try Spawn.run(["/bin/sh", "-c", command], stdinPath: path, timeLimit: timeLimit))
            } catch {
                throw ExecError(reason: error.description)
            }
            if case .exited(let status) = ending, status == 126 || status == 127 {
                throw ExecError(reason: "'\(command)' could not be run (the shell exited with \(status))")
            }
            return ending
        }

        /// The verdict on one mutant (see the table above).
        package func verdict(for mutant: Mutant) throws(ExecError) -> FuzzVerdict {
            let ending = try run(mutant.bytes)
            let mustFail = !mutant.expectation.isValid
            let expected = mustFail ? "non-zero exit (\(mutant.expectation))" : "any exit status"
            switch ending {
            case .timedOut:
                return FuzzVerdict(.hang, expected: expected, seen: "no exit within \(timeLimit) s (killed)")
            case .signaled(let signal):
                return FuzzVerdict(
                    .crash, expected: expected, seen: "killed by signal \(signal) (\(Spawn.signalName(signal)))")
            case .exited(let status):
                if status == 0 && mustFail { return FuzzVerdict(.silentlyAccepted, expected: expected, seen: "exit 0") }
                return FuzzVerdict(
                    mustFail ? .rejectedAsExpected : .accepted, expected: expected, seen: "exit \(status)")
            }
        }
    }
#endif
