import WireCommandLine
import WireOracle
import WireSupport

/// Where `wirelock oracle dates` takes its inputs from.
enum OracleDatesSource: Hashable, Sendable {
    /// `count` seeded generated inputs (strings, or number texts for the numeric strategies).
    case generated(count: Int, seed: UInt64)
    /// The lines of a file, one input per line.
    case file(String)
}

/// What `wirelock oracle dates` found for one strategy.
struct OracleDatesResult: Sendable {
    /// The legacy strategy and its twin.
    var strategy: LegacyDateStrategy
    /// Legacy decoding vs the twin: every difference is a failure.
    var decoding: OracleReport
    /// Legacy encoding vs the twin over generated instants (with `--encoding`): every difference is a failure.
    var encoding: OracleReport?
    /// Legacy decoding vs strict RFC 3339 (with `--compare-strict`, string strategies only): the
    /// inputs on which moving to strict parsing changes behaviour; each one not declared with
    /// `--intended` is a failure.
    var strict: OracleReport?

    /// Differences that fail the run: every twin mismatch, and the strict differences no
    /// `--intended` declaration took.
    var failures: Int { decoding.mismatched + (encoding?.mismatched ?? 0) + (strict?.unintended ?? 0) }

    /// The reports, for `--report`.
    var reports: [OracleReport] { [decoding] + [encoding, strict].compactMap { $0 } }
}
