import WireDates
import WireDecoder
import WireJSONCore

/// A rule applied to an encoded document before it is compared with, or written to, a golden file:
/// replace volatile or private values (tokens, e-mail addresses, hosts, today's date) with a stable
/// placeholder, optionally checking what they were, or sort a set-like array.
///
/// A redaction must match: one that selects no value fails the assertion (naming the pattern and
/// the nearest paths the document has), because a pattern that names the Swift property instead of
/// the wire key (`$.avatarUrl` for `avatar_url`) would otherwise let the real value into the golden.
/// For a member that is genuinely optional, say so with ``ifPresent()``.
///
/// ```swift
/// assertGolden(session, named: "session", redacting: [
///     .replace("$.token"),
///     .replace("$..email", with: "<email>"),
///     .replace("$.items[*].id", with: "<uuid>", expecting: .uuid),
///     .replace("$.createdAt", with: "<date>", expecting: .rfc3339DateTime),
///     .sort("$.tags"),
///     .replace("$.deletedAt").ifPresent(),   // absent in most documents
/// ])
/// ```
public struct Redaction: Sendable {
    enum Selector: Sendable {
        case pattern(Result<JSONPathPattern, JSONPathPattern.ParseError>)
        case predicate(@Sendable (JSONPath, JSONValue) -> Bool)
    }
    enum Action: Sendable {
        case replace(JSONValue, ValueCheck?)
        case sort
    }

    let selector: Selector
    let action: Action
    /// Whether matching nothing is fine (``ifPresent()``).
    var allowsNoMatch = false

    /// The same redaction, allowed to match nothing: for a member that is genuinely optional
    /// (`deletedAt`, present only on deleted records). Without it a redaction that matches no value
    /// fails the assertion.
    ///
    /// ```swift
    /// assertGolden(user, named: "user", redacting: [.replace("$.deletedAt", with: "<date>").ifPresent()])
    /// ```
    public func ifPresent() -> Redaction {
        var copy = self
        copy.allowsNoMatch = true
        return copy
    }

    /// How the redaction is written, for messages: `` `$.token` `` or `` a `replace(where:)` predicate``.
    var shown: String {
        switch selector {
        case .pattern(.success(let pattern)): "`\(pattern.description)`"
        case .pattern(.failure(let error)): "`\(error.pattern)`"
        case .predicate: "a `replace(where:)` predicate"
        }
    }

    /// Replaces every value whose path matches `pattern` with `placeholder`.
    /// An invalid pattern makes the assertion fail with the position of the mistake.
    ///
    /// - Parameters:
    ///   - pattern: a JSON path pattern (`$.token`, `$..apiKey`, `$.items[*].id`).
    ///   - placeholder: the string written in place of each matched value.
    ///   - check: when given, a value that fails it makes the assertion fail (for example a
    ///     `token` that is suddenly empty, or an `id` that is no longer a UUID).
    public static func replace(
        _ pattern: String, with placeholder: String = "<redacted>", expecting check: ValueCheck? = nil
    ) -> Redaction {
        Redaction(
            selector: .pattern(Result { () throws(JSONPathPattern.ParseError) in try JSONPathPattern(pattern) }),
            action: .replace(.string(placeholder), check))
    }

    /// Replaces every value for which `predicate(path, value)` holds.
    public static func replace(
        where predicate: @escaping @Sendable (JSONPath, JSONValue) -> Bool,
        with placeholder: String = "<redacted>", expecting check: ValueCheck? = nil
    ) -> Redaction {
        Redaction(selector: .predicate(predicate), action: .replace(.string(placeholder), check))
    }

    /// Sorts the arrays at `pattern` by their elements' canonical text, for arrays whose order carries
    /// no meaning (tags, permissions, sets).
    public static func sort(_ pattern: String) -> Redaction {
        Redaction(
            selector: .pattern(Result { () throws(JSONPathPattern.ParseError) in try JSONPathPattern(pattern) }),
            action: .sort)
    }

    func selects(_ path: JSONPath, _ value: JSONValue) -> Bool {
        switch selector {
        case .pattern(.success(let pattern)): pattern.matches(path)
        case .pattern(.failure): false
        case .predicate(let predicate): predicate(path, value)
        }
    }
}

/// A check a redaction makes of the value it replaces.
public struct ValueCheck: Sendable {
    /// What the value should be, for the failure message (`a UUID`).
    public let name: String
    let test: @Sendable (JSONValue) -> Bool

