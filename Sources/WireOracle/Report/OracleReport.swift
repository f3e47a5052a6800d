import WireDates
import WireSupport

/// The inputs of one class that share a shape (and, for intended ones, the declaration that took them).
public struct OracleGroup: Hashable, Sendable, Codable {
    /// The class.
    public var kind: OracleDifference
    /// The shape every input of the group has (see the input-shape folding in ``OracleReport``).
    public var shape: String
    /// The declaration that took these inputs (``IntendedChange/description``), or `nil` when they
    /// are unintended.
    public var intendedBy: String?
    /// How many inputs.
    public var count: Int
    /// The group's first input, by index.
    public var example: OracleMismatch
    /// The example shrunk to a smallest input that still differs the same way (the same class, the
    /// same rejection, a value Δ of the same ulps or seconds, still unintended); only for the groups
    /// a report shows, and only for string inputs.
    public var smallest: OracleMismatch?
    /// For instants, the smallest and largest Δ in seconds over the group.
    public var deltaSeconds: ClosedRange<Double>?
    /// For instants, the largest Δ in ulps over the group.
    public var maxUlps: UInt64?

    /// A group from its parts, for tools that build or re-render reports.
    public init(
        kind: OracleDifference, shape: String, intendedBy: String?, count: Int, example: OracleMismatch,
        smallest: OracleMismatch? = nil, deltaSeconds: ClosedRange<Double>? = nil, maxUlps: UInt64? = nil
    ) {
        self.kind = kind
        self.shape = shape
        self.intendedBy = intendedBy
        self.count = count
        self.example = example
        self.smallest = smallest
        self.deltaSeconds = deltaSeconds
        self.maxUlps = maxUlps
    }
}

/// One class of differences: how many inputs, how many of them intended, the first examples and the
/// groups by shape.
public struct OracleClassReport: Hashable, Sendable, Codable {
    /// The class.
    public var kind: OracleDifference
    /// Inputs in this class (exact).
    public var count: Int
    /// Of them, inputs an ``IntendedChange`` took.
    public var intended: Int
    /// The first inputs of the class, by index, intended or not.
    public var examples: [OracleMismatch]
    /// Every group, the unintended ones first, then by size (largest first) and first index.
    public var groups: [OracleGroup]

    /// Inputs no declaration took: the ones that fail.
    public var unintended: Int { count - intended }

    /// A class report from its parts, for tools that build or re-render reports.
    public init(
        kind: OracleDifference, count: Int, intended: Int, examples: [OracleMismatch], groups: [OracleGroup]
    ) {
        self.kind = kind
        self.count = count
        self.intended = intended
        self.examples = examples
        self.groups = groups
    }
}

/// How many differences one declared ``IntendedChange`` took.
public struct IntendedChangeCount: Hashable, Sendable, Codable {
    /// The declaration as Swift (``IntendedChange/description``).
    public var declaration: String
    /// Differences it took.
    public var matched: Int
    /// Whether it took none: the change it declares did not happen on these inputs.
    public var isStale: Bool { matched == 0 }

    /// A count from its parts, for tools that build or re-render reports.
    public init(declaration: String, matched: Int) {
        self.declaration = declaration
        self.matched = matched
    }
}

