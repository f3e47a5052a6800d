import Foundation
import WireDiagnostics
import WireJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why an API call did not produce the value it should have, as one of three kinds, never one
/// "unknown error":
///
/// - ``transport(_:)``: no HTTP answer (timed out, offline, connection lost);
/// - ``http(status:body:retryAfter:)``: an answer that is not 2xx, with its JSON error body
///   (when it has one) and its `Retry-After`;
/// - ``content(_:)``: a 2xx answer whose body does not decode: the validator's location for a
///   syntax error, the JSON path (mapped back through the decoder's key strategy), line and
///   column for a type or missing-key error.
///
/// Whether a retry can help is a property of the value (``isRetryable``).
///
/// ```swift
/// let (data, response) = try await session.data(for: request)   // or catch the error
/// switch WireFailure.decode(Page<Movie>.self, data: data, response: response, error: nil, decoder: decoder) {
/// case .success(let page): show(page)
/// case .failure(let failure) where failure.isRetryable: retry(after: failure.retryDelay(attempt: 0, ...))
/// case .failure(let failure): logger.error("\(failure)")   // content: typeMismatch at $.records[1].year …
/// }
/// ```
public enum WireFailure: Error, Sendable, CustomStringConvertible {
    /// No HTTP answer: the loading system's error (any other error is wrapped in
    /// `URLError(.unknown)` with it as `NSUnderlyingErrorKey`; a `CancellationError` becomes
    /// `URLError(.cancelled)`; a response that is not HTTP, `URLError(.badServerResponse)`).
    case transport(URLError)
    /// An HTTP answer whose status is not 2xx: the status, the body when it is JSON, and the
    /// `Retry-After` when the answer has a valid one.
    case http(status: Int, body: JSONValue?, retryAfter: RetryAfter?)
    /// A 2xx answer whose body is not the value the client expects.
    case content(ContentFailure)

    /// Whether trying again later may succeed: a transport timeout, a lost or refused
    /// connection, no network, a failed DNS lookup; HTTP 408, 429, 502, 503 and 504. Never other
    /// 4xx, other 5xx (the request itself may be the cause), or a content failure (the same
    /// request gets the same body).
    public var isRetryable: Bool {
        switch self {
        case .transport(let error):
            Self.retryableTransportCodes.contains(error.code)
        case .http(let status, _, _):
            Self.retryableStatuses.contains(status)
        case .content:
            false
        }
    }

