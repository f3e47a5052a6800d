import Dispatch
import Foundation
import WireSupport

/// Runs a `legacy` and a `candidate` implementation over a corpus and compares their outputs as
/// bytes (see ``OracleOutput``), classifying each difference (``OracleDifference``).
///
/// The corpus is any `Sequence`, read once and lazily: it is cut into fixed-size blocks that the
/// workers take in turn, so a run over 10⁷ generated inputs holds only `workers × blockSize`
/// inputs at a time. Results are merged by input index, so the report (counts per class, examples,
/// groups, their order) is the same whatever the scheduling.
///
/// ```swift
/// let oracle = Oracle<String>(
///     name: "price parser",
///     legacy: { LegacyPrice.parse($0) },
///     candidate: { FastPrice.parse($0) })
/// let report = oracle.run(["1.00", "1,5", ""])
/// if !report.isClean { print(report) }
/// ```
///
/// The two functions must be safe to call from two threads at once, and give the same output for
/// the same input (the report shrinks a difference by calling them again).
public struct Oracle<Input: Sendable>: Sendable {
    /// What one side gave, kept raw until a difference needs it rendered.
    enum Side {
        case value(bytes: [UInt8], output: any OracleOutput)
        case rejected(String)

        init(catching body: () throws -> (any OracleOutput)?) {
            do {
                if let output = try body() {
                    self = .value(bytes: output.oracleBytes, output: output)
                } else {
                    self = .rejected("rejected")
                }
            } catch let error as any OracleErrorCategory {
                self = .rejected(error.oracleCategory)
            } catch {
                self = .rejected("rejected")
            }
        }

        func matches(_ other: Side) -> Bool {
            switch (self, other) {
            case (.value(let a, _), .value(let b, _)): a == b
            case (.rejected(let a), .rejected(let b)): a == b
            default: false
            }
        }

        var instant: Double? {
            if case .value(_, let output) = self { return output.oracleInstant }
            return nil
        }

        var isValue: Bool {
            if case .value = self { return true }
            return false
        }

        var outcome: OracleOutcome {
            switch self {
            case .value(_, let output): OracleOutcome(output)
            case .rejected(let category): .rejected(category: category)
            }
        }
    }

    /// A short name for the pair, used in reports (`iso8601 vs fast iso8601`).
    public var name: String
    let legacy: @Sendable (Input) -> Side
    let candidate: @Sendable (Input) -> Side
    let describe: @Sendable (Input) -> String
    let reproduce: (@Sendable (Int, Input) -> String)?
    /// The input as the text shapes and family patterns read: the string itself, or its description.
    let text: @Sendable (Input) -> String
    /// The input a text stands for, when inputs are strings (then a group can be shrunk).
    let fromText: (@Sendable (String) -> Input)?

    /// Creates an oracle from two functions with the same output type.
    ///
    /// - Parameters:
    ///   - name: The pair's name in reports.
    ///   - legacy: The reference implementation. `nil` or a thrown error counts as a rejection.
    ///   - candidate: The implementation under test.
    ///   - describe: How an input is printed; `String(reflecting:)` by default (a string as a literal).
    ///   - reproduce: A line that reproduces one mismatch (for example a CLI invocation), given the
    ///     input's index in the corpus and the input. By default the seed and index of a generated
    ///     input (``SeededCorpus``), else the input as `describe` prints it.
    public init<Output: OracleOutput & SendableMetatype>(
        name: String = "legacy vs candidate",
        legacy: @escaping @Sendable (Input) throws -> Output?,
        candidate: @escaping @Sendable (Input) throws -> Output?,
        describe: (@Sendable (Input) -> String)? = nil,
        reproduce: (@Sendable (Int, Input) -> String)? = nil
    ) {
        self.name = name
        self.legacy = { input in Side(catching: { try legacy(input) }) }
        self.candidate = { input in Side(catching: { try candidate(input) }) }
        let describe = describe ?? { String(reflecting: $0) }
        self.describe = describe
        self.reproduce = reproduce
        if Input.self == String.self {
            text = { $0 as! String }
            fromText = { $0 as! Input }
        } else {
            text = describe
            fromText = nil
        }
    }

