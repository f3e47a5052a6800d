import WireJSON
import WireShapes
import WireSupport

/// The report for code scanning: SARIF 2.1.0 as GitHub's `upload-sarif` action accepts it.
///
/// One run; `tool.driver` names the tool, its version and `informationUri`, and lists in `rules[]`
/// every rule the context describes or a finding uses (`id`, `shortDescription`, `fullDescription`,
/// `help`). Each result has `ruleId`, `ruleIndex` (into `rules[]`), `level` (`error`, `warning`,
/// `note`), `message.text`, and one `physicalLocation`: `artifactLocation.uri` relative to the
/// repository with `uriBaseId` `%SRCROOT%`, and a `region` from start line and column to end line
/// and column (SARIF's end column is exclusive; a whole-file finding points at line 1). Columns count
/// Unicode code points, as WireLock's do (`columnKind` `unicodeCodePoints`).
///
/// `partialFingerprints["wirelock/v1"]` is the SHA-256 of the rule id, the file and the JSON path
/// (not the line), with a number for repeats of the same three, so an alert survives reformatting
/// and code scanning does not reopen it when only the layout of a file changed.
package enum SARIFReport {
    /// The schema the document names.
    package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The name of the base the artifact URIs are relative to.
    package static let sourceRoot = "%SRCROOT%"
    /// The key of WireLock's fingerprint in `partialFingerprints`.
    package static let fingerprintKey = "wirelock/v1"

    /// The report as a value.
    package static func document(_ findings: [Finding], context: ReportContext) -> JSONValue {
        let sorted = context.ordered(findings)
        let ruleIDs = Set(context.rules.map(\.id)).union(sorted.map(\.ruleID)).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let rules: [JSONValue] = ruleIDs.map { id in
            let rule = context.rule(id)
            return .object(
                JSONObject([
                    "id": .string(rule.id),
                    "shortDescription": text(rule.shortDescription),
                    "fullDescription": text(rule.fullDescription),
                    "help": text(rule.help),
                ]))
        }
        var seen: [String: Int] = [:]
        let results: [JSONValue] = sorted.map { finding in
            let file = context.repositoryRelative(finding.file)
            let identity = "\(finding.ruleID)\u{0}\(file)\u{0}\(finding.path?.description ?? "")"
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            let fingerprint = String(SHA256.hex(SHA256.hash(Array(identity.utf8))).prefix(32)) + ":\(occurrence)"
            var message = finding.message
            if let path = finding.path, !path.components.isEmpty { message += " (at \(path))" }
            if let hint = finding.hint { message += ". Hint: \(hint)" }
            if let snippet = finding.snippet { message += ". Snippet: \(snippet)" }
            let physical: JSONValue = .object(
                JSONObject([
                    "artifactLocation": .object(
                        JSONObject(["uri": .string(uriEncoded(file)), "uriBaseId": .string(sourceRoot)])),
                    "region": region(finding),
                ]))
            return .object(
                JSONObject([
                    "ruleId": .string(finding.ruleID),
                    "ruleIndex": JSONReport.number(ruleIndex[finding.ruleID]!),
                    "level": .string(level(finding.severity)),
                    "message": text(message),
                    "locations": .array([.object(JSONObject(["physicalLocation": physical]))]),
                    "partialFingerprints": .object(JSONObject([fingerprintKey: .string(fingerprint)])),
                ]))
        }
        var run: [JSONObject.Member] = [
            .init(
                key: "tool",
                value: .object(
                    JSONObject([
                        "driver": .object(
                            JSONObject([
                                "name": .string(context.toolName),
                                "version": .string(context.toolVersion),
                                "semanticVersion": .string(context.toolVersion),
                                "informationUri": .string(context.informationURI),
                                "rules": .array(rules),
                            ]))
                    ]))),
            .init(key: "columnKind", value: .string("unicodeCodePoints")),
            .init(key: "results", value: .array(results)),
        ]
        if let root = context.repositoryRoot, root.hasPrefix("/") {
            let directory = root.hasSuffix("/") ? root : root + "/"
            run.append(
                .init(
                    key: "originalUriBaseIds",
                    value: .object(
                        JSONObject([
                            sourceRoot: .object(JSONObject(["uri": .string("file://" + uriEncoded(directory))]))
                        ]))))
        }
        return .object(
            JSONObject([
                "$schema": .string(schema),
                "version": .string("2.1.0"),
                "runs": .array([.object(JSONObject(run))]),
            ]))
    }

    /// The report as canonical JSON text.
    package static func render(_ findings: [Finding], context: ReportContext) -> String {
        CanonicalJSONWriter.text(document(findings, context: context), style: .pretty)
    }

    static func text(_ value: String) -> JSONValue { .object(JSONObject(["text": .string(value)])) }

    static func level(_ severity: Finding.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// The region, the end exclusive as SARIF wants it; line 1 for a whole-file finding.
    static func region(_ finding: Finding) -> JSONValue {
        guard let region = finding.region else {
            return .object(JSONObject(["startLine": JSONReport.number(1)]))
        }
        return .object(
            JSONObject([
                "startLine": JSONReport.number(region.line),
                "startColumn": JSONReport.number(region.column),
                "endLine": JSONReport.number(region.endLine),
                "endColumn": JSONReport.number(region.endColumn + 1),
            ]))
    }

    /// A relative path as a URI reference: every byte but unreserved characters and `/`
    /// percent-encoded.
    static func uriEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + Text.hex(byte)
            }
        }
        return out
    }
}
