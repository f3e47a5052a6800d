// WireDiagnostics: what a decoding failure means in the payload that caused it. Maps a
// `DecodingError`'s coding path to a JSON path (through the key strategies) and to a line,
// column and excerpt in the payload, for apps to log and for WireLock's own messages.
import Foundation
import WireJSONCore
import WireSupportCore

/// Explains decoding failures in their payloads. On Linux a `DecodingError` carries no position
/// and no underlying error, only a coding path; this re-reads the payload once (linear in its
/// size) and points at the exact place.
///
/// ```swift
/// do {
///     let page = try decoder.decode(Page<Movie>.self, from: data)
/// } catch {
///     let explanation = WireDiagnostics.explain(error, in: data, keyDecoding: .convertFromSnakeCase)
///     logger.error("\(explanation)")
///     // 27:13: error: typeMismatch at $.records[0].release_date: expected String, found a number 2001
/// }
/// ```
public enum WireDiagnostics {
    /// The decoder's key strategy, which decides how a coding key is found in the payload.
    public enum KeyDecoding: String, Hashable, Sendable, CaseIterable {
        /// `JSONDecoder.KeyDecodingStrategy.useDefaultKeys`: a key is the member name.
        case useDefaultKeys
        /// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`: a key is the member whose
        /// ``WireDiagnostics/convertFromSnakeCase(_:)`` equals it.
        case convertFromSnakeCase
    }

    /// Explains what a decode threw, in the payload it came from. Any error is accepted, so a
    /// plain `catch` needs no cast: a `DecodingError` is placed in the payload; a WireJSON
    /// `JSONSyntaxError` (the payload is not JSON) is placed where the payload stops being valid;
    /// any other error is said not to be a decoding failure (``Explanation/otherError``), with no
    /// place in the payload.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSONDecoder().decode(User.self, from: data)
    /// } catch {
    ///     print(WireDiagnostics.explain(error, in: data, dateFormat: "yyyy-MM-dd"))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: what the decoder (or the code around it) threw.
    ///   - data: the payload that was decoded.
    ///   - keyDecoding: the decoder's key strategy.
    ///   - dateFormat: the `dateFormat` of the decoder's `DateFormatter`, when it has one: a date
    ///     that does not match is then explained with its format (Foundation's message names none).
    /// - Returns: the explanation. It never fails: a payload that is not valid JSON is explained
    ///   by the validator's location; a path the payload does not have has
    ///   ``Explanation/pathExists`` false and points at the deepest value on the way.
    public static func explain(
        _ error: any Error, in data: Data, keyDecoding: KeyDecoding = .useDefaultKeys, dateFormat: String? = nil
    ) -> Explanation {
        switch error {
        case let decoding as DecodingError:
            return explain(
                DecodingErrorValue(decoding), in: Array(data), keyDecoding: keyDecoding, dateFormat: dateFormat)
        case let syntax as JSONSyntaxError:
            // Re-read: the payload's own first error is where it stops being JSON.
            let failure = DecodingErrorValue(kind: .dataCorrupted, codingPath: [], debugDescription: "\(syntax)")
            return explain(failure, in: Array(data), keyDecoding: keyDecoding, dateFormat: dateFormat)
        default:
            // Foundation's bridged errors describe themselves as an NSError dump; their localized
            // description is the readable one (and carries a message set in userInfo).
            let bridged = error is URLError || error is CocoaError
            let text =
                (error as? any LocalizedError)?.errorDescription
                ?? (bridged ? error.localizedDescription : String(describing: error))
            let other = "\(String(reflecting: type(of: error))): \(text)"
            return Explanation(
                failure: DecodingErrorValue(kind: .dataCorrupted, codingPath: [], debugDescription: other),
                path: .root, pathExists: false, reachedPath: .root, location: nil, excerpt: nil,
                expected: "a decoding failure", found: other, syntaxError: nil, members: [], otherError: other)
        }
    }

    /// Explains a decoding failure given as a value (for example one `wirelock explain --error`
    /// read back from a log) in the payload's bytes.
    /// - Parameters:
    ///   - failure: the failure.
    ///   - bytes: the payload.
    ///   - keyDecoding: the decoder's key strategy.
    ///   - dateFormat: the decoder's `DateFormatter` format, when known (see
    ///     ``explain(_:in:keyDecoding:dateFormat:)-(_,Data,_,_)``).
    /// - Returns: the explanation, as for ``explain(_:in:keyDecoding:dateFormat:)-(_,Data,_,_)``.
    public static func explain(
        _ failure: DecodingErrorValue, in bytes: [UInt8], keyDecoding: KeyDecoding = .useDefaultKeys,
        dateFormat: String? = nil
    ) -> Explanation {
        let map: JSONSourceMap
        do {
            map = try JSONSourceMap(bytes)
        } catch {
            return Explanation(
                failure: failure, path: error.path, pathExists: failure.codingPath.isEmpty, reachedPath: error.path,
                location: error.location, excerpt: error.excerpt, expected: "valid JSON",
                found: "\(error.reason) (\(error.kind.name))", syntaxError: error, members: [])
        }
        let children = Children(map)
        let path = resolve(failure.codingPath, in: map, children: children, keyDecoding: keyDecoding)
        let (index, matched) = map.deepestEntry(toward: path) ?? (0, 0)
        let entry = map.entries[index]
        let exists = matched == path.components.count
        var explanation = Explanation(
            failure: failure, path: path, pathExists: exists,
            reachedPath: JSONPath(Array(path.components.prefix(matched))), location: entry.start,
            excerpt: JSONExcerpt(of: bytes, at: entry.start.offset), expected: "", found: "", syntaxError: nil,
            members: [])
        let found = exists ? describe(entry) : "nothing (\(describe(entry)) without \(step(path.components[matched])))"
        switch failure.kind {
        case .typeMismatch:
            explanation.expected = expectedKind(failure.type ?? "a value")
            explanation.found = found
        case .valueNotFound:
            explanation.expected = "a value of type \(failure.type ?? "?")"
            explanation.found = found
        case .keyNotFound:
            let key = failure.missingKey?.stringValue ?? "?"
            explanation.expected =
                keyDecoding == .useDefaultKeys
                ? "a member \(JSONPath.quoted(key))"
                : "a member whose convertFromSnakeCase name is \(JSONPath.quoted(key))"
            if exists, entry.kind == .object {
                explanation.members = children.of(index).compactMap { child in
                    if case .key(let name) = map.entries[child].component { return name }
                    return nil
                }
                explanation.closestMember = Nearest.names(near: key, among: explanation.members, limit: 1).first
                explanation.found = membersInWords(explanation.members, closest: explanation.closestMember)
            } else {
                explanation.found = found
            }
        case .dataCorrupted:
            explanation.expected = corruptedExpectation(failure.debugDescription, dateFormat: dateFormat)
            explanation.found = failure.codingPath.isEmpty ? "valid JSON (the decoder named no path)" : found
        }
        return explanation
    }