    /// Compares the two sides on one input.
    ///
    /// - Returns: `nil` when the outputs are byte-identical, else the mismatch.
    public func check(_ input: Input, index: Int = 0) -> OracleMismatch? {
        let a = legacy(input)
        let b = candidate(input)
        if a.matches(b) { return nil }
        return mismatch(input, index: index, a, b, reproduction: reproduce?(index, input) ?? describe(input))
    }

    func mismatch(_ input: Input, index: Int, _ a: Side, _ b: Side, reproduction: String) -> OracleMismatch {
        OracleMismatch(
            index: index, input: describe(input), legacy: a.outcome, candidate: b.outcome,
            reproduction: reproduction, shape: InputShape.of(text(input)))
    }

    /// Runs both sides over every input of `corpus` and classifies every difference.
    ///
    /// - Parameters:
    ///   - corpus: The inputs; iterated exactly once, from one thread at a time.
    ///   - intended: The differences the migration means to make; each difference is taken by the
    ///     first declaration that covers it, and only the rest are unintended.
    ///   - options: Workers, block size, examples kept, groups shown and shrinking.
    /// - Returns: The report; ``OracleReport/passes`` when every difference was intended,
    ///   ``OracleReport/isClean`` when there was none.
    public func run<Corpus: Sequence>(
        _ corpus: Corpus, intended: [IntendedChange] = [], options: OracleOptions = OracleOptions()
    ) -> OracleReport where Corpus.Element == Input, Corpus.Iterator: SendableMetatype {
        let described = corpus as? any DescribedCorpus
        let reproduction: @Sendable (Int, Input) -> String =
            reproduce ?? { [describe] index, input in described?.reproduction(ofIndex: index) ?? describe(input) }
        let feeder = BlockFeeder(corpus.makeIterator(), blockSize: max(1, options.blockSize))
        let examplesLimit = max(0, options.examplesPerClass)
        let total = Locked(OracleTally<Input>(declarations: intended.count))
        DispatchQueue.concurrentPerform(iterations: max(1, options.workers)) { _ in
            var block: [Input] = []
            block.reserveCapacity(options.blockSize)
            while let start = feeder.next(into: &block) {
                var tally = OracleTally<Input>(declarations: intended.count)
                for (offset, input) in block.enumerated() {
                    let a = legacy(input)
                    let b = candidate(input)
                    tally.checked += 1
                    if a.matches(b) {
                        if a.isValue { tally.sameValue += 1 } else { tally.bothRejected += 1 }
                        continue
                    }
                    let index = start + offset
                    let kind = Self.kind(a, b)
                    let raw = text(input)
                    let shape = InputShape.of(raw)
                    let delta = Self.delta(a, b)
                    let declaration = intended.firstIndex {
                        $0.covers(kind: kind, shape: shape, delta: delta, text: raw)
                    }
                    tally.add(
                        kind: kind, shape: shape, delta: delta, declaration: declaration, input: input,
                        examplesLimit: examplesLimit, groupsByShape: options.groupsByShape
                    ) {
                        mismatch(input, index: index, a, b, reproduction: reproduction(index, input))
                    }
                }
                total.withLock { $0.merge(tally, examplesLimit: examplesLimit) }
            }
        }
        return report(total.withLock { $0 }, intended: intended, inputs: described?.corpusDescription, options: options)
    }

    static func kind(_ a: Side, _ b: Side) -> OracleDifference {
        switch (a.isValue, b.isValue) {
        case (true, false): .legacyOnly
        case (false, true): .candidateOnly
        case (true, true): .differentValues
        case (false, false): .differentRejections
        }
    }

    static func delta(_ a: Side, _ b: Side) -> OracleDelta? {
        guard let x = a.instant, let y = b.instant else { return nil }
        return OracleDelta(legacy: x, candidate: y)
    }

