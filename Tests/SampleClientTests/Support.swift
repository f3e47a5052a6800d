import Foundation
import SampleAPI
import Testing
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two ways a client reaches a stub server: its `URLSession`, or the server itself as an
/// `HTTPDataLoading` (no URL loading system in between).
enum Way: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case session, loader

    var testDescription: String { rawValue }

    func loader(_ server: StubServer) -> any HTTPDataLoading {
        switch self {
        case .session: server.session
        case .loader: server
        }
    }

    func client(_ server: StubServer, now: @escaping @Sendable () -> Date = { Date() }) -> MediaClient {
        MediaClient(session: loader(server), baseURL: server.baseURL, now: now)
    }
}

/// Every comment of a recorded issue, one per line.
func comments(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

/// The content failure inside `failure`, or nil for another kind.
func contentFailure(_ failure: WireFailure?) -> ContentFailure? {
    if case .content(let content)? = failure { return content }
    return nil
}

/// The URLError code of a transport failure, or nil for another kind.
func transportCode(_ failure: WireFailure?) -> URLError.Code? {
    if case .transport(let error)? = failure { return error.code }
    return nil
}

/// A loader that changes each request before the server sees it: a client with a bug.
struct RewritingLoader: HTTPDataLoading {
    let base: any HTTPDataLoading
    let rewrite: @Sendable (inout URLRequest) -> Void

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        var changed = request
        rewrite(&changed)
        return try await base.data(for: changed)
    }
}

/// Records the delays a retry asked for instead of waiting them.
final class SleepLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var delays: [TimeInterval] = []

    var recorded: [TimeInterval] { lock.withLock { delays } }

    func sleep(_ seconds: TimeInterval) async throws { lock.withLock { delays.append(seconds) } }
}
