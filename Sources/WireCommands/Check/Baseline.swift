import WireJSON
import WireLint
import WireSupport

/// A baseline: the findings a team accepted when it adopted `wirelock check` on an existing
/// repository, so that only new findings fail (the way SwiftLint's and detekt's baselines work).
///
/// A finding is matched by its rule, its file and where it is in the file: the JSON path of the value
/// when it has one, else its message with every run of digits read as `#` (so `first difference on
/// line 3` stays the same finding when lines move). Line numbers never take part, so `wirelock fmt`
/// does not invalidate a baseline. The same key recorded twice matches two findings.
///
/// The file is canonical JSON, sorted, one entry per key:
///
/// ```json
/// {
///   "findings": [
///     { "file": "Fixtures/user.json", "path": "$.email", "rule": "personal.email" },
///     { "file": "Fixtures/x.json", "rule": "naming.file-name", "subject": "'x' is not named <resource>-<scenario>" }
///   ],
///   "wirelock-baseline": 1
/// }
/// ```
///
/// ```swift
/// let baseline = Baseline(findings: today)
/// let split = baseline.apply(to: tomorrow)
/// split.new        // what fails
/// split.unmatched  // entries that no longer occur (a rewrite drops them)
/// ```
package struct Baseline: Hashable, Sendable {
    /// What a finding is matched by.
    package struct Key: Hashable, Sendable, Comparable {
        package var rule: String
        package var file: String
        /// The JSON path, when the finding has one.
        package var path: String?
        /// The message with digits read as `#`, for a finding without a path.
        package var subject: String?

        package static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule, lhs.path ?? "", lhs.subject ?? "")
                < (rhs.file, rhs.rule, rhs.path ?? "", rhs.subject ?? "")
        }
    }

    /// How many findings each key accepts.
    package var entries: [Key: Int]

    /// The file's version number (`"wirelock-baseline": 1`).
    package static let version = 1

    /// The key a finding is matched by.
    package static func key(of finding: Finding) -> Key {
        if let path = finding.path {
            return Key(rule: finding.ruleID, file: finding.file, path: path.description, subject: nil)
        }
        var subject = ""
        var inDigits = false
        for character in finding.message {
            if character.isASCII && character.isNumber {
                if !inDigits { subject.append("#") }
                inDigits = true
            } else {
                subject.append(character)
                inDigits = false
            }
        }
        return Key(rule: finding.ruleID, file: finding.file, path: nil, subject: subject)
    }

    /// A baseline accepting exactly these findings.
    package init(findings: [Finding]) {
        entries = [:]
        for finding in findings { entries[Self.key(of: finding), default: 0] += 1 }
    }

    /// How many findings it accepts in all.
    package var count: Int { entries.values.reduce(0, +) }

    /// Findings split by a baseline.
    package struct Split: Sendable {
        /// Findings the baseline does not accept, in their order.
        package var new: [Finding]
        /// Findings it accepts.
        package var accepted: [Finding]
        /// Entries (with their counts) no finding matched: fixed since the baseline was written.
        package var unmatched: [Key: Int]

        /// How many recorded findings no longer occur.
        package var unmatchedCount: Int { unmatched.values.reduce(0, +) }
    }

    /// Splits findings into new ones and accepted ones (one pass, each key's count used up in order).
    package func apply(to findings: [Finding]) -> Split {
        var remaining = entries
        var split = Split(new: [], accepted: [], unmatched: [:])
        for finding in findings {
            let key = Self.key(of: finding)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                split.accepted.append(finding)
            } else {
                split.new.append(finding)
            }
        }
        split.unmatched = remaining.filter { $0.value > 0 }
        return split
    }

    /// The file's bytes: canonical JSON, entries sorted by file, rule and place.
    package var fileBytes: [UInt8] {
        let items: [JSONValue] = entries.keys.sorted().map { key in
            var members: [JSONObject.Member] = [
                .init(key: "rule", value: .string(key.rule)), .init(key: "file", value: .string(key.file)),
            ]
            if let path = key.path { members.append(.init(key: "path", value: .string(path))) }
            if let subject = key.subject { members.append(.init(key: "subject", value: .string(subject))) }
            if let count = entries[key], count > 1 {
                members.append(.init(key: "count", value: .number(JSONNumber(text: String(count)))))
            }
            return .object(JSONObject(members))
        }
        return CanonicalJSONWriter.bytes(
            .object(
                JSONObject([
                    .init(key: "wirelock-baseline", value: .number(JSONNumber(text: String(Self.version)))),
                    .init(key: "findings", value: .array(items)),
                ])))
    }

    /// Reads a baseline file.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: its name as errors show it.
    /// - Throws: ``ConfigurationError`` at the offending value's line and column: not JSON, no
    ///   `"wirelock-baseline": 1`, an entry without `rule` or `file`, or with neither `path` nor
    ///   `subject`, an unknown field, a count that is not a positive whole number.
    package init(bytes: [UInt8], file: String) throws(ConfigurationError) {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONValue.parse(bytes)
        } catch {
            throw ConfigurationError(
                file: file, line: error.location.line, column: error.location.column, setting: "",
                message: "not a valid baseline: not valid JSON: \(error.reason)")
        }
        func fail(_ path: JSONPath, _ message: String) -> ConfigurationError {
            let map = try? JSONSourceMap(bytes)
            let start = map.flatMap { map in map.deepestEntry(toward: path).map { map.entries[$0.index].start } }
            return ConfigurationError(
                file: file, line: start?.line ?? 1, column: start?.column ?? 1,
                setting: path == .root ? "" : path.description, message: "not a valid baseline: \(message)")
        }
        let shape =
            "expected {\"wirelock-baseline\": 1, \"findings\": [...]} as `wirelock check --write-baseline` writes it"
        guard case .object(let object) = root else { throw fail(.root, shape) }
        guard case .number(let version)? = object["wirelock-baseline"], version.text == String(Self.version) else {
            throw fail(object["wirelock-baseline"] == nil ? .root : JSONPath([.key("wirelock-baseline")]), shape)
        }
        for member in object.members where member.key != "wirelock-baseline" && member.key != "findings" {
            throw fail(JSONPath([.key(member.key)]), "unknown field (\(shape))")
        }
        guard case .array(let items)? = object["findings"] else {
            throw fail(object["findings"] == nil ? .root : JSONPath([.key("findings")]), shape)
        }
        entries = [:]
        for (index, item) in items.enumerated() {
            let at = JSONPath([.key("findings"), .index(index)])
            guard case .object(let fields) = item else {
                throw fail(at, "expected an object with rule, file and path or subject")
            }
            var strings: [String: String] = [:]
            var count = 1
            for field in fields.members {
                let fieldPath = at.appending(key: field.key)
                switch field.key {
                case "rule", "file", "path", "subject":
                    guard case .string(let text) = field.value, !text.isEmpty else {
                        throw fail(fieldPath, "expected a non-empty string")
                    }
                    strings[field.key] = text
                case "count":
                    guard case .number(let number) = field.value, let value = Int(number.text), value > 0 else {
                        throw fail(fieldPath, "expected a whole number above 0")
                    }
                    count = value
                default:
                    throw fail(fieldPath, "unknown field (expected rule, file, path, subject or count)")
                }
            }
            guard let rule = strings["rule"] else { throw fail(at, "the entry has no rule") }
            guard let file = strings["file"] else { throw fail(at, "the entry has no file") }
            guard (strings["path"] == nil) != (strings["subject"] == nil) else {
                throw fail(at, "the entry needs exactly one of path or subject")
            }
            let key = Key(rule: rule, file: file, path: strings["path"], subject: strings["subject"])
            entries[key, default: 0] += count
        }
    }
}
