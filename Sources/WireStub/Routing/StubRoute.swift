import Foundation

/// Which requests a stub answers: a method, a path pattern with `{param}` segments, and optionally a
/// host, query items, header fields and a body predicate. Every condition must hold.
///
/// Query items and path segments are compared after decoding the request's percent-encoding once,
/// so a doubly encoded query (`q=a%2520b`) does not match `q` = `a b`. Header names compare
/// case-insensitively, values exactly. A route the test never calls fails the test at the end
/// (through WireStubTesting) unless it is ``optional()``.
///
/// ```swift
/// let route = StubRoute.get("/api/v3/movie/{id}")
///     .query("includeImages", "true")
///     .header("Accept", "application/json")
/// server.stub(route, status: 200, json: #"{"id": 1}"#)
/// ```
public struct StubRoute: Sendable, CustomStringConvertible {
    /// The method the request must have (upper case), or nil for any method.
    public var method: String?
    /// The host the request must have (compared case-insensitively), or nil for any host.
    public var host: String?
    /// The path pattern: `/api/v3/movie/{id}`; a `{name}` segment matches any one segment.
    public var path: String
    /// Query items the request must carry (others may be there too); a nil value means "present".
    public var query: [(name: String, value: String?)]
    /// Header fields the request must carry; a nil value means "present".
    public var headers: [(name: String, value: String?)]
    /// Header fields the request must not carry (names compared case-insensitively).
    public var absentHeaders: [String] = []
    /// Query items the request must not carry.
    public var absentQuery: [String] = []
    /// A description of the body predicate, shown when it misses.
    public var bodyRequirement: String?
    /// The body predicate (the body, or nil when the request has none).
    public var bodyPredicate: (@Sendable (Data?) -> Bool)?
    /// Whether the test may end without calling this route.
    public var isOptional = false

    /// A route for `method` and `path`. A `?` in `path` starts query items the request must carry:
    /// `/search?term=heat` requires `term` = `heat`.
    public init(method: String?, path: String) {
        self.method = method?.uppercased()
        var pathPart = Substring(path)
        var items: [(name: String, value: String?)] = []
        if let mark = path.firstIndex(of: "?") {
            pathPart = path[..<mark]
            for pair in path[path.index(after: mark)...].split(separator: "&") {
                if let equals = pair.firstIndex(of: "=") {
                    items.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
                } else {
                    items.append((String(pair), nil))
                }
            }
        }
        self.path = pathPart.hasPrefix("/") ? String(pathPart) : "/" + pathPart
        self.query = items
        self.headers = []
    }

    /// A `GET` route.
    public static func get(_ path: String) -> StubRoute { StubRoute(method: "GET", path: path) }
    /// A `POST` route.
    public static func post(_ path: String) -> StubRoute { StubRoute(method: "POST", path: path) }
    /// A `PUT` route.
    public static func put(_ path: String) -> StubRoute { StubRoute(method: "PUT", path: path) }
    /// A `PATCH` route.
    public static func patch(_ path: String) -> StubRoute { StubRoute(method: "PATCH", path: path) }
    /// A `DELETE` route.
    public static func delete(_ path: String) -> StubRoute { StubRoute(method: "DELETE", path: path) }
    /// A `HEAD` route.
    public static func head(_ path: String) -> StubRoute { StubRoute(method: "HEAD", path: path) }
    /// A route for any method.
    public static func any(_ path: String) -> StubRoute { StubRoute(method: nil, path: path) }

    /// This route, also requiring query item `name` (with `value`, or just present when nil).
    public func query(_ name: String, _ value: String?) -> StubRoute {
        var copy = self
        copy.query.append((name, value))
        return copy
    }

    /// This route, also requiring header `name` (with `value`, or just present when nil).
    public func header(_ name: String, _ value: String?) -> StubRoute {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    /// This route, only for requests without header `name` (any spelling of its case).
    ///
    /// ```swift
    /// server.stub(.get("/rate_limit").withoutHeader("Authorization"), status: 200, json: "{}")
    /// ```
    public func withoutHeader(_ name: String) -> StubRoute {
        var copy = self
        copy.absentHeaders.append(name)
        return copy
    }

    /// This route, only for requests without query item `name`.
    public func withoutQuery(_ name: String) -> StubRoute {
        var copy = self
        copy.absentQuery.append(name)
        return copy
    }

    /// This route, requiring header `name` to be as `expectation` says.
    func header(_ name: String, expecting expectation: FieldExpectation) -> StubRoute {
        switch expectation {
        case .equals(let value): header(name, value)
        case .present: header(name, nil)
        case .absent: withoutHeader(name)
        }
    }

    /// This route, requiring query item `name` to be as `expectation` says.
    func query(_ name: String, expecting expectation: FieldExpectation) -> StubRoute {
        switch expectation {
        case .equals(let value): query(name, value)
        case .present: query(name, nil)
        case .absent: withoutQuery(name)
        }
    }

    /// This route, only for requests to `host` (`api.example.com`).
    public func host(_ host: String) -> StubRoute {
        var copy = self
        copy.host = host.lowercased()
        return copy
    }

    /// This route, only for requests whose body satisfies `predicate`; `requirement` says what it
    /// checks, for the miss report. A request whose body the server could not see (an upload
    /// through a URL session, see ``RecordedRequest/isBodyVisible``) never matches: the predicate
    /// is not asked, and the miss says how to make the body visible.
    public func body(_ requirement: String, _ predicate: @escaping @Sendable (Data?) -> Bool) -> StubRoute {
        var copy = self
        copy.bodyRequirement = requirement
        copy.bodyPredicate = predicate
        return copy
    }

    /// This route, allowed to stay uncalled.
    public func optional() -> StubRoute {
        var copy = self
        copy.isOptional = true
        return copy
    }

    /// `GET /api/v3/movie?page=2 [Accept: application/json]`; with a host,
    /// `GET api.github.com/users/octocat`.
    public var description: String {
        var text = (method ?? "*") + " "
        if let host { text += host }
        text += path
        if !query.isEmpty {
            text +=
                "?" + query.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.joined(separator: "&")
        }
        let fields =
            headers.map { "\($0.name): \($0.value ?? "*")" } + absentHeaders.map { "no \($0)" }
            + absentQuery.map { "no query \($0)" }
        if !fields.isEmpty { text += " [" + fields.joined(separator: ", ") + "]" }
        if let bodyRequirement { text += " body: \(bodyRequirement)" }
        return text
    }
}