    /// Sorts the groups, shrinks the examples of the ones shown, and builds the report.
    private func report(
        _ tally: OracleTally<Input>, intended: [IntendedChange], inputs: String?, options: OracleOptions
    ) -> OracleReport {
        typealias Key = OracleTally<Input>.GroupKey
        let ordered: [(Key, OracleTally<Input>.Group)] = tally.groups.sorted { a, b in
            if a.key.kind != b.key.kind {
                return OracleDifference.allCases.firstIndex(of: a.key.kind)!
                    < OracleDifference.allCases.firstIndex(of: b.key.kind)!
            }
            if (a.key.declaration == nil) != (b.key.declaration == nil) { return a.key.declaration == nil }
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            return a.value.first.index < b.value.first.index
        }
        // The unintended groups each class shows, shrunk on the workers (each shrink is bounded).
        var shown: [Int] = []
        var perKind: [OracleDifference: Int] = [:]
        for (position, (key, _)) in ordered.enumerated() where key.declaration == nil {
            if perKind[key.kind, default: 0] < options.groupsShown {
                shown.append(position)
                perKind[key.kind, default: 0] += 1
            }
        }
        let smallest = Locked([Int: OracleMismatch]())
        if options.shrinkBudget > 0 {
            let targets = shown.map { (position: $0, key: ordered[$0].0, group: ordered[$0].1) }
            DispatchQueue.concurrentPerform(iterations: targets.count) { slot in
                let target = targets[slot]
                if let shrunk = shrink(
                    target.group.firstInput, like: target.group.first, kind: target.key.kind, intended: intended,
                    budget: options.shrinkBudget)
                {
                    smallest.withLock { $0[target.position] = shrunk }
                }
            }
        }
        let shrunk = smallest.withLock { $0 }
        let classes = OracleDifference.allCases.map { kind in
            OracleClassReport(
                kind: kind, count: tally.counts[kind, default: 0], intended: tally.intended[kind, default: 0],
                examples: tally.examples[kind, default: []],
                groups: ordered.enumerated().filter { $0.element.0.kind == kind }.map { position, element in
                    OracleGroup(
                        kind: kind, shape: element.0.shape, intendedBy: element.0.declaration.map { "\(intended[$0])" },
                        count: element.1.count, example: element.1.first, smallest: shrunk[position],
                        deltaSeconds: element.1.deltaSeconds, maxUlps: element.1.maxUlps)
                })
        }
        return OracleReport(
            name: name, inputs: inputs, checked: tally.checked, sameValue: tally.sameValue,
            bothRejected: tally.bothRejected, classes: classes,
            declarations: zip(intended, tally.declarationCounts).map {
                IntendedChangeCount(declaration: "\($0)", matched: $1)
            },
            groupsShown: options.groupsShown)
    }

    /// The smallest input of the example's shape (its digits lowered one at a time, at most `budget`
    /// comparisons) that still differs the way `like` does: the same class, the same rejection
    /// categories, a Δ of the same ulps (up to 64) or seconds, and no declaration covering it; the
    /// example itself when no digit can be lowered. `nil` when the inputs are not strings.
    func shrink(
        _ input: Input, like example: OracleMismatch, kind: OracleDifference, intended: [IntendedChange], budget: Int
    ) -> OracleMismatch? {
        let delta = example.delta
        func sameWay(_ candidateInput: Input) -> OracleMismatch? {
            let a = legacy(candidateInput)
            let b = candidate(candidateInput)
            guard !a.matches(b) else { return nil }
            let found = mismatch(candidateInput, index: example.index, a, b, reproduction: describe(candidateInput))
            guard found.kind == kind, found.shape == example.shape else { return nil }
            if case .rejected = found.legacy, found.legacy != example.legacy { return nil }
            if case .rejected = found.candidate, found.candidate != example.candidate { return nil }
            if let delta, let other = found.delta, !delta.isSameWay(as: other) { return nil }
            let raw = text(candidateInput)
            if intended.contains(where: { $0.covers(kind: kind, shape: found.shape, delta: found.delta, text: raw) }) {
                return nil
            }
            return found
        }
        guard let fromText else { return nil }
        var bestMismatch = example
        _ = StringShrinker.shrink(text(input), budget: budget) { candidateText in
            guard let found = sameWay(fromText(candidateText)) else { return false }
            bestMismatch = found
            return true
        }
        return bestMismatch
    }
}
