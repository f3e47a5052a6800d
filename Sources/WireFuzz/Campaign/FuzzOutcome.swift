import WireDecoder
import WireJSONCore

/// What happened to one mutant, compared with what should have happened.
public enum FuzzOutcome: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Rejected, with the right category at the right place.
    case rejectedAsExpected = "rejected-as-expected"
    /// Accepted, and the model's re-encoding says what the mutant said (nothing invented or lost).
    case lossless
    /// Accepted, where acceptance is allowed and nothing more can be checked (the validator for a
    /// structural mutant; an external command).
    case accepted
    /// Rejected, but with the wrong category or at the wrong place; or rejected where it had to be
    /// accepted.
    case misclassified
    /// Accepted where it had to be rejected, or accepted with a different value than the wire said
    /// (a wrong type coerced, a required field defaulted).
    case silentlyAccepted = "silently-accepted"
    /// The decoder died (a trap in `init(from:)`, a signal in an external command).
    case crash
    /// The decoder did not answer within the time limit.
    case hang

    /// Whether the outcome is a finding (a bug to fix or to keep as a regression).
    public var isFinding: Bool {
        switch self {
        case .rejectedAsExpected, .lossless, .accepted: false
        case .misclassified, .silentlyAccepted, .crash, .hang: true
        }
    }

    /// The kinds of finding, in table order.
    public static let findings: [FuzzOutcome] = allCases.filter(\.isFinding)

    /// Declaration order (the order of the report's table), not alphabetical.
    public static func < (lhs: FuzzOutcome, rhs: FuzzOutcome) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The verdict on one mutant: its outcome, and for a finding what was expected and what was seen.
public struct FuzzVerdict: Hashable, Sendable {
    /// The outcome.
    public var outcome: FuzzOutcome
    /// What a correct reader does, in words (`typeMismatch at $.year`, `rejected`).
    public var expected: String
    /// What happened, in words (`accepted: decoded 0 at $.year`).
    public var seen: String
    /// For an accepted mutant: the injected or renamed member the model did not read, by the
    /// verification report (a note, not a finding: the model ignores members it does not know).
    public var droppedMember: JSONPath?

    /// A verdict.
    public init(_ outcome: FuzzOutcome, expected: String, seen: String, droppedMember: JSONPath? = nil) {
        self.outcome = outcome
        self.expected = expected
        self.seen = seen
        self.droppedMember = droppedMember
    }
}

/// A mutant whose verdict is a finding, with enough to reproduce it.
public struct FuzzFinding: Sendable {
    /// The mutant's number in the campaign.
    public var index: Int
    /// The seed it came from.
    public var seedName: String
    /// The mutation.
    public var operation: MutationOperation
    /// The verdict (its outcome is a finding).
    public var verdict: FuzzVerdict
    /// The mutant document (after shrinking, when it was shrunk).
    public var bytes: [UInt8]
    /// The size before shrinking, when the finding was shrunk.
    public var originalSize: Int?
    /// Where the reproducer was written, when it was.
    public var reproducer: String?

    /// Findings that are one bug seen many times share this: mutator, outcome and path with array
    /// indices as `[*]` (a required `year` defaulted in every record, whatever the wrong type put
    /// there, is one group).
    public var groupKey: String {
        "\(operation.mutator.rawValue) \(verdict.outcome.rawValue) \(JSONPathPattern(folding: operation.path))"
    }

    /// Findings that share a root cause share this: the outcome and the path with array indices as
    /// `[*]`, whatever the mutator (a `status` defaulted in every record, whether a wrong type, a
    /// null or a dropped key put it there, is one bug). Reports group by it, and a committed case
    /// pins its root cause.
    public var rootCause: String { Self.rootCause(verdict.outcome.rawValue, path: operation.path) }

    /// ``rootCause`` from an outcome's name and a concrete path.
    static func rootCause(_ outcome: String, path: JSONPath) -> String {
        "\(outcome) \(JSONPathPattern(folding: path))"
    }

    /// A finding.
    public init(
        index: Int, seedName: String, operation: MutationOperation, verdict: FuzzVerdict, bytes: [UInt8],
        originalSize: Int? = nil, reproducer: String? = nil
    ) {
        self.index = index
        self.seedName = seedName
        self.operation = operation
        self.verdict = verdict
        self.bytes = bytes
        self.originalSize = originalSize
        self.reproducer = reproducer
    }
}

