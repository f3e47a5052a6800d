import Foundation
import WireJSON
import WireSupport

/// The paths of a document, with array indices as `[*]`, for suggesting where a pattern should point.
enum PathSuggestions {
    /// The document's paths nearest to `pattern` (see ``Nearest``).
    static func nearest(to pattern: String, in document: JSONValue, limit: Int = 3) -> [String] {
        var paths = Set<String>()
        func walk(_ value: JSONValue, _ path: JSONPath) {
            guard paths.count < Nearest.maxCandidates else { return }
            if !path.components.isEmpty { paths.insert(generalized(path.description)) }
            switch value {
            case .object(let object):
                for member in object.members { walk(member.value, path.appending(key: member.key)) }
            case .array(let elements):
                // Elements share their paths once indices are `[*]`: a few are enough.
                for (index, element) in elements.prefix(8).enumerated() { walk(element, path.appending(index: index)) }
            default: break
            }
        }
        walk(document, .root)
        return Nearest.names(near: pattern, among: paths.sorted(), limit: limit)
    }

    /// `$.items[3].id` → `$.items[*].id`.
    static func generalized(_ path: String) -> String {
        var out = ""
        var chars = path[...]
        while let c = chars.first {
            if c == "[", let close = chars.firstIndex(of: "]"),
                chars[chars.index(after: chars.startIndex)..<close].allSatisfy(\.isNumber),
                chars.index(after: chars.startIndex) < close
            {
                out += "[*]"
                chars = chars[chars.index(after: close)...]
            } else {
                out.append(c)
                chars = chars.dropFirst()
            }
        }
        return out
    }
}
