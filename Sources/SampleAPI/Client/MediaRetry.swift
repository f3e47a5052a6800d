import Foundation
import WireHTTP
import WireStub

/// Retries a ``MediaClient`` call while its ``WireStub/WireFailure`` says a retry can help: after
/// the answer's `Retry-After` when it has one, else after a capped exponential ``WireStub/Backoff``.
/// The clock, the sleeper and the random source are injected, so a test runs every retry at once
/// and sees the delays it asked for.
///
/// Failure modes: the last failure when retries run out, the first one that is not retryable, or
/// one whose delay is longer than ``maximumDelay``; `.transport(URLError(.cancelled))` when the
/// sleeper throws (the task was cancelled).
///
/// ```swift
/// let retry = MediaRetry(maximumRetries: 3)                   // real clock, Task.sleep
/// var random = SystemRandomNumberGenerator()
/// let page = try await retry.run(using: &random) { () async throws(WireFailure) in try await client.movies() }
/// ```
public struct MediaRetry: Sendable {
    /// How many times a failed call is tried again (0: never).
    public var maximumRetries: Int
    /// The delays when an answer has no `Retry-After`.
    public var backoff: Backoff
    /// The longest delay worth waiting for; a longer `Retry-After` ends the retries at once.
    public var maximumDelay: TimeInterval
    /// The current time (for `Retry-After` dates).
    public var now: @Sendable () -> Date
    /// Waits the given seconds; throws when cancelled.
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    /// A retry policy.
    /// - Parameters:
    ///   - maximumRetries: retries after the first try.
    ///   - backoff: delays without a `Retry-After`.
    ///   - maximumDelay: the longest delay waited for.
    ///   - now: the clock.
    ///   - sleep: the sleeper (`Task.sleep` by default).
    public init(
        maximumRetries: Int = 3, backoff: Backoff = Backoff(), maximumDelay: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { seconds in
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
        }
    ) {
        self.maximumRetries = maximumRetries
        self.backoff = backoff
        self.maximumDelay = maximumDelay
        self.now = now
        self.sleep = sleep
    }

    /// The delay before retry number `attempt` after `failure`, or nil when there is to be no
    /// retry (not retryable, out of retries, or longer than ``maximumDelay``). Pure but for the
    /// random draw.
    public func delay(
        after failure: WireFailure, attempt: Int, using random: inout some RandomNumberGenerator
    ) -> TimeInterval? {
        guard attempt < maximumRetries,
            let delay = failure.retryDelay(attempt: attempt, backoff: backoff, now: now(), using: &random),
            delay <= maximumDelay
        else { return nil }
        return delay
    }

    /// Runs `operation`, retrying as ``delay(after:attempt:using:)`` says.
    /// - Returns: the first success.
    /// - Throws: the failure that ended the retries.
    public func run<T>(
        using random: inout some RandomNumberGenerator,
        _ operation: () async throws(WireFailure) -> T
    ) async throws(WireFailure) -> T {
        var attempt = 0
        while true {
            do {
                return try await operation()
            } catch {
                guard let delay = delay(after: error, attempt: attempt, using: &random) else { throw error }
                do {
                    try await sleep(delay)
                } catch {
                    throw .transport(URLError(.cancelled))
                }
                attempt += 1
            }
        }
    }
}
