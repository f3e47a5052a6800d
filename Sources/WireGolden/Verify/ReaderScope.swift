import WireDecoder
import WireJSONCore
import WireReaders
import WireShapes

/// Wire changes and live payloads judged for one client: by what its models read (their reader
/// contracts, `golden/<name>.reads.json`), not by every member the service sends. A change to a
/// member no model reads cannot break these readers: `wirelock diff --reads` leaves it out, and
/// contract mode does not report it.
///
/// ```swift
/// let contract = try ReaderContract(parsing: bytes, file: "golden/repository.reads.json")
/// ReaderScope.touchesReads(change.path, [contract])   // false: a change no model reads
/// ```
package enum ReaderScope {
    /// Whether a change at `path` can touch what one of `contracts` reads: the path itself, a
    /// member of it or an element below it is read (the root always is).
    package static func touchesReads(_ path: JSONPathPattern, _ contracts: [ReaderContract]) -> Bool {
        contracts.contains { $0.reads(atOrBelow: path) }
    }

    /// Whether every model that reads `change`'s path copes with it by its contract, in either
    /// direction: a member removed, added, made optional or made required that each reads with
    /// `decodeIfPresent` (or saw absent and went on), `null` added where each accepted `null`.
    /// False when no contract reads exactly that path.
    package static func copes(with change: WireChange, _ contracts: [ReaderContract]) -> Bool {
        let entries = contracts.compactMap { $0.entries[change.path] }
        guard !entries.isEmpty else { return false }
        switch change.rule {
        case .memberRemoved, .optionalMemberRemoved, .memberMadeOptional, .requiredMemberAdded, .memberMadeRequired:
            return entries.allSatisfy(\.mayBeAbsent)
        case .nullabilityAdded: return entries.allSatisfy(\.mayBeNull)
        default: return false
        }
    }

    /// The contracts among `contracts` learned from a fixture named `fixture` (`movies-page-1`,
    /// `API/v3/movies-page-1.json`): compared by file name without `.json`.
    package static func contracts(for fixture: String, in contracts: [ReaderContract]) -> [ReaderContract] {
        let name = baseName(fixture)
        return contracts.filter { contract in contract.fixtures.contains { baseName($0) == name } }
    }

    static func baseName(_ path: String) -> Substring {
        let last = path.split(separator: "/").last ?? Substring(path)
        return last.hasSuffix(".json") ? last.dropLast(5) : last
    }
}
