import WireJSON
import WireShapes

/// The fixture lint: secrets, personal data, internal hosts, format and naming, judged along the
/// JSON structure of one file (key paths as context), pure (bytes in, findings out).
///
/// - Values are judged under their key: a HAR-style `{"name": "Authorization", "value": …}` pair's
///   value under its name; values under id-like keys (`id`, `*Id`, `*_id`, `uuid`, `etag`,
///   `integrity`, `hash`, `checksum`, `sha*`, `digest`) are never flagged, nor redaction
///   placeholders (`<redacted>`), UUIDs, documentation addresses, or runs of one character.
/// - A string that holds a JSON document is parsed and scanned; so are a JWT's claims. Such findings
///   point at the enclosing string; their path goes on into the inner document.
/// - Snippets are masked (``LintMask``); the rules table is ``LintRule/all``.
///
/// ```swift
/// let findings = Lint.findings(in: Array(#"{"email": "alice@corp.io"}"#.utf8), file: "user-default.json")
/// // [personal.email at line 1, column 11, $.email, snippet "al…(13 chars)"]
/// ```
package enum Lint {
    /// A finding and the SHA-256 of the value it points at (what a suppression's `sha256` names).
    package struct Result: Hashable, Sendable {
        package var finding: Finding
        /// Lower-case hex SHA-256 of the string value's UTF-8; `nil` for findings about a whole file.
        package var valueSHA256: String?

        /// What `--fix` would write for it, when it can fix it.
        var fix: LintFix?

        /// Pairs a finding with its value's hash.
        package init(finding: Finding, valueSHA256: String? = nil) {
            self.finding = finding
            self.valueSHA256 = valueSHA256
        }
    }

    /// Lints one file's bytes.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the name to report (and to match the configuration's globs and the naming rule on);
    ///     a name ending in `.jsonl` or `.ndjson` is read as JSON Lines.
    ///   - configuration: suppressions, disabled rules and the families to run.
    /// - Returns: the findings in document order (file-level findings first). Never throws: invalid
    ///   JSON is a `format.invalid` finding.
    package static func findings(
        in bytes: [UInt8], file: String, configuration: LintConfiguration = LintConfiguration()
    ) -> [Finding] {
        results(in: bytes, file: file, configuration: configuration).map(\.finding)
    }

    /// ``findings(in:file:configuration:)`` with each value's hash, for suppressions.
    package static func results(
        in bytes: [UInt8], file: String, configuration: LintConfiguration = LintConfiguration()
    ) -> [Result] {
        var scan = FileScan(file: file, examples: configuration.exampleSet)
        if let naming = namingFinding(file: file, pattern: configuration.naming) {
            scan.results.append(Result(finding: naming, valueSHA256: nil))
        }
        if isJSONLines(file) {
            var lineStart = 0
            for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                defer { lineStart += line.count + 1 }
                if line.allSatisfy(ByteText.isSpace) { continue }
                scan.document(Array(line), lineOffset: index, byteOffset: lineStart, style: .compact)
            }
        } else {
            scan.document(bytes, lineOffset: 0, byteOffset: 0, style: .pretty)
        }
        return scan.results.filter { configuration.keeps($0.finding, valueSHA256: $0.valueSHA256) }
    }

    static func isJSONLines(_ file: String) -> Bool {
        file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson")
    }
}

/// The walk over one file: one source map per document (and per nested document), context keys
/// computed in two passes over its entries.
private struct FileScan {
    let file: String
    /// Published example values (built in and configured): not secrets.
    let examples: PublishedExampleSet
    var results: [Lint.Result] = []
    /// One context per distinct key of the file: a key's facts are worked out once, not per value.
    private var contextCache: [String: KeyContext] = [:]
    /// What each distinct key means to the person rules, worked out once per key too.
    private var personKeyCache: [String: PersonRules.KeyRole] = [:]

    init(file: String, examples: PublishedExampleSet = .builtIn) {
        self.file = file
        self.examples = examples
    }

    private mutating func personRole(of key: String) -> PersonRules.KeyRole {
        if let known = personKeyCache[key] { return known }
        let role = PersonRules.role(ofKey: key)
        personKeyCache[key] = role
        return role
    }

    private mutating func context(for key: String) -> KeyContext {
        if let known = contextCache[key] { return known }
        let context = KeyContext(key: key)
        contextCache[key] = context
        return context
    }

    /// How deep JSON-in-a-string (and JWT claims) are followed.
    static let maximumNesting = 3

    mutating func document(
        _ bytes: [UInt8], lineOffset: Int, byteOffset: Int, style: CanonicalJSONWriter.Style
    ) {
        var options = JSONParseOptions.strict
        options.allowDuplicateKeys = true
        let map: JSONSourceMap
        do throws(JSONSyntaxError) {
            map = try JSONSourceMap(bytes, options: options)
        } catch {
            let region = Finding.Region(line: error.location.line + lineOffset, column: error.location.column)
            add(.invalid, region: region, path: error.path, message: "not valid JSON: \(error.reason)", value: nil)
            return
        }
        duplicateKeys(map, lineOffset: lineOffset)
        canonicalForm(bytes, options: options, style: style, lineOffset: lineOffset)
        values(
            map, pathPrefix: [], region: nil, lineOffset: lineOffset, byteOffset: byteOffset,
            outerContext: .none, hashSource: nil, depth: 0, note: "")
    }

