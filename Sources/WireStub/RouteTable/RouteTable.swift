import Foundation
import WireJSON
import WireSupport

/// A route table kept in a file: the routes a ``StubServer`` serves, each answering with a status,
/// response header fields and a fixture, or with a sequence of such answers (one per call, in
/// order). `wirelock import-har` writes one; contract mode checks one against a live service.
///
/// The file is canonical JSON (what `wirelock fmt` writes), so it reviews well in a diff:
///
/// ```json
/// {
///   "routes": [
///     {
///       "fixture": "movie-success",
///       "headers": {"Content-Type": "application/json"},
///       "method": "GET",
///       "path": "/api/v3/movie",
///       "query": {"sort": "title"},
///       "status": 200
///     },
///     {
///       "method": "GET",
///       "path": "/api/v3/system/status",
///       "sequence": [{"status": 503}, {"fixture": "status-success", "status": 200}]
///     }
///   ]
/// }
/// ```
///
/// A route has `method` and `path` (required; `{param}` segments as in ``StubRoute``) and an
/// optional `query` object of items the request must carry. It answers with `status` (default 200),
/// `headers` and `fixture` (a file name without `.json`, looked up in the fixtures folder; absent
/// for an empty body), or with a non-empty `sequence` of objects holding those three. Any other
/// member is an error, so a typo never silently changes what is served.
///
/// A top-level `credentials` member is what contract mode (`wirelock contract`) sends to a
/// key-protected service, and is read and checked there; stubs ignore it.
///
/// ```swift
/// let table = try RouteTable.load(path: "Fixtures/routes.json")
/// let server = StubServer()
/// try server.serve(table, fixturesDirectory: "Fixtures")
/// ```
public struct RouteTable: Hashable, Sendable {
    /// One answer: status, response header fields, and the fixture that is the body.
    public struct Answer: Hashable, Sendable {
        /// The HTTP status code.
        public var status: Int
        /// Response header fields, by name (kept sorted by name in the file).
        public var headers: [String: String]
        /// The fixture name (`movie-success`), or `nil` for an empty body.
        public var fixture: String?

        /// An answer from its parts.
        public init(status: Int = 200, headers: [String: String] = [:], fixture: String? = nil) {
            self.status = status
            self.headers = headers
            self.fixture = fixture
        }
    }

    /// One route: what a request must look like, and what it is answered with.
    public struct Route: Hashable, Sendable, CustomStringConvertible {
        /// The HTTP method, upper case (`GET`).
        public var method: String
        /// The path, starting with `/` (`/api/v3/movie/{id}`).
        public var path: String
        /// Query items the request must carry, by name (decoded values).
        public var query: [String: String]
        /// The answers, one per call in order; a single answer serves every call.
        public var answers: [Answer]

        /// A route from its parts. `answers` must not be empty.
        public init(method: String, path: String, query: [String: String] = [:], answers: [Answer]) {
            self.method = method
            self.path = path
            self.query = query
            self.answers = answers
        }

        /// `GET /api/v3/movie?sort=title`.
        public var description: String {
            let items = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            return "\(method) \(path)" + (items.isEmpty ? "" : "?" + items)
        }
    }

    /// The routes, in the order they are tried.
    public var routes: [Route]

    /// A table from its routes.
    public init(routes: [Route]) {
        self.routes = routes
    }

    /// The names of every fixture the table refers to, in order of first use.
    public var fixtureNames: [String] {
        var seen: Set<String> = []
        return routes.flatMap(\.answers).compactMap(\.fixture).filter { seen.insert($0).inserted }
    }
}

// MARK: Reading

extension RouteTable {
    /// Reads and checks a route-table file.
    /// - Parameter path: the file.
    /// - Throws: ``RouteFileError`` naming the file, line, column, JSON path and what was expected
    ///   (a syntax error, a missing or mistyped member, an unknown member, an empty sequence, a
    ///   status outside 100–599), or that the file cannot be read.
    public static func load(path: String) throws(RouteFileError) -> RouteTable {
        switch FileSystem.readFile(RawPath(path)) {
        case .success(let bytes): return try parse(bytes, file: path)
        case .failure(let error):
            throw RouteFileError(file: path, location: nil, path: .root, message: "cannot be read: \(error)")
        }
    }

