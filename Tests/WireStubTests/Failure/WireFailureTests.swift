import Foundation
import Testing
import WireHTTP
import WireJSON
import WireLockTestSupport
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let url = URL(string: "https://api.example.com/api/v3/movie")!
private let now = Date(timeIntervalSince1970: 784_111_717)  // a minute before Sun, 06 Nov 1994 08:49:37 GMT

private func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPURLResponse {
    HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
}

/// The members of the sample's movie page that the tests need.
private struct Page: Decodable {
    struct Movie: Decodable {
        var id: Int
        var title: String
        var year: Int
    }
    var records: [Movie]
}

private struct Episode: Decodable {
    var seriesTitle: String
    var airDateUtc: String
}

@Suite("WireFailure: transport, HTTP, content")
struct WireFailureTests {
    @Test(arguments: [
        (URLError.Code.timedOut, true), (.networkConnectionLost, true), (.notConnectedToInternet, true),
        (.cannotConnectToHost, true), (.cancelled, false), (.badURL, false), (.secureConnectionFailed, false),
    ])
    func transportErrorsAndWhetherToRetry(_ code: URLError.Code, retryable: Bool) throws {
        let failure = try #require(WireFailure.classify(data: nil, response: nil, error: URLError(code)))
        guard case .transport(let error) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(error.code == code)
        #expect(failure.isRetryable == retryable)
        #expect(failure.description.hasPrefix("transport: URLError \(code.rawValue)"))
    }

    @Test func anErrorBeatsAResponseAndOtherErrorsAreWrapped() throws {
        let lost = WireFailure.classify(
            data: Data("{\"id\":".utf8), response: response(200), error: URLError(.networkConnectionLost))
        guard case .transport(let error)? = lost else { throw CancellationError() }
        #expect(error.code == .networkConnectionLost)

        guard
            case .transport(let cancelled)? = WireFailure.classify(data: nil, response: nil, error: CancellationError())
        else { throw CancellationError() }
        #expect(cancelled.code == .cancelled)

        struct Odd: Error {}
        guard case .transport(let wrapped)? = WireFailure.classify(data: nil, response: nil, error: Odd()) else {
            throw CancellationError()
        }
        #expect(wrapped.code == .unknown)
        #expect(wrapped.userInfo[NSUnderlyingErrorKey] != nil)

        let notHTTP = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        guard case .transport(let bad)? = WireFailure.classify(data: Data(), response: notHTTP, error: nil) else {
            throw CancellationError()
        }
        #expect(bad.code == .badServerResponse)
    }

    @Test func http429WithRetryAfterSecondsIsRetryableAfterThem() throws {
        let body = Data(#"{"message": "slow down", "retryAfterSeconds": 120}"#.utf8)
        let failure = try #require(
            WireFailure.classify(data: body, response: response(429, ["Retry-After": "120"]), error: nil, now: now))
        guard case .http(let status, let json, let retryAfter) = failure else { throw CancellationError() }
        #expect(status == 429)
        #expect(json?["message"] == .string("slow down"))
        #expect(retryAfter == .seconds(120))
        #expect(failure.isRetryable)
        var random = SplitMix64(seed: 1)
        #expect(failure.retryDelay(attempt: 3, now: now, using: &random) == 120)
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func http503WithARetryAfterDate(_ value: String) throws {
        let failure = try #require(
            WireFailure.classify(data: nil, response: response(503, ["retry-after": value]), error: nil, now: now))
        var random = SplitMix64(seed: 1)
        #expect(failure.isRetryable)
        #expect(failure.retryDelay(attempt: 0, now: now, using: &random) == 60)
    }

