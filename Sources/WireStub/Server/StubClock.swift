import Foundation
import WireSupport

/// The clock a ``StubServer`` spends simulated latency on. Virtual by default: a delayed answer
/// arrives at once and the delay is added to ``elapsed`` (tests never sleep). A server made with
/// `latency: .real` waits for real instead, for SwiftUI previews and demo builds that want to show a
/// loading state.
///
/// ```swift
/// let server = StubServer()
/// server.stub(.get("/slow"), .json("{}").delayed(by: 3))
/// _ = try await server.data(for: URLRequest(url: server.baseURL.appending(path: "slow")))
/// server.clock.elapsed   // 3.0, and the test took no time
/// ```
public final class StubClock: Sendable {
    /// How latency is spent.
    public enum Mode: Sendable, Hashable {
        /// Added to ``StubClock/elapsed``; nothing waits.
        case virtual
        /// Waited for on the wall clock.
        case real
    }

    /// The mode this clock was made with.
    public let mode: Mode
    private let state = Locked<TimeInterval>(0)

    /// A clock in `mode`.
    public init(mode: Mode = .virtual) { self.mode = mode }

    /// Simulated seconds spent so far (in `.virtual` mode; `.real` mode counts them too).
    public var elapsed: TimeInterval { state.withLock { $0 } }

    /// Moves the clock on by `seconds` (what a delayed answer does).
    public func advance(by seconds: TimeInterval) {
        guard seconds > 0 else { return }
        state.withLock { $0 += seconds }
    }
}
