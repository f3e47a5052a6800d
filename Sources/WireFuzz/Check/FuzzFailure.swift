/// Why a fuzz check failed: the readable report of a campaign's new findings, or of regression
/// cases that no longer behave as pinned. WireLock's `assertFuzzCampaign` and
/// `assertFuzzRegressions` record it as a test failure; anything else can print it.
///
/// ```swift
/// if let failure = verifyFuzzCampaign(Movie.self, fixtures: ["movie"], count: 500, seed: 1) {
///     print(failure.message)   // fuzz campaign of Movie (seed 1, 500 mutants of movie): 2 findings …
/// }
/// ```
public struct FuzzFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The full report.
    public var message: String

    /// A failure with its report.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