    private mutating func add(
        _ rule: LintRule, region: Finding.Region?, path: JSONPath?, message: String, snippet: String? = nil,
        value: String?, fix: LintFix? = nil
    ) {
        let finding = Finding(
            ruleID: rule.id, severity: .error, file: file, region: region, path: path, message: message,
            hint: rule.help, snippet: snippet)
        var result = Lint.Result(finding: finding, valueSHA256: value.map { SHA256.hex(Array($0.utf8)) })
        result.fix = fix
        results.append(result)
    }

    private mutating func duplicateKeys(_ map: JSONSourceMap, lineOffset: Int) {
        struct Member: Hashable {
            var parent: Int
            var key: JSONPath.Component
        }
        var seen = Set<Member>()
        for (index, entry) in map.entries.enumerated() {
            guard let parent = entry.parent, let component = entry.component, case .key(let name) = component else {
                continue
            }
            if !seen.insert(Member(parent: parent, key: component)).inserted {
                let start = entry.keyStart ?? entry.start
                add(
                    .duplicateKey, region: Finding.Region(line: start.line + lineOffset, column: start.column),
                    path: map.path(of: index), message: "the member name \"\(name)\" is repeated in this object",
                    value: nil)
            }
        }
    }

    private mutating func canonicalForm(
        _ bytes: [UInt8], options: JSONParseOptions, style: CanonicalJSONWriter.Style, lineOffset: Int
    ) {
        guard let canonical = try? CanonicalJSONWriter.canonicalize(bytes, options: options, style: style),
            canonical != bytes
        else { return }
        // Point at the first byte that differs.
        var offset = 0
        while offset < bytes.count && offset < canonical.count && bytes[offset] == canonical[offset] { offset += 1 }
        let at = JSONSourceLocation(offset: offset, in: bytes)
        add(
            .nonCanonical, region: Finding.Region(line: at.line + lineOffset, column: at.column), path: nil,
            message: "not in canonical form (first difference from wirelock fmt's output here)", value: nil)
    }

