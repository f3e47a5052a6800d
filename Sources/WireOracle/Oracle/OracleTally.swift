/// What one block of an oracle run found, merged into the run's total. Every merge is a sum, a
/// minimum by input index or a min/max, so the total is the same in whatever order blocks finish.
struct OracleTally<Input: Sendable> {
    struct GroupKey: Hashable, Sendable {
        var kind: OracleDifference
        var shape: String
        /// The index of the declaration that took the inputs, `nil` when unintended.
        var declaration: Int?
    }

    struct Group: Sendable {
        var count = 0
        var first: OracleMismatch
        var firstInput: Input
        var deltaSeconds: ClosedRange<Double>?
        var maxUlps: UInt64?

        mutating func merge(_ other: Group) {
            count += other.count
            if other.first.index < first.index {
                first = other.first
                firstInput = other.firstInput
            }
            widen(other.deltaSeconds, other.maxUlps)
        }

        /// The Δ range and the largest ulps, widened to take in another's.
        mutating func widen(_ range: ClosedRange<Double>?, _ ulps: UInt64?) {
            if let range {
                deltaSeconds =
                    deltaSeconds.map {
                        Swift.min($0.lowerBound, range.lowerBound)...Swift.max($0.upperBound, range.upperBound)
                    } ?? range
            }
            if let ulps { maxUlps = Swift.max(maxUlps ?? 0, ulps) }
        }
    }

    var checked = 0
    var sameValue = 0
    var bothRejected = 0
    var counts: [OracleDifference: Int] = [:]
    var intended: [OracleDifference: Int] = [:]
    var examples: [OracleDifference: [OracleMismatch]] = [:]
    var groups: [GroupKey: Group] = [:]
    var declarationCounts: [Int]

    init(declarations: Int) {
        declarationCounts = Array(repeating: 0, count: declarations)
    }

    /// Counts one difference. `mismatch` renders it in full, which only the first examples of each
    /// class and the first input of each group of the block need; `groupsByShape` false leaves the
    /// groups out.
    mutating func add(
        kind: OracleDifference, shape: String, delta: OracleDelta?, declaration: Int?, input: Input,
        examplesLimit: Int, groupsByShape: Bool, mismatch: () -> OracleMismatch
    ) {
        counts[kind, default: 0] += 1
        if let declaration {
            intended[kind, default: 0] += 1
            declarationCounts[declaration] += 1
        }
        var rendered: OracleMismatch?
        if examples[kind, default: []].count < examplesLimit {
            rendered = mismatch()
            examples[kind, default: []].append(rendered!)
        }
        guard groupsByShape else { return }
        let key = GroupKey(kind: kind, shape: shape, declaration: declaration)
        if groups[key] != nil {
            // A later input of the block: its first input is already the group's.
            groups[key]!.count += 1
            groups[key]!.widen(delta.map { $0.seconds...$0.seconds }, delta?.ulps)
        } else {
            var group = Group(first: rendered ?? mismatch(), firstInput: input)
            group.count = 1
            group.widen(delta.map { $0.seconds...$0.seconds }, delta?.ulps)
            groups[key] = group
        }
    }

    mutating func merge(_ other: OracleTally, examplesLimit: Int) {
        checked += other.checked
        sameValue += other.sameValue
        bothRejected += other.bothRejected
        counts.merge(other.counts, uniquingKeysWith: +)
        intended.merge(other.intended, uniquingKeysWith: +)
        for (kind, found) in other.examples {
            var all = examples[kind, default: []] + found
            all.sort { $0.index < $1.index }
            examples[kind] = Array(all.prefix(examplesLimit))
        }
        for (key, group) in other.groups {
            if groups[key] == nil { groups[key] = group } else { groups[key]!.merge(group) }
        }
        for (index, count) in other.declarationCounts.enumerated() { declarationCounts[index] += count }
    }
}
