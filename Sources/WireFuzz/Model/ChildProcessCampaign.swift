import WireJSON
import WireSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``ModelCampaign`` in a worker process, so a trap in a model's `init(from:)` becomes a
/// `crash` finding with its reproducer instead of the end of the run, and a mutant that takes too
/// long becomes a `hang`.
///
/// The worker is the same program started again with arguments that rebuild the same campaign
/// (for `wirelock-sample`, a hidden `__fuzz-worker` command); it calls ``serve(_:input:output:)``.
/// The parent writes mutant numbers to the worker's standard input in batches, one per line, and
/// reads one line per mutant back: `k<TAB>outcome<TAB>expected<TAB>seen`. The mutant in flight is
/// the first one not yet answered; when the worker dies or misses the time limit, that mutant is
/// the finding, the worker is started again, and the batch goes on after it. `shrink k` asks the
/// worker to shrink a finding; the answer adds the shrunk bytes (hex) and expectation (JSON).
public struct ChildProcessCampaign: Sendable {
    /// The campaign (the parent uses it to number mutants and rebuild a crashing mutant's bytes).
    public let campaign: ModelCampaign
    /// The worker's program and arguments.
    public let workerCommand: [String]
    /// Seconds one mutant may take.
    public let timeLimit: Double
    /// Mutant numbers sent at once.
    public let batchSize: Int

    /// A runner.
    public init(campaign: ModelCampaign, workerCommand: [String], timeLimit: Double = 5, batchSize: Int = 256) {
        self.campaign = campaign
        self.workerCommand = workerCommand
        self.timeLimit = timeLimit
        self.batchSize = batchSize
    }

