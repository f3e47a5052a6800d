/// A location inside a JSON document, written the way WireLock prints it everywhere:
/// `$` for the root, `.name` for object members whose name is a plain identifier,
/// `["a b"]` for any other member name, and `[3]` for array elements.
///
/// ```swift
/// let path: JSONPath = [.key("movies"), .index(3), .key("title")]
/// print(path)   // $.movies[3].title
/// ```
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path: an object member or an array element.
    public enum Component: Hashable, Sendable {
        /// An object member, by its decoded name.
        case key(String)
        /// An array element, by its zero-based index.
        case index(Int)

        /// The same index, or the same member name by its Unicode scalars (``JSONKey``): the paths
        /// of `"caf\u{E9}"` and `"cafe\u{301}"` differ.
        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)): JSONKey.exactlyEqual(a, b)
            case (.index(let a), .index(let b)): a == b
            default: false
            }
        }

        /// Hashes a name by its UTF-8 bytes, so components equal under `==` hash alike.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key):
                hasher.combine(0 as UInt8)
                JSONKey.hash(key, into: &hasher)
            case .index(let index):
                hasher.combine(1 as UInt8)
                hasher.combine(index)
            }
        }
    }

    /// The steps from the root to the value, outermost first.
    public var components: [Component]

    /// The root path `$`.
    public static let root = JSONPath([])

    /// Creates a path from its steps, outermost first.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// A path from a literal list of steps: `let path: JSONPath = [.key("items"), .index(3)]` is `$.items[3]`.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path extended by one member name.
    public func appending(key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path extended by one array index.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path without its last step (the root stays the root).
    public var parent: JSONPath {
        JSONPath(Array(components.dropLast()))
    }

    /// The textual form, for example `$.movies[3]["release date"]`.
    public var description: String {
        var out = "$"
        for component in components {
            switch component {
            case .index(let index):
                out += "[\(index)]"
            case .key(let key):
                if JSONPath.isPlainIdentifier(key) {
                    out += "." + key
                } else {
                    out += "[" + JSONPath.quoted(key) + "]"
                }
            }
        }
        return out
    }

    /// Whether a member name can be written after a dot: ASCII letters, digits, `_` and `$`,
    /// not starting with a digit.
    package static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                return true
            default:
                return false
            }
        }
    }

    /// A member name as a JSON string literal (the canonical escaping).
    package static func quoted(_ key: String) -> String {
        var bytes: [UInt8] = []
        CanonicalJSONWriter.writeString(key, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
