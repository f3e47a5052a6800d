/// One input on which the legacy and the candidate disagree.
public struct OracleMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The input's zero-based position in the corpus.
    public var index: Int
    /// The input as the oracle describes it.
    public var input: String
    /// What the legacy implementation produced.
    public var legacy: OracleOutcome
    /// What the candidate produced.
    public var candidate: OracleOutcome
    /// A line that reproduces this mismatch.
    public var reproduction: String

    /// Creates a mismatch, for tools that build or re-render reports themselves.
    ///
    /// ```swift
    /// let mismatch = OracleMismatch(index: 3, input: #""2024-02-30T10:00:00Z""#,
    ///                               legacy: OracleOutcome(Date(timeIntervalSinceReferenceDate: 0)),
    ///                               candidate: .rejected(category: "rejected"),
    ///                               reproduction: "input #3")
    /// ```
    public init(index: Int, input: String, legacy: OracleOutcome, candidate: OracleOutcome, reproduction: String) {
        self.index = index
        self.input = input
        self.legacy = legacy
        self.candidate = candidate
        self.reproduction = reproduction
    }

    public var description: String {
        """
        #\(index) input \(input)
          legacy:    \(legacy.rendered)
          candidate: \(candidate.rendered)
          reproduce: \(reproduction)
        """
    }
}

/// The result of an ``Oracle`` run: exact counts and the first mismatches by input index.
public struct OracleReport: Hashable, Sendable, CustomStringConvertible {
    /// The oracle's name.
    public var name: String
    /// Inputs compared.
    public var checked: Int
    /// Inputs whose outputs differed.
    public var mismatched: Int
    /// The first mismatches, in corpus order (at most ``OracleOptions/maxMismatches``).
    public var firstMismatches: [OracleMismatch]

    /// A report from its parts, for tools that merge or re-render reports (``Oracle/run(_:options:)``
    /// builds the real ones). The counts are not checked against each other or against
    /// `firstMismatches`.
    public init(name: String, checked: Int, mismatched: Int, firstMismatches: [OracleMismatch]) {
        self.name = name
        self.checked = checked
        self.mismatched = mismatched
        self.firstMismatches = firstMismatches
    }

    /// Inputs whose outputs were byte-identical.
    public var identical: Int { checked - mismatched }

    /// Whether every input gave identical outputs.
    public var isClean: Bool { mismatched == 0 }

    /// A summary line, then each kept mismatch.
    public var description: String {
        var lines = ["\(name): \(checked) checked, \(identical) identical, \(mismatched) mismatched"]
        for mismatch in firstMismatches { lines.append(mismatch.description) }
        if mismatched > firstMismatches.count {
            lines.append("(\(mismatched - firstMismatches.count) more mismatches not shown)")
        }
        return lines.joined(separator: "\n")
    }
}