    /// The worker could not be started or talked to.
    public struct WorkerError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, in words.
        public var reason: String
        public var description: String { reason }
    }

    // MARK: Worker side

    /// Serves requests until the input ends. Called in the worker process.
    public static func serve(_ campaign: ModelCampaign, input: Int32 = 0, output: Int32 = 1) {
        var reader = LineReader(descriptor: input)
        while let line = reader.next() {
            var reply: String
            if line.hasPrefix("shrink "), let k = Int(line.dropFirst(7)) {
                let (finding, expectation) = campaign.shrink(k)
                reply =
                    "\(k)\t\(finding.verdict.outcome.rawValue)\t\(clean(finding.verdict.expected))\t\(clean(finding.verdict.seen))\t"
                reply += Text.hex(finding.bytes) + "\t" + CanonicalJSONWriter.text(expectation.json(), style: .compact)
                reply += "\t\(clean(finding.operation.path.description))"
            } else if let k = Int(line) {
                let (_, verdict) = campaign.evaluate(k)
                reply = "\(k)\t\(verdict.outcome.rawValue)\t\(clean(verdict.expected))\t\(clean(verdict.seen))"
            } else {
                reply = "error\tunknown request"
            }
            FileSystem.writeAll(Array((reply + "\n").utf8), to: output)
        }
    }

    private static func clean(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    // MARK: Parent side

    /// Runs this shard's part of a campaign of `count` mutants in worker processes.
    /// - Parameter progress: called every `batchSize` mutants and after the last with how many
    ///   have been judged.
    /// - Throws: ``WorkerError`` when the worker cannot be started, or answers nonsense.
    public func run(count: Int, shard: Shard = .whole, progress: (Int) -> Void = { _ in }) throws(WorkerError)
        -> ModelCampaign.Result
    {
        let all = Array(shard.indices(upTo: count))
        var worker: Worker? = nil
        var position = 0  // in `all`: the next mutant to judge
        var sent = 0  // in `all`: the mutants before this one have been sent to the worker
        defer { worker?.stop() }
        let loop = CampaignLoop(
            generator: campaign.generator, count: count, shard: shard, progressInterval: max(1, batchSize))
        return try loop.run(
            judge: { mutant throws(WorkerError) -> FuzzVerdict in
                let k = mutant.index
                if worker == nil { worker = try Worker.start(workerCommand) }
                if position == sent {
                    let batch = all[position..<min(all.count, position + batchSize)]
                    worker!.send(batch.map(String.init).joined(separator: "\n") + "\n")
                    sent = position + batch.count
                }
                position += 1
                let verdict: FuzzVerdict
                switch worker!.readLine(timeLimit: timeLimit) {
                case .line(let line):
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                    guard fields.count == 4, Int(fields[0]) == k, let outcome = FuzzOutcome(rawValue: String(fields[1]))
                    else {
                        throw WorkerError(reason: "the fuzz worker answered '\(line.prefix(200))' for mutant \(k)")
                    }
                    verdict = FuzzVerdict(outcome, expected: String(fields[2]), seen: String(fields[3]))
                case .died(let signal):
                    verdict = FuzzVerdict(
                        .crash, expected: campaign.expectation(k).description,
                        seen: signal.map { "the decoder died: signal \($0) (\(Spawn.signalName($0)))" }
                            ?? "the decoder exited")
                case .timedOut:
                    verdict = FuzzVerdict(
                        .hang, expected: campaign.expectation(k).description,
                        seen: "no answer within \(timeLimit) s (killed)")
                }
                if verdict.outcome == .crash || verdict.outcome == .hang {
                    // The rest of the batch goes to a new worker.
                    worker?.stop()
                    worker = nil
                    sent = position
                }
                return verdict
            }, progress: progress)
    }

    /// Shrinks a finding in a worker; nil when the worker died or hung meanwhile (keep the original).
    public func shrink(_ k: Int) throws(WorkerError) -> (finding: FuzzFinding, expectation: ModelExpectation)? {
        var worker = try Worker.start(workerCommand)
        defer { worker.stop() }
        worker.send("shrink \(k)\n")
        guard case .line(let line) = worker.readLine(timeLimit: max(timeLimit * 20, 60)) else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7, Int(fields[0]) == k, let outcome = FuzzOutcome(rawValue: String(fields[1])),
            let bytes = Text.bytes(fromHex: fields[4]), let json = try? JSONValue.parse(String(fields[5])),
            let expectation = ModelExpectation(json: json), let path = JSONPath.parse(String(fields[6]))
        else {
            throw WorkerError(reason: "the fuzz worker answered '\(line.prefix(200))' to shrink \(k)")
        }
        let mutant = campaign.generator.mutant(k)
        var operation = mutant.operation
        operation.path = path
        var finding = FuzzFinding(
            index: k, seedName: mutant.seedName, operation: operation,
            verdict: FuzzVerdict(outcome, expected: String(fields[2]), seen: String(fields[3])), bytes: bytes)
        if bytes.count != mutant.bytes.count { finding.originalSize = mutant.bytes.count }
        return (finding, expectation)
    }
}

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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addclose(&actions, toChild[1])
        posix_spawn_file_actions_addclose(&actions, fromChild[0])
        let pid: pid_t
        do throws(Spawn.Failure) { pid = try Spawn.spawn(command, actions: &actions) } catch {
            throw .init(reason: "cannot start the fuzz worker: \(error)")
        }
        close(toChild[0])
        close(fromChild[1])
        // Writing to a worker that has died must not kill the parent with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return Worker(pid: pid, input: toChild[1], output: fromChild[0], reader: LineReader(descriptor: fromChild[0]))
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

/// Lines from a descriptor, with an optional time limit per line.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// `buffer[start..<scanned]` has no newline: a long line arriving in many reads is searched
    /// once, not again from its start after every read.
    private var scanned = 0

    init(descriptor: Int32) { self.descriptor = descriptor }

    enum Next {
        case line(String)
        case timedOut, end
    }

    mutating func next() -> String? {
        if case .line(let line) = next(timeLimit: nil) { return line }
        return nil
    }

    mutating func next(timeLimit: Double?) -> Next {
        var begin = timespec()
        clock_gettime(CLOCK_MONOTONIC, &begin)
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65536 {
                    buffer.removeFirst(start)
                    start = 0
                }
                scanned = start
                return .line(line)
            }
            scanned = buffer.count
            if let timeLimit {
                let left = timeLimit - Spawn.elapsed(since: begin)
                if left <= 0 { return .timedOut }
                var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&pfd, 1, Int32(min(left * 1000 + 1, 1_000_000)))
                if ready == 0 { continue }
                if ready < 0 && errno != EINTR { return .end }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 65536) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .end }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}