/// The result of an ``Oracle`` run: exact counts per class of difference, the first examples of each,
/// the differences grouped by input shape and shrunk, and what each declared intended change took.
///
/// Counts and groups are the same whatever the scheduling (workers, block size). A shape folds each
/// ASCII digit to `d` and each letter of a word to `a` or `A` (`dddd-dd-ddTdd:dd:dd.dddZ`,
/// `Aaa, d Aaa dddd dd:dd:dd AAA`).
public struct OracleReport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The oracle's name.
    public var name: String
    /// What the inputs were, when the corpus says (`DateInputFamily.rfc5322, seed 1`).
    public var inputs: String?
    /// Inputs compared.
    public var checked: Int
    /// Inputs on which both gave the same value.
    public var sameValue: Int
    /// Inputs both rejected (in the same category).
    public var bothRejected: Int
    /// The four classes, in ``OracleDifference`` order, empty ones included.
    public var classes: [OracleClassReport]
    /// What each declared intended change took, in declaration order.
    public var declarations: [IntendedChangeCount]
    /// How many groups per class the text shows (and were shrunk).
    public var groupsShown: Int

    /// A report from its parts, for tools that merge or re-render reports (``Oracle/run(_:intended:options:)``
    /// builds the real ones). Nothing is checked.
    public init(
        name: String, inputs: String? = nil, checked: Int, sameValue: Int, bothRejected: Int,
        classes: [OracleClassReport], declarations: [IntendedChangeCount] = [], groupsShown: Int = 5
    ) {
        self.name = name
        self.inputs = inputs
        self.checked = checked
        self.sameValue = sameValue
        self.bothRejected = bothRejected
        self.classes = classes
        self.declarations = declarations
        self.groupsShown = groupsShown
    }

    /// The class report of one kind (empty when none differed that way).
    public subscript(kind: OracleDifference) -> OracleClassReport {
        classes.first { $0.kind == kind }
            ?? OracleClassReport(kind: kind, count: 0, intended: 0, examples: [], groups: [])
    }

    /// Inputs whose outputs differed, in any class.
    public var mismatched: Int { classes.reduce(0) { $0 + $1.count } }
    /// Differences a declaration took.
    public var intended: Int { classes.reduce(0) { $0 + $1.intended } }
    /// Differences no declaration took: the ones that fail.
    public var unintended: Int { mismatched - intended }
    /// Inputs on which the two agreed: the same value or both rejected.
    public var identical: Int { sameValue + bothRejected }
    /// Whether every input gave identical outputs.
    public var isClean: Bool { mismatched == 0 }
    /// Whether every difference was declared intended.
    public var passes: Bool { unintended == 0 }
    /// Declarations that took nothing.
    public var staleDeclarations: [String] { declarations.filter(\.isStale).map(\.declaration) }

    /// The summary line, then each class with differences: its count, its unintended groups by
    /// shape (each with its first input and its smallest), and what the declarations took.
    public var description: String { ([headline] + detailLines()).joined(separator: "\n") }

    /// `name: 10000 inputs (what): 7000 same value, 2000 both rejected, 1000 differ (988 intended, 12 unintended)`.
    package var headline: String {
        var head = "\(name): \(checked) inputs"
        if let inputs { head += " (\(inputs))" }
        head += ": \(sameValue) same value, \(bothRejected) both rejected, \(mismatched) differ"
        if !declarations.isEmpty { head += " (\(intended) intended, \(unintended) unintended)" }
        return head
    }

    /// The lines under the headline, indented by `indent`, the candidate named `candidate`.
    package func detailLines(indent: String = "  ", candidate: String = "candidate") -> [String] {
        var lines: [String] = []
        for report in classes where report.count > 0 {
            lines += classLines(report, candidate: candidate).map { indent + $0 }
        }
        if !declarations.isEmpty {
            let taken = declarations.map { count in
                "\(count.declaration) took \(count.matched)" + (count.isStale ? " (stale: it matched nothing)" : "")
            }
            lines.append(indent + "intended: " + taken.joined(separator: "; "))
        }
        return lines
    }

    private func classLines(_ report: OracleClassReport, candidate label: String) -> [String] {
        let unintendedGroups = report.groups.filter { $0.intendedBy == nil }
        var head = "\(report.kind): \(report.count)"
        if report.intended > 0 { head += " (\(report.intended) intended, \(report.unintended) unintended)" }
        if !unintendedGroups.isEmpty {
            head += " in \(unintendedGroups.count) unintended shape" + (unintendedGroups.count == 1 ? "" : "s")
        }
        var lines = [head]
        for group in unintendedGroups.prefix(groupsShown) {
            var title = "  \(group.count) × \(group.shape.debugDescription)"
            if let range = group.deltaSeconds {
                let low = OracleDelta.signed(range.lowerBound)
                title +=
                    range.lowerBound == range.upperBound
                    ? " Δ \(low) s" : " Δ \(low) … \(OracleDelta.signed(range.upperBound)) s"
                if let ulps = group.maxUlps { title += ", ≤ \(ulps) ulp" + (ulps == 1 ? "" : "s") }
            }
            lines.append(title)
            lines += group.example.lines(candidate: label).map { "    " + $0 }
            if let smallest = group.smallest, smallest.input != group.example.input {
                lines.append("    smallest \(smallest.input)")
                lines += smallest.lines(candidate: label).dropFirst().dropLast().map { "    " + $0 }
            }
        }
        let hidden = unintendedGroups.dropFirst(groupsShown)
        if !hidden.isEmpty {
            let count = hidden.reduce(0) { $0 + $1.count }
            lines.append("  … \(hidden.count) more unintended shapes (\(count) inputs)")
        }
        return lines
    }
}

extension OracleDelta {
    /// Seconds with a sign: `+9000`, `-1.1920928955078125e-07`.
    static func signed(_ seconds: Double) -> String {
        (seconds > 0 ? "+" : "") + ExactInstant.seconds(seconds)
    }
}
