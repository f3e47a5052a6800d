import WireDecoder
import WireJSON
import WireReaders
import WireSupport

/// Holds a reader contract against the schema its payload follows in an OpenAPI document. Only what
/// the model reads is judged, so a member it never reads never makes a finding; and only what
/// would fail to decode fails: a member read with `decodeIfPresent` may be optional, one it accepts
/// `null` at may be nullable, and a lenient reader (an error there is swallowed) takes anything.
///
/// Findings, each with the reader path and the document's pointer (``OpenAPIFinding/Kind``):
/// a member read as required the spec does not require; read as non-null where the spec allows
/// `null`; a JSON type the spec allows that the reader does not take (a `number` read as `Int`, a
/// `date-time` read as a number); a format the reader's type cannot hold (`int64` read as `Int32`,
/// a `date` read with `.iso8601`); a member the spec does not declare; an enum value the spec
/// allows that the reader rejects, where the contract knows the values it accepts.
///
/// ```swift
/// let body = try OpenAPITarget(parsing: "GET /api/v3/movie 200").resolve(in: document)
/// let result = OpenAPIContractCheck.check(contract, named: "movie", body: body, resolver: SchemaResolver(document))
/// for finding in result.findings { print(finding) }
/// ```
package enum OpenAPIContractCheck {
    /// What one contract's check found and covered.
    package struct Result: Sendable {
        package var findings: [OpenAPIFinding] = []
        /// Read paths the document describes (each judged).
        package var checked = 0
        /// Read paths the document says nothing about (a member of a schema without members, an
        /// element of an array without `items`), outermost only.
        package var undescribed: [JSONPathPattern] = []
        /// Read paths below an undeclared or undescribed one (not judged again).
        package var below = 0
    }

    /// Checks one contract against the schema at `body`.
    package static func check(
        _ contract: ReaderContract, named name: String, body: OpenAPITarget.Body, resolver: SchemaResolver
    ) -> Result {
        var walk = SchemaWalk(resolver: resolver, root: body.schema)
        var result = Result()
        for entry in contract.sortedEntries {
            func finding(_ kind: OpenAPIFinding.Kind, at pointer: JSONPointer?, fails: Bool = true, _ detail: String) {
                result.findings.append(
                    OpenAPIFinding(
                        kind: kind, contract: name, model: contract.model, readerPath: entry.path,
                        pointer: pointer ?? body.schema, target: body.target, fails: fails, detail: detail))
            }
            switch walk.place(of: entry.path) {
            case .below:
                result.below += 1
            case .undescribed:
                result.undescribed.append(entry.path)
            case .undeclared(let parent, let name):
                let near = Nearest.names(near: name, among: parent.memberNames, limit: 1)
                let fails = !entry.mayBeAbsent && !entry.lenient
                finding(
                    .undeclaredMember, at: parent.origin, fails: fails,
                    "reads \(entry.path)\(fails ? " as required" : " if present"), and the spec does not declare it"
                        + (near.first.map { " (did you mean \"\($0)\"?)" } ?? ""))
            case .described(let place):
                result.checked += 1
                guard !entry.lenient else { continue }
                let facts = place.facts
                let here = place.alternatives.options.first?.first?.pointer ?? facts.origin
                if place.required == false && !entry.mayBeAbsent {
                    finding(
                        .notRequired, at: place.parent?.origin,
                        "reads \(entry.path) as required (\(methods(entry))), and the spec does not require it")
                }
                if facts.nullable && !entry.mayBeNull {
                    finding(.nullable, at: here, "reads \(entry.path) as non-null, and the spec allows null")
                }
                let acceptance = ReaderAcceptance(entry)
                var rejected = (facts.types ?? []).sorted().filter { acceptance.accepts($0) == false }
                // `type: number` with an integer format promises integers.
                if rejected == [.number], !facts.formats.isDisjoint(with: ["int32", "int64"]) { rejected = [] }
                if !rejected.isEmpty {
                    finding(.typeMismatch, at: here, typeDetail(entry, acceptance, facts, rejected))
                } else if let detail = formatDetail(entry, acceptance, facts) {
                    finding(.formatMismatch, at: here, detail)
                }
                if let accepted = entry.values, let allowed = facts.enumValues {
                    let refused = allowed.filter { !accepted.contains($0) }
                    if !refused.isEmpty {
                        finding(
                            .enumValueRejected, at: here,
                            "reads \(entry.path) as \(entry.types.first ?? "an enum") (accepts \(texts(accepted))), "
                                + "and the spec's enum also allows \(texts(refused))")
                    }
                }
            }
        }
        return result
    }

    static func methods(_ entry: ReaderContract.Entry) -> String {
        entry.methods.map(\.rawValue).joined(separator: ", ")
    }

    static func texts(_ values: [JSONValue]) -> String {
        values.map { CanonicalJSONWriter.text($0, style: .compact) }.joined(separator: ", ")
    }

    /// `spec: integer, string` plus the format.
    static func specTypes(_ facts: SchemaFacts, _ types: [JSONType]) -> String {
        let format = facts.formats.isEmpty ? "" : " (format \(facts.formats.sorted().joined(separator: ", ")))"
        return types.map(\.rawValue).joined(separator: " or ") + format
    }

    static func typeDetail(
        _ entry: ReaderContract.Entry, _ acceptance: ReaderAcceptance, _ facts: SchemaFacts, _ rejected: [JSONType]
    ) -> String {
        let allowed = (facts.types ?? []).sorted()
        if rejected == [.number], acceptance.integerOnly, acceptance.kinds.contains(.number) {
            return "reads \(entry.path) as \(acceptance.types.joined(separator: ", ")) (integers only), and the spec "
                + "says number: a fraction such as 1.5 fails to decode"
        }
        var text = "reads \(entry.path) as \(acceptance.summary), and the spec allows \(specTypes(facts, allowed))"
        if acceptance.readsDate, rejected.contains(.string), let strategy = acceptance.dateStrategy {
            text += ": the Date is read with .\(strategy)"
        }
        return text
    }

    /// A format the reader's type cannot hold, or a Date/UUID read where the spec gives no such
    /// format; nil when the formats agree.
    static func formatDetail(
        _ entry: ReaderContract.Entry, _ acceptance: ReaderAcceptance, _ facts: SchemaFacts
    ) -> String? {
        let formats = facts.formats
        if let bits = acceptance.integerBits, facts.allows(.integer) {
            for (format, width) in [("int64", 64), ("int32", 32)] where formats.contains(format) && bits < width {
                return
                    "reads \(entry.path) as \(acceptance.types.joined(separator: ", ")) (\(bits) bits), and the spec "
                    + "says format \(format): larger values fail to decode"
            }
        }
        if acceptance.readsDate, acceptance.kinds.contains(.string), facts.allows(.string) {
            let strategy = acceptance.dateStrategy
            if formats.contains("date"), strategy == "iso8601" {
                return "reads \(entry.path) as a Date with .iso8601, and the spec says format date: "
                    + "a full-date such as 2024-05-01 has no time, which .iso8601 requires"
            }
            if !formats.contains("date-time"), !formats.contains("date"), facts.types == [.string] {
                return "reads \(entry.path) as a Date, and the spec promises a string with no date format"
            }
        }
        if acceptance.readsUUID, facts.types == [.string], !formats.contains("uuid") {
            return "reads \(entry.path) as a UUID, and the spec promises a string with no uuid format"
        }
        return nil
    }
}
