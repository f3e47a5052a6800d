import WireJSON

/// The report for machines: one document in WireLock's canonical form (WireJSON's `CanonicalJSONWriter`).
///
/// ```json
/// {
///   "findings": [
///     {
///       "column": 12, "endColumn": 12, "endLine": 3, "file": "Fixtures/a.json", "hint": "…",
///       "line": 3, "message": "…", "path": "$.movies[0]", "ruleId": "format.invalid-json",
///       "severity": "error"
///     }
///   ],
///   "summary": { "errors": 1, "files": 1, "findings": 1, "notes": 0, "warnings": 0 },
///   "tool": { "name": "wirelock", "version": "0.1.0" }
/// }
/// ```
///
/// Members that a finding lacks (`line` for a whole-file finding, `path`, `hint`, `snippet`, and
/// `sha256`, the hash of the value a lint suppression can name) are left out; `file` is relative to the repository.
package enum JSONReport {
    /// The report as a value.
    package static func document(_ findings: [Finding], context: ReportContext) -> JSONValue {
        let sorted = context.ordered(findings)
        let items: [JSONValue] = sorted.map { finding in
            var members: [JSONObject.Member] = [
                .init(key: "ruleId", value: .string(finding.ruleID)),
                .init(key: "severity", value: .string(finding.severity.rawValue)),
                .init(key: "file", value: .string(context.repositoryRelative(finding.file))),
                .init(key: "message", value: .string(finding.message)),
            ]
            if let region = finding.region {
                members += [
                    .init(key: "line", value: number(region.line)),
                    .init(key: "column", value: number(region.column)),
                    .init(key: "endLine", value: number(region.endLine)),
                    .init(key: "endColumn", value: number(region.endColumn)),
                ]
            }
            if let path = finding.path { members.append(.init(key: "path", value: .string(path.description))) }
            if let hint = finding.hint { members.append(.init(key: "hint", value: .string(hint))) }
            if let snippet = finding.snippet { members.append(.init(key: "snippet", value: .string(snippet))) }
            if let hash = finding.valueSHA256 { members.append(.init(key: "sha256", value: .string(hash))) }
            return .object(JSONObject(members))
        }
        func severityCount(_ severity: Finding.Severity) -> JSONValue {
            number(findings.filter { $0.severity == severity }.count)
        }
        return .object(
            JSONObject([
                "tool": .object(
                    JSONObject(["name": .string(context.toolName), "version": .string(context.toolVersion)])),
                "findings": .array(items),
                "summary": .object(
                    JSONObject([
                        "findings": number(findings.count),
                        "errors": severityCount(.error),
                        "warnings": severityCount(.warning),
                        "notes": severityCount(.note),
                        "files": number(Set(findings.map { context.repositoryRelative($0.file) }).count),
                    ])),
            ]))
    }

    /// The report as canonical JSON text.
    package static func render(_ findings: [Finding], context: ReportContext) -> String {
        CanonicalJSONWriter.text(document(findings, context: context), style: .pretty)
    }

    static func number(_ value: Int) -> JSONValue { .number(JSONNumber(integerLiteral: value)) }
}
