import Foundation

/// One reason a request missed a route.
///
/// ```swift
/// let miss = RouteMiss.query(name: "term", expected: "a b", actual: "a%20b")
/// miss.description   // query item 'term': expected 'a b', got 'a%20b'
/// ```
public enum RouteMiss: Sendable, Hashable, CustomStringConvertible {
    /// The method differs.
    case method(expected: String, actual: String)
    /// The host differs.
    case host(expected: String, actual: String)
    /// The path does not fit the pattern.
    case path(expected: String, actual: String)
    /// A query item is missing (`actual` nil) or has another value.
    case query(name: String, expected: String?, actual: String?)
    /// A header field is missing (`actual` nil) or has another value.
    case header(name: String, expected: String?, actual: String?)
    /// The body predicate said no.
    case body(requirement: String)
    /// A header field the request must not carry is there.
    case unexpectedHeader(name: String, actual: String)
    /// A query item the request must not carry is there.
    case unexpectedQuery(name: String, actual: String?)
    /// A body was to be checked, but the server could not see it (see
    /// ``RecordedRequest/isBodyVisible``): never a silent pass.
    case bodyNotVisible(requirement: String)

    public var description: String {
        switch self {
        case .method(let expected, let actual): return "method: expected \(expected), got \(actual)"
        case .host(let expected, let actual): return "host: expected \(expected), got \(actual)"
        case .path(let expected, let actual): return "path: expected \(expected), got \(actual)"
        case .query(let name, let expected, let actual):
            return "query item '\(name)': expected \(quoted(expected)), got \(actual.map { "'\($0)'" } ?? "none")"
        case .header(let name, let expected, let actual):
            return "header '\(name)': expected \(quoted(expected)), got \(actual.map { "'\($0)'" } ?? "none")"
        case .body(let requirement): return "body: expected \(requirement)"
        case .unexpectedHeader(let name, let actual): return "header '\(name)': expected none, got '\(actual)'"
        case .unexpectedQuery(let name, let actual):
            return "query item '\(name)': expected none, got \(actual.map { "'\($0)'" } ?? "it without a value")"
        case .bodyNotVisible(let requirement):
            return "body: expected \(requirement), but \(RecordedRequest.bodyNotVisible)"
        }
    }

    /// How much a miss counts when choosing the closest route: a wrong path counts most.
    var weight: Int {
        switch self {
        case .path: return 4
        case .host: return 3
        case .method: return 2
        default: return 1
        }
    }
}

private func quoted(_ value: String?) -> String { value.map { "'\($0)'" } ?? "present" }

extension StubRoute {
    /// The pattern's segments.
    var patternSegments: [Substring] { path.split(separator: "/", omittingEmptySubsequences: true) }

    /// The path parameters when `request` fits the path pattern, else nil.
    func pathParameters(_ request: RecordedRequest) -> [String: String]? {
        let pattern = patternSegments
        guard pattern.count == request.pathSegments.count else { return nil }
        var parameters: [String: String] = [:]
        for (want, got) in zip(pattern, request.pathSegments) {
            if want.hasPrefix("{") && want.hasSuffix("}") && want.count > 2 {
                parameters[String(want.dropFirst().dropLast())] = got
            } else if want != got {
                return nil
            }
        }
        return parameters
    }

    /// Every reason `request` misses this route (empty: it matches).
    func misses(_ request: RecordedRequest) -> [RouteMiss] {
        var found: [RouteMiss] = []
        if let method, method != request.method { found.append(.method(expected: method, actual: request.method)) }
        if let host, host != request.host { found.append(.host(expected: host, actual: request.host)) }
        if pathParameters(request) == nil { found.append(.path(expected: path, actual: request.path)) }
        for item in query {
            let values = request.query.filter { $0.name == item.name }
            if values.isEmpty {
                found.append(.query(name: item.name, expected: item.value, actual: nil))
            } else if let wanted = item.value, !values.contains(where: { $0.value == wanted }) {
                found.append(.query(name: item.name, expected: wanted, actual: values[0].value ?? ""))
            }
        }
        for name in absentQuery {
            if let item = request.query.first(where: { $0.name == name }) {
                found.append(.unexpectedQuery(name: name, actual: item.value))
            }
        }
        for field in headers {
            let actual = request.header(field.name)
            if actual == nil || (field.value != nil && field.value != actual) {
                found.append(.header(name: field.name, expected: field.value, actual: actual))
            }
        }
        for name in absentHeaders {
            if let actual = request.header(name) { found.append(.unexpectedHeader(name: name, actual: actual)) }
        }
        if let bodyPredicate {
            let requirement = bodyRequirement ?? "the body predicate to hold"
            if !request.isBodyVisible {
                found.append(.bodyNotVisible(requirement: requirement))
            } else if !bodyPredicate(request.body) {
                found.append(.body(requirement: requirement))
            }
        }
        return found
    }
}
