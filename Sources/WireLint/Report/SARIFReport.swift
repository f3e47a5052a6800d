import WireJSON
import WireShapes

/// The report for code scanning: SARIF 2.1.0 as GitHub's `upload-sarif` action accepts it.
///
/// One run; `tool.driver` names the tool, its version and `informationUri`, and lists in `rules[]`
/// every rule the context describes or a finding uses (`id`, `shortDescription`, `fullDescription`,
/// `help`). Each result has `ruleId`, `ruleIndex` (into `rules[]`), `level` (`error`, `warning`,
/// `note`), `message.text`, and one `physicalLocation`: `artifactLocation.uri` relative to the
/// repository with `uriBaseId` `%SRCROOT%`, and a `region` from start line and column to end line
/// and column (SARIF's end column is exclusive; a whole-file finding points at line 1). Columns are
/// UTF-16 code units (`columnKind`), converted from WireLock's byte columns where the context has
/// the file's bytes.
///
/// `partialFingerprints["wirelock/v1"]` is the SHA-256 of the rule id, the file and the JSON path
/// (not the line), with a number for repeats of the same three, so an alert survives reformatting
/// and code scanning does not reopen it when only the layout of a file changed.
public enum SARIFReport {
    /// The schema the document names.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The name of the base the artifact URIs are relative to.
    public static let sourceRoot = "%SRCROOT%"
    /// The key of WireLock's fingerprint in `partialFingerprints`.
    public static let fingerprintKey = "wirelock/v1"

    /// The report as a value.
    public static func document(_ findings: [Finding], context: ReportContext) -> JSONValue {
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
        // One converter per file: its line starts are found once and its cursors move forward, so
        // many findings in one big file (or on one long line) stay linear.
        var converters: [String: UTF16Columns] = [:]
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
                    "region": region(
                        finding,
                        converter: &converters[finding.file, default: UTF16Columns(context.sources[finding.file])]),
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
            .init(key: "columnKind", value: .string("utf16CodeUnits")),
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
    public static func render(_ findings: [Finding], context: ReportContext) -> String {
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

    /// The region in UTF-16 columns, the end exclusive; line 1 for a whole-file finding.
    static func region(_ finding: Finding, converter: inout UTF16Columns) -> JSONValue {
        guard let region = finding.region else {
            return .object(JSONObject(["startLine": JSONReport.number(1)]))
        }
        return .object(
            JSONObject([
                "startLine": JSONReport.number(region.line),
                "startColumn": JSONReport.number(
                    converter.column(line: region.line, byteColumn: region.column, cursor: \.start)),
                "endLine": JSONReport.number(region.endLine),
                "endColumn": JSONReport.number(
                    converter.column(line: region.endLine, byteColumn: region.endColumn + 1, cursor: \.end)),
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
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// Converts 1-based byte columns of one file into 1-based UTF-16 columns. Without the file's bytes
/// a column stays as it is (the same for ASCII). Two cursors (for start and end columns) remember
/// where the last conversion ended, so columns asked for in increasing order cost one pass over
/// the file in all.
struct UTF16Columns {
    struct Cursor {
        var line = 0
        var byte = 0
        var units = 0
    }

    private let source: [UInt8]?
    private var lineStarts: [Int] = []
    var start = Cursor()
    var end = Cursor()

    init(_ source: [UInt8]?) {
        self.source = source
        guard let source else { return }
        lineStarts = [0]
        for index in source.indices where source[index] == 0x0A { lineStarts.append(index + 1) }
    }

    mutating func column(line: Int, byteColumn: Int, cursor: WritableKeyPath<UTF16Columns, Cursor>) -> Int {
        guard let source, line >= 1, line <= lineStarts.count, byteColumn >= 1 else { return byteColumn }
        let lineStart = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : source.count
        let target = min(lineStart + byteColumn - 1, lineEnd)
        var position = self[keyPath: cursor]
        if position.line != line || position.byte > target {
            position = Cursor(line: line, byte: lineStart, units: 0)
        }
        var index = position.byte
        var units = position.units
        while index < target {
            let lead = source[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            index += length
        }
        self[keyPath: cursor] = Cursor(line: line, byte: index, units: units)
        // A column past the line's end (or inside a character) keeps its distance in bytes.
        return 1 + units + max(0, lineStart + byteColumn - 1 - index)
    }
}
