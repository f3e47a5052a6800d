import WireDecoder
import WireJSONCore
import WireReaders
import WireSupport

/// A campaign for one model over its fixtures: each mutant is decoded and judged by the rule in
/// ``ModelExpectation``; findings can be shrunk (``shrink(_:budget:)``) and kept as regression cases
/// (``FuzzRegressions``).
///
/// Only fixtures the model accepts seed a campaign (a fixture it rejects, such as a `-wrong-type`
/// one, is listed in ``skipped``): the expected outcome of a mutant is judged against what the model
/// makes of the fixture itself.
///
/// This type runs mutants in the calling process (as `swift test` does). From the command line,
/// `ChildProcessCampaign` runs them in a worker process so a crash is survived.
///
/// ```swift
/// let campaign = ModelCampaign(model: .codable(Page<Movie>.self, name: "movie"), seeds: seeds, seed: 7)
/// let result = campaign.run(count: 20_000)
/// for finding in result.findings { print(finding.verdict.seen) }
/// ```
public struct ModelCampaign: Sendable {
    /// The model.
    public let model: FuzzModel
    /// The mutants (from the accepted fixtures only).
    public let generator: MutantGenerator
    /// Fixtures left out because the model rejects them, with the reason.
    public let skipped: [(name: String, reason: String)]
    /// Inputs left out before the campaign (not valid JSON), for the report; set by the caller.
    public var skippedInputs: [(name: String, reason: String)] = []
    /// Per seed: where the model's write-back of the seed differs from it (for a model judged by
    /// dumps: the members the model drops, by the verification report).
    let baselines: [[JSONPath]]
    /// Per seed, for a model judged by dumps (only `Decodable`): the dump of what it decoded.
    let seedDumps: [JSONValue?]
    /// Per seed: where the model already swallows an error in the seed itself (by the
    /// verification report), so only what a mutation adds counts.
    let swallowedBaselines: [[JSONPath]]
    /// What the model reads, learned from decoding the accepted seeds (or given): a mutation of a
    /// member it reads nothing of must decode as the seed does, and an error swallowed where the
    /// contract says the model reads leniently (a `try?` union) is expected. Nil for a model with
    /// no `WireJSONDecoder` path.
    public let readerContract: ReaderContract?

    /// Prepares a campaign: decodes every seed once to learn what the model accepts, models and
    /// reads.
    /// - Parameters:
    ///   - model: the model under fuzzing.
    ///   - seeds: the fixtures; those the model rejects are left out (``skipped``).
    ///   - seed: the campaign's seed (the same seed, the same mutants).
    ///   - mutators: the kinds of mutation (default: all of them).
    ///   - readerContract: the model's reviewed contract (`golden/<name>.reads.json`); by default
    ///     the one its seeds give.
    ///   - judgesByReads: false judges every member by its mutator's rule, read or not (what
    ///     campaigns did before reader contracts).
    public init(
        model: FuzzModel, seeds: [FuzzSeed], seed: UInt64, mutators: [Mutator] = Mutator.allCases,
        readerContract: ReaderContract? = nil, judgesByReads: Bool = true
    ) {
        var accepted: [FuzzSeed] = []
        var skipped: [(String, String)] = []
        for candidate in seeds {
            switch model.decode(candidate.bytes) {
            case .rejected(let failure):
                skipped.append((candidate.name, "the model rejects it: \(failure.kind.rawValue) at \(failure.path)"))
            case .accepted(_, let encodingError?, _):
                skipped.append((candidate.name, "the model cannot write it back: \(encodingError)"))
            case .accepted:
                accepted.append(candidate)
            }
        }
        let generator = MutantGenerator(seeds: accepted, seed: seed, mutators: mutators, maxDepth: model.maxDepth)
        self.model = model
        self.generator = generator
        self.skipped = skipped
        self.baselines = generator.seeds.map { Self.baseline(model, $0) }
        self.seedDumps = generator.seeds.map { seed in
            if case .accepted(nil, nil, let dump?) = model.decode(seed.bytes) { return dump }
            return nil
        }
        self.swallowedBaselines = generator.seeds.map { seed in
            model.verdictReport(seed.bytes)?.swallowedErrors.map(\.path) ?? []
        }
        self.readerContract = judgesByReads ? readerContract ?? Self.learnContract(model, generator.seeds) : nil
    }

    /// The reader contract the seeds give: each decoded once with its reads.
    static func learnContract(_ model: FuzzModel, _ seeds: [FuzzSeed]) -> ReaderContract? {
        var contract = ReaderContract(model: model.typeName)
        for seed in seeds {
            guard let report = (try? model.decodeWithReport(seed.bytes)) ?? nil else { return nil }
            contract.add(report, fixture: seed.name)
        }
        return contract
    }