    /// The coding path as a JSON path, step by step against the payload.
    static func resolve(
        _ codingPath: [DecodingErrorValue.Key], in map: JSONSourceMap, children: Children, keyDecoding: KeyDecoding
    ) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current: Int? = 0
        for key in codingPath {
            let literal: JSONPath.Component = key.isArrayIndex ? .index(key.intValue ?? 0) : .key(key.stringValue)
            guard let at = current else {
                components.append(literal)
                continue
            }
            var component = literal
            switch map.entries[at].kind {
            case .array:
                if let index = key.intValue { component = .index(index) }
            case .object:
                var names = [key.stringValue]
                if key.isArrayIndex, let index = key.intValue { names.append(String(index)) }
                component = .key(names[0])
                search: for name in names {
                    for child in children.of(at) {
                        guard case .key(let member) = map.entries[child].component else { continue }
                        let converted = keyDecoding == .useDefaultKeys ? member : convertFromSnakeCase(member)
                        if JSONKey.exactlyEqual(converted, name) {
                            component = .key(member)
                            break search
                        }
                    }
                }
            default:
                break
            }
            components.append(component)
            current = children.of(at).first { map.entries[$0].component == component }
        }
        return JSONPath(components)
    }

    /// How many member names a `keyNotFound` explanation lists.
    static let listedMembers = 10

    /// The members of an object without the key, in words: the closest name first when there is
    /// one, then at most ``listedMembers`` names in document order and how many there are.
    static func membersInWords(_ members: [String], closest: String?) -> String {
        guard !members.isEmpty else { return "an empty object" }
        let more = members.count > listedMembers
        let listed =
            members.prefix(listedMembers).map { JSONPath.quoted($0) }.joined(separator: ", ")
            + (more ? ", …" : "")
        guard let closest else {
            return "an object with members " + listed + (more ? " (\(members.count) in all)" : "")
        }
        let count = members.count == 1 ? "1 member" : "\(members.count) members"
        return "an object whose closest member is \(JSONPath.quoted(closest)) (\(count): \(listed))"
    }

    /// What a `dataCorrupted` value should have been, in words. Foundation's date messages become
    /// a phrase naming the format (the formatter's when the caller knows it); any other message is
    /// kept, without its closing full stop (it is followed by ", found …").
    static func corruptedExpectation(_ message: String, dateFormat: String?) -> String {
        if message.hasPrefix("Date string does not match format expected by formatter") {
            return dateFormat.map { "a date string in the format \(JSONPath.quoted($0))" }
                ?? "a date string in the formatter's format"
        }
        if message.hasPrefix("Expected date string to be ISO8601-formatted") {
            return "an ISO 8601 date string (2024-05-01T08:30:00Z)"
        }
        var text = Substring(message)
        while text.last == "." || text.last == " " { text = text.dropLast() }
        return String(text)
    }

    /// A missing step in words: `a member "nope"`, `an element 3`.
    static func step(_ component: JSONPath.Component) -> String {
        switch component {
        case .key(let name): "a member \(JSONPath.quoted(name))"
        case .index(let index): "an element \(index)"
        }
    }

    /// `Dictionary<String, Any>` and `Array<Any>` (what `JSONDecoder` names for a container) in
    /// plain words; other types as they are.
    static func expectedKind(_ type: String) -> String {
        if type.hasPrefix("Dictionary<") { return "an object (\(type))" }
        if type.hasPrefix("Array<") { return "an array (\(type))" }
        return type
    }

    /// A value in plain words: `a string "Heat"`, `a number 17`, `an array of 3 elements`.
    static func describe(_ entry: JSONSourceMap.Entry) -> String {
        switch entry.kind {
        case .string:
            let text = entry.text ?? ""
            let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
            return "a string " + JSONPath.quoted(shown)
        case .number: return "a number \(entry.text ?? "")"
        case .bool: return "the boolean \(entry.bool == true)"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }

    /// The members and elements of each container, built once in one pass over the entries.
    struct Children {
        private var table: [Int: [Int]] = [:]

        init(_ map: JSONSourceMap) {
            for (index, entry) in map.entries.enumerated() {
                if let parent = entry.parent { table[parent, default: []].append(index) }
            }
        }

        func of(_ index: Int) -> [Int] { table[index] ?? [] }
    }
}
