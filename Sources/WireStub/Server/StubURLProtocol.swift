import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLProtocol of every ``StubServer/session``. It accepts every request (so nothing through
/// the session can reach a network) and answers it from the server the task belongs to:
///
/// - on Linux through `task.delegate`, which swift-corelibs-foundation falls back to the session's
///   delegate (the server's router) when the task has none of its own: this is what makes fixed
///   production hosts parallel-safe there, since the request carries no marker (a URLProtocol on
///   Linux sees neither `httpAdditionalHeaders` nor `setProperty` markers on copies);
/// - otherwise through the request's unique `.test.invalid` host.
///
/// A request that reaches neither fails with a `URLError` saying so.
final class StubURLProtocol: URLProtocol {
    // `stopped` and `finished` are behind their own locks: a delayed delivery and `stopLoading` may
    // run on different threads.
    private let stopped = Locked(false)

    /// How many times `canonicalRequest(for:)` was called, process-wide (a fact test reads it).
    static let canonicalRequestCalls = Locked(0)
    private let finished = Locked(false)
    /// The router answering this request, once known (for counting stops).
    private let router = Locked<StubRouter?>(nil)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        canonicalRequestCalls.withLock { $0 += 1 }
        return request
    }

    override func startLoading() {
        let request = self.request
        guard let url = request.url else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        guard let router = Self.router(for: task, url: url) else {
            let message =
                "WireStub: \(request.httpMethod ?? "GET") \(url.absoluteString) came through a stub session "
                + "whose StubServer is gone, or through a session WireStub did not make"
            client?.urlProtocol(self, didFailWithError: StubRouter.error(.resourceUnavailable, message, url: url))
            return
        }
        self.router.withLock { $0 = router }
        let body = request.httpBody ?? request.httpBodyStream.map(Self.drain)
        let (outcome, latency) = router.handle(
            method: request.httpMethod, url: url, headers: request.allHTTPHeaderFields ?? [:], body: body,
            channel: .session)
        if case .stall = outcome { return }
        #if canImport(FoundationNetworking)
            if case .respond(let response, _) = outcome, response.statusCode == 401,
                response.value(forHTTPHeaderField: "WWW-Authenticate") != nil
            {
                client?.urlProtocol(self, didFailWithError: router.refuseChallenge(response, url: url))
                return
            }
        #endif
        if latency > 0 {
            router.clock.advance(by: latency)
            if router.clock.mode == .real {
                let box = UncheckedBox(self)
                DispatchQueue.global().asyncAfter(deadline: .now() + latency) { box.value.deliver(outcome) }
                return
            }
        }
        deliver(outcome)
    }

    override func stopLoading() {
        stopped.withLock { $0 = true }
        if !finished.withLock({ $0 }), let router = router.withLock({ $0 }) {
            router.state.withLock { $0.stopsBeforeFinishing += 1 }
        }
    }

    /// Hands the outcome to the loading system: the body in one `didLoad` call (on Linux only the
    /// last chunk would reach a completion handler or `data(for:)`).
    private func deliver(_ outcome: StubOutcome) {
        guard !stopped.withLock({ $0 }), let client else { return }
        finished.withLock { $0 = true }
        switch outcome {
        case .respond(let response, let body):
            client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client.urlProtocol(self, didLoad: body) }
            client.urlProtocolDidFinishLoading(self)
        case .partial(let response, let body, let error):
            client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client.urlProtocol(self, didLoad: body) }
            client.urlProtocol(self, didFailWithError: error)
        case .fail(let error):
            client.urlProtocol(self, didFailWithError: error)
        case .stall:
            break
        }
    }

    /// The router the task's session belongs to, else the one owning the URL's host.
    static func router(for task: URLSessionTask?, url: URL) -> StubRouter? {
        #if canImport(FoundationNetworking)
            if let router = task?.delegate as? StubRouter { return router }
        #else
            if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *), let router = task?.delegate as? StubRouter {
                return router
            }
        #endif
        return StubHostRegistry.shared.router(forHost: url.host?.lowercased() ?? "")
    }

    /// Everything in `stream`.
    static func drain(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// The live servers by their unique `.test.invalid` host, held weakly: how a request to
/// ``StubServer/baseURL`` finds its server on platforms where the task's delegate does not lead there.
/// Tests never see it; two servers never share a host.
final class StubHostRegistry: @unchecked Sendable {
    // Safe: all state behind `state`'s lock.
    private struct Entry {
        weak var router: StubRouter?
    }
    private let state = Locked((next: 0, routers: [String: Entry]()))

    static let shared = StubHostRegistry()

    /// A new host, unique in this process: `s12-3f9a1c.test.invalid`.
    func makeHost() -> String {
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return state.withLock { state in
            state.next += 1
            return "s\(state.next)-\(suffix).test.invalid"
        }
    }

    func register(_ router: StubRouter) {
        state.withLock { $0.routers[router.host] = Entry(router: router) }
    }

    func remove(host: String) {
        _ = state.withLock { $0.routers.removeValue(forKey: host) }
    }

    func router(forHost host: String) -> StubRouter? {
        state.withLock { $0.routers[host]?.router }
    }
}

/// Carries a URLProtocol (not Sendable in FoundationNetworking) to the delayed delivery of real
/// latency. Safe: the protocol's own state it touches there is behind locks, and its client is
/// called from one thread at a time (start has returned by then).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
