import WireShapes

/// One way a live service disagrees with a route table: the route, what kind of disagreement, and
/// for a shape change the JSON path and the refactor check's rule.
///
/// `GET /api/v3/movie: $[*].title: member-removed (breaking forward): …`
public struct ContractFinding: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, by a stable name.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The request did not complete (no connection, timeout, a bad URL).
        public static let transport = Kind(rawValue: "transport")
        /// The live status differs from the route's.
        public static let status = Kind(rawValue: "status")
        /// The live body is not valid JSON (WireJSON's strict validator).
        public static let invalidJSON = Kind(rawValue: "invalid-json")
        /// The live body's shape differs from the fixture's (``ContractFinding/rule`` says how).
        public static let shapeChanged = Kind(rawValue: "shape-changed")
        /// The route's own fixture cannot be read or is not JSON.
        public static let fixture = Kind(rawValue: "fixture")
    }

    /// The route, as `GET /api/v3/movie?sort=title`.
    public var route: String
    public var kind: Kind
    /// Where: the shape path of a shape change (`$[*].title`), or the location of a syntax error.
    public var path: String?
    /// The refactor check's rule for a shape change (`member-removed`, `required-member-added`…).
    public var rule: WireRule?
    /// A sentence: what was expected and what the service sent.
    public var message: String

    /// A finding from its parts.
    public init(route: String, kind: Kind, path: String? = nil, rule: WireRule? = nil, message: String) {
        self.route = route
        self.kind = kind
        self.path = path
        self.rule = rule
        self.message = message
    }

    /// `ROUTE: PATH: RULE: MESSAGE` (the parts that apply).
    public var description: String {
        var parts = [route]
        if let path { parts.append(path) }
        parts.append(rule?.rawValue ?? kind.rawValue)
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
