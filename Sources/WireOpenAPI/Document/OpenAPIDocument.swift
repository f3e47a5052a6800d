import WireJSON
import WireSupport

/// An OpenAPI 3.0 or 3.1 document in JSON, read with WireJSON's strict reader: its operations, their
/// responses, and any place a local `$ref` names.
///
/// A YAML document is refused with the way to convert it (see ``OpenAPIError``): WireLock reads
/// OpenAPI documents as JSON only, so it takes on no YAML dependency; publishers ship JSON bundles
/// (GitHub's `api.github.com.json`), and one command converts the rest.
///
/// ```swift
/// let document = try OpenAPIDocument(bytes: bytes, file: "api.github.com.json")
/// document.version                                   // .openAPI30
/// document.operation(method: "GET", path: "/repos/{owner}/{repo}")?.pointer
/// // #/paths/~1repos~1{owner}~1{repo}/get
/// ```
package struct OpenAPIDocument: Sendable {
    /// Which rules the document's schemas follow.
    package enum Version: Hashable, Sendable {
        /// OpenAPI 3.0: `nullable`, one `type`, `$ref` replaces its siblings.
        case openAPI30
        /// OpenAPI 3.1 (JSON Schema 2020-12): `type` arrays with `"null"`, `$ref` beside other keywords.
        case openAPI31
    }

    /// One operation: a method on a path.
    package struct Operation: Hashable, Sendable, CustomStringConvertible {
        /// Upper case: `GET`.
        package var method: String
        /// The path template: `/repos/{owner}/{repo}`.
        package var path: String
        /// Where the operation object is.
        package var pointer: JSONPointer
        /// `deprecated: true`.
        package var deprecated: Bool
        /// `GET /repos/{owner}/{repo}`.
        package var description: String { "\(method) \(path)" }
    }

    /// The file as errors show it.
    package let file: String
    /// The document's bytes (errors are located in them).
    package let bytes: [UInt8]
    /// The document.
    package let root: JSONValue
    /// 3.0 or 3.1.
    package let version: Version
    /// Every operation, in document order.
    package let operations: [Operation]
    /// The members of the document's large maps (`paths`, each `components` section), by name, so a
    /// `$ref` to a component is one lookup rather than a scan of every component.
    private let index: [String: [JSONKey: JSONValue]]
    /// The operations by `METHOD path`.
    private let operationIndex: [String: Int]

    /// The HTTP methods an OpenAPI path item holds operations for.
    package static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Reads a document.
    /// - Throws: ``OpenAPIError`` for a YAML file (with how to convert it), invalid JSON (located), a
    ///   document that is not OpenAPI 3.0 or 3.1 (Swagger 2.0, a missing `openapi` member), or a
    ///   `paths` member that is not an object.
    package init(bytes: [UInt8], file: String) throws(OpenAPIError) {
        self.file = file
        self.bytes = bytes
        if Self.looksLikeYAML(bytes, file: file) {
            throw OpenAPIError(
                file: file, line: 1, column: 1,
                message:
                    "a YAML document: wirelock reads OpenAPI documents in JSON; convert it once (for example "
                    + "`python3 -c 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)' < api.yaml > api.json`, "
                    + "or `yq -o=json api.yaml > api.json`) and name the JSON file")
        }
        do throws(JSONSyntaxError) {
            root = try JSONValue.parse(bytes)
        } catch {
            throw OpenAPIError(
                file: file, line: error.location.line, column: error.location.column,
                message: "not valid JSON: \(error.reason) (at \(error.path))")
        }
        guard case .object(let top) = root else {
            throw OpenAPIError(file: file, line: 1, column: 1, message: "expected an OpenAPI document (a JSON object)")
        }
        if top["swagger"] != nil {
            throw OpenAPIError(
                file: file, line: 1, column: 1,
                message:
                    "a Swagger 2.0 document: wirelock reads OpenAPI 3.0 and 3.1; convert it (for example with swagger2openapi)"
            )
        }
        guard case .string(let versionText)? = top["openapi"] else {
            throw OpenAPIError(
                file: file, line: 1, column: 1,
                message: "no \"openapi\" member: expected an OpenAPI 3.0 or 3.1 document")
        }
        if versionText.hasPrefix("3.0") {
            version = .openAPI30
        } else if versionText.hasPrefix("3.1") {
            version = .openAPI31
        } else {
            let place = Self.place(of: JSONPointer(["openapi"]), root: root, bytes: bytes)
            throw OpenAPIError(
                file: file, line: place.line, column: place.column,
                message: "OpenAPI \(versionText): wirelock reads 3.0 and 3.1 documents")
        }
        var operations: [Operation] = []
        switch top["paths"] {
        case nil:
            break
        case .object(let paths)?:
            for item in paths {
                guard case .object(let pathItem) = item.value else { continue }
                for member in pathItem where Self.methods.contains(member.key) {
                    var deprecated = false
                    if case .object(let operation) = member.value, case .bool(true)? = operation["deprecated"] {
                        deprecated = true
                    }
                    operations.append(
                        Operation(
                            method: member.key.uppercased(), path: item.key,
                            pointer: JSONPointer(["paths", item.key, member.key]), deprecated: deprecated))
                }
            }
        default:
            let place = Self.place(of: JSONPointer(["paths"]), root: root, bytes: bytes)
            throw OpenAPIError(
                file: file, line: place.line, column: place.column, message: "expected \"paths\" to be an object")
        }
        self.operations = operations
        var operationIndex: [String: Int] = [:]
        for (position, operation) in operations.enumerated() {
            operationIndex[operation.description] = operationIndex[operation.description] ?? position
        }
        self.operationIndex = operationIndex
        var index: [String: [JSONKey: JSONValue]] = [:]
        func members(_ value: JSONValue?) -> [JSONKey: JSONValue]? {
            guard case .object(let object)? = value else { return nil }
            // The last of a repeated name, as JSONObject's subscript finds it.
            return Dictionary(object.members.map { (JSONKey($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
        }
        index["paths"] = members(top["paths"])
        if case .object(let components)? = top["components"] {
            for section in components { index["components/" + section.key] = members(section.value) }
        }
        self.index = index
    }

    /// Reads a document file.
    /// - Throws: ``OpenAPIError``: the file cannot be read, or as ``init(bytes:file:)``.
    package static func load(_ path: RawPath) throws(OpenAPIError) -> OpenAPIDocument {
        switch FileSystem.readFile(path) {
        case .success(let bytes): return try OpenAPIDocument(bytes: bytes, file: path.displayed)
        case .failure(let error):
            throw OpenAPIError(file: path.displayed, line: 0, column: 0, message: "cannot read: \(error)")
        }
    }

    /// The operation with this method (any case) and path template.
    package func operation(method: String, path: String) -> Operation? {
        operationIndex["\(method.uppercased()) \(path)"].map { operations[$0] }
    }

    /// The value at a pointer (a member of `paths` or of a `components` section is found by name).
    package func value(at pointer: JSONPointer) -> JSONValue? {
        let tokens = pointer.tokens
        if tokens.count >= 2, tokens[0] == "paths", let item = index["paths"]?[JSONKey(tokens[1])] {
            return JSONPointer(Array(tokens.dropFirst(2))).value(in: item)
        }
        if tokens.count >= 3, tokens[0] == "components",
            let item = index["components/" + tokens[1]]?[JSONKey(tokens[2])]
        {
            return JSONPointer(Array(tokens.dropFirst(3))).value(in: item)
        }
        return pointer.value(in: root)
    }

    /// Where a pointer's value starts in the file (line 1, column 1 when it does not exist).
    package func place(of pointer: JSONPointer) -> JSONSourceLocation {
        Self.place(of: pointer, root: root, bytes: bytes)
    }

    /// Where each pointer's value starts, with one source map of the file for them all.
    package func places(of pointers: [JSONPointer]) -> [JSONSourceLocation] {
        let start = JSONSourceLocation(offset: 0, line: 1, column: 1)
        guard !pointers.isEmpty, let map = try? JSONSourceMap(bytes) else { return pointers.map { _ in start } }
        return pointers.map { pointer in
            guard let path = pointer.jsonPath(in: root), let entry = map.entry(at: path) else { return start }
            return entry.keyStart ?? entry.start
        }
    }

    private static func place(of pointer: JSONPointer, root: JSONValue, bytes: [UInt8]) -> JSONSourceLocation {
        let start = JSONSourceLocation(offset: 0, line: 1, column: 1)
        guard let path = pointer.jsonPath(in: root), let map = try? JSONSourceMap(bytes),
            let entry = map.entry(at: path)
        else { return start }
        return entry.keyStart ?? entry.start
    }

    /// A `.yaml`/`.yml` name, or text whose first non-blank byte cannot start a JSON object.
    static func looksLikeYAML(_ bytes: [UInt8], file: String) -> Bool {
        let lower = file.lowercased()
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return true }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        let first = bytes[index]
        // `openapi: 3.0.0`, `---`, `# comment`, `%YAML`: YAML. A JSON document starts with `{`.
        return first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
    }
}

/// An OpenAPI document that cannot be used, or a reference in it that leads nowhere: the file, the
/// line and column, and what was expected.
///
/// `api.json:12:7: error: $ref '#/components/schemas/user' does not resolve (at #/paths/~1users/get/…)`.
package struct OpenAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    /// 1-based; 0 when the file could not be read.
    package var line: Int
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        line == 0 ? "\(file): error: \(message)" : "\(file):\(line):\(column): error: \(message)"
    }
}
