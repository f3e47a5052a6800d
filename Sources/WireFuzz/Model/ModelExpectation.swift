import WireDecoder
import WireDiagnostics
import WireJSONCore
import WireReaders
import WireShapes
import WireSupport

/// What a correct model does with a mutant: reject it with one of the allowed categories at the
/// mutated path, or accept it losslessly — its re-encoding says what the mutant says, apart from
/// members the model does not model (``ignoring``).
///
/// The rule, per mutator, for a seed the model accepts (mutation at path P):
///
/// | mutator | allowed rejection at P | acceptance |
/// |---|---|---|
/// | syntax mutants (truncate, duplicate-key, depth, empty-body, `01`, bad strings) | `syntax` (by the validator) | never |
/// | wrong-type | `typeMismatch`; where the fixture has `null`, any category at or below P (the replacement may be the member's real type, `{}` for an optional object), or above P for a number | if lossless (a model that takes several kinds) |
/// | drop-key, rename-key | `missingKey` (at the original name); `invalidValue` at the object when it was the object's only member (a one-of object such as `{"N": "1"}`) | if lossless: the member is optional, and nothing appears in its place |
/// | null | `missingValue`, or `typeMismatch` (Foundation's word for a `null` scalar) | if lossless: the member is optional (`null` and absent count as the same) |
/// | numbers | `invalidValue` (does not fit, not an integer) at P or an enclosing value | if lossless (numbers compared by value) |
/// | strings | `invalidValue` (not a date, not a case) | if lossless |
/// | extra-key | none | always required, losslessly |
///
/// Members the model does not model are found by decoding the seed and writing it back: whatever
/// the write-back lacks or changes (an unknown member, `40.0` written as `40`) is ignored when
/// comparing a mutant with its write-back, and so is the member a mutation added. A write-back that
/// has a value where the mutant has none (a required field defaulted), or another value (a wrong
/// type coerced), makes the mutant `silently-accepted`; a rejection of another category or at
/// another path is `misclassified`.
///
/// Why a number may be rejected at an enclosing value: Foundation's `JSONDecoder` reports a number
/// it cannot represent (`2^63` for an `Int`, `1.5` for an `Int`, `1e309`) as `dataCorrupted` with an
/// empty coding path, so every such rejection arrives at `$`. The category is still checked; the
/// path only has to be on the way to the number (``rejectionsAbove``).
///
/// An expectation is plain data (see ``json()``), so a regression case can be replayed without the
/// seed it came from.
public struct ModelExpectation: Hashable, Sendable, CustomStringConvertible {
    /// The rejections allowed (empty: the mutant must be accepted).
    public var rejections: [DecodingFailureKind]
    /// Where a rejection must be (any path for `syntax`).
    public var path: JSONPath
    /// Whether acceptance can be right (when lossless).
    public var acceptable: Bool
    /// Paths whose differences between the mutant and the model's write-back do not count.
    public var ignoring: [JSONPath]
    /// Whether a rejection at an enclosing value (an ancestor of ``path``) also counts.
    public var rejectionsAbove: Bool
    /// Whether a rejection inside the value at ``path`` also counts.
    public var rejectionsBelow: Bool
    /// Whether, by the model's reader contract, the model reads nothing at or below ``path``: then
    /// the mutant must decode to what the seed decodes to (``path`` itself is ignored), and any
    /// rejection is a finding.
    public var unread: Bool
    /// The rejections allowed at the value enclosing ``path`` too: `invalidValue` when a drop or
    /// rename took the only member of an object, which a model that reads `{"N": …}` or
    /// `{"S": …}` by the key present (a one-of object) rightly calls invalid.
    public var parentRejections: [DecodingFailureKind] = []

    /// An expectation.
    public init(
        rejections: [DecodingFailureKind], path: JSONPath, acceptable: Bool, ignoring: [JSONPath],
        rejectionsAbove: Bool = false, rejectionsBelow: Bool = false, unread: Bool = false
    ) {
        self.rejections = rejections
        self.path = path
        self.acceptable = acceptable
        self.ignoring = ignoring
        self.rejectionsAbove = rejectionsAbove
        self.rejectionsBelow = rejectionsBelow
        self.unread = unread
    }

