#if WIRELOCK_SPAWN
    import Foundation

    /// What a run of the `wirelock` binary produced.
    public struct CommandResult: CustomStringConvertible, Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        /// Standard output split into lines (without the final empty one).
        public var stdoutLines: [String] {
            var lines = stdout.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Finds and runs the built `wirelock` executable, the way a user would (swift-argument-parser's
    /// `AssertExecuteCommand` does the same for its examples).
    public enum WireLockBinary {
        public struct NotFound: Error, CustomStringConvertible {
            public var searched: [String]
            public var description: String {
                "wirelock binary not found; set WIRELOCK_BIN or run `swift build`. Looked in: "
                    + searched.joined(separator: ", ")
            }
        }

        /// `WIRELOCK_BIN`, else a `wirelock` file beside the test bundle (SwiftPM builds it first, since
        /// the test target depends on the executable target). The test bundle is found from the image
        /// this code is loaded from (``BuildProducts``), which is right under `swiftpm-testing-helper`
        /// on macOS too; `Bundle.main`, `argv[0]` and the loaded `.xctest` bundles stay as fallbacks.
        public static func locate() throws -> URL {
            let environment = ProcessInfo.processInfo.environment
            if let override = environment["WIRELOCK_BIN"], !override.isEmpty {
                return URL(fileURLWithPath: override)
            }
            var directories: [URL] = []
            if let image = BuildProducts.imagePath() {
                let absolute =
                    image.hasPrefix("/") ? image : FileManager.default.currentDirectoryPath + "/" + image
                directories += BuildProducts.directories(forImage: absolute).map { URL(fileURLWithPath: $0) }
            }
            let bundle = Bundle.main.bundleURL
            directories.append(bundle)
            directories.append(bundle.deletingLastPathComponent())
            if let first = CommandLine.arguments.first {
                directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
            }
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                directories.append(bundle.bundleURL.deletingLastPathComponent())
            }
            let candidates = directories.map { $0.appendingPathComponent("wirelock") }
            for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    return candidate
                }
            }
            throw NotFound(searched: candidates.map(\.path))
        }

        /// Runs `wirelock` (or another executable built beside it, such as `wirelock-sample`) with `arguments`.
        /// - Parameters:
        ///   - stdin: bytes for standard input (empty input when nil).
        ///   - directory: the working directory (relative paths in arguments and output are relative to it).
        ///   - environment: extra environment variables.
        ///   - executable: the product to run, found in the same build folder as `wirelock`.
        public static func run(
            _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil,
            environment: [String: String] = [:], executable: String = "wirelock"
        ) throws -> CommandResult {
            let process = Process()
            let wirelock = try locate()
            process.executableURL =
                executable == "wirelock"
                ? wirelock : wirelock.deletingLastPathComponent().appendingPathComponent(executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "NO_COLOR")
            for (key, value) in environment { env[key] = value }
            process.environment = env

            // Files rather than pipes: no deadlock whatever the output size.
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("wirelock-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let inURL = scratch.appendingPathComponent("stdin")
            let outURL = scratch.appendingPathComponent("stdout")
            let errURL = scratch.appendingPathComponent("stderr")
            try Data(stdin ?? []).write(to: inURL)
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let input = try FileHandle(forReadingFrom: inURL)
            let output = try FileHandle(forWritingTo: outURL)
            let errors = try FileHandle(forWritingTo: errURL)
            defer {
                try? input.close()
                try? output.close()
                try? errors.close()
            }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors

            try process.run()
            process.waitUntilExit()
            return CommandResult(
                status: process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        }

        /// Runs `wirelock` with text on standard input.
        public static func run(_ arguments: [String], stdin text: String, in directory: URL? = nil) throws
            -> CommandResult
        {
            try run(arguments, stdin: Array(text.utf8), in: directory)
        }
    }
#endif
