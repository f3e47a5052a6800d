import WireJSONCore

/// One difference between an expected JSON document (a golden file, a fixture) and an actual one,
/// at a JSON path.
///
/// ```swift
/// let differences = JSONDiff.differences(expected: golden, actual: encoded)
/// // $.movies[2].releaseDate: golden "2024-05-01T00:00:00Z" ≠ actual "2024-05-01T00:00:00.000Z"
/// // $.movies[2].tmdbId: missing in actual
/// ```
public struct JSONDifference: Hashable, Sendable, CustomStringConvertible {
    /// What differs.
    public enum Change: Hashable, Sendable {
        /// Both sides have a value here, and they differ (in value or in kind).
        case changed(expected: JSONValue, actual: JSONValue)
        /// The expected side has a value the actual side lacks.
        case missing(expected: JSONValue)
        /// The actual side has a value the expected side lacks.
        case added(actual: JSONValue)
    }

    /// Where the difference is.
    public var path: JSONPath
    /// What the difference is.
    public var change: Change

    /// A difference at `path`; ``JSONDiff`` builds these when comparing documents.
    public init(path: JSONPath, change: Change) {
        self.path = path
        self.change = change
    }

    /// The golden-file wording: `$.x: golden 1 ≠ actual 2`, `$.y: missing in actual`.
    public var description: String {
        describe(expectedName: "golden", actualName: "actual")
    }

    /// A one-line description naming the two sides as given.
    public func describe(expectedName: String, actualName: String) -> String {
        switch change {
        case .changed(let expected, let actual):
            return "\(path): \(expectedName) \(JSONDiff.brief(expected)) ≠ \(actualName) \(JSONDiff.brief(actual))"
        case .missing(let expected):
            return "\(path): missing in \(actualName) (\(expectedName) has \(JSONDiff.brief(expected)))"
        case .added(let actual):
            return "\(path): added in \(actualName) (\(JSONDiff.brief(actual)))"
        }
    }
}