    /// The transport errors ``isRetryable`` accepts.
    public static let retryableTransportCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost, .dnsLookupFailed,
    ]
    /// The HTTP statuses ``isRetryable`` accepts.
    public static let retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]

    /// How long to wait before retry number `attempt`, or nil when the failure is not retryable:
    /// the answer's `Retry-After` when it has one, else the backoff's delay.
    /// - Parameters:
    ///   - attempt: how many retries came before this one.
    ///   - backoff: the backoff used without a `Retry-After`.
    ///   - now: the current time (for a `Retry-After` date).
    ///   - random: the backoff's random source.
    public func retryDelay(
        attempt: Int, backoff: Backoff = Backoff(), now: Date, using random: inout some RandomNumberGenerator
    ) -> TimeInterval? {
        guard isRetryable else { return nil }
        if case .http(_, _, let retryAfter?) = self { return retryAfter.delay(now: now) }
        return backoff.delay(attempt: attempt, using: &random)
    }

    /// Classifies what a data task delivered, without decoding: nil for a 2xx HTTP answer (its
    /// body is still to be decoded), else the failure.
    /// - Parameters:
    ///   - data: the body, if any.
    ///   - response: the response, if any.
    ///   - error: the task's error, if any (it wins over a response).
    ///   - now: the current time, for a `Retry-After` in the RFC 850 form.
    public static func classify(data: Data?, response: URLResponse?, error: (any Error)?, now: Date = Date())
        -> WireFailure?
    {
        if let error {
            if let urlError = error as? URLError { return .transport(urlError) }
            if error is CancellationError { return .transport(URLError(.cancelled)) }
            return .transport(URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error as NSError]))
        }
        guard let http = response as? HTTPURLResponse else { return .transport(URLError(.badServerResponse)) }
        guard (200..<300).contains(http.statusCode) else {
            let body = data.flatMap { try? JSONValue.parse(Array($0)) }
            let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.parse($0, now: now) }
            return .http(status: http.statusCode, body: body, retryAfter: retryAfter)
        }
        return nil
    }

    /// Classifies a data task's result and decodes a 2xx body: the value, or the failure.
    ///
    /// ```swift
    /// let result = WireFailure.decode([Movie].self, data: data, response: response, error: nil,
    ///                                 decoder: JSONDecoder())
    /// ```
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the body, if any (nil or empty for a 2xx is a ``ContentFailure/Kind/emptyBody``).
    ///   - response: the response, if any.
    ///   - error: the task's error, if any.
    ///   - decoder: the decoder (its `keyDecodingStrategy` is used to map coding paths back).
    ///   - now: the current time, for a `Retry-After` in the RFC 850 form.
    public static func decode<T: Decodable>(
        _ type: T.Type, data: Data?, response: URLResponse?, error: (any Error)?, decoder: JSONDecoder,
        now: Date = Date()
    ) -> Result<T, WireFailure> {
        if let failure = classify(data: data, response: response, error: error, now: now) { return .failure(failure) }
        guard let data, !data.isEmpty else { return .failure(.content(ContentFailure(emptyBody: ()))) }
        do {
            return .success(try decoder.decode(type, from: data))
        } catch let decodingError as DecodingError {
            var keys = WireDiagnostics.KeyDecoding.useDefaultKeys
            if case .convertFromSnakeCase = decoder.keyDecodingStrategy { keys = .convertFromSnakeCase }
            let explanation = WireDiagnostics.explain(decodingError, in: data, keyDecoding: keys)
            return .failure(.content(ContentFailure(explanation)))
        } catch {
            return .failure(.content(ContentFailure(rejected: String(describing: error))))
        }
    }

    /// `transport: URLError -1001 (timed out)`, `HTTP 429 (Retry-After: 120 s)`,
    /// `content: typeMismatch at $.id (line 3, column 9): expected Int, found a string "x"`.
    public var description: String {
        switch self {
        case .transport(let error):
            return "transport: URLError \(error.code.rawValue) (\(error.localizedDescription))"
        case .http(let status, let body, let retryAfter):
            var text = "HTTP \(status)"
            switch retryAfter {
            case .seconds(let seconds)?: text += " (Retry-After: \(seconds) s)"
            case .date(let date)?: text += " (Retry-After: \(date))"
            case nil: break
            }
            if let body { text += ": " + CanonicalJSONWriter.text(body) }
            return text
        case .content(let failure):
            return "content: \(failure)"
        }
    }
}

/// Why a 2xx body is not the expected value.
public struct ContentFailure: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the body.
    public enum Kind: String, Hashable, Sendable {
        /// No body at all.
        case emptyBody
        /// Not valid JSON; ``ContentFailure/location`` is the validator's.
        case invalidJSON
        /// A value of the wrong JSON kind at ``ContentFailure/path``.
        case typeMismatch
        /// `null` where a value is required, at ``ContentFailure/path``.
        case valueNotFound
        /// A member missing from the object at ``ContentFailure/path``.
        case keyNotFound
        /// A value the type rejected (a date it cannot read, an unknown enum raw value).
        case dataCorrupted
        /// The type's decoder threw something other than a `DecodingError`.
        case rejected
    }

    /// What is wrong.
    public var kind: Kind
    /// The JSON path of the value (for ``Kind/keyNotFound``, of the object lacking the member);
    /// for invalid JSON, the path the validator was reading.
    public var path: JSONPath?
    /// Where in the body: the value's start, or the validator's location.
    public var location: JSONSourceLocation?
    /// The full explanation of a `DecodingError`, when there was one.
    public var explanation: Explanation?
    /// A one-line message.
    public var message: String

    init(emptyBody: Void) {
        kind = .emptyBody
        message = "the body is empty"
    }

    init(rejected message: String) {
        kind = .rejected
        self.message = "the decoder threw: \(message)"
    }

    init(_ explanation: Explanation) {
        self.explanation = explanation
        path = explanation.path
        location = explanation.location
        if let syntax = explanation.syntaxError {
            kind = .invalidJSON
            message = "not valid JSON: \(syntax.reason) at \(syntax.path)" + (location.map { " (\($0))" } ?? "")
            return
        }
        switch explanation.failure.kind {
        case .typeMismatch: kind = .typeMismatch
        case .valueNotFound: kind = .valueNotFound
        case .keyNotFound: kind = .keyNotFound
        case .dataCorrupted: kind = .dataCorrupted
        }
        message =
            "\(kind.rawValue) at \(explanation.path)"
            + (location.map { " (line \($0.line), column \($0.column))" } ?? "")
            + ": expected \(explanation.expected), found \(explanation.found)"
    }

    /// ``message``.
    public var description: String { message }
}
