import Foundation
import Testing

/// How much work the heavy tests (tagged ``Testing/Tag/heavy``: fuzz campaigns, oracle corpora,
/// differential runs, scale tests) do, read once from the environment:
///
/// - `WIRELOCK_TEST_SCALE=full` or `quick` chooses;
/// - unset, `CI=true` means `full` (CI keeps the whole strength), anything else `quick`;
/// - any other value counts as `full` (never silently weaker; `make test` rejects it first).
///
/// Quick runs a tenth of each count (never zero) with the same seeds, so a quick run checks a
/// prefix of what a full one checks.
///
/// ```swift
/// let result = campaign.run(count: TestScale.current.count(20_000))  // 20,000 in CI, 2,000 locally
/// ```
public enum TestScale: String, Sendable, CaseIterable {
    case quick
    case full

    /// The scale of this test process.
    public static let current = TestScale(environment: ProcessInfo.processInfo.environment)

    /// The scale an environment asks for (see the type's rules).
    public init(environment: [String: String]) {
        switch environment["WIRELOCK_TEST_SCALE"] {
        case "quick": self = .quick
        case "full": self = .full
        case nil, "": self = environment["CI"] == "true" ? .full : .quick
        default: self = .full
        }
    }

    /// `full` under the full scale, a tenth of it (at least 1) under the quick one.
    public func count(_ full: Int) -> Int {
        switch self {
        case .full: full
        case .quick: max(1, full / 10)
        }
    }

    /// Whether this process runs the recorded proofs at their whole size: `WIRELOCK_PROOF=1`
    /// (`make proofs`). A proof of 10⁶ inputs takes minutes to tens of minutes in a debug build, so
    /// CI runs it at its CI size and the whole run is made once and recorded in BENCHMARKS.md.
    public static let proof = ProcessInfo.processInfo.environment["WIRELOCK_PROOF"] == "1"

    /// The size of a recorded proof: `proof` inputs under `WIRELOCK_PROOF=1`, else `ci` under the
    /// full scale and a tenth of it under the quick one.
    ///
    /// ```swift
    /// let count = TestScale.proofCount(1_000_000, otherwise: 50_000)   // 50,000 in CI, 5,000 locally
    /// ```
    public static func proofCount(_ proof: Int, otherwise ci: Int) -> Int {
        Self.proof ? proof : current.count(ci)
    }
}

extension Tag {
    /// A test whose work is scaled by ``TestScale``: fuzz campaigns, oracle corpora, differential
    /// runs, large inputs. `swift test --skip ...` cannot select tags; filter by suite instead.
    @Tag public static var heavy: Self
}
