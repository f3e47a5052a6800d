import Foundation

/// A capped exponential backoff with jitter, as a pure function of the attempt number and an
/// injected random source (so a test with a seeded `RandomNumberGenerator` of its own gets the same
/// delays on every machine, and nothing has to wait to test it).
///
/// The uncapped delay of attempt `n` (0 for the first retry) is `base × multiplierⁿ`; it is capped
/// at ``cap``; then ``jitter`` spreads it.
///
/// ```swift
/// var random = SystemRandomNumberGenerator()   // or a seeded generator in a test
/// let backoff = Backoff(base: 0.5, multiplier: 2, cap: 30, jitter: .full)
/// let first = backoff.delay(attempt: 0, using: &random)    // in 0...0.5
/// let tenth = backoff.delay(attempt: 9, using: &random)    // in 0...30 (256 capped to 30)
/// ```
public struct Backoff: Hashable, Sendable {
    /// How the capped delay is spread.
    public enum Jitter: Hashable, Sendable {
        /// Exactly the capped delay.
        case none
        /// Uniform in `0...delay` ("full jitter").
        case full
        /// Half the delay plus a uniform part of the other half: `delay/2...delay`.
        case equal
    }

    /// The delay of the first retry before jitter, in seconds.
    public var base: TimeInterval
    /// The growth per attempt.
    public var multiplier: Double
    /// The largest delay before jitter, in seconds.
    public var cap: TimeInterval
    /// The jitter.
    public var jitter: Jitter

    /// A backoff; the defaults are 0.5 s doubling up to 30 s, with full jitter.
    public init(base: TimeInterval = 0.5, multiplier: Double = 2, cap: TimeInterval = 30, jitter: Jitter = .full) {
        self.base = base
        self.multiplier = multiplier
        self.cap = cap
        self.jitter = jitter
    }

    /// The capped delay of an attempt before jitter (a negative attempt counts as 0; a huge one
    /// is the cap, never infinity or NaN).
    public func ceiling(attempt: Int) -> TimeInterval {
        let grown = base * pow(multiplier, Double(max(0, attempt)))
        guard grown.isFinite else { return max(0, cap) }
        return max(0, min(cap, grown))
    }

    /// The delay before retry number `attempt` (0 for the first retry).
    /// - Parameters:
    ///   - attempt: how many retries came before this one.
    ///   - random: the random source; one 64-bit draw per call with jitter, none without.
    public func delay(attempt: Int, using random: inout some RandomNumberGenerator) -> TimeInterval {
        let ceiling = ceiling(attempt: attempt)
        switch jitter {
        case .none: return ceiling
        case .full: return ceiling * Self.unit(&random)
        case .equal: return ceiling / 2 + ceiling / 2 * Self.unit(&random)
        }
    }

    /// A uniform value in `0...1` from the top 53 bits of one draw (the same on every platform).
    static func unit(_ random: inout some RandomNumberGenerator) -> Double {
        Double(random.next() >> 11) / Double((1 as UInt64) << 53 - 1)
    }
}