    @Test func withoutRetryAfterTheBackoffDecides() throws {
        let failure = try #require(WireFailure.classify(data: nil, response: nil, error: URLError(.timedOut)))
        var random = SplitMix64(seed: 1)
        let backoff = Backoff(base: 1, multiplier: 2, cap: 10, jitter: .none)
        #expect(failure.retryDelay(attempt: 2, backoff: backoff, now: now, using: &random) == 4)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422, 500, 501])
    func otherStatusesAreNotRetryable(_ status: Int) throws {
        let body = Data(#"{"message": "no such movie"}"#.utf8)
        let failure = try #require(WireFailure.classify(data: body, response: response(status), error: nil))
        guard case .http(status, let json, nil) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(json?["message"] == .string("no such movie"))
        #expect(!failure.isRetryable)
        var random = SplitMix64(seed: 1)
        #expect(failure.retryDelay(attempt: 0, now: now, using: &random) == nil)
    }

    @Test func aBodyThatIsNotJSONIsNil() throws {
        let failure = WireFailure.classify(data: Data("<html>oops</html>".utf8), response: response(502), error: nil)
        guard case .http(502, nil, nil)? = failure else { throw CancellationError() }
        #expect(failure?.isRetryable == true)
    }

    @Test func anEmptyBodyIsContent() throws {
        let result = WireFailure.decode(
            Page.self, data: Data(), response: response(200), error: nil, decoder: JSONDecoder())
        guard case .failure(.content(let content)) = result else { throw CancellationError() }
        #expect(content.kind == .emptyBody)
        #expect(!WireFailure.content(content).isRetryable)
    }

    @Test func truncatedJSONCarriesTheValidatorsLocation() throws {
        let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/movies-malformed.json"))
        let result = WireFailure.decode(
            Page.self, data: data, response: response(200), error: nil, decoder: JSONDecoder())
        guard case .failure(.content(let content)) = result else { throw CancellationError() }
        #expect(content.kind == .invalidJSON)
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        #expect(content.location?.line == lines.count)
        #expect(content.location?.column == lines[lines.count - 1].count + 1)
        #expect(content.location?.offset == data.count)
    }

    @Test func aWrongTypeCarriesItsPathLineAndColumn() throws {
        let data = try Data(contentsOf: Repository.url("Fixtures/API/v3/movies-wrong-type.json"))
        let result = WireFailure.decode(
            Page.self, data: data, response: response(200), error: nil, decoder: JSONDecoder())
        guard case .failure(.content(let content)) = result else { throw CancellationError() }
        #expect(content.kind == .typeMismatch)
        #expect(content.path?.description == "$.records[1].year")
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(#""year": "2001""#) })
        #expect(content.location?.line == line + 1)
        #expect(
            content.location?.column == lines[line].distance(
                from: lines[line].startIndex, to: lines[line].range(of: #""2001""#)!.lowerBound) + 1)
        #expect(WireFailure.content(content).description.hasPrefix("content: typeMismatch at $.records[1].year (line"))
    }

    @Test func aMissingKeyUnderSnakeCaseNamesThePayloadsMembers() throws {
        let data = Data(
            #"[{"series_title": "Andor", "air_date_utc": "2024-05-01T01:00:00Z"}, {"series_title": "Severance"}]"#.utf8)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let result = WireFailure.decode(
            [Episode].self, data: data, response: response(200), error: nil, decoder: decoder)
        guard case .failure(.content(let content)) = result else { throw CancellationError() }
        #expect(content.kind == .keyNotFound)
        #expect(content.path?.description == "$[1]")
        #expect(content.location?.column == 69)  // the second `{` (counted independently)
        #expect(content.found == #"an object with members "series_title""#)
        #expect(content.expected == #"a member the key strategy reads as "airDateUtc""#)

        let wrong = Data(#"[{"series_title": 7, "air_date_utc": "x"}]"#.utf8)
        guard
            case .failure(.content(let typeMismatch)) = WireFailure.decode(
                [Episode].self, data: wrong, response: response(200), error: nil, decoder: decoder)
        else { throw CancellationError() }
        #expect(typeMismatch.path?.description == "$[0].series_title")
    }

    /// The coding path is mapped back by asking the decoder itself how it names each member, so a
    /// custom key strategy is followed too (here: the wire's `X-Title` is the Swift `title`).
    @Test func aCustomKeyStrategyIsFollowedBackToTheWireName() throws {
        struct Titled: Decodable { var title: String }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            let name = path.last!.stringValue
            return Key(stringValue: name.hasPrefix("X-") ? name.dropFirst(2).lowercased() : name)
        }
        let data = Data(#"[{"X-Title": "Heat"}, {"X-Title": 1995}]"#.utf8)
        guard
            case .failure(.content(let content)) = WireFailure.decode(
                [Titled].self, data: data, response: response(200), error: nil, decoder: decoder)
        else { throw CancellationError() }
        #expect(content.kind == .typeMismatch)
        #expect(content.path?.description == #"$[1]["X-Title"]"#)
        #expect(content.found == "a number 1995")
        #expect(content.location?.column == 35)
    }

    /// A coding path the body does not have (the model decoded some other payload) says where the
    /// body stops instead of pointing at a wrong value.
    @Test func aPathTheBodyLacksSaysWhereTheBodyStops() throws {
        let error = DecodingError.typeMismatch(
            Int.self,
            .init(
                codingPath: [Key(stringValue: "records"), Key(intValue: 5), Key(stringValue: "year")],
                debugDescription: "")
        )
        let failure = ContentFailureProbe.failure(error, body: #"{"records": [{"year": 1995}]}"#)
        #expect(failure?.path?.description == "$.records[5].year")
        #expect(failure?.found == "nothing (the body stops at $.records)")
    }

    @Test func aGoodAnswerDecodes() throws {
        let data = Data(#"{"records": [{"id": 1, "title": "Heat", "year": 1995}]}"#.utf8)
        let result = WireFailure.decode(
            Page.self, data: data, response: response(200), error: nil, decoder: JSONDecoder())
        #expect((try? result.get())?.records.first?.title == "Heat")
    }
}

/// A coding key made of a name or an index.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// A type whose decoding throws the `DecodingError` the decoder's `userInfo` holds, to reach
/// `WireFailure.decode`'s placing of any coding path.
private enum ContentFailureProbe {
    static let key = CodingUserInfoKey(rawValue: "probe")!

    struct Thrower: Decodable {
        init(from decoder: any Decoder) throws {
            throw decoder.userInfo[ContentFailureProbe.key] as? DecodingError ?? CancellationError()
        }
    }

    static func failure(_ error: DecodingError, body: String) -> ContentFailure? {
        let decoder = JSONDecoder()
        decoder.userInfo[key] = error
        guard
            case .failure(.content(let content)) = WireFailure.decode(
                Thrower.self, data: Data(body.utf8), response: response(200), error: nil, decoder: decoder)
        else { return nil }
        return content
    }
}
