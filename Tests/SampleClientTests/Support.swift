import Foundation
import SampleAPI
import Testing
import WireHTTP
import WireStub
import WireSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ways a client reaches a stub server: the server's `URLSession` (async), the server itself
/// as an `HTTPDataLoading` (no URL loading system in between), or a session the client makes
/// itself from the server's configuration, with a delegate of its own, and calls through
/// completion handlers (the older callback clients).
enum Way: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case session, loader, callbacks

    var testDescription: String { rawValue }

    func loader(_ server: StubServer) -> any HTTPDataLoading {
        switch self {
        case .session: server.session
        case .loader: server
        case .callbacks: CallbackLoader(configuration: server.configuration)
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

/// A client's own session (its own delegate, as Alamofire's and RequestKit's are made) called the
/// callback way, `dataTask(with:completionHandler:)`; cancelling the calling task cancels the
/// data task.
final class CallbackLoader: HTTPDataLoading, Sendable {
    /// The client's session delegate: WireStub must not rely on being it.
    final class ClientDelegate: NSObject, URLSessionTaskDelegate, Sendable {}

    let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: ClientDelegate(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        // The data task, and whether the calling task was cancelled before it existed.
        let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let dataTask = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                let cancelled = state.withLock { state in
                    state.task = dataTask
                    return state.cancelled
                }
                dataTask.resume()
                if cancelled { dataTask.cancel() }
            }
        } onCancel: {
            state.withLock { state in
                state.cancelled = true
                return state.task
            }?.cancel()
        }
    }
}