    /// The expectation for `operation` on a seed whose write-back differs from it at `baseline`.
    /// - Parameters:
    ///   - operation: the mutation applied to the seed.
    ///   - baseline: the paths where the seed's own write-back already differs from the seed (a
    ///     mutant is not blamed for them).
    ///   - original: the seed's value at the operation's path (`null` there changes the rule
    ///     for ``Mutator/wrongType``).
    ///   - parent: the seed's value enclosing the operation's path (an object whose only member a
    ///     drop or rename takes may be rejected as a whole).
    ///   - reads: the model's reader contract. A structural mutation of a member the model reads
    ///     nothing at or below (`mirror_url`, null in the fixture and not a member of the model) must
    ///     then be accepted and decode to what the seed decodes to; without a contract the
    ///     mutator's rule applies to every member.
    public static func of(
        _ operation: MutationOperation, baseline: [JSONPath], original: JSONValue? = nil, parent: JSONValue? = nil,
        reads: ReaderContract? = nil
    ) -> ModelExpectation {
        var expectation = rule(operation, baseline: baseline, original: original, reads: reads)
        if operation.mutator == .dropKey || operation.mutator == .renameKey, !expectation.unread,
            case .object(let object)? = parent, Set(object.members.map { JSONKey($0.key) }).count == 1
        {
            expectation.parentRejections = [.invalidValue]
        }
        return expectation
    }

    /// The mutator's rule, by the reader contract (see ``of(_:baseline:original:parent:reads:)``).
    static func rule(
        _ operation: MutationOperation, baseline: [JSONPath], original: JSONValue?, reads: ReaderContract?
    ) -> ModelExpectation {
        var ignoring = baseline
        var rejections: [DecodingFailureKind]
        switch operation.mutator {
        case _ where !operation.isStructural: rejections = [.syntax]
        case .wrongType: rejections = [.typeMismatch]
        case .dropKey, .renameKey: rejections = [.missingKey]
        case .null: rejections = [.missingValue, .typeMismatch]
        case .numbers, .strings: rejections = [.invalidValue]
        case .extraKey, .truncate, .duplicateKey, .depth, .emptyBody: rejections = []
        }
        switch operation.edit {
        case .rename(let name): ignoring.append(operation.path.parent.appending(key: name))
        case .add(let key, _): ignoring.append(operation.path.appending(key: key))
        default: break
        }
        let nullReplaced = operation.mutator == .wrongType && original == .null
        if nullReplaced { rejections = [.typeMismatch, .missingKey, .missingValue, .invalidValue] }
        // A number the model cannot represent is reported at `$` by Foundation (see above): for the
        // numbers mutator, and for a number put where the fixture had null (the member may be numeric).
        var numberPut = false
        if case .replace(.number) = operation.edit { numberPut = true }
        var above = operation.mutator == .numbers || (nullReplaced && numberPut)
        var below = nullReplaced
        if let reads, operation.isStructural {
            if !operation.path.components.isEmpty, operation.mutator != .extraKey,
                !reads.reads(atOrBelow: operation.path)
            {
                // What the model never looks at cannot change what it decodes: the mutant must
                // decode to the seed's value everywhere else.
                ignoring.append(operation.path)
                return ModelExpectation(
                    rejections: [], path: operation.path, acceptable: true, ignoring: ignoring, unread: true)
            }
            if case .add(let key, _) = operation.edit,
                reads.entry(matching: operation.path.appending(key: key))?.path.steps.last == .anyMember
            {
                // A member added to an object the model reads as a dictionary is a value it reads:
                // a value of the wrong kind may be rejected there, and an object lacking what the
                // dictionary's values require (`missingKey` below it).
                rejections = [.typeMismatch, .missingValue, .invalidValue, .missingKey]
                below = true
            }
            // Under a lenient reader (a `try?` union), the error the model reports is its last
            // branch's, at the union's value (typically "expected an array"), not the one at the
            // member that broke the first branch.
            let chain = operation.path.components
            if (0...chain.count).contains(where: {
                reads.entry(matching: JSONPath(Array(chain.prefix($0))))?.lenient == true
            }) {
                above = true
                if !rejections.isEmpty, !rejections.contains(.typeMismatch) { rejections.append(.typeMismatch) }
            }
        }
        return ModelExpectation(
            rejections: rejections, path: operation.path, acceptable: operation.isStructural, ignoring: ignoring,
            rejectionsAbove: above, rejectionsBelow: below)
    }

    /// `missingKey at $.year, or lossless`.
    public var description: String {
        if unread { return "accepted, decoding as the seed does (the model does not read \(path))" }
        var parts: [String] = []
        if rejections == [.syntax] {
            parts.append("syntax error")
        } else if !rejections.isEmpty {
            parts.append(
                rejections.map(\.rawValue).joined(separator: "|")
                    + (rejectionsAbove && rejectionsBelow
                        ? " at, above or below "
                        : rejectionsAbove ? " at or above " : rejectionsBelow ? " at or below " : " at ") + "\(path)")
        }
        if !parentRejections.isEmpty {
            parts.append(parentRejections.map(\.rawValue).joined(separator: "|") + " at \(path.parent)")
        }
        if acceptable { parts.append(rejections.isEmpty ? "accepted losslessly" : "lossless") }
        return parts.joined(separator: ", or ")
    }