    static func baseline(_ model: FuzzModel, _ seed: FuzzSeed, decoded: FuzzModel.Decoded? = nil) -> [JSONPath] {
        switch decoded ?? model.decode(seed.bytes) {
        case .accepted(let view?, nil, _): return ValueDiff.paths(seed.value, view)
        case .accepted(nil, nil, _?): return model.verdictReport(seed.bytes)?.droppedMembers.map(\.path) ?? []
        default: return []
        }
    }

    /// What a correct model does with mutant `k`.
    public func expectation(_ k: Int) -> ModelExpectation {
        let (seedIndex, operation) = generator.operation(k)
        let seed = generator.seeds[seedIndex].value
        return ModelExpectation.of(
            operation, baseline: baselines[seedIndex], original: seed[operation.path],
            parent: operation.path.components.isEmpty ? nil : seed[operation.path.parent], reads: readerContract)
    }

    /// Mutant `k`, and the model's verdict on it.
    public func evaluate(_ k: Int) -> (mutant: Mutant, verdict: FuzzVerdict) {
        let mutant = generator.mutant(k)
        return (mutant, verdict(for: mutant))
    }

    /// The model's verdict on a mutant of this campaign's generator.
    public func verdict(for mutant: Mutant) -> FuzzVerdict {
        judge(
            mutant.bytes, expectation(mutant.index), operation: mutant.operation,
            seedSwallowed: swallowedBaselines[mutant.seedIndex],
            seed: seedDumps[mutant.seedIndex].map { (generator.seeds[mutant.seedIndex].value, $0) })
    }

    func judge(
        _ bytes: [UInt8], _ expectation: ModelExpectation, operation: MutationOperation, seedSwallowed: [JSONPath],
        seed: (tree: JSONValue, dump: JSONValue)? = nil
    ) -> FuzzVerdict {
        // A WireJSONDecoder model's report comes with its verdict; a JSONDecoder model's is a
        // second decode, made only when the verdict needs it.
        let (decoded, sameDecodeReport) = model.decodeReporting(bytes)
        var tree: JSONValue?
        if operation.isStructural, case .accepted(let view, nil, let dump) = decoded, view != nil || dump != nil {
            tree = try? JSONValue.parse(bytes)
        }
        let verdict = expectation.judge(decoded, mutant: tree, seed: seed)
        guard case .accepted = decoded, !verdict.outcome.isFinding,
            let report = sameDecodeReport ?? model.verdictReport(bytes)
        else { return verdict }
        return Self.refine(
            verdict, report: report, operation: operation, seedSwallowed: seedSwallowed,
            lenient: { readerContract?.entry(matching: $0)?.lenient ?? false })
    }

    /// An acceptance the write-back could not fault, looked at again through the verification
    /// report: an error the model swallowed at or below the mutated value (a wrong type caught by
    /// `try?`), which the seed itself does not cause, makes it `silently-accepted`; the injected or
    /// renamed member left unread is noted on the verdict (``FuzzVerdict/droppedMember``).
    static func refine(
        _ verdict: FuzzVerdict, report: WireDecodingReport, operation: MutationOperation, seedSwallowed: [JSONPath],
        lenient: (JSONPath) -> Bool = { _ in false }
    ) -> FuzzVerdict {
        let member: JSONPath?
        switch operation.edit {
        case .rename(let name): member = operation.path.parent.appending(key: name)
        case .add(let key, _): member = operation.path.appending(key: key)
        default: member = nil
        }
        return refine(
            verdict, report: report, at: operation.path, member: member, seedSwallowed: seedSwallowed, lenient: lenient)
    }

    /// ``refine(_:report:operation:seedSwallowed:lenient:)`` by the mutated path and the member the
    /// mutation put there (nil when it put none): also what a regression case is replayed with.
    /// An error swallowed where `lenient` says the model's contract reads leniently is expected.
    static func refine(
        _ verdict: FuzzVerdict, report: WireDecodingReport, at path: JSONPath, member: JSONPath?,
        seedSwallowed: [JSONPath], lenient: (JSONPath) -> Bool = { _ in false }
    ) -> FuzzVerdict {
        let target = path.components
        if let swallowed = report.swallowedErrors.first(where: { entry in
            entry.path.components.starts(with: target) && !seedSwallowed.contains(entry.path) && !lenient(entry.path)
        }) {
            return FuzzVerdict(
                .silentlyAccepted, expected: verdict.expected,
                seen: "accepted, but the model swallowed an error: \(swallowed.path): expected \(swallowed.expected), "
                    + "found \(swallowed.found)")
        }
        guard let member, report.droppedMembers.contains(where: { $0.path == member }) else { return verdict }
        var noted = verdict
        noted.droppedMember = member
        return noted
    }

    /// What a run found.
    public typealias Result = FuzzCampaignResult

