import Foundation
import WireDecoder
import WireJSONCore
import WireSupport

/// The paths of a document, with array indices as `[*]`, for suggesting where a pattern should point.
enum PathSuggestions {
    /// The document's paths nearest to `pattern` (see ``Nearest``).
    static func nearest(to pattern: String, in document: JSONValue, limit: Int = 3) -> [String] {
        var paths = Set<String>()
        // Elements share their paths once indices are `[*]`: a few of each array are enough.
        document.walk(elementsPerArray: 8) { path, _ in
            guard paths.count < Nearest.maxCandidates else { return .stop }
            if !path.components.isEmpty { paths.insert(JSONPathPattern(folding: path).description) }
            return .descend
        }
        return Nearest.names(near: pattern, among: paths.sorted(), limit: limit)
    }
}