    /// Judges what the model did with a mutant.
    /// - Parameters:
    ///   - decoded: the model's answer.
    ///   - mutant: the mutant as a tree (nil when it is not valid JSON).
    ///   - seed: for a model judged by dumps (only `Decodable`): the seed as a tree and the dump of
    ///     the value the model decoded from it; without it, such an acceptance counts as `accepted`.
    public func judge(
        _ decoded: FuzzModel.Decoded, mutant: JSONValue?, seed: (tree: JSONValue, dump: JSONValue)? = nil
    ) -> FuzzVerdict {
        let expected = description
        switch decoded {
        case .rejected(let failure):
            let seen = "rejected: \(failure.kind.rawValue) at \(failure.path)"
            let placed =
                failure.path == path || (rejectionsAbove && path.components.starts(with: failure.path.components))
                || (rejectionsBelow && failure.path.components.starts(with: path.components))
            let right =
                (rejections.contains(failure.kind) && (failure.kind == .syntax || placed))
                || (parentRejections.contains(failure.kind) && !path.components.isEmpty && failure.path == path.parent)
            return FuzzVerdict(right ? .rejectedAsExpected : .misclassified, expected: expected, seen: seen)
        case .accepted(let view, let encodingError, let dump):
            guard acceptable else {
                return FuzzVerdict(
                    .silentlyAccepted, expected: expected,
                    seen: "accepted" + ((view ?? dump).map { ": decoded \(Self.short($0))" } ?? ""))
            }
            if let encodingError {
                return FuzzVerdict(
                    .silentlyAccepted, expected: expected,
                    seen: "accepted, but the value cannot be written back: \(encodingError)")
            }
            if view == nil, let dump, let mutant, let seed {
                return judgeDump(dump, mutant: mutant, seed: seed, expected: expected)
            }
            guard let view, let mutant else { return FuzzVerdict(.accepted, expected: expected, seen: "accepted") }
            let paths = ValueDiff.paths(mutant, view)
            let differences: [JSONPath]
            if ignoring.count * paths.count <= 1_024 {
                differences = paths.filter { path in !ignoring.contains { path.components.starts(with: $0.components) }
                }
            } else {
                // Not at or below an ignored path: no prefix of it is one (a set lookup per prefix,
                // rather than every ignored path for every difference).
                let ignored = Set(ignoring.map(\.components))
                differences = paths.filter { path in
                    !(0...path.components.count).contains { ignored.contains(Array(path.components.prefix($0))) }
                }
            }
            guard let first = differences.first else {
                return FuzzVerdict(.lossless, expected: expected, seen: "lossless")
            }
            let wire = mutant[first].map(Self.short) ?? "nothing"
            let model = view[first].map(Self.short) ?? "nothing"
            return FuzzVerdict(
                .silentlyAccepted, expected: expected,
                seen: "accepted: at \(first) the wire has \(wire), the model decoded \(model)")
        }
    }

