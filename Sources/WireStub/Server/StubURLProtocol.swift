import Foundation
import WireSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLProtocol of every ``StubServer/session`` and ``StubServer/configuration``. It accepts
/// every request (so nothing through the session can reach a network) and answers it from the
/// server the session was made for, found by ``StubRouting`` (the server's own protocol class on
/// Linux, the marker header on Darwin, else the request's unique `.test.invalid` host).
///
/// A request that reaches no live server fails with a `URLError` saying so.
class StubURLProtocol: URLProtocol {
    // `stopped` and `finished` are behind their own locks: a delayed delivery and `stopLoading` may
    // run on different threads.
    private let stopped = Locked(false)

    /// How many times `canonicalRequest(for:)` was called, process-wide (a fact test reads it).
    static let canonicalRequestCalls = Locked(0)
    private let finished = Locked(false)
    /// The router answering this request, once known (for counting stops).
    private let router = Locked<StubRouter?>(nil)

    /// The server this class answers for: nil here, a number in each server's own subclass
    /// (``ServerStubURLProtocol``).
    class var serverNumber: Int? { nil }

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
        let evidence = StubRouting.evidence(
            protocolServer: Self.serverNumber, headers: request.allHTTPHeaderFields ?? [:], host: url.host)
        guard let evidence, let router = StubHostRegistry.shared.router(for: evidence) else {
            let said = "WireStub: \(request.httpMethod ?? "GET") \(url.absoluteString) "
            let message: String
            switch evidence {
            case .protocolClass?, .marker?:
                message = said + "came through a stub session whose StubServer is gone (found by \(evidence!))"
            case .host(let host)?:
                message =
                    said + "reached WireStub's protocol without a StubServer's identity, and no StubServer "
                    + "answers the host \(host): a session WireStub did not make, or a configuration whose "
                    + "protocol classes were replaced (use StubServer.session or StubServer.configuration)"
            case nil:
                message = said + "reached WireStub's protocol without a StubServer's identity or a host"
            }
            client?.urlProtocol(self, didFailWithError: StubRouter.error(.resourceUnavailable, message, url: url))
            return
        }
        self.router.withLock { $0 = router }
        // An upload task (`upload(for:from:)`, `uploadTask(with:from:)`, a file or a stream) hands
        // its protocol a request with neither `httpBody` nor `httpBodyStream`:
        // swift-corelibs-foundation keeps the body in `URLSessionTask.knownBody`, which only its own
        // HTTP protocol reads.
        let (outcome, latency) = router.handle(
            request, url: url, channel: .session, isUploadTask: task is URLSessionUploadTask)
        if case .stall = outcome {
            // No loading system times out a custom protocol (swift-corelibs-foundation's timeouts
            // live in its curl-based protocol), so the stub does, after the session's timeout.
            let timeout = router.timeout(for: request)
            deliver(.fail(StubRouter.timedOut(after: timeout, url: url)), after: timeout)
            return
        }
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
                deliver(outcome, after: latency)
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

    /// Hands the outcome to the loading system `delay` seconds from now, on the thread that
    /// called `startLoading`.
    private func deliver(_ outcome: StubOutcome, after delay: TimeInterval) {
        let box = UncheckedBox(self)
        #if canImport(Darwin)
            // Apple's URL loading system wants a protocol's client called on the thread that
            // called startLoading, in its run loop's modes (URLProtocol's documentation; Apple's
            // CustomHTTPProtocol sample keeps that thread and mode for this). A timer on that run
            // loop, in the mode it runs now and the common ones, fires there.
            let loop = RunLoop.current
            let modes = [loop.currentMode ?? .default, .common]
            let timer = Timer(timeInterval: delay, repeats: false) { _ in box.value.deliver(outcome) }
            for mode in Set(modes) { loop.add(timer, forMode: mode) }
        #else
            // swift-corelibs-foundation starts loading on its session's work queue, not a thread
            // with a running run loop, and accepts client calls from any queue.
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { box.value.deliver(outcome) }
        #endif
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

/// The live servers by number and by their unique `.test.invalid` host, held weakly: how
/// ``StubRouting``'s evidence leads to a server. Tests never see it; numbers and hosts are never
/// reused.
final class StubHostRegistry: @unchecked Sendable {
    // Safe: all state behind `state`'s lock.
    private struct Entry {
        weak var router: StubRouter?
    }
    private struct State {
        var next = 0
        var byHost: [String: Entry] = [:]
        var byNumber: [Int: Entry] = [:]
    }
    private let state = Locked(State())

    static let shared = StubHostRegistry()

    /// A new server number and host, unique in this process: `(12, "s12-3f9a1c.test.invalid")`.
    func makeIdentity() -> (number: Int, host: String) {
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return state.withLock { state in
            state.next += 1
            return (state.next, "s\(state.next)-\(suffix).test.invalid")
        }
    }

    func register(_ router: StubRouter) {
        state.withLock {
            $0.byHost[router.host] = Entry(router: router)
            $0.byNumber[router.number] = Entry(router: router)
        }
    }

    func remove(_ router: StubRouter) {
        state.withLock {
            _ = $0.byHost.removeValue(forKey: router.host)
            _ = $0.byNumber.removeValue(forKey: router.number)
        }
    }

    /// The live server that `evidence` names, if any.
    func router(for evidence: StubRouting.Evidence) -> StubRouter? {
        state.withLock { state in
            switch evidence {
            case .protocolClass(let number): state.byNumber[number]?.router
            case .marker(let host): state.byHost[host.lowercased()]?.router
            case .host(let host): state.byHost[host]?.router
            }
        }
    }
}

/// Carries a URLProtocol (not Sendable in FoundationNetworking) to the delayed delivery of real
/// latency. Safe: the protocol's own state it touches there is behind locks, and its client is
/// called from one thread at a time (start has returned by then).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
