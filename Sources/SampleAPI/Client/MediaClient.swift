import Foundation
import WireHTTP
import WireStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sample app's API client for the media-library API (`/api/v3`): movies, one movie, series and
/// the calendar, each decoded with ``Foundation/JSONDecoder/sampleAPI``.
///
/// The client takes an injected ``WireStub/HTTPDataLoading`` (a `URLSession` in the app; a
/// `StubServer` or its `session` in a test) and a base URL. Every request asks for
/// `Accept: application/json` and carries `X-Api-Key` when a key is given. The API is versioned by
/// its path (`/api/v3`), not by a header.
///
/// Failure modes: every method throws exactly one ``WireStub/WireFailure``, never another error:
/// `.transport` when no HTTP answer arrived (timeout, offline, connection lost), `.http` for a
/// status that is not 2xx (with the JSON error body and `Retry-After`), `.content` for a 2xx body
/// that does not decode (with the validator's location, or the JSON path, line and column).
///
/// ```swift
/// let client = MediaClient(session: URLSession.shared, baseURL: URL(string: "https://media.example.com")!)
/// do {
///     let page = try await client.movies()
///     show(page.records)
/// } catch {
///     logger.error("\(error)")   // content: keyNotFound at $.records[0] (line 6, column 5): …
/// }
/// ```
public struct MediaClient: Sendable {
    /// What loads the requests.
    public let session: any HTTPDataLoading
    /// The server's root (`https://media.example.com`); paths start with `api/v3/`.
    public let baseURL: URL
    /// The API key sent as `X-Api-Key`, or nil to send none.
    public let apiKey: String?
    /// The current time, for a `Retry-After` in the RFC 850 form (injected in tests).
    public let now: @Sendable () -> Date

    /// The header field the API key travels in.
    public static let apiKeyHeader = "X-Api-Key"

    /// A client for the API at `baseURL`.
    /// - Parameters:
    ///   - session: what loads the requests (`URLSession` conforms).
    ///   - baseURL: the server's root.
    ///   - apiKey: sent as `X-Api-Key` when given.
    ///   - now: the clock for `Retry-After` dates.
    public init(
        session: any HTTPDataLoading, baseURL: URL, apiKey: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.session = session
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.now = now
    }

    /// `GET /api/v3/movie?page=…&pageSize=…`: one page of the library's movies.
    /// - Throws: ``WireStub/WireFailure``.
    public func movies(page: Int = 1, pageSize: Int = 20) async throws(WireFailure) -> Page<Movie> {
        try await get(
            Page<Movie>.self, "api/v3/movie",
            query: [URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "pageSize", value: "\(pageSize)")])
    }

    /// `GET /api/v3/movie/{id}`: one movie.
    /// - Throws: ``WireStub/WireFailure`` (`.http(status: 404, …)` for an unknown id).
    public func movie(id: Int) async throws(WireFailure) -> Movie {
        try await get(Movie.self, "api/v3/movie/\(id)")
    }

    /// `GET /api/v3/movie/lookup?term=…`: movies matching a search term (sent encoded once).
    /// - Throws: ``WireStub/WireFailure``.
    public func lookUpMovies(term: String) async throws(WireFailure) -> [Movie] {
        try await get([Movie].self, "api/v3/movie/lookup", query: [URLQueryItem(name: "term", value: term)])
    }

    /// `GET /api/v3/series`: every series in the library.
    /// - Throws: ``WireStub/WireFailure``.
    public func series() async throws(WireFailure) -> [Series] {
        try await get([Series].self, "api/v3/series")
    }

    /// `GET /api/v3/calendar?start=…&end=…`: the episodes airing between two instants (sent as
    /// UTC date-times, `2024-05-01T00:00:00Z`).
    /// - Throws: ``WireStub/WireFailure``.
    public func calendar(start: Date, end: Date) async throws(WireFailure) -> [CalendarEntry] {
        try await get(
            [CalendarEntry].self, "api/v3/calendar",
            query: [
                URLQueryItem(name: "start", value: WireDate(start).text),
                URLQueryItem(name: "end", value: WireDate(end).text),
            ])
    }

    /// The `GET` request for `path` (relative to ``baseURL``) with `query`, `Accept` and the key.
    public func request(_ path: String, query: [URLQueryItem] = []) -> URLRequest {
        var url = baseURL.appending(path: path)
        if !query.isEmpty { url.append(queryItems: query) }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: Self.apiKeyHeader) }
        return request
    }

    /// Loads `path` and decodes a `T`; every failure becomes a ``WireStub/WireFailure`` through
    /// its one classifier.
    func get<T: Decodable>(_ type: T.Type, _ path: String, query: [URLQueryItem] = []) async throws(WireFailure)
        -> T
    {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request(path, query: query))
        } catch {
            throw WireFailure.classify(data: nil, response: nil, error: error, now: now())
                ?? .transport(URLError(.unknown))
        }
        return try WireFailure.decode(type, data: data, response: response, error: nil, decoder: .sampleAPI, now: now())
            .get()
    }
}