    /// An acceptance judged by dumps: what the mutation changed on the wire (less the ignored
    /// paths) must change in the dump of the decoded value, each changed value saying what the wire
    /// now says there (`null` for a member gone, the same string or number, a tagged `URL(…)` or
    /// `Decimal(…)` by its text); where the wire says what the seed said, the dump must be the
    /// seed's. This is the write-back rule of a `Codable` model, seen from the decoded side.
    func judgeDump(
        _ dump: JSONValue, mutant: JSONValue, seed: (tree: JSONValue, dump: JSONValue), expected: String
    ) -> FuzzVerdict {
        let ignored = Set(ignoring.map(\.components))
        func isIgnored(_ path: JSONPath) -> Bool {
            (0...path.components.count).contains { ignored.contains(Array(path.components.prefix($0))) }
        }
        let wire = ValueDiff.paths(seed.tree, mutant).filter { !isIgnored($0) }
        // A member the mutation added under an ignored name (a dictionary entry) may appear in the dump.
        let addedNames = Set(
            ignoring.compactMap { path -> String? in
                if case .key(let name)? = path.components.last { return name }
                return nil
            })
        let changes = ValueDiff.paths(seed.dump, dump).filter { path in
            guard case .key(let name)? = path.components.last, addedNames.contains(name) else { return true }
            return seed.dump[path] != nil
        }
        if wire.isEmpty {
            guard let first = changes.first else { return FuzzVerdict(.lossless, expected: expected, seen: "lossless") }
            return FuzzVerdict(
                .silentlyAccepted, expected: expected,
                seen: "accepted: the wire says what the seed said, but the model decoded \(first) as "
                    + "\(dump[first].map(Self.short) ?? "nothing") (the seed's: \(seed.dump[first].map(Self.short) ?? "nothing"))"
            )
        }
        guard !changes.isEmpty else {
            return FuzzVerdict(
                .silentlyAccepted, expected: expected,
                seen: "accepted: at \(wire[0]) the wire has \(mutant[wire[0]].map(Self.short) ?? "nothing"), "
                    + "the model decoded what it decoded from the seed")
        }
        let said = wire.map { mutant[$0] }
        var transformed = false
        for change in changes where !said.contains(where: { Self.agree($0, dump[change]) }) {
            // A value the model transforms as it decodes (base64 into bytes, a date): the seed's
            // dump there is already of another kind than the seed's wire, so there is nothing to
            // compare; an acceptance is then all that can be said.
            if Self.transforms(seed: seed, at: change, wire: wire[0]) {
                transformed = true
                continue
            }
            return FuzzVerdict(
                .silentlyAccepted, expected: expected,
                seen: "accepted: at \(wire[0]) the wire has \(mutant[wire[0]].map(Self.short) ?? "nothing"), "
                    + "the model decoded \(change) as \(dump[change].map(Self.short) ?? "nothing")")
        }
        if transformed {
            return FuzzVerdict(
                .accepted, expected: expected,
                seen:
                    "accepted: the model transforms the value at \(wire[0]), so its dump cannot be compared with the wire"
            )
        }
        return FuzzVerdict(.lossless, expected: expected, seen: "lossless")
    }

    /// Whether the seed shows the model transforming the wire value at `wirePath` into what its dump
    /// holds at `dumpPath` (or at the nearest enclosing value the seed's dump has): a value of
    /// another JSON kind (base64 text as an array of bytes), or a date.
    static func transforms(seed: (tree: JSONValue, dump: JSONValue), at dumpPath: JSONPath, wire wirePath: JSONPath)
        -> Bool
    {
        guard let original = seed.tree[wirePath], original != .null else { return false }
        var components = dumpPath.components
        while seed.dump[JSONPath(components)] == nil, !components.isEmpty { components.removeLast() }
        guard !components.isEmpty, let dumped = seed.dump[JSONPath(components)] else { return false }
        if case .string(let text) = dumped, DecodedDump.isInstant(text) { return true }
        return dumped.kindName != original.kindName && dumped != .null
    }

    /// Whether a dumped value says what a wire value says: both absent or `null`; equal strings (a
    /// tagged dump `URL(x)` by its text `x`); numbers of equal value (a `Decimal(x)` too); equal
    /// containers, by ``ValueDiff``.
    static func agree(_ wire: JSONValue?, _ dumped: JSONValue?) -> Bool {
        switch (wire ?? .null, dumped ?? .null) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)):
            return JSONKey.exactlyEqual(a, b) || DecodedDump.untagged(b).map { JSONKey.exactlyEqual(a, $0) } == true
        case (.number(let a), .string(let b)):
            guard b.hasPrefix("Decimal("), let text = DecodedDump.untagged(b) else { return false }
            return ValueDiff.numbersEqual(a.text, text)
        case (let a, let b):
            return ValueDiff.paths(a, b).isEmpty
        }
    }

    /// A value in one line, cut at 60 characters.
    static func short(_ value: JSONValue) -> String {
        let text = CanonicalJSONWriter.text(value, style: .compact)
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// The expectation as JSON: `{"rejections": [...], "path": "$.x", "acceptable": true, "ignoring": [...]}`.
    public func json() -> JSONValue {
        var object = JSONObject([
            "rejections": .array(rejections.map { .string($0.rawValue) }),
            "path": .string(path.description),
            "acceptable": .bool(acceptable),
            "ignoring": .array(ignoring.map { .string($0.description) }),
            "rejectionsAbove": .bool(rejectionsAbove),
            "rejectionsBelow": .bool(rejectionsBelow),
        ])
        // Only when set, so the cases written before reader contracts read back unchanged.
        if unread { object.members.append(.init(key: "unread", value: .bool(true))) }
        if !parentRejections.isEmpty {
            object.members.append(
                .init(key: "parentRejections", value: .array(parentRejections.map { .string($0.rawValue) })))
        }
        return .object(object)
    }

    /// Reads ``json()``'s form back.
    /// - Returns: nil when a member is missing or malformed.
    public init?(json: JSONValue) {
        guard case .array(let kinds)? = json["rejections"], case .string(let path)? = json["path"],
            case .bool(let acceptable)? = json["acceptable"], case .array(let ignoring)? = json["ignoring"],
            let parsedPath = JSONPath.parse(path)
        else { return nil }
        var rejections: [DecodingFailureKind] = []
        for kind in kinds {
            guard case .string(let name) = kind, let parsed = DecodingFailureKind(rawValue: name) else { return nil }
            rejections.append(parsed)
        }
        var ignored: [JSONPath] = []
        for entry in ignoring {
            guard case .string(let text) = entry, let parsed = JSONPath.parse(text) else { return nil }
            ignored.append(parsed)
        }
        var above = false
        if case .bool(let value)? = json["rejectionsAbove"] { above = value }
        var below = false
        if case .bool(let value)? = json["rejectionsBelow"] { below = value }
        var unread = false
        if case .bool(let value)? = json["unread"] { unread = value }
        self.init(
            rejections: rejections, path: parsedPath, acceptable: acceptable, ignoring: ignored,
            rejectionsAbove: above, rejectionsBelow: below, unread: unread)
        if case .array(let kinds)? = json["parentRejections"] {
            for kind in kinds {
                guard case .string(let name) = kind, let parsed = DecodingFailureKind(rawValue: name) else {
                    return nil
                }
                parentRejections.append(parsed)
            }
        }
    }
}

