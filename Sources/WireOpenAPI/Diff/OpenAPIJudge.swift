import WireDecoder
import WireJSON
import WireReaders

/// Judges response changes by the reader contracts mapped to where they are: a change breaks a
/// reader when a payload the new document allows fails to decode with what the model reads
/// (`breaks: repository (GitHubRepository) reads $.owner as non-null`), the reader copes when it
/// reads the member in a way that takes the change (`decodeIfPresent`, an accepted `null`, a `String`
/// for a new enum value), and a change at a member nobody reads breaks nobody.
///
/// ```swift
/// let judge = OpenAPIJudge(readers: [.init(name: "repository", contract: contract,
///                                          target: try OpenAPITarget(parsing: "GET /repos/{owner}/{repo} 200"),
///                                          mediaType: "application/json")])
/// for judged in changes.map(judge.judge) where judged.breaks { print(judged) }
/// ```
package struct OpenAPIJudge: Sendable {
    /// A reader contract and where its payload comes from.
    package struct Reader: Sendable {
        package var name: String
        package var contract: ReaderContract
        package var target: OpenAPITarget
        /// The JSON media type the target resolved to in the old document (nil for a schema).
        package var mediaType: String?

        package init(name: String, contract: ReaderContract, target: OpenAPITarget, mediaType: String?) {
            self.name = name
            self.contract = contract
            self.target = target
            self.mediaType = mediaType
        }
    }

    /// What a change does to one reader.
    package enum Verdict: String, Hashable, Sendable, Comparable {
        case breaks
        /// The contract cannot tell (an enum whose accepted values it does not know).
        case unknown
        case copes

        package static func < (lhs: Verdict, rhs: Verdict) -> Bool {
            let order: [Verdict] = [.breaks, .unknown, .copes]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// A change and what it does to each reader that reads there.
    package struct Judged: Hashable, Sendable, CustomStringConvertible {
        package var change: OpenAPIChange
        /// One per reader that reads at or below the change, worst first.
        package var readers: [Reading]

        package struct Reading: Hashable, Sendable {
            package var name: String
            package var model: String
            package var verdict: Verdict
            /// `reads $.owner as non-null`.
            package var reason: String
        }

        /// Whether a reader breaks.
        package var breaks: Bool { readers.contains { $0.verdict == .breaks } }

        /// `breaks: repository (GitHubRepository) reads $.owner as non-null`, or `no reader reads it`.
        package var verdictText: String {
            guard !readers.isEmpty else { return "no reader reads it" }
            return readers.map {
                "\($0.verdict == .unknown ? "may break" : $0.verdict.rawValue): \($0.name) (\($0.model)) \($0.reason)"
            }
            .joined(separator: "; ")
        }

        package var description: String { "\(change): \(verdictText)" }
    }

    package var readers: [Reader]

    package init(readers: [Reader]) { self.readers = readers }

    /// The readers a change is at: mapped to its operation and status (and media type), or to the
    /// schema it was compared as.
    func readers(at change: OpenAPIChange) -> [Reader] {
        readers.filter { reader in
            switch reader.target {
            case .pointer(let pointer):
                return change.operation == pointer.description
            case .response(let method, let path, let status):
                guard change.operation == "\(method) \(path)" else { return false }
                guard let changed = change.status else { return true }
                guard changed == status else { return false }
                return change.mediaType == nil || reader.mediaType == nil || change.mediaType == reader.mediaType
            }
        }
    }

    /// What a change does to the readers at it.
    package func judge(_ change: OpenAPIChange) -> Judged {
        var readings: [Judged.Reading] = []
        for reader in readers(at: change) {
            guard let (verdict, reason) = Self.verdict(change, reader.contract) else { continue }
            readings.append(.init(name: reader.name, model: reader.contract.model, verdict: verdict, reason: reason))
        }
        readings.sort { ($0.verdict, $0.name) < ($1.verdict, $1.name) }
        return Judged(change: change, readers: readings)
    }

    /// One reader's verdict, or nil when it reads nothing at or below the change.
    static func verdict(_ change: OpenAPIChange, _ contract: ReaderContract) -> (Verdict, String)? {
        let path = change.path
        let entry = Self.entry(at: path, in: contract)
        switch change.what {
        case .operationRemoved, .statusRemoved, .mediaTypeRemoved:
            return (.breaks, "reads this response")
        case .schemaRemoved:
            return (.breaks, "reads this schema")
        case .propertyRemoved, .becameOptional:
            if let entry {
                if entry.mayBeAbsent || entry.lenient { return (.copes, "reads \(entry.path) if present") }
                return (.breaks, "reads \(entry.path) as required")
            }
            guard let below = firstBelow(path, in: contract) else { return nil }
            return (.breaks, "reads \(below.path) inside it")
        case .becameNullable:
            if let entry {
                if entry.mayBeNull || entry.lenient { return (.copes, "accepts null at \(entry.path)") }
                return (.breaks, "reads \(entry.path) as non-null")
            }
            guard let below = firstBelow(path, in: contract) else { return nil }
            return (.breaks, "reads \(below.path) inside it")
        case .typeChanged(_, let new, _, let newFormats):
            guard let entry else {
                guard let below = firstBelow(path, in: contract) else { return nil }
                let container: JSONType = below.path.steps[path.steps.count] == .anyElement ? .array : .object
                if let new, !new.contains(container) {
                    return (.breaks, "reads \(below.path) inside it, and it may not be an \(container.rawValue)")
                }
                return (.copes, "reads \(below.path) inside it, which may still be read")
            }
            if entry.lenient { return (.copes, "swallows an error at \(entry.path)") }
            let acceptance = ReaderAcceptance(entry)
            var facts = SchemaFacts()
            facts.types = new.map(Set.init)
            facts.formats = Set(newFormats)
            let rejected = (new ?? []).filter { acceptance.accepts($0) == false }
            if !rejected.isEmpty {
                return (
                    .breaks,
                    "reads \(entry.path) as \(acceptance.summary), not \(rejected.map(\.rawValue).joined(separator: " or "))"
                )
            }
            if let detail = OpenAPIContractCheck.formatDetail(entry, acceptance, facts) { return (.breaks, detail) }
            if new == nil || acceptance.kinds.isEmpty {
                return (.unknown, "reads \(entry.path); the new type says nothing it can check")
            }
            return (.copes, "reads \(entry.path) as \(acceptance.summary)")
        case .enumValuesAdded(let values):
            guard let entry else { return nil }
            if entry.lenient { return (.copes, "swallows an error at \(entry.path)") }
            if let accepted = entry.values {
                let refused = values.filter { !accepted.contains($0) }
                if refused.isEmpty { return (.copes, "accepts \(OpenAPIContractCheck.texts(values)) at \(entry.path)") }
                return (
                    .breaks,
                    "reads \(entry.path) as \(entry.types.first ?? "an enum"), which rejects \(OpenAPIContractCheck.texts(refused))"
                )
            }
            let plain = entry.types.allSatisfy {
                let name = ReaderAcceptance.unwrapped($0)
                return ReaderAcceptance.stringTypes.contains(name) || ReaderAcceptance.integerWidths[name] != nil
                    || ReaderAcceptance.fractionTypes.contains(name)
            }
            if plain { return (.copes, "reads \(entry.path) as \(entry.types.joined(separator: ", ")), any value") }
            return (
                .unknown,
                "reads \(entry.path) as \(entry.types.joined(separator: ", ")); the contract does not know the values it accepts"
            )
        case .enumValuesRemoved, .propertyAdded, .becameRequired, .becameNotNullable:
            if let entry { return (.copes, "reads \(entry.path); this cannot break a reader") }
            return nil
        }
    }

    /// The contract's entry for a path the document names (a named member is read by a dictionary
    /// entry's `.*` too).
    static func entry(at path: JSONPathPattern, in contract: ReaderContract) -> ReaderContract.Entry? {
        if let exact = contract.entries[path] { return exact }
        return contract.sortedEntries.first { $0.path.steps.count == path.steps.count && covers($0.path, path) }
    }

    /// The first entry strictly below a path.
    static func firstBelow(_ path: JSONPathPattern, in contract: ReaderContract) -> ReaderContract.Entry? {
        contract.sortedEntries.first { $0.path.steps.count > path.steps.count && covers($0.path, path) }
    }

    /// Whether an entry's path starts with (the reader's form of) `path`.
    static func covers(_ entry: JSONPathPattern, _ path: JSONPathPattern) -> Bool {
        for (step, read) in zip(path.steps, entry.steps) {
            switch (step, read) {
            case (.anyElement, .anyElement), (.key, .anyMember), (.anyMember, .anyMember): continue
            case (.key(let name), .key(let other)) where name == other: continue
            default: return false
            }
        }
        return true
    }
}
