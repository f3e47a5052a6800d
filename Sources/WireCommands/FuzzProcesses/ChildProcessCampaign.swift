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
        package let campaign: ModelCampaign
        /// The worker's program and arguments.
        package let workerCommand: [String]
        /// Seconds one mutant may take.
        package let timeLimit: Double
        /// Mutant numbers sent at once.
        package let batchSize: Int

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
            package var reason: String
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
                    reply +=
                        Text.hex(finding.bytes) + "\t" + CanonicalJSONWriter.text(expectation.json(), style: .compact)
                    reply += "\t\(clean(finding.operation.path.description))"
                } else if let k = Int(line) {
                    let (_, verdict) = campaign.evaluate(k)
                    reply =
                        "\(k)\t\(verdict.outcome.rawValue)\t\(clean(verdict.expected))\t\(clean(verdict.seen))"
                        + (verdict.droppedMember.map { "\t\(clean($0.description))" } ?? "")
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
        /// - Parameters:
        ///   - count: how many mutants the whole campaign has (every shard is given the same count).
        ///   - shard: which part of them this run takes (``Shard/whole`` by default; `2/4` takes every
        ///     fourth mutant from the second on).
        ///   - progress: called every `batchSize` mutants and after the last with how many
        ///     have been judged.
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
                        // A fifth field, when present, is the member the model dropped (a note).
                        guard fields.count == 4 || fields.count == 5, Int(fields[0]) == k,
                            let outcome = FuzzOutcome(rawValue: String(fields[1])),
                            fields.count == 4 || JSONPath.parse(String(fields[4])) != nil
                        else {
                            throw WorkerError(reason: "the fuzz worker answered '\(line.prefix(200))' for mutant \(k)")
                        }
                        verdict = FuzzVerdict(
                            outcome, expected: String(fields[2]), seen: String(fields[3]),
                            droppedMember: fields.count == 5 ? JSONPath.parse(String(fields[4])) : nil)
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
        package func shrink(_ k: Int) throws(WorkerError) -> (finding: FuzzFinding, expectation: ModelExpectation)? {
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
#endif
