import Foundation
import WireSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the route table decided for one request, for the two channels to deliver.
enum StubOutcome: Sendable {
    case respond(HTTPURLResponse, Data)
    case fail(URLError)
    case partial(HTTPURLResponse, Data, URLError)
    case stall
}

/// One server's route table, recordings and problems, shared by both channels. It is also the
/// delegate of the server's session (it counts authentication challenges); requests find it
/// through ``StubRouting``.
final class StubRouter: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // Safe: every mutable part is in `state`, behind its lock; `number`, `host`, `clock` and
    // `fixtures` are constants.
    struct Registration {
        var route: StubRoute
        var answer: StubAnswer
        var calls = 0
    }

    struct State {
        var registrations: [Registration] = []
        var requests: [RecordedRequest] = []
        var problems: [StubProblem] = []
        var authenticationChallenges = 0
        /// `stopLoading` calls on session requests that had not finished (cancellations).
        var stopsBeforeFinishing = 0
    }

    /// The server's number, unique in this process (its protocol class is spelled from it).
    let number: Int
    let host: String
    let clock: StubClock
    let fixtures: FixtureLookup
    /// How long a request may go unanswered (a ``StubAnswer/stall``) before it fails with
    /// `URLError(.timedOut)`.
    let requestTimeout: TimeInterval
    let state = Locked(State())

    init(number: Int, host: String, clock: StubClock, fixtures: FixtureLookup, requestTimeout: TimeInterval) {
        self.number = number
        self.host = host
        self.clock = clock
        self.fixtures = fixtures
        self.requestTimeout = requestTimeout
    }

    /// The timeout of one request: the server's, or the request's own when that is shorter.
    func timeout(for request: URLRequest) -> TimeInterval {
        request.timeoutInterval > 0 ? min(request.timeoutInterval, requestTimeout) : requestTimeout
    }

    /// The error of a request that stalled past its timeout.
    static func timedOut(after seconds: TimeInterval, url: URL) -> URLError {
        error(
            .timedOut,
            "WireStub: \(url.absoluteString) stalled and timed out after \(seconds) s "
                + "(the stub session's request timeout; StubServer(requestTimeout:) changes it)", url: url)
    }

    // MARK: Declaring

    func add(_ route: StubRoute, _ answer: StubAnswer) {
        var problems: [StubProblem] = []
        let resolved = resolveFixtures(answer, route: route, problems: &problems)
        state.withLock {
            $0.registrations.append(Registration(route: route, answer: resolved))
            $0.problems += problems
        }
    }

    /// Reads fixture answers once, when declared; an unusable one becomes a problem now and a
    /// failing answer later.
    private func resolveFixtures(_ answer: StubAnswer, route: StubRoute, problems: inout [StubProblem]) -> StubAnswer {
        func unusable(_ reason: Any) -> StubAnswer {
            problems.append(
                StubProblem(kind: .unusableFixture, message: "route \(route): \(reason)", route: "\(route)"))
            return StubAnswer(.unusable("\(reason)"), latency: answer.latency)
        }
        /// The fixture's bytes made into an answer, or an unusable one naming why they cannot be read.
        func fixture(_ name: String, _ kind: (Data) throws -> StubAnswer.Kind) -> StubAnswer {
            switch fixtures.data(named: name) {
            case .success(let data):
                do {
                    return StubAnswer(try kind(data), latency: answer.latency)
                } catch {
                    return unusable(error)
                }
            case .failure(let failure): return unusable(failure)
            }
        }
        switch answer.kind {
        case .fixture(let name, let status, let headers):
            return fixture(name) { .response(.json(body: $0, status: status, headers: headers)) }
        case .lostAfterFixture(let bytes, let name, let status):
            return fixture(name) { .lostAfter(bytes: bytes, response: .json(body: $0, status: status)) }
        case .transformed(let name, let status, let transform):
            return fixture(name) { data in
                let (bytes, description) = try transform(data, name)
                return .response(.json(body: bytes, status: status, headers: [StubAnswer.mutationHeader: description]))
            }
        case .sequence(let answers):
            return StubAnswer(
                .sequence(answers.map { resolveFixtures($0, route: route, problems: &problems) }),
                latency: answer.latency)
        default:
            return answer
        }
    }

    // MARK: Answering

    /// Routes one request: records it (without the marker header; its body is `httpBody` or what
    /// `httpBodyStream` holds, not visible when an upload task kept it), picks the first matching
    /// route, and says what to deliver.
    func handle(
        _ request: URLRequest, url: URL, channel: RecordedRequest.Channel, isUploadTask: Bool = false
    ) -> (StubOutcome, latency: TimeInterval) {
        let body = request.httpBody ?? request.httpBodyStream.map(StubURLProtocol.drain)
        var recorded = RecordedRequest(
            method: request.httpMethod, url: url,
            headers: StubRouting.strippingMarker(request.allHTTPHeaderFields ?? [:]), body: body,
            isBodyVisible: !(isUploadTask && body == nil), channel: channel)
        enum Pick {
            case answer(StubAnswer, call: Int, route: StubRoute)
            case none(String)
        }
        let pick: Pick = state.withLock { state in
            for index in state.registrations.indices {
                let route = state.registrations[index].route
                guard route.misses(recorded).isEmpty else { continue }
                state.registrations[index].calls += 1
                recorded.route = "\(route)"
                recorded.pathParameters = route.pathParameters(recorded) ?? [:]
                state.requests.append(recorded)
                return .answer(state.registrations[index].answer, call: state.registrations[index].calls, route: route)
            }
            let message = Self.unmatchedMessage(for: recorded, routes: state.registrations.map(\.route))
            state.requests.append(recorded)
            state.problems.append(StubProblem(kind: .unmatchedRequest, message: message, route: nil))
            return .none(message)
        }
        switch pick {
        case .none(let message):
            return (.fail(Self.error(.resourceUnavailable, message, url: url)), 0)
        case .answer(let answer, let call, let route):
            return outcome(of: answer, call: call, route: route, request: recorded)
        }
    }

    /// What `answer` delivers on its `call`-th call, after its latency (a sequence's answer adds
    /// its own).
    private func outcome(
        of answer: StubAnswer, call: Int, route: StubRoute, request: RecordedRequest
    ) -> (StubOutcome, latency: TimeInterval) {
        let url = request.url
        let outcome: StubOutcome
        switch answer.kind {
        case .response(let response):
            outcome = .respond(httpResponse(response, url: url), response.body)
        case .handler(let handler):
            do {
                let response = try handler(request)
                outcome = .respond(httpResponse(response, url: url), response.body)
            } catch let error as URLError {
                outcome = .fail(error)
            } catch {
                let message = "the handler of route \(route) threw \(error) for \(request)"
                record(StubProblem(kind: .handlerFailed, message: message, route: "\(route)"))
                outcome = .fail(Self.error(.cannotParseResponse, "WireStub: " + message, url: url))
            }
        case .sequence(let answers):
            guard call <= answers.count else {
                let message =
                    "route \(route) has a sequence of \(answers.count) answer(s) and was called a "
                    + "\(call)\(ordinalSuffix(call)) time by \(request)"
                record(StubProblem(kind: .exhaustedSequence, message: message, route: "\(route)"))
                return (.fail(Self.error(.resourceUnavailable, "WireStub: " + message, url: url)), 0)
            }
            let (inner, latency) = self.outcome(of: answers[call - 1], call: call, route: route, request: request)
            return (inner, latency + answer.latency)
        case .transport(let code):
            outcome = .fail(URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        case .lostAfter(let bytes, let response):
            outcome = .partial(
                httpResponse(response, url: url), Data(response.body.prefix(max(0, bytes))),
                URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        case .stall:
            outcome = .stall
        case .unusable(let reason):
            outcome = .fail(Self.error(.resourceUnavailable, "WireStub: route \(route): \(reason)", url: url))
        case .fixture, .lostAfterFixture, .transformed:
            // Resolved in `add`; kept for completeness.
            return (.fail(Self.error(.resourceUnavailable, "WireStub: unresolved fixture", url: url)), 0)
        }
        return (outcome, answer.latency)
    }

    /// The error for a 401 with `WWW-Authenticate` through a session on Linux, where
    /// FoundationNetworking's authentication path never completes the task; recorded as a problem.
    func refuseChallenge(_ response: HTTPURLResponse, url: URL) -> URLError {
        let message =
            "WireStub: a 401 with WWW-Authenticate through a URLSession never completes on Linux "
            + "(FoundationNetworking's authentication path); use the server as HTTPDataLoading "
            + "(server.data(for:)) for this response, or leave out the header (\(url.absoluteString))"
        record(StubProblem(kind: .unsupportedOnThisPlatform, message: message, route: nil))
        return Self.error(.userAuthenticationRequired, message, url: url)
    }

    private func record(_ problem: StubProblem) {
        state.withLock { $0.problems.append(problem) }
    }

    private func httpResponse(_ response: StubResponse, url: URL) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)!
    }

    static func error(_ code: URLError.Code, _ message: String, url: URL) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: message, NSURLErrorFailingURLErrorKey: url])
    }

    /// The explanation of an unmatched request: the request, every route, the closest one and why
    /// it missed.
    static func unmatchedMessage(for request: RecordedRequest, routes: [StubRoute]) -> String {
        var text = "WireStub: no route matches \(request)"
        if let body = request.body, !body.isEmpty { text += " (body: \(body.count) bytes)" }
        guard !routes.isEmpty else { return text + "; this server declares no routes" }
        text += "\nroutes (\(routes.count)):"
        for route in routes { text += "\n  \(route)" }
        // The first route with the lightest misses (a wrong path weighs most).
        let scored = routes.map { route in
            let misses = route.misses(request)
            return (route: route, misses: misses, score: misses.reduce(0) { $0 + $1.weight })
        }
        guard let best = scored.min(by: { $0.score < $1.score }) else { return text }
        return text + "\nclosest: \(best.route), missed on " + best.misses.map(\.description).joined(separator: "; ")
    }

    // MARK: Session delegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        state.withLock { $0.authenticationChallenges += 1 }
        completionHandler(.performDefaultHandling, nil)
    }
}

private func ordinalSuffix(_ number: Int) -> String {
    if (11...13).contains(number % 100) { return "th" }
    switch number % 10 {
    case 1: return "st"
    case 2: return "nd"
    case 3: return "rd"
    default: return "th"
    }
}