    /// Runs this shard's part of a campaign of `count` mutants in this process.
    /// - Parameters:
    ///   - count: how many mutants the whole campaign has (every shard is given the same count).
    ///   - shard: which part of them this run takes (`Shard/whole` by default; `2/4` takes every
    ///     fourth mutant from the second on).
    ///   - progress: called every 256 mutants and after the last with how many have run.
    public func run(count: Int, shard: Shard = .whole, progress: (Int) -> Void = { _ in }) -> Result {
        CampaignLoop(generator: generator, count: count, shard: shard)
            .run(judge: { mutant throws(Never) in verdict(for: mutant) }, progress: progress)
    }

    /// A finding made as small as it goes: members and elements of its seed are removed, one at a
    /// time, largest first, as long as the model still accepts the smaller seed and the same
    /// mutation still gives the same kind of finding. The finding's path follows the removals
    /// (`$.records[3]` becomes `$.records[0]` once the three before it are gone).
    /// - Parameters:
    ///   - k: the finding's mutant number.
    ///   - budget: the most decodings to spend.
    /// - Returns: the shrunk finding and its expectation (a crash or hang is returned as it is).
    public func shrink(_ k: Int, budget: Int = 3000) -> (finding: FuzzFinding, expectation: ModelExpectation) {
        let (mutant, verdict) = evaluate(k)
        var expectation = self.expectation(k)
        var finding = FuzzFinding(
            index: k, seedName: mutant.seedName, operation: mutant.operation, verdict: verdict, bytes: mutant.bytes)
        guard verdict.outcome.isFinding, mutant.operation.isStructural else { return (finding, expectation) }
        var current = generator.seeds[mutant.seedIndex]
        var operation = mutant.operation
        var spent = 0
        var changed = true
        while changed && spent < budget {
            changed = false
            var candidates = Self.removable(current.value, keeping: operation.path)
            var i = 0
            while i < candidates.count && spent < budget {
                spent += 1
                let (removed, newPath) = candidates[i]
                guard let tree = current.value.replacing(at: removed, { _ in nil }) else {
                    i += 1
                    continue
                }
                let smaller = FuzzSeed(name: current.name, value: tree)
                var moved = operation
                moved.path = newPath
                if let attempt = attempt(moved, on: smaller), attempt.verdict.outcome == verdict.outcome {
                    current = smaller
                    operation = moved
                    expectation = attempt.expectation
                    finding.operation = moved
                    finding.verdict = attempt.verdict
                    finding.bytes = attempt.bytes
                    candidates = Self.removable(current.value, keeping: operation.path)
                    changed = true
                } else {
                    i += 1
                }
            }
        }
        if finding.bytes.count != mutant.bytes.count { finding.originalSize = mutant.bytes.count }
        return (finding, expectation)
    }

    /// The mutation on another seed, judged: nil when the model rejects that seed or the mutation
    /// does not apply there.
    func attempt(_ operation: MutationOperation, on seed: FuzzSeed) -> (
        bytes: [UInt8], verdict: FuzzVerdict, expectation: ModelExpectation
    )? {
        let decoded = model.decode(seed.bytes)
        guard case .accepted(_, nil, let dump) = decoded,
            let (bytes, _) = operation.apply(to: seed, maxDepth: model.maxDepth)
        else { return nil }
        let expectation = ModelExpectation.of(
            operation, baseline: Self.baseline(model, seed, decoded: decoded), original: seed.value[operation.path],
            parent: operation.path.components.isEmpty ? nil : seed.value[operation.path.parent], reads: readerContract)
        let seedSwallowed = model.verdictReport(seed.bytes)?.swallowedErrors.map(\.path) ?? []
        let verdict = judge(
            bytes, expectation, operation: operation, seedSwallowed: seedSwallowed,
            seed: dump.map { (seed.value, $0) })
        return (bytes, verdict, expectation)
    }

    /// The members and elements that can be removed without touching `path` or its ancestors, in
    /// document order (so containers come before what they hold), each with where `path` ends up.
    static func removable(_ root: JSONValue, keeping path: JSONPath) -> [(JSONPath, JSONPath)] {
        let chain = path.components
        return root.allPaths().compactMap { entry -> (JSONPath, JSONPath)? in
            let candidate = entry.path.components
            guard !candidate.isEmpty else { return nil }
            // Not the path, an ancestor of it, or inside it.
            if chain.starts(with: candidate) || candidate.starts(with: chain) { return nil }
            var moved = chain
            // Removing an element before the path's element in the same array shifts the path.
            let depth = candidate.count - 1
            if case .index(let removed) = candidate[depth], chain.count > depth,
                Array(chain.prefix(depth)) == Array(candidate.prefix(depth)),
                case .index(let kept) = chain[depth], removed < kept
            {
                moved[depth] = .index(kept - 1)
            }
            return (entry.path, JSONPath(moved))
        }
    }
}