    /// A custom check.
    public init(_ name: String, _ test: @escaping @Sendable (JSONValue) -> Bool) {
        self.name = name
        self.test = test
    }

    /// A string in the 8-4-4-4-12 hexadecimal UUID form.
    public static let uuid = ValueCheck("a UUID") { value in
        guard case .string(let s) = value else { return false }
        let groups = s.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// An RFC 3339 date-time string such as `2024-05-01T08:30:00.123Z` or `…+02:00`: a real day
    /// and time, a leap second allowed (WireDates' `RFC3339.isDateTime`, the rule shape inference
    /// uses too).
    public static let rfc3339DateTime = ValueCheck("an RFC 3339 date-time") { value in
        guard case .string(let s) = value else { return false }
        return RFC3339.isDateTime(s, options: .recognising)
    }

    /// A string with one `@` and a dot in the domain.
    public static let email = ValueCheck("an e-mail address") { value in
        guard case .string(let s) = value else { return false }
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
    }

    /// A non-empty string.
    public static let nonEmptyString = ValueCheck("a non-empty string") { value in
        if case .string(let s) = value { return !s.isEmpty }
        return false
    }
}

/// Applies redactions to a document.
public enum Redactor {
    /// The redacted document, and one message per failed check, invalid pattern, or redaction that
    /// matched no value (unless it is ``Redaction/ifPresent()``); an unmatched pattern's message
    /// names the nearest paths the document has.
    public static func apply(_ redactions: [Redaction], to value: JSONValue) -> (value: JSONValue, failures: [String]) {
        var failures: [String] = []
        for redaction in redactions {
            if case .pattern(.failure(let error)) = redaction.selector { failures.append(error.description) }
        }
        let result = visit(value, at: .root, redactions, &failures)
        failures += unmatched(redactions, in: value)
        return (result, failures)
    }

    private static func visit(
        _ value: JSONValue, at path: JSONPath, _ redactions: [Redaction], _ failures: inout [String]
    ) -> JSONValue {
        for redaction in redactions {
            guard case .replace(let placeholder, let check) = redaction.action, redaction.selects(path, value) else {
                continue
            }
            if let check, !check.test(value) {
                failures.append("redaction of \(path): expected \(check.name), found \(JSONDiff.brief(value))")
            }
            return placeholder
        }
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map {
                        JSONObject.Member(
                            key: $0.key, value: visit($0.value, at: path.appending(key: $0.key), redactions, &failures))
                    }))
        case .array(let elements):
            var result = elements.enumerated().map {
                visit($0.element, at: path.appending(index: $0.offset), redactions, &failures)
            }
            if redactions.contains(where: {
                if case .sort = $0.action { return $0.selects(path, value) } else { return false }
            }) {
                result = result.map { ($0.canonicalText(style: .compact), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
            }
            return .array(result)
        default:
            return value
        }
    }

    /// One message per redaction that selects no value of the original document (a sort: no array),
    /// skipping invalid patterns (already reported) and ``Redaction/ifPresent()`` ones. Every value
    /// is visited once, whatever an earlier redaction replaced, so a pattern under a replaced member
    /// still counts as matching.
    static func unmatched(_ redactions: [Redaction], in document: JSONValue) -> [String] {
        var pending = redactions.indices.filter { index in
            let redaction = redactions[index]
            if redaction.allowsNoMatch { return false }
            if case .pattern(.failure) = redaction.selector { return false }
            return true
        }
        guard !pending.isEmpty else { return [] }
        document.walk { path, value in
            pending.removeAll { index in
                let redaction = redactions[index]
                guard redaction.selects(path, value) else { return false }
                if case .sort = redaction.action, case .array = value { return true }
                if case .replace = redaction.action { return true }
                return false
            }
            return pending.isEmpty ? .stop : .descend
        }
        return pending.map { index in
            let redaction = redactions[index]
            var message = "redaction \(redaction.shown) matched no value"
            if case .sort = redaction.action { message = "redaction .sort(\(redaction.shown)) matched no array" }
            guard case .pattern(.success(let pattern)) = redaction.selector else {
                return message + "; if that can happen, add .ifPresent()"
            }
            let near = PathSuggestions.nearest(to: pattern.description, in: document)
            if !near.isEmpty { message += "; nearest paths in the document: " + near.joined(separator: ", ") }
            message +=
                ". Patterns name wire keys (what the encoder wrote), not Swift properties;"
                + " for a member that is genuinely optional, add .ifPresent()"
            return message
        }
    }
}