/// Counts per mutator: mutants, as expected, findings by kind.
public struct FuzzTally: Hashable, Sendable {
    /// One row of the table.
    public struct Row: Hashable, Sendable {
        /// Mutants run.
        public var mutants = 0
        /// Mutants whose outcome was not a finding.
        public var asExpected = 0
        /// Findings by kind.
        public var findings: [FuzzOutcome: Int] = [:]
        /// All outcomes by kind.
        public var outcomes: [FuzzOutcome: Int] = [:]
        /// Accepted mutants whose injected or renamed member the model did not read (a note).
        public var droppedMembers = 0

        /// How many findings.
        public var findingCount: Int { findings.values.reduce(0, +) }

        mutating func add(_ outcome: FuzzOutcome) {
            mutants += 1
            outcomes[outcome, default: 0] += 1
            if outcome.isFinding { findings[outcome, default: 0] += 1 } else { asExpected += 1 }
        }

        mutating func add(_ other: Row) {
            mutants += other.mutants
            asExpected += other.asExpected
            droppedMembers += other.droppedMembers
            for (k, v) in other.findings { findings[k, default: 0] += v }
            for (k, v) in other.outcomes { outcomes[k, default: 0] += v }
        }
    }

    /// Rows by mutator.
    public var rows: [Mutator: Row] = [:]

    /// An empty tally.
    public init() {}

    /// Counts one mutant.
    public mutating func add(_ mutator: Mutator, _ outcome: FuzzOutcome) {
        rows[mutator, default: Row()].add(outcome)
    }

    /// Counts one mutant and, when its verdict names one, the member the model dropped.
    public mutating func add(_ mutator: Mutator, _ verdict: FuzzVerdict) {
        rows[mutator, default: Row()].add(verdict.outcome)
        if verdict.droppedMember != nil { rows[mutator, default: Row()].droppedMembers += 1 }
    }

    /// Adds another tally (another shard, another model).
    public mutating func merge(_ other: FuzzTally) {
        for (mutator, row) in other.rows { rows[mutator, default: Row()].add(row) }
    }

    /// All rows added up.
    public var total: Row {
        var sum = Row()
        for row in rows.values { sum.add(row) }
        return sum
    }

    /// The table: one line per mutator that ran, then the total.
    public func table() -> String {
        let columns = ["mutator", "mutants", "as expected"] + FuzzOutcome.findings.map(\.rawValue)
        var lines: [[String]] = [columns]
        func cells(_ name: String, _ row: Row) -> [String] {
            [name, String(row.mutants), String(row.asExpected)]
                + FuzzOutcome.findings.map { String(row.findings[$0] ?? 0) }
        }
        for mutator in Mutator.allCases { if let row = rows[mutator] { lines.append(cells(mutator.rawValue, row)) } }
        lines.append(cells("total", total))
        let widths = columns.indices.map { i in lines.map { $0[i].count }.max() ?? 0 }
        return lines.map { line in
            line.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The tally as JSON: `{"mutators": [{"name", "mutants", "asExpected", "findings": {...}}], "total": {...}}`.
    public func json() -> JSONValue {
        func row(_ name: String?, _ row: Row) -> JSONValue {
            var members: [JSONObject.Member] = []
            if let name { members.append(.init(key: "name", value: .string(name))) }
            members.append(.init(key: "mutants", value: .number(JSONNumber(integerLiteral: row.mutants))))
            members.append(.init(key: "asExpected", value: .number(JSONNumber(integerLiteral: row.asExpected))))
            members.append(
                .init(
                    key: "outcomes",
                    value: .object(
                        JSONObject(
                            FuzzOutcome.allCases.compactMap { outcome in
                                row.outcomes[outcome].map {
                                    JSONObject.Member(
                                        key: outcome.rawValue, value: .number(JSONNumber(integerLiteral: $0)))
                                }
                            }))))
            if row.droppedMembers > 0 {
                members.append(
                    .init(key: "droppedMembers", value: .number(JSONNumber(integerLiteral: row.droppedMembers))))
            }
            return .object(JSONObject(members))
        }
        return .object(
            JSONObject([
                "mutators": .array(Mutator.allCases.compactMap { m in rows[m].map { row(m.rawValue, $0) } }),
                "total": row(nil, total),
            ]))
    }
}