/// Where two trees differ, for judging a write-back: `null` and an absent member count as the same,
/// numbers compare by value (`40.0` = `40`, `-0` = `0`), object members by name (names and
/// strings by their Unicode scalars, see ``JSONKey``).
enum ValueDiff {
    static func paths(_ a: JSONValue, _ b: JSONValue) -> [JSONPath] {
        var out: [JSONPath] = []
        var stack: [JSONPath.Component] = []
        func visit(_ a: JSONValue?, _ b: JSONValue?) {
            switch (a, b) {
            case (nil, nil), (nil, .null?), (.null?, nil): return
            case (.object(let x)?, .object(let y)?) where x.count + y.count <= 32:
                // Small objects (most of them): searching is cheaper than building tables.
                var names: [String] = []
                for member in x.members where !names.contains(where: { JSONKey.exactlyEqual($0, member.key) }) {
                    names.append(member.key)
                }
                for member in y.members where !names.contains(where: { JSONKey.exactlyEqual($0, member.key) }) {
                    names.append(member.key)
                }
                for name in names {
                    stack.append(.key(name))
                    visit(x[name], y[name])
                    stack.removeLast()
                }
            case (.object(let x)?, .object(let y)?):
                // Every name once, in order of first appearance, and each side's last member of it
                // (what a lookup by name finds), by dictionary: a search per name would make wide
                // objects quadratic.
                var names: [JSONKey] = []
                var seen = Set<JSONKey>()
                for member in x.members where seen.insert(JSONKey(member.key)).inserted {
                    names.append(JSONKey(member.key))
                }
                for member in y.members where seen.insert(JSONKey(member.key)).inserted {
                    names.append(JSONKey(member.key))
                }
                let xLast = Dictionary(
                    x.members.map { (JSONKey($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
                let yLast = Dictionary(
                    y.members.map { (JSONKey($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
                for name in names {
                    stack.append(.key(name.string))
                    visit(xLast[name], yLast[name])
                    stack.removeLast()
                }
            case (.array(let x)?, .array(let y)?):
                for i in 0..<max(x.count, y.count) {
                    stack.append(.index(i))
                    visit(i < x.count ? x[i] : nil, i < y.count ? y[i] : nil)
                    stack.removeLast()
                }
            case (.number(let x)?, .number(let y)?):
                if !numbersEqual(x.text, y.text) { out.append(JSONPath(stack)) }
            default:
                if a != b { out.append(JSONPath(stack)) }
            }
        }
        visit(a, b)
        return out
    }

    static func numbersEqual(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let integer: (String) -> Bool = { !$0.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
        if integer(a) && integer(b) {
            func normal(_ s: String) -> String {
                var digits = s.hasPrefix("-") ? String(s.dropFirst()) : s
                while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
                return digits == "0" ? "0" : (s.hasPrefix("-") ? "-" : "") + digits
            }
            return normal(a) == normal(b)
        }
        guard let x = Double(a), let y = Double(b), x.isFinite, y.isFinite else { return false }
        return x == y
    }
}
