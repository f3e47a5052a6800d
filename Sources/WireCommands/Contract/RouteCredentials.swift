import WireJSON
import WireStub
import WireSupport

/// The credentials contract mode sends to a key-protected service, named in the route table's
/// top-level `credentials` member: header fields and query items, each with the environment
/// variable holding its value (`X-Api-Key` → `RADARR_API_KEY`). Values are never in the table, so
/// never in a file. A stub server ignores the member (``RouteTable`` only tolerates it); contract
/// mode reads and checks it here.
///
/// ```json
/// {"credentials": {"headers": {"X-Api-Key": "RADARR_API_KEY"}, "query": {"apikey": "RADARR_API_KEY"}},
///  "routes": [...]}
/// ```
///
/// ```swift
/// let (table, credentials) = try RouteCredentials.load(path: "Fixtures/routes.json")
/// let sent = try ContractCheck.Credential.resolve(credentials, environment: ProcessInfo.processInfo.environment)
/// ```
package struct RouteCredentials: Hashable, Sendable {
    /// Header field name → environment variable.
    package var headers: [String: String]
    /// Query item name → environment variable.
    package var query: [String: String]

    /// Credentials from their parts (none by default).
    package init(headers: [String: String] = [:], query: [String: String] = [:]) {
        self.headers = headers
        self.query = query
    }

    /// Whether none are named.
    package var isEmpty: Bool { headers.isEmpty && query.isEmpty }

    /// Reads a route-table file once: its routes (checked as ``RouteTable/parse(_:file:)`` does)
    /// and its credentials.
    /// - Throws: ``RouteFileError`` naming the file, and where, for either part, or that the file
    ///   cannot be read.
    package static func load(path: String) throws(RouteFileError) -> (table: RouteTable, credentials: RouteCredentials)
    {
        switch FileSystem.readFile(RawPath(path)) {
        case .success(let bytes): return (try RouteTable.parse(bytes, file: path), try parse(bytes, file: path))
        case .failure(let error):
            throw RouteFileError(file: path, location: nil, path: .root, message: "cannot be read: \(error)")
        }
    }

    /// The `credentials` member of a route table's bytes (none when it is absent): names mapped to
    /// environment variable names (upper case, digits and `_`, so a credential pasted in by mistake
    /// is refused rather than kept in the file).
    /// - Throws: ``RouteFileError`` at the value at fault: not an object, an unknown member, a
    ///   value that is not a string or not a variable's name.
    package static func parse(_ bytes: [UInt8], file: String) throws(RouteFileError) -> RouteCredentials {
        let document = try LocatedDocument(bytes: bytes, file: file)
        let path = JSONPath.root.appending(key: "credentials")
        guard document.value[path] != nil else { return RouteCredentials() }
        _ = try document.object(at: path, #"credentials: {"headers": {...}, "query": {...}}"#)
        try document.onlyMembers(at: path, ["headers", "query"])
        func variables(_ part: String) throws(RouteFileError) -> [String: String] {
            let partPath = path.appending(key: part)
            guard document.value[partPath] != nil else { return [:] }
            var named: [String: String] = [:]
            for (name, variable) in try document.stringPairs(at: partPath, "an environment variable's name") {
                guard isVariableName(variable) else {
                    throw document.error(
                        at: partPath.appending(key: name),
                        "expected the name of the environment variable holding the value (A-Z, 0-9, _, "
                            + "such as \"RADARR_API_KEY\"), never the credential itself")
                }
                named[name] = variable
            }
            return named
        }
        return RouteCredentials(headers: try variables("headers"), query: try variables("query"))
    }

    /// `RADARR_API_KEY`: upper-case ASCII letters, digits and `_`, not starting with a digit.
    static func isVariableName(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return text.utf8.allSatisfy {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }

    /// The canonical bytes of `table`'s file with these credentials in it (the table's own bytes
    /// when none are named).
    package func fileBytes(of table: RouteTable) -> [UInt8] {
        guard !isEmpty, case .object(let object) = table.jsonValue else { return table.fileBytes }
        var parts: [JSONObject.Member] = []
        if !headers.isEmpty { parts.append(.init(key: "headers", value: RouteTable.strings(headers))) }
        if !query.isEmpty { parts.append(.init(key: "query", value: RouteTable.strings(query))) }
        let members = object.members + [.init(key: "credentials", value: .object(JSONObject(parts)))]
        return CanonicalJSONWriter.bytes(.object(JSONObject(members)))
    }
}
