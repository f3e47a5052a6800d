import Foundation
import WireJSONCore

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
    ///   - decoder: the decoder (its `keyDecodingStrategy` maps a coding path back to the body's
    ///     member names).
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
            return .failure(.content(ContentFailure(decodingError, in: Array(data), decoder: decoder)))
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

/// Why a 2xx body is not the expected value: what is wrong, where in the body, and what the body
/// has there.
///
/// ```swift
/// if case .failure(.content(let failure)) = result {
///     logger.error("\(failure)")
///     // typeMismatch at $.records[1].year (line 297, column 15): expected Int, found a string "2001"
/// }
/// ```
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
    /// The JSON path of the value in the body's member names (for ``Kind/keyNotFound``, of the
    /// object lacking the member); for invalid JSON, the path the validator was reading.
    public var path: JSONPath?
    /// Where in the body: the value's start (or that of the deepest value on the way to
    /// ``path`` that the body has), or the validator's location.
    public var location: JSONSourceLocation?
    /// What the type needed there, in words (`Int`, `a member "title"`), for a `DecodingError`.
    public var expected: String?
    /// What the body has there, in words (`a string "2001"`, `null`, `an object with members
    /// "id", "name"`), for a `DecodingError`.
    public var found: String?
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

    /// ``message``.
    public var description: String { message }
}

extension ContentFailure {
    /// A `DecodingError` placed in the body it came from: its coding path followed through the body
    /// (a key is the member the decoder's key strategy turns into it), the value's place, and what
    /// the body has there. One pass over the body (``JSONSourceMap``) and one key conversion per
    /// member of each object on the path.
    init(_ error: DecodingError, in body: [UInt8], decoder: JSONDecoder) {
        let codingPath: [any CodingKey]
        switch error {
        case .typeMismatch(let type, let context):
            (kind, codingPath, expected) = (.typeMismatch, context.codingPath, Self.words(for: type))
        case .valueNotFound(let type, let context):
            (kind, codingPath, expected) = (.valueNotFound, context.codingPath, "a value of type \(type)")
        case .keyNotFound(let key, let context):
            let renamed = if case .useDefaultKeys = decoder.keyDecodingStrategy { false } else { true }
            let member =
                (renamed ? "a member the key strategy reads as " : "a member ") + JSONPath.quoted(key.stringValue)
            (kind, codingPath, expected) = (.keyNotFound, context.codingPath, member)
        case .dataCorrupted(let context):
            let text = String(context.debugDescription.reversed().drop { $0 == "." || $0 == " " }.reversed())
            (kind, codingPath, expected) = (.dataCorrupted, context.codingPath, text)
        @unknown default:
            (kind, codingPath, expected) = (.dataCorrupted, [], "\(error)")
        }
        let map: JSONSourceMap
        do {
            map = try JSONSourceMap(body)
        } catch {
            (kind, path, location, expected) = (.invalidJSON, error.path, error.location, nil)
            message = "not valid JSON: \(error.reason) at \(error.path) (\(error.location))"
            return
        }
        var components: [JSONPath.Component] = []
        var current: Int? = 0  // the value the path has reached; nil once the body has no such value
        for key in codingPath {
            var component: JSONPath.Component = key.intValue.map { .index($0) } ?? .key(key.stringValue)
            if let at = current, map.entries[at].kind == .object {
                let names = [key.stringValue] + (key.intValue.map { [String($0)] } ?? [])
                let member = Self.members(of: at, in: map).first {
                    names.contains(Self.codingKey(for: $0, decoder: decoder))
                }
                component = .key(member ?? key.stringValue)
            }
            components.append(component)
            current = current.flatMap { _ in map.index(of: JSONPath(components)) }
        }
        let (index, reached) = map.deepestEntry(toward: JSONPath(components)) ?? (0, 0)
        let entry = map.entries[index]
        path = JSONPath(components)
        location = entry.start
        if reached < components.count {
            found = "nothing (the body stops at \(JSONPath(Array(components.prefix(reached)))))"
        } else if kind == .keyNotFound, entry.kind == .object {
            let names = Self.members(of: index, in: map).map { JSONPath.quoted($0) }
            found =
                names.isEmpty
                ? "an empty object"
                : "an object with members " + names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : "")
        } else {
            found = Self.words(for: entry)
        }
        message =
            "\(kind.rawValue) at \(JSONPath(components)) (line \(entry.start.line), column \(entry.start.column))"
            + ": expected \(expected ?? "?"), found \(found ?? "?")"
    }

    /// The member names of the object at `index`, in document order: its descendants follow it in
    /// ``JSONSourceMap/entries`` up to its end, so only they are looked at.
    static func members(of index: Int, in map: JSONSourceMap) -> [String] {
        let end = map.entries[index].end.offset
        return map.entries[(index + 1)...].prefix { $0.start.offset < end }.compactMap { entry in
            guard entry.parent == index, case .key(let name) = entry.component else { return nil }
            return name
        }
    }

    /// The coding key the decoder makes of a member name: the name itself, or what its key
    /// strategy turns it into, asked of the decoder itself (so `convertFromSnakeCase` and a custom
    /// strategy are followed exactly as the decode followed them).
    static func codingKey(for member: String, decoder: JSONDecoder) -> String {
        if case .useDefaultKeys = decoder.keyDecodingStrategy { return member }
        let object = "{" + CanonicalJSONWriter.text(.string(member)) + ":0}"
        return (try? decoder.decode(KeyNames.self, from: Data(object.utf8)))?.first ?? member
    }

    /// The keys of one object, as the decoder's key strategy names them.
    private struct KeyNames: Decodable {
        var first: String?

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            first = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue
        }
    }

    /// `Dictionary<String, Any>` and `Array<Any>` (what `JSONDecoder` names for a container) in words.
    static func words(for type: Any.Type) -> String {
        let name = "\(type)"
        return name.hasPrefix("Dictionary<")
            ? "an object (\(name))" : name.hasPrefix("Array<") ? "an array (\(name))" : name
    }

    /// A value in words: `a string "Heat"`, `a number 17`, `an array`.
    static func words(for entry: JSONSourceMap.Entry) -> String {
        switch entry.kind {
        case .string:
            let text = entry.text ?? ""
            return "a string " + JSONPath.quoted(text.count > 40 ? String(text.prefix(39)) + "…" : text)
        case .number: return "a number \(entry.text ?? "")"
        case .bool: return "the boolean \(entry.bool == true)"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}
