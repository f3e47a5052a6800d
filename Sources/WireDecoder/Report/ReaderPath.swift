// A JSON path folded the way a reader contract names what a model reads: array elements are one
// `[*]`, the values of an object the model decodes as a dictionary are one `.*`.
import WireJSONCore

/// A folded JSON path: `$.items[*].owner.login`, `$.labels.*.color`.
///
/// Array elements fold to `[*]`; the members of an object the model decoded as `[String: T]` fold
/// to `.*`; every other member keeps its name. The text is `JSONPath`'s, with those two wildcards
/// (a member literally named `*` is written `["*"]`, so the text is never ambiguous).
///
/// ```swift
/// let path = ReaderPath(folding: [.key("items"), .index(7), .key("id")])
/// print(path)                                              // $.items[*].id
/// path.matches([.key("items"), .index(2), .key("id")])     // true
/// ```
public struct ReaderPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// One step: a named member, any array element, or any member of a dictionary.
    public enum Step: Hashable, Sendable {
        /// An object member, by its decoded name.
        case key(String)
        /// Any element of an array (`[*]`).
        case anyElement
        /// Any member of an object decoded as a dictionary (`.*`).
        case anyMember
    }

    /// The steps from the root, outermost first.
    public var steps: [Step]

    /// The root path `$`.
    public static let root = ReaderPath([])

    /// Creates a path from its steps.
    public init(_ steps: [Step]) { self.steps = steps }

    /// Folds a concrete path: each index becomes `[*]`, and a member of an object whose folded path
    /// is in `dictionaries` becomes `.*`.
    ///
    /// ```swift
    /// ReaderPath(folding: [.key("labels"), .key("bug")], dictionaries: [ReaderPath([.key("labels")])])
    /// // $.labels.*
    /// ```
    public init(folding path: JSONPath, dictionaries: Set<ReaderPath> = []) {
        var steps: [Step] = []
        steps.reserveCapacity(path.components.count)
        for component in path.components {
            switch component {
            case .index: steps.append(.anyElement)
            case .key(let name):
                if !dictionaries.isEmpty, dictionaries.contains(ReaderPath(steps)) {
                    steps.append(.anyMember)
                } else {
                    steps.append(.key(name))
                }
            }
        }
        self.steps = steps
    }

    /// Whether a concrete path is one this folded path stands for (`[*]` matches any index,
    /// `.*` any member name).
    public func matches(_ path: JSONPath) -> Bool {
        guard path.components.count == steps.count else { return false }
        for (step, component) in zip(steps, path.components) {
            switch (step, component) {
            case (.anyElement, .index), (.anyMember, .key): continue
            case (.key(let name), .key(let other)) where JSONKey.exactlyEqual(name, other): continue
            default: return false
            }
        }
        return true
    }

    /// Whether this path is `other` or one of its ancestors.
    public func isPrefix(of other: ReaderPath) -> Bool {
        other.steps.count >= steps.count && Array(other.steps.prefix(steps.count)) == steps
    }

    /// The path without its last step (the root stays the root).
    public var parent: ReaderPath { ReaderPath(Array(steps.dropLast())) }

    /// The path extended by one step.
    public func appending(_ step: Step) -> ReaderPath { ReaderPath(steps + [step]) }

    /// The name of the last step when it is a named member (`login` for `$.owner.login`).
    public var lastKey: String? {
        if case .key(let name)? = steps.last { return name }
        return nil
    }

    /// `$.items[*].owner.login`, `$.labels.*`, `$["release date"]`.
    public var description: String {
        var out = "$"
        for step in steps {
            switch step {
            case .anyElement: out += "[*]"
            case .anyMember: out += ".*"
            case .key(let name):
                out += JSONPath.isPlainIdentifier(name) ? "." + name : "[" + JSONPath.quoted(name) + "]"
            }
        }
        return out
    }

    /// Ordered as the canonical writer orders member names (by UTF-16 code units of the text).
    public static func < (lhs: ReaderPath, rhs: ReaderPath) -> Bool {
        JSONObject.utf16Order(lhs.description, rhs.description) < 0
    }
}