    /// Parses and checks the bytes of a route-table file; `file` names it in errors.
    /// - Throws: ``RouteFileError`` as ``load(path:)`` does.
    public static func parse(_ bytes: [UInt8], file: String) throws(RouteFileError) -> RouteTable {
        let document = try LocatedDocument(bytes: bytes, file: file)
        _ = try document.object(at: .root, "a route table: {\"routes\": [...]}")
        try document.onlyMembers(at: .root, ["routes", "credentials"])
        let routesPath = JSONPath.root.appending(key: "routes")
        let entries = try document.array(at: routesPath, "the routes")
        var routes: [Route] = []
        routes.reserveCapacity(entries.count)
        for index in entries.indices {
            routes.append(try route(at: routesPath.appending(index: index), in: document))
        }
        return RouteTable(routes: routes)
    }

    private static func route(at path: JSONPath, in document: LocatedDocument) throws(RouteFileError) -> Route {
        _ = try document.object(at: path, "a route")
        try document.onlyMembers(at: path, ["method", "path", "query", "status", "headers", "fixture", "sequence"])
        let methodPath = path.appending(key: "method")
        let method = try document.string(at: methodPath, "an HTTP method such as \"GET\"")
        guard !method.isEmpty, method.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw document.error(at: methodPath, "expected an upper-case HTTP method such as \"GET\"")
        }
        let pathPath = path.appending(key: "path")
        let routePath = try document.string(at: pathPath, "a path starting with /")
        guard routePath.hasPrefix("/"), !routePath.contains("?") else {
            throw document.error(at: pathPath, "expected a path starting with / (query items go in \"query\")")
        }
        let query = try document.stringMap(at: path.appending(key: "query"), "a query item's value")
        let answers: [Answer]
        if document.value[path.appending(key: "sequence")] != nil {
            for name in ["status", "headers", "fixture"] where document.value[path.appending(key: name)] != nil {
                throw document.error(
                    at: path.appending(key: name), "\"\(name)\" beside \"sequence\": put it in the sequence's answers")
            }
            let sequencePath = path.appending(key: "sequence")
            let items = try document.array(at: sequencePath, "the answers, one per call")
            guard !items.isEmpty else { throw document.error(at: sequencePath, "expected at least one answer") }
            var list: [Answer] = []
            for index in items.indices {
                let answerPath = sequencePath.appending(index: index)
                _ = try document.object(at: answerPath, "an answer: {\"status\": ..., \"fixture\": ...}")
                try document.onlyMembers(at: answerPath, ["status", "headers", "fixture"])
                list.append(try answer(at: answerPath, in: document))
            }
            answers = list
        } else {
            answers = [try answer(at: path, in: document)]
        }
        return Route(method: method, path: routePath, query: query, answers: answers)
    }

    private static func answer(at path: JSONPath, in document: LocatedDocument) throws(RouteFileError) -> Answer {
        var answer = Answer()
        let statusPath = path.appending(key: "status")
        if document.value[statusPath] != nil {
            answer.status = try document.int(at: statusPath, "an HTTP status code")
            guard (100...599).contains(answer.status) else {
                throw document.error(at: statusPath, "expected an HTTP status code from 100 to 599")
            }
        }
        answer.headers = try document.stringMap(at: path.appending(key: "headers"), "a header field's value")
        let fixturePath = path.appending(key: "fixture")
        if document.value[fixturePath] != nil {
            let name = try document.string(at: fixturePath, "a fixture name such as \"movie-success\"")
            guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw document.error(at: fixturePath, "expected a fixture name relative to the fixtures folder")
            }
            answer.fixture = name
        }
        return answer
    }
}