    /// Scans every string of a (possibly nested) document. `region` is fixed for a nested document
    /// (the enclosing string); `hashSource` is that string's text.
    private mutating func values(
        _ map: JSONSourceMap, pathPrefix: [JSONPath.Component], region fixedRegion: Finding.Region?, lineOffset: Int,
        byteOffset: Int? = nil, outerContext: KeyContext, hashSource: String?, depth: Int, note: String
    ) {
        let entries = map.entries
        // Pass 1: the "name" of each HAR-style pair object, and which objects describe a person.
        var pairNames: [Int: String] = [:]
        var people = PersonLikeObjects()
        for entry in entries where entry.kind == .string {
            guard let parent = entry.parent, case .key(let key)? = entry.component, let text = entry.text else {
                continue
            }
            if key == "name" { pairNames[parent] = text }
            people.note(personRole(of: key), value: text, in: parent)
        }
        // Pass 2: each value's context, inherited from its parent for array elements.
        var contexts: [KeyContext] = []
        contexts.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let context: KeyContext
            func region() -> Finding.Region {
                fixedRegion
                    ?? Finding.Region(
                        line: entry.start.line + lineOffset, column: entry.start.column,
                        endLine: entry.end.line + lineOffset, endColumn: max(1, entry.end.column - 1))
            }
            // Only a string of the file itself can be rewritten by --fix (not one inside another).
            let span = byteOffset.map { ($0 + entry.start.offset)..<($0 + entry.end.offset) }
            // A person's profile: judged by the member's name and its object, before its text.
            if let parent = entry.parent, people.mayDescribe(parent), case .key(let key)? = entry.component,
                let text = entry.text, people.isProfileValue(personRole(of: key), text, kind: entry.kind)
            {
                let fix = entry.kind == .string ? span.map { LintFix.whole($0, value: text) } : nil
                add(
                    .profile, region: region(), path: JSONPath(pathPrefix + map.path(of: index).components),
                    message: LintRule.profile.sentenceDescription + note, snippet: LintMask.mask(text),
                    value: hashSource ?? text, fix: fix)
            }
            // Only strings are judged, and only arrays pass a context on (to their elements).
            guard entry.kind == .string || entry.kind == .array else {
                contexts.append(.none)
                continue
            }
            switch entry.component {
            case .key(let key)?:
                if key == "value", let parent = entry.parent, let name = pairNames[parent] {
                    context = self.context(for: name)
                } else {
                    context = self.context(for: key)
                }
            case .index?:
                context = entry.parent.map { contexts[$0] } ?? outerContext
            case nil:
                context = outerContext
            }
            contexts.append(context)
            guard entry.kind == .string, let text = entry.text else { continue }
            // The path is only built for a value that has findings or holds a document.
            string(
                text, context: context, region: region(),
                path: { JSONPath(pathPrefix + map.path(of: index).components) }, hashSource: hashSource ?? text,
                span: span, depth: depth, note: note)
        }
    }

    private mutating func string(
        _ text: String, context: KeyContext, region: Finding.Region, path makePath: () -> JSONPath, hashSource: String,
        span: Range<Int>?, depth: Int, note: String
    ) {
        guard !context.isIDLike else { return }
        let bytes = Array(text.utf8)
        var builtPath: JSONPath?
        func path() -> JSONPath {
            if let builtPath { return builtPath }
            let made = makePath()
            builtPath = made
            return made
        }
        // A JSON document inside the string: scan it instead of its text.
        if depth < FileScan.maximumNesting, let first = bytes.first(where: { !ByteText.isSpace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let inner = try? JSONSourceMap(bytes, options: JSONParseOptions(allowDuplicateKeys: true))
        {
            values(
                inner, pathPrefix: path().components, region: region, lineOffset: 0, outerContext: context,
                hashSource: hashSource, depth: depth + 1, note: " (in the JSON document inside this string)")
            return
        }
        var scanner = ValueScanner(bytes, context: context, examples: examples)
        let scan = scanner.scan()
        for hit in scan.hits {
            let fix = span.flatMap { span in
                LintFix.replacement(for: hit.rule, matched: hit.matched).map {
                    LintFix(span: span, value: bytes, range: hit.range, replacement: $0)
                }
            }
            add(
                hit.rule, region: region, path: path(), message: hit.rule.sentenceDescription + note,
                snippet: LintMask.mask(hit.matched), value: hashSource, fix: fix)
        }
        guard depth < FileScan.maximumNesting else { return }
        for claims in scan.claims {
            guard let inner = try? JSONSourceMap(claims, options: JSONParseOptions(allowDuplicateKeys: true)) else {
                continue
            }
            values(
                inner, pathPrefix: path().components, region: region, lineOffset: 0, outerContext: .none,
                hashSource: hashSource, depth: depth + 1, note: " (in a claim of the JWT in this string)")
        }
    }
}

/// Which objects of one document describe a person (``PersonRules``): an object with an identity
/// member (a non-empty `login`, `username`, `avatar_url`, … or an e-mail address that is not a
/// role address) whose `type` is not an organisation or bot. Filled in one pass over the
/// document's strings, asked once per string afterwards.
private struct PersonLikeObjects {
    private var identified: Set<Int> = []
    private var notPeople: Set<Int> = []

    mutating func note(_ role: PersonRules.KeyRole, value: String, in object: Int) {
        guard !value.isEmpty else { return }
        switch role {
        case .identity(let isEmail):
            let bytes = Array(value.utf8)
            if ValueScanner.isExempt(bytes) { return }
            // GitHub names its apps' accounts `name[bot]`, in logins and no-reply addresses alike.
            if PersonRules.isBotIdentity(bytes) {
                notPeople.insert(object)
                return
            }
            if isEmail && PersonRules.isRoleAddress(bytes) { return }
            identified.insert(object)
        case .type:
            if PersonRules.nonPersonTypes.contains(PersonRules.normalizedKey(value.utf8)) { notPeople.insert(object) }
        case .profile, .privateCount, .other:
            break
        }
    }

    /// Whether `object` is person-like.
    func mayDescribe(_ object: Int) -> Bool {
        identified.contains(object) && !notPeople.contains(object)
    }

    /// Whether `value` (a string, or a number's source text) of a person-like object, under a key
    /// of this role, is profile data worth reporting: a profile member's non-blank text, or a
    /// non-zero count whose name says it is private (`private_gists`, `owned_private_repos`).
    func isProfileValue(_ role: PersonRules.KeyRole, _ value: String, kind: JSONSourceMap.Kind) -> Bool {
        switch (kind, role) {
        case (.string, .profile):
            let bytes = Array(value.utf8)
            return !bytes.allSatisfy(ByteText.isSpace) && !ValueScanner.isExempt(bytes)
        case (.number, .privateCount):
            return value.utf8.contains { $0 >= 0x31 && $0 <= 0x39 }
        default:
            return false
        }
    }
}

extension Lint {
    /// The value rules (`secret.*`, `personal.*`, `internal.*`) that one string trips when judged
    /// under `key` (a header field's or query item's name, a member name), most specific first, for
    /// a tool that must not write what `wirelock lint` would reject (`import-har`'s header fields).
    ///
    /// ```swift
    /// Lint.valueRules(in: "::ffff:10.0.3.7", key: "x-servedByHost").map(\.id)   // ["internal.ip"]
    /// Lint.valueRules(in: "text/html", key: "content-type")                      // []
    /// ```
    package static func valueRules(in value: String, key: String?) -> [LintRule] {
        var scanner = ValueScanner(Array(value.utf8), context: KeyContext(key: key))
        return scanner.scan().hits.map(\.rule)
    }
}
