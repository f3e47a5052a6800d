import Foundation
import WireDecoder
import WireGolden
import WireJSON
import WireLint
import WireStub

/// Turns a HAR 1.2 capture (what a browser's or a proxy's "Save all as HAR" writes) into canonical
/// fixtures and the ``RouteTable`` that serves them, with secrets replaced before anything exists
/// to be written. Pure: bytes in, files as values out; `wirelock import-har` writes them.
///
/// What is read: `log.entries[].request.method`, `.request.url`, `.response.status`,
/// `.response.headers[]` (`name`, `value`) and `.response.content` (`text`, `encoding`). Every
/// other member, `_`-prefixed ones included, is ignored.
///
/// - A JSON body becomes `<resource>-<scenario>.json` in canonical form (what `wirelock fmt`
///   writes): the resource is the last path segment that is not an id (`/api/v3/movie/12` →
///   `movie`), the scenario follows the status (`success`, `empty` for an empty array or object,
///   `not-found`, `rate-limited`, `server-error`, …); a name already taken gets `-2`, `-3`.
/// - A body that is not JSON (HTML, text, an image) is not written: its route answers with the
///   status and header fields and an empty body, and ``Result/notes`` says so.
/// - Repeated calls to one method, path and query become one route whose answers are a sequence,
///   in capture order.
/// - Request header fields are never written (routes match on method, path and query); an
///   `Authorization`, `Cookie` or API-key header found there is counted as redacted. API-key query
///   items (``secretQueryNames``) are left out of the route. Response `Set-Cookie` and other secret
///   header fields are replaced by `<redacted>`; `Content-Encoding`, `Content-Length` and
///   `Transfer-Encoding` are dropped (HAR text is already decoded). Values at the caller's JSON path
///   patterns are replaced by `<redacted>` in every JSON body.
/// - What is written passes `wirelock lint`'s value rules: a response header field whose value
///   names an internal host or address (a CDN's `x-servedByHost: ::ffff:10.…`) is dropped, one
///   holding another secret or personal value is replaced by `<redacted>`, a query item that trips
///   a rule is left out, and each body gets `wirelock lint --fix`'s placeholders (``Lint/fix(_:file:configuration:)``);
///   all of it counted in ``Result/redactions``.
///
/// ```swift
/// let result = try HARImport.convert(bytes, file: "capture.har", redacting: [try JSONPathPattern("$..email")])
/// for fixture in result.fixtures { /* write fixture.bytes to "\(fixture.name).json" */ }
/// ```
package enum HARImport {
    /// What replaces a secret.
    package static let placeholder = "<redacted>"

    /// Header fields whose values are secrets (compared case-insensitively).
    package static let secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-csrf-token", "x-xsrf-token",
    ]

    /// Query item names whose values are secrets (compared case-insensitively).
    package static let secretQueryNames: Set<String> = [
        "api_key", "apikey", "api-key", "key", "token", "access_token", "auth", "auth_token", "client_secret",
        "secret", "signature", "sig", "password",
    ]

    /// Response header fields dropped because the HAR text is already decoded.
    package static let droppedHeaderNames: Set<String> = ["content-encoding", "content-length", "transfer-encoding"]

    /// One fixture file to write.
    package struct Fixture: Hashable, Sendable {
        /// The fixture name, without `.json` (`movie-success`).
        package var name: String
        /// Its canonical bytes.
        package var bytes: [UInt8]
    }

    /// What a conversion produced.
    package struct Result: Hashable, Sendable {
        /// The fixtures, in order of first use.
        package var fixtures: [Fixture]
        /// The routes serving them (fixture names relative to the folder the fixtures go in).
        package var table: RouteTable
        /// How many values were redacted, per kind (`Authorization header`, `api_key query item`,
        /// `body value at $..email`), kinds in the order first met; never the values.
        package var redactions: [(kind: String, count: Int)] {
            redactionKinds.map { ($0, redactionCounts[$0] ?? 0) }
        }
        /// Things the caller should know: bodies not written, entries without a response.
        package var notes: [String]

        var redactionKinds: [String] = []
        var redactionCounts: [String: Int] = [:]

        mutating func count(_ kind: String, _ amount: Int = 1) {
            guard amount > 0 else { return }
            if redactionCounts[kind] == nil { redactionKinds.append(kind) }
            redactionCounts[kind, default: 0] += amount
        }

        package static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.fixtures == rhs.fixtures && lhs.table == rhs.table && lhs.notes == rhs.notes
                && lhs.redactionKinds == rhs.redactionKinds && lhs.redactionCounts == rhs.redactionCounts
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(fixtures)
            hasher.combine(table)
        }
    }

    /// Converts the bytes of a HAR file.
    /// - Parameters:
    ///   - bytes: the HAR document.
    ///   - file: its name, for errors.
    ///   - patterns: JSON path patterns (WireGolden's, as `--redact` takes them) whose values are
    ///     replaced in every JSON body.
    /// - Throws: ``RouteFileError`` naming the file, line, column and JSON path and what was
    ///   expected there (not JSON, no `log.entries`, a request without `method` or `url`, a URL
    ///   that cannot be parsed, a status that is not a number, text that is not base64 when
    ///   `encoding` says it is). Nothing is produced then.
    package static func convert(
        _ bytes: [UInt8], file: String, redacting patterns: [JSONPathPattern] = []
    ) throws(RouteFileError) -> Result {
        let document = try LocatedDocument(bytes: bytes, file: file)
        _ = try document.object(at: .root, "a HAR document: {\"log\": {\"entries\": [...]}}")
        let entriesPath = JSONPath.root.appending(key: "log").appending(key: "entries")
        _ = try document.object(at: .root.appending(key: "log"), "the HAR log: {\"entries\": [...]}")
        let entries = try document.array(at: entriesPath, "the HAR entries")

        var result = Result(fixtures: [], table: RouteTable(routes: []), notes: [])
        var routeIndex: [String: Int] = [:]
        var usedNames: Set<String> = []
        for index in entries.indices {
            let entryPath = entriesPath.appending(index: index)
            guard let entry = try self.entry(at: entryPath, in: document, patterns: patterns, into: &result) else {
                continue
            }
            var answer = entry.answer
            if let body = entry.body {
                let base = entry.resource + "-" + scenario(status: answer.status, body: body)
                var name = base
                var suffix = 2
                while usedNames.contains(name) {
                    name = "\(base)-\(suffix)"
                    suffix += 1
                }
                usedNames.insert(name)
                result.fixtures.append(Fixture(name: name, bytes: lintClean(body, name: name, into: &result)))
                answer.fixture = name
            }
            let key =
                entry.method + " " + entry.path + "?"
                + entry.query.sorted { $0.key < $1.key }
                .map { $0.key + "=" + $0.value }.joined(separator: "&")
            if let existing = routeIndex[key] {
                result.table.routes[existing].answers.append(answer)
            } else {
                routeIndex[key] = result.table.routes.count
                result.table.routes.append(
                    RouteTable.Route(method: entry.method, path: entry.path, query: entry.query, answers: [answer]))
            }
        }
        return result
    }

    private struct Entry {
        var method: String
        var path: String
        var query: [String: String]
        var resource: String
        var answer: RouteTable.Answer
        var body: JSONValue?
    }

    private static func entry(
        at path: JSONPath, in document: LocatedDocument, patterns: [JSONPathPattern], into result: inout Result
    ) throws(RouteFileError) -> Entry? {
        _ = try document.object(at: path, "a HAR entry with \"request\" and \"response\"")
        let requestPath = path.appending(key: "request")
        _ = try document.object(at: requestPath, "the entry's request")
        let methodPath = requestPath.appending(key: "method")
        let method = try document.string(at: methodPath, "the request's method").uppercased()
        guard !method.isEmpty, method.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw document.error(at: methodPath, "expected an HTTP method such as \"GET\"")
        }
        let urlPath = requestPath.appending(key: "url")
        let urlText = try document.string(at: urlPath, "the request's URL")
        guard let components = URLComponents(string: urlText), components.host != nil else {
            throw document.error(at: urlPath, "expected an absolute URL such as \"https://api.example.com/movie\"")
        }
        if case .array(let headers)? = document.value[requestPath.appending(key: "headers")] {
            for header in headers {
                if case .string(let name)? = header["name"], secretHeaderNames.contains(name.lowercased()) {
                    result.count("\(canonicalHeaderName(name)) header")
                }
            }
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            if secretQueryNames.contains(item.name.lowercased())
                || !Lint.valueRules(in: item.value ?? "", key: item.name).isEmpty
            {
                result.count("\(item.name) query item")
            } else if query[item.name] == nil {
                query[item.name] = item.value ?? ""
            }
        }
        let routePath = components.path.isEmpty ? "/" : components.path
        let display = "\(method) \(routePath)"

        let responsePath = path.appending(key: "response")
        _ = try document.object(at: responsePath, "the entry's response")
        let statusPath = responsePath.appending(key: "status")
        let status = try document.int(at: statusPath, "the response's status code")
        guard status != 0 else {
            result.notes.append("\(display): no response was recorded (status 0); entry skipped")
            return nil
        }
        guard (100...599).contains(status) else {
            throw document.error(at: statusPath, "expected an HTTP status code from 100 to 599")
        }
        var answer = RouteTable.Answer(status: status)
        let headersPath = responsePath.appending(key: "headers")
        if document.value[headersPath] != nil {
            let headers = try document.array(at: headersPath, "the response's header fields")
            for index in headers.indices {
                let headerPath = headersPath.appending(index: index)
                let name = try document.string(at: headerPath.appending(key: "name"), "a header field's name")
                let value = try document.string(at: headerPath.appending(key: "value"), "a header field's value")
                let lowered = name.lowercased()
                if droppedHeaderNames.contains(lowered) || name.hasPrefix(":") { continue }
                let rules = secretHeaderNames.contains(lowered) ? [] : Lint.valueRules(in: value, key: name)
                if rules.contains(where: { $0.category == .internalHost }) {
                    // Which server of a fleet answered: a stub has no use for it, and lint rejects it.
                    result.count("\(canonicalHeaderName(name)) header naming an internal host (dropped)")
                    continue
                }
                if secretHeaderNames.contains(lowered) || !rules.isEmpty {
                    result.count("\(canonicalHeaderName(name)) header")
                    answer.headers[canonicalHeaderName(name)] = placeholder
                } else if let existing = answer.headers[name] {
                    answer.headers[name] = existing + ", " + value
                } else {
                    answer.headers[name] = value
                }
            }
        }

        var body: JSONValue?
        let contentPath = responsePath.appending(key: "content")
        if document.value[contentPath] != nil {
            _ = try document.object(at: contentPath, "the response's content")
            let textPath = contentPath.appending(key: "text")
            if document.value[textPath] != nil {
                let text = try document.string(at: textPath, "the response body's text")
                var bytes = Array(text.utf8)
                let encodingPath = contentPath.appending(key: "encoding")
                if document.value[encodingPath] != nil {
                    let encoding = try document.string(at: encodingPath, "the body's encoding")
                    guard encoding == "base64" else {
                        throw document.error(at: encodingPath, "expected \"base64\" (the only encoding HAR 1.2 names)")
                    }
                    guard let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                        throw document.error(at: textPath, "expected base64 text (\"encoding\" is \"base64\")")
                    }
                    bytes = Array(decoded)
                }
                if !bytes.isEmpty {
                    if let value = try? JSONValue.parse(bytes) {
                        body = redact(value, patterns, into: &result)
                    } else {
                        let type = answer.headers.first { $0.key.lowercased() == "content-type" }?.value ?? "no type"
                        result.notes.append(
                            "\(display): body is not JSON (\(type), \(bytes.count) bytes); served empty, not written")
                    }
                }
            }
        }
        return Entry(
            method: method, path: routePath, query: query, resource: resourceName(routePath), answer: answer,
            body: body)
    }

    /// A body's canonical bytes with what `wirelock lint --fix` replaces replaced (secrets, e-mail
    /// addresses, internal hosts, a person's profile), counted; a finding `--fix` cannot rewrite (in
    /// a JSON document nested in a string) becomes a note.
    static func lintClean(_ body: JSONValue, name: String, into result: inout Result) -> [UInt8] {
        var bytes = CanonicalJSONWriter.bytes(body)
        let file = name + ".json"
        if let fixed = Lint.fix(bytes, file: file) {
            bytes = fixed.bytes
            result.count("body value wirelock lint flags", fixed.fixedCount)
        }
        let left = Lint.findings(in: bytes, file: file, configuration: LintConfiguration(categories: valueFamilies))
        if !left.isEmpty {
            result.notes.append(
                "\(file): \(left.count) lint finding\(left.count == 1 ? "" : "s") inside nested JSON left as recorded "
                    + "(run wirelock lint)")
        }
        return bytes
    }

    private static let valueFamilies: Set<LintCategory> = [.secret, .personal, .internalHost]

    /// `set-cookie` → `Set-Cookie`, for reports and written header fields.
    static func canonicalHeaderName(_ name: String) -> String {
        name.lowercased().split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }

    /// Replaces the values at `patterns`, counting each replacement under its pattern.
    static func redact(_ value: JSONValue, _ patterns: [JSONPathPattern], into result: inout Result) -> JSONValue {
        guard !patterns.isEmpty else { return value }
        func visit(_ value: JSONValue, _ path: JSONPath) -> JSONValue {
            if let pattern = patterns.first(where: { $0.matches(path) }) {
                result.count("body value at \(pattern.description)")
                return .string(placeholder)
            }
            switch value {
            case .object(let object):
                return .object(
                    JSONObject(
                        object.members.map { .init(key: $0.key, value: visit($0.value, path.appending(key: $0.key))) }))
            case .array(let elements):
                return .array(elements.enumerated().map { visit($0.element, path.appending(index: $0.offset)) })
            default:
                return value
            }
        }
        return visit(value, .root)
    }

    /// The last path segment that is not an id, in lower case with anything but letters and digits
    /// made `-`: `/api/v3/movie/12` → `movie`, `/` → `root`.
    static func resourceName(_ path: String) -> String {
        let segments = path.split(separator: "/").map(String.init)
        let named = segments.last { segment in
            !segment.allSatisfy(\.isNumber) && UUID(uuidString: segment) == nil
        }
        var out = ""
        for character in (named ?? "root").lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                out.append(character)
            } else if !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "root" : out
    }

    /// The scenario word of an answer: from the status, `empty` for an empty 2xx collection.
    static func scenario(status: Int, body: JSONValue) -> String {
        switch status {
        case 200..<300:
            switch body {
            case .array(let elements) where elements.isEmpty: "empty"
            case .object(let object) where object.members.isEmpty: "empty"
            default: "success"
            }
        case 300..<400: "redirect"
        case 400: "bad-request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not-found"
        case 409: "conflict"
        case 422: "unprocessable"
        case 429: "rate-limited"
        case 500..<600: "server-error"
        default: "status-\(status)"
        }
    }
}
