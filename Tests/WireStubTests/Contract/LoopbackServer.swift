#if WIRELOCK_SPAWN
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A real HTTP server on 127.0.0.1 for contract tests: Python's `http.server` serving a folder,
    /// on a port the kernel picks (printed by the script, so no port is guessed).
    final class LoopbackServer: @unchecked Sendable {
        // @unchecked: `process` is set once in init and only read (terminated) afterwards.
        let process: Process
        let baseURL: URL

        /// The real `python3` executable (a version manager's shim on PATH resolved through
        /// `sys.executable`, so the server is the process started and stops when killed), or nil: the
        /// tests that need it are then disabled, with that reason shown.
        static let python: URL? = {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            for directory in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
                guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
                let probe = Process()
                probe.executableURL = candidate
                probe.arguments = ["-c", "import sys; print(sys.executable)"]
                let output = Pipe()
                probe.standardOutput = output
                probe.standardError = FileHandle.nullDevice
                guard (try? probe.run()) != nil else { continue }
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                probe.waitUntilExit()
                let real = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if probe.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: real) {
                    return URL(fileURLWithPath: real)
                }
            }
            return nil
        }()

        struct CannotStart: Error, CustomStringConvertible {
            var description: String
        }

        /// Serves `argv[1]`; with `argv[2]` and `argv[3]`, only to requests whose header `argv[2]`
        /// is `argv[3]` (others get 401), the way a key-protected service such as Radarr answers.
        static let script = """
            import functools, http.server, sys
            class Handler(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args):
                    pass
                def do_GET(self):
                    if len(sys.argv) > 3 and self.headers.get(sys.argv[2]) != sys.argv[3]:
                        self.send_response(401)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    super().do_GET()
            handler = functools.partial(Handler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """

        /// Starts serving `directory`; a request for `/a/b` answers with the file `directory/a/b`.
        /// With `requiring`, only requests carrying that header field and value are served.
        init(serving directory: URL, requiring key: (header: String, value: String)? = nil) throws {
            guard let python = Self.python else { throw CannotStart(description: "python3 not found on PATH") }
            process = Process()
            process.executableURL = python
            process.arguments = ["-c", Self.script, directory.path] + (key.map { [$0.header, $0.value] } ?? [])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line is the port; an empty read means the script died before listening.
            var line = Data()
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw CannotStart(description: "python3 http.server did not start on 127.0.0.1")
            }
            baseURL = URL(string: "http://127.0.0.1:\(port)")!
        }

        /// Kills the server (SIGKILL: a test runner may have started it with SIGTERM blocked).
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
#endif
