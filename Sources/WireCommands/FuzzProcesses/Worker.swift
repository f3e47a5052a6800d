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

    /// A worker process with pipes to its standard input and output.
    struct Worker {
        let pid: pid_t
        let input: Int32
        let output: Int32
        var reader: LineReader

        enum Reply {
            case line(String)
            case died(Int32?)
            case timedOut
        }

        static func start(_ command: [String]) throws(ChildProcessCampaign.WorkerError) -> Worker {
            var toChild: [Int32] = [0, 0]
            var fromChild: [Int32] = [0, 0]
            guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
                throw .init(reason: "cannot create pipes: \(String(cString: strerror(errno)))")
            }
            let actions = Spawn.FileActions()
            actions.duplicate(toChild[0], as: 0)
            actions.duplicate(fromChild[1], as: 1)
            actions.close(toChild[1])
            actions.close(fromChild[0])
            let pid: pid_t
            do throws(Spawn.Failure) { pid = try Spawn.spawn(command, actions: actions) } catch {
                throw .init(reason: "cannot start the fuzz worker: \(error)")
            }
            close(toChild[0])
            close(fromChild[1])
            // Writing to a worker that has died must not kill the parent with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            return Worker(
                pid: pid, input: toChild[1], output: fromChild[0], reader: LineReader(descriptor: fromChild[0]))
        }

        func send(_ text: String) {
            FileSystem.writeAll(Array(text.utf8), to: input)
        }

        mutating func readLine(timeLimit: Double) -> Reply {
            switch reader.next(timeLimit: timeLimit) {
            case .line(let line): return .line(line)
            case .timedOut:
                kill(pid, SIGKILL)
                return .timedOut
            case .end:
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
                let signal = status & 0x7F
                return .died(signal == 0 ? nil : signal)
            }
        }

        func stop() {
            close(input)
            close(output)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }
#endif
