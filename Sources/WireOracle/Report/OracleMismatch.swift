import Foundation
import WireDates
import WireSupport

/// How the legacy and the candidate differ on one input: the class a report counts it in.
public enum OracleDifference: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The legacy accepts the input, the candidate rejects it.
    case legacyOnly = "legacy-only"
    /// The candidate accepts the input, the legacy rejects it.
    case candidateOnly = "candidate-only"
    /// Both accept it, with different values (for dates: a Δ in seconds and in ulps).
    case differentValues = "different-values"
    /// Both reject it, in different ``OracleErrorCategory`` categories.
    case differentRejections = "different-rejections"

    /// The class of a pair of outcomes, or `nil` when they match.
    public init?(legacy: OracleOutcome, candidate: OracleOutcome) {
        if legacy.matches(candidate) { return nil }
        switch (legacy.isValue, candidate.isValue) {
        case (true, false): self = .legacyOnly
        case (false, true): self = .candidateOnly
        case (true, true): self = .differentValues
        case (false, false): self = .differentRejections
        }
    }

    /// How reports name the class: `legacy only accepts`.
    public var description: String {
        switch self {
        case .legacyOnly: "legacy only accepts"
        case .candidateOnly: "candidate only accepts"
        case .differentValues: "both accept, values differ"
        case .differentRejections: "both reject, differently"
        }
    }
}

/// How far apart two instants are: the candidate's minus the legacy's, in seconds and in units in
/// the last place of the `Double` interval.
public struct OracleDelta: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The candidate's instant minus the legacy's, in seconds.
    public var seconds: Double
    /// The number of representable `Double`s between the two (1 for neighbours); `nil` when either is NaN.
    public var ulps: UInt64?

    /// The difference between two intervals since 2001.
    public init(legacy: Double, candidate: Double) {
        let difference = InstantDifference(expected: legacy, actual: candidate)
        seconds = difference.seconds
        ulps = difference.ulps
    }

    /// `Δ -1.1920928955078125e-07 s, 1 ulp`.
    public var description: String {
        let count = ulps.map { $0 == 1 ? "1 ulp" : "\($0) ulps" } ?? "ulps undefined"
        return "Δ \(Self.signed(seconds)) s, \(count)"
    }

    /// Whether two differences are "the same way" for shrinking: a difference of up to 64 ulps keeps
    /// its ulps, a larger one its seconds.
    func isSameWay(as other: OracleDelta) -> Bool {
        if let ulps, ulps <= 64 { return other.ulps == ulps }
        return other.seconds == seconds
    }
}

/// One input on which the legacy and the candidate disagree.
public struct OracleMismatch: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The input's zero-based position in the corpus.
    public var index: Int
    /// The input as the oracle describes it.
    public var input: String
    /// What the legacy implementation produced.
    public var legacy: OracleOutcome
    /// What the candidate produced.
    public var candidate: OracleOutcome
    /// Something that reproduces this mismatch: the seed and index of a generated input, a command
    /// line, or the input as a literal.
    public var reproduction: String
    /// The input's shape (see ``OracleReport``): digits folded to `d`, letters of words to `a`/`A`;
    /// computed from the raw input (by default from ``input`` without a string literal's quotes).
    public var shape: String

    /// Creates a mismatch, for tools that build or re-render reports themselves.
    ///
    /// ```swift
    /// let mismatch = OracleMismatch(index: 3, input: #""2024-02-30T10:00:00Z""#,
    ///                               legacy: OracleOutcome(Date(timeIntervalSinceReferenceDate: 0)),
    ///                               candidate: .rejected(category: "rejected"),
    ///                               reproduction: "input #3")
    /// ```
    public init(
        index: Int, input: String, legacy: OracleOutcome, candidate: OracleOutcome, reproduction: String,
        shape: String? = nil
    ) {
        self.index = index
        self.input = input
        self.legacy = legacy
        self.candidate = candidate
        self.reproduction = reproduction
        // By default the shape of the input as described, without the quotes of a string literal.
        let quoted = input.count >= 2 && input.hasPrefix("\"") && input.hasSuffix("\"")
        self.shape = shape ?? InputShape.of(quoted ? String(input.dropFirst().dropLast()) : input)
    }

    /// The class of this mismatch (``OracleDifference/differentRejections`` if both sides in fact
    /// agree, which a report never holds).
    public var kind: OracleDifference {
        OracleDifference(legacy: legacy, candidate: candidate) ?? .differentRejections
    }

    /// For two instants (``OracleOutput/oracleInstant``), how far apart they are.
    public var delta: OracleDelta? {
        guard case .value(_, _, _, let a?) = legacy, case .value(_, _, _, let b?) = candidate else { return nil }
        return OracleDelta(legacy: a, candidate: b)
    }

    /// The input, both outputs, the Δ when both are instants, and the reproduction, one per line.
    public var description: String { lines().joined(separator: "\n") }

    /// The lines of ``description``, the candidate named `candidate` (`twin:`, `strict:`).
    package func lines(candidate label: String = "candidate") -> [String] {
        var lines = [
            "#\(index) input \(input)",
            "  legacy:    \(legacy.rendered)",
            "  " + (label + ":").padding(toLength: 10, withPad: " ", startingAt: 0) + " " + candidate.rendered,
        ]
        if let delta { lines.append("  \(delta)") }
        lines.append("  reproduce: \(reproduction)")
        return lines
    }
}
