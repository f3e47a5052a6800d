import WireJSON

/// Why a route-table or HAR file cannot be used: the file, where in it (line and column from
/// WireJSON's `JSONSourceMap`, or the syntax error's own location), the JSON path, and what was
/// expected there.
///
/// Its description is a compiler-style line:
/// `routes.json:3:16: error: expected a string (an HTTP method such as "GET") at $.routes[0].method`.
public struct RouteFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// Where the problem is; `nil` when the file could not be read at all.
    public var location: JSONSourceLocation?
    /// The JSON path of the value at fault (`$` for the whole document).
    public var path: JSONPath
    /// What was expected, or what is wrong, as a sentence fragment.
    public var message: String

    /// An error from its parts.
    public init(file: String, location: JSONSourceLocation?, path: JSONPath, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE at PATH`.
    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): error: \(message) at \(path)"
    }
}

/// Reads a parsed document strictly, turning every type or shape mistake into a ``RouteFileError``
/// located through the document's source map.
package struct LocatedDocument {
    package let file: String
    package let value: JSONValue
    package let map: JSONSourceMap

    /// Parses `bytes` (strict RFC 8259, no duplicate keys); a syntax error keeps its own location.
    package init(bytes: [UInt8], file: String) throws(RouteFileError) {
        self.file = file
        do {
            value = try JSONValue.parse(bytes)
            map = try JSONSourceMap(bytes)
        } catch {
            throw RouteFileError(file: file, location: error.location, path: error.path, message: error.reason)
        }
    }

    /// An error at `path`: located at the value there, or at the closest enclosing value.
    package func error(at path: JSONPath, _ message: String) -> RouteFileError {
        let location =
            map.entry(at: path)?.start ?? map.deepestEntry(toward: path).map { map.entries[$0.index].start }
        return RouteFileError(file: file, location: location, path: path, message: message)
    }

    package func object(at path: JSONPath, _ what: String) throws(RouteFileError) -> JSONObject {
        guard case .object(let object)? = value[path] else { throw error(at: path, "expected an object (\(what))") }
        return object
    }

    package func array(at path: JSONPath, _ what: String) throws(RouteFileError) -> [JSONValue] {
        guard case .array(let array)? = value[path] else { throw error(at: path, "expected an array (\(what))") }
        return array
    }

    package func string(at path: JSONPath, _ what: String) throws(RouteFileError) -> String {
        guard case .string(let string)? = value[path] else { throw error(at: path, "expected a string (\(what))") }
        return string
    }

    package func int(at path: JSONPath, _ what: String) throws(RouteFileError) -> Int {
        guard case .number(let number)? = value[path], let int = number.intValue else {
            throw error(at: path, "expected an integer (\(what))")
        }
        return int
    }

    /// Fails naming the first member of the object at `path` that is not in `allowed`.
    package func onlyMembers(at path: JSONPath, _ allowed: Set<String>) throws(RouteFileError) {
        guard case .object(let object)? = value[path] else { return }
        for member in object.members where !allowed.contains(member.key) {
            let list = allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            let memberPath = path.appending(key: member.key)
            throw RouteFileError(
                file: file, location: map.entry(at: memberPath)?.keyStart, path: memberPath,
                message: "unknown member \"\(member.key)\"; expected one of \(list)")
        }
    }

    /// The members of a `{"name": "value"}` object of strings, in file order.
    package func stringPairs(at path: JSONPath, _ what: String) throws(RouteFileError) -> [(
        name: String, value: String
    )] {
        let object = try self.object(at: path, what)
        var pairs: [(name: String, value: String)] = []
        for member in object.members {
            guard case .string(let text) = member.value else {
                throw error(at: path.appending(key: member.key), "expected a string (\(what))")
            }
            pairs.append((member.key, text))
        }
        return pairs
    }

    /// The `{"name": "value"}` object of strings at `path` by name; empty when there is none.
    package func stringMap(at path: JSONPath, _ what: String) throws(RouteFileError) -> [String: String] {
        guard value[path] != nil else { return [:] }
        return Dictionary(uniqueKeysWithValues: try stringPairs(at: path, what).map { ($0.name, $0.value) })
    }
}
