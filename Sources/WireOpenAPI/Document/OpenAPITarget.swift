import WireJSON
import WireSupport

/// Where a reader contract's payload is described in an OpenAPI document: one response of one
/// operation (`GET /repos/{owner}/{repo} 200`), or a schema, response or media type object by
/// pointer (`#/components/schemas/full-repository`, `#/components/responses/not_found`).
///
/// ```swift
/// let target = try OpenAPITarget(parsing: "GET /repos/{owner}/{repo} 200")
/// let body = try target.resolve(in: document)   // the JSON media type's schema
/// ```
package enum OpenAPITarget: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A response of an operation: the method (upper case), the path template, the status
    /// (`200`, `2XX` or `default`, as the document keys it).
    case response(method: String, path: String, status: String)
    /// A schema, a response object or a media type object.
    case pointer(JSONPointer)

    /// Reads `METHOD /path STATUS` or `#/json/pointer`.
    /// - Throws: ``ParseError`` saying which of the two forms was expected.
    package init(parsing text: String) throws(ParseError) {
        if text.hasPrefix("#") {
            do throws(JSONPointer.ParseError) {
                self = .pointer(try JSONPointer(parsing: text))
            } catch {
                throw ParseError(text: text, reason: error.reason)
            }
            return
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 3, let method = words.first,
            OpenAPIDocument.methods.contains(method.lowercased()), words[1].hasPrefix("/"),
            Self.isStatus(words[2])
        else {
            throw ParseError(
                text: text,
                reason:
                    "expected an operation and status (\"GET /repos/{owner}/{repo} 200\") or a JSON pointer (\"#/components/schemas/full-repository\")"
            )
        }
        self = .response(method: method.uppercased(), path: words[1], status: words[2])
    }

    /// `200`, `2XX`, `default`.
    static func isStatus(_ text: String) -> Bool {
        if text == "default" { return true }
        let bytes = Array(text.utf8)
        guard bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) else { return false }
        let digits = bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return digits || bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "X") }
    }

    /// `GET /repos/{owner}/{repo} 200` or the pointer.
    package var description: String {
        switch self {
        case .response(let method, let path, let status): "\(method) \(path) \(status)"
        case .pointer(let pointer): pointer.description
        }
    }

    package static func < (lhs: OpenAPITarget, rhs: OpenAPITarget) -> Bool { lhs.description < rhs.description }

    /// Whether this is an operation's response (not a pointer).
    package var isResponse: Bool {
        if case .response = self { return true }
        return false
    }

    /// A target text that is neither form.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        package var text: String
        package var reason: String
        package var description: String { "'\(text)': \(reason)" }
    }

    /// The schema a target's payload follows.
    package struct Body: Hashable, Sendable {
        /// The target it was resolved from.
        package var target: OpenAPITarget
        /// The media type (`application/json`), nil for a schema pointer.
        package var mediaType: String?
        /// Where the schema is.
        package var schema: JSONPointer
    }

    /// The schema this target's payload follows: for a response, its JSON media type's schema
    /// (`application/json` first, then any `…+json`); for a pointer, the schema there (a response
    /// object or a media type object is followed to its schema).
    /// - Throws: ``ResolveError`` naming what is missing and what the document has instead.
    package func resolve(in document: OpenAPIDocument) throws(ResolveError) -> Body {
        switch self {
        case .pointer(let pointer):
            guard let value = document.value(at: pointer) else {
                throw ResolveError("\(pointer) does not exist in \(document.file)")
            }
            let isResponse =
                pointer.tokens.starts(with: ["components", "responses"]) || pointer.tokens.contains("responses")
            if case .object(let object) = value, object["content"] != nil || (isResponse && object["$ref"] != nil) {
                return try Self.body(ofResponse: pointer, in: document, target: self)
            }
            if case .object(let object) = value, object["schema"] != nil, object["type"] == nil {
                return Body(target: self, mediaType: nil, schema: pointer.appending("schema"))
            }
            return Body(target: self, mediaType: nil, schema: pointer)
        case .response(let method, let path, let status):
            guard let operation = document.operation(method: method, path: path) else {
                let near = Nearest.names(
                    near: "\(method) \(path)", among: document.operations.map(\.description), limit: 3)
                throw ResolveError(
                    "\(method) \(path) is not an operation of \(document.file)"
                        + (near.isEmpty ? "" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?"))
            }
            let responses = operation.pointer.appending("responses")
            guard case .object(let statuses)? = document.value(at: responses), statuses[status] != nil else {
                var keys: [String] = []
                if case .object(let statuses)? = document.value(at: responses) { keys = statuses.map(\.key) }
                throw ResolveError(
                    "\(operation) has no \(status) response"
                        + (keys.isEmpty ? "" : " (it has \(keys.joined(separator: ", ")))"))
            }
            return try Self.body(ofResponse: responses.appending(status), in: document, target: self)
        }
    }

    /// A response object's JSON body schema, its `$ref`s followed.
    static func body(ofResponse start: JSONPointer, in document: OpenAPIDocument, target: OpenAPITarget)
        throws(ResolveError) -> Body
    {
        var pointer = start
        var seen: Set<JSONPointer> = []
        while case .object(let object)? = document.value(at: pointer), case .string(let reference)? = object["$ref"] {
            guard seen.insert(pointer).inserted else { throw ResolveError("\(start): its $ref leads in a circle") }
            do throws(JSONPointer.ParseError) {
                pointer = try JSONPointer(parsing: reference)
            } catch {
                throw ResolveError("\(pointer): $ref \(error)")
            }
        }
        guard case .object(let response)? = document.value(at: pointer) else {
            throw ResolveError("\(pointer) does not exist in \(document.file)")
        }
        guard case .object(let content)? = response["content"], !content.isEmpty else {
            throw ResolveError("\(target) has no body (\(pointer) has no content)")
        }
        let types = content.map(\.key)
        guard let mediaType = Self.jsonMediaTypes(types).first else {
            throw ResolveError("\(target) has no JSON body (its media types: \(types.joined(separator: ", ")))")
        }
        let media = pointer.appending("content").appending(mediaType)
        guard case .object(let mediaObject)? = document.value(at: media), mediaObject["schema"] != nil else {
            throw ResolveError("\(target): \(media) has no schema")
        }
        return Body(target: target, mediaType: mediaType, schema: media.appending("schema"))
    }

    /// The JSON media types among `types`, `application/json` first, then the others in order.
    package static func jsonMediaTypes(_ types: [String]) -> [String] {
        func essence(_ type: String) -> String {
            String(type.split(separator: ";", maxSplits: 1).first ?? "").trimmingSpaces().lowercased()
        }
        let json = types.filter {
            let base = essence($0)
            return base == "application/json" || base.hasSuffix("+json")
        }
        return json.filter { essence($0) == "application/json" } + json.filter { essence($0) != "application/json" }
    }

    /// What a target does not lead to, as a sentence.
    package struct ResolveError: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }
}
