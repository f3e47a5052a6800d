import WireJSONCore
import WireSupport

/// A family of mutations. Each one derives many mutants from a fixture, and each mutant carries the
/// outcome a correct reader must give (see ``ValidatorExpectation``).
///
/// | mutator | what it does | strict validator must |
/// |---|---|---|
/// | `truncate` | cuts the original bytes at token boundaries, inside strings, escapes, numbers, literals and multi-byte UTF-8 | reject at the cut |
/// | `wrong-type` | replaces the value at a path with one of each other kind (string, number, bool, object, array) | accept |
/// | `drop-key` | removes an object member | accept |
/// | `rename-key` | renames a member (case change, camelCase ↔ snake_case) | accept |
/// | `null` | replaces a value with `null` | accept |
/// | `duplicate-key` | repeats a member | reject at the second name |
/// | `extra-key` | adds an unknown member to an object | accept |
/// | `numbers` | 2⁶³, −2⁶³−1, 1e309, −0, 1.5 (where an integer was), and `01` | accept (`01`: reject) |
/// | `strings` | empty, 1 MiB, escapes (accept); lone surrogate, invalid UTF-8, control character (reject) | see left |
/// | `depth` | nests arrays one level past the depth limit | reject at the bracket too deep |
/// | `empty-body` | an empty body and a whitespace-only body | reject |
public enum Mutator: String, CaseIterable, Hashable, Sendable, Comparable {
    case truncate
    case wrongType = "wrong-type"
    case dropKey = "drop-key"
    case renameKey = "rename-key"
    case null
    case duplicateKey = "duplicate-key"
    case extraKey = "extra-key"
    case numbers
    case strings
    case depth
    case emptyBody = "empty-body"

    /// Parses a comma-separated list such as `truncate,wrong-type`.
    /// - Returns: the mutators in `allCases` order, or the first unknown name.
    public static func parseList(_ text: String) -> Result<[Mutator], UnknownMutator> {
        var chosen = Set<Mutator>()
        for name in text.split(separator: ",", omittingEmptySubsequences: true) {
            let trimmed = String(name).trimmingSpaces()
            guard let mutator = Mutator(rawValue: trimmed) else { return .failure(UnknownMutator(name: trimmed)) }
            chosen.insert(mutator)
        }
        return .success(allCases.filter(chosen.contains))
    }

    /// A name in a mutator list that is not a mutator.
    public struct UnknownMutator: Error, Hashable, Sendable, CustomStringConvertible {
        /// The unknown name.
        public var name: String
        public var description: String {
            "unknown mutator '\(name)'; known: " + Mutator.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The position in `allCases`: mutators sort in table order.
    public static func < (lhs: Mutator, rhs: Mutator) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
