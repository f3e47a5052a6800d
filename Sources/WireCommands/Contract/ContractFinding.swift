import WireShapes

/// One way a live service disagrees with a route table: the route, what kind of disagreement, and
/// for a shape change the JSON path and the refactor check's rule.
///
/// `GET /api/v3/movie: $[*].title: member-removed (breaking forward): …`
package struct ContractFinding: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, by a stable name.
    package struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The request did not complete (no connection, timeout, a bad URL).
        package static let transport = Kind(rawValue: "transport")
        /// The live status differs from the route's.
        package static let status = Kind(rawValue: "status")
        /// The live body is not valid JSON (WireJSON's strict validator).
        package static let invalidJSON = Kind(rawValue: "invalid-json")
        /// The live body's shape differs from the fixture's (``ContractFinding/rule`` says how).
        package static let shapeChanged = Kind(rawValue: "shape-changed")
        /// The route's own fixture cannot be read or is not JSON.
        package static let fixture = Kind(rawValue: "fixture")
        /// The live body lacks, nulls or retypes a member a model reads (its reader contract).
        package static let readerContract = Kind(rawValue: "reader-contract")
    }

    /// The route, as `GET /api/v3/movie?sort=title`.
    package var route: String
    package var kind: Kind
    /// Where: the shape path of a shape change (`$[*].title`), or the location of a syntax error.
    package var path: String?
    /// The refactor check's rule for a shape change (`member-removed`, `required-member-added`…).
    package var rule: WireRule?
    /// A sentence: what was expected and what the service sent.
    package var message: String

    /// A finding from its parts.
    package init(route: String, kind: Kind, path: String? = nil, rule: WireRule? = nil, message: String) {
        self.route = route
        self.kind = kind
        self.path = path
        self.rule = rule
        self.message = message
    }

    /// `ROUTE: PATH: RULE: MESSAGE` (the parts that apply).
    package var description: String {
        var parts = [route]
        if let path { parts.append(path) }
        parts.append(rule?.rawValue ?? kind.rawValue)
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
