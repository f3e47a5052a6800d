import WireJSON
import WireSupport
import WireToolSupport

/// The `lint` section of `wirelock.json`: which findings are suppressed (each with a reason), which
/// rules are off where, and which rule families run.
///
/// ```json
/// "lint": {
///   "suppress": [
///     { "path": "$.users[*].email", "file": "Fixtures/users-*.json", "rule": "personal.email",
///       "sha256": "5f0c…", "reason": "the support address we publish" }
///   ],
///   "disable": [
///     "naming.file-name",
///     { "rule": "internal", "file": "Fixtures/local-dev/*" }
///   ],
///   "scope": { "unreferenced": { "files": ["Fixtures/v2/*"] }, "personal": { "exclude": ["*-public.json"] } },
///   "naming": { "pattern": "snake_case" }
/// }
/// ```
///
/// `scope` maps a rule id or family to where it runs (a ``PathScope``: `true`, `false`, or
/// `{ "files": [globs], "exclude": [globs] }`): the rule reports only on files its scope covers.
/// `naming.pattern` is the base-name convention `naming.file-name` checks (a ``FileNamePattern``:
/// `resource-scenario`, the default; `kebab-case`; `snake_case`; or a regular expression).
///
/// A suppression matches a finding when every field it gives matches: `rule` an id or a family
/// (`secret`), `file` a shell glob on the file as reported (`*` also matches `/`), `path` a JSON
/// path glob (`*` any run of characters, `?` one, `..` any depth: `$..email`), `sha256` the lower-case
/// hex SHA-256 of the UTF-8 of the string value the finding points at (decoded, so it survives
/// reformatting; `wirelock lint --format json` prints it). `reason` is required.
///
/// `examples` lists published example values that are not secrets here (see
/// ``publishedExamples``).
///
/// By default the fuzz regression corpus (`*fuzz-regressions/*`), whose files are named by hash and
/// written by the fuzzer, is exempt from `naming`, `unreferenced` and `format.non-canonical`.
package struct LintConfiguration: Hashable, Sendable {
    /// One suppressed finding (or group of findings).
    package struct Suppression: Hashable, Sendable {
        package var rule: String?
        package var file: String?
        package var path: String?
        package var sha256: String?
        package var reason: String

        /// Makes a suppression; `nil` fields match anything.
        package init(
            rule: String? = nil, file: String? = nil, path: String? = nil, sha256: String? = nil, reason: String
        ) {
            self.rule = rule
            self.file = file
            self.path = path
            self.sha256 = sha256
            self.reason = reason
        }
    }

    /// A rule (or family) switched off, optionally only for some files or paths.
    package struct DisabledRule: Hashable, Sendable {
        package var rule: String
        package var file: String?
        package var path: String?

        /// Makes a disabled-rule entry; `nil` globs match everything.
        package init(rule: String, file: String? = nil, path: String? = nil) {
            self.rule = rule
            self.file = file
            self.path = path
        }
    }

    /// An error in the `lint` section, naming the setting (`lint.suppress[2].reason`).
    package struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The setting, as a path from `lint`.
        package var setting: String
        /// What was expected.
        package var reason: String
        /// Where the offending value is, relative to the `lint` section's value (so that
        /// ``WireLockConfiguration`` can point at its line and column).
        package var path: JSONPath
        package var description: String { "\(setting): \(reason)" }

        /// An error at `setting`; the path is read from the setting's words (`lint.suppress[2].reason`)
        /// unless given (for a member name that may hold dots or brackets).
        init(setting: String, reason: String, path: JSONPath? = nil) {
            self.setting = setting
            self.reason = reason
            self.path = path ?? Self.path(ofSetting: setting)
        }

        /// `lint.suppress[2].reason` as the path `$.suppress[2].reason` inside the section.
        static func path(ofSetting setting: String) -> JSONPath {
            var components: [JSONPath.Component] = []
            for word in setting.split(separator: ".").dropFirst() {
                var rest = Substring(word)
                if let bracket = rest.firstIndex(of: "[") {
                    components.append(.key(String(rest[..<bracket])))
                    rest = rest[bracket...]
                    while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                        if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                            components.append(.index(index))
                        }
                        rest = rest[rest.index(after: close)...]
                    }
                } else {
                    components.append(.key(String(rest)))
                }
            }
            return JSONPath(components)
        }
    }

    /// A rule (or family) and where it runs.
    package struct ScopedRule: Hashable, Sendable {
        package var rule: String
        package var scope: PathScope

        package init(rule: String, scope: PathScope) {
            self.rule = rule
            self.scope = scope
        }
    }

    package var suppressions: [Suppression]
    package var disabled: [DisabledRule]
    /// Rules that run only where their scope says (`lint.scope`), in the file's order.
    package var scopes: [ScopedRule] = []
    /// The base-name convention of `naming.file-name` (`lint.naming.pattern`).
    package var naming: FileNamePattern = .resourceScenario
    /// The families that run; all of them when `nil` (`--only` narrows it).
    package var categories: Set<LintCategory>?
    /// Published example values the project adds to ``PublishedExample/builtIn`` (`lint.examples`).
    package var publishedExamples: [PublishedExample] = []

    /// The exemptions every configuration starts with (see the type's documentation).
    package static let defaultDisabled: [DisabledRule] = [
        DisabledRule(rule: "naming", file: "*fuzz-regressions/*"),
        DisabledRule(rule: "unreferenced", file: "*fuzz-regressions/*"),
        DisabledRule(rule: "format.non-canonical", file: "*fuzz-regressions/*"),
    ]

    /// A configuration with no suppressions, the default exemptions, and every family on.
    package init(
        suppressions: [Suppression] = [], disabled: [DisabledRule] = LintConfiguration.defaultDisabled,
        categories: Set<LintCategory>? = nil
    ) {
        self.suppressions = suppressions
        self.disabled = disabled
        self.categories = categories
    }

    /// Reads the `lint` section of `wirelock.json` (the section's value, not the whole file).
    /// - Throws: ``LintConfiguration/Error`` naming the setting when a field has the wrong type, a
    ///   suppression has no `reason`, a rule names no known rule or family, or an unknown field is given.
    package init(json: JSONValue) throws(LintConfiguration.Error) {
        self.init()
        guard case .object(let section) = json else { throw Error(setting: "lint", reason: "expected an object") }
        for member in section.members {
            switch member.key {
            case "suppress":
                guard case .array(let items) = member.value else {
                    throw Error(setting: "lint.suppress", reason: "expected an array of objects")
                }
                for (index, item) in items.enumerated() {
                    suppressions.append(try Self.suppression(item, setting: "lint.suppress[\(index)]"))
                }
            case "disable":
                guard case .array(let items) = member.value else {
                    throw Error(setting: "lint.disable", reason: "expected an array of rule ids or objects")
                }
                for (index, item) in items.enumerated() {
                    disabled.append(try Self.disabledRule(item, setting: "lint.disable[\(index)]"))
                }
            case "scope":
                guard case .object(let rules) = member.value else {
                    throw Error(setting: "lint.scope", reason: "expected an object from rule ids or families to scopes")
                }
                for rule in rules.members {
                    let at = JSONPath([.key("scope"), .key(rule.key)])
                    try Self.checkRule(rule.key, setting: "lint.scope", path: at)
                    switch PathScope.parse(rule.value) {
                    case .success(let scope): scopes.append(ScopedRule(rule: rule.key, scope: scope))
                    case .failure(let error):
                        throw Error(
                            setting: "lint.scope.\(rule.key)", reason: error.reason,
                            path: JSONPath(at.components + error.path.components))
                    }
                }
            case "naming":
                guard case .object(let settings) = member.value, settings.members.count == 1,
                    let setting = settings.members.first, setting.key == "pattern"
                else {
                    throw Error(setting: "lint.naming", reason: "expected an object with one member, pattern")
                }
                guard case .string(let text) = setting.value, !text.isEmpty else {
                    throw Error(setting: "lint.naming.pattern", reason: "expected a non-empty string")
                }
                do throws(PathScope.Error) {
                    naming = try FileNamePattern(text)
                } catch {
                    throw Error(setting: "lint.naming.pattern", reason: error.reason)
                }
            case "examples":
                publishedExamples = try Self.publishedExamples(member.value)
            default:
                throw Error(
                    setting: "lint.\(member.key)",
                    reason: "unknown setting (expected suppress, disable, scope, naming or examples)",
                    path: JSONPath([.key(member.key)]))
            }
        }
    }

    private static func strings(
        _ object: JSONObject, setting: String, allowed: Set<String>
    ) throws(LintConfiguration.Error) -> [String: String] {
        var out: [String: String] = [:]
        for member in object.members {
            guard allowed.contains(member.key) else {
                let names = allowed.sorted().joined(separator: ", ")
                throw Error(
                    setting: "\(setting).\(member.key)", reason: "unknown field (expected one of \(names))",
                    path: Error.path(ofSetting: setting).appending(key: member.key))
            }
            guard case .string(let text) = member.value else {
                throw Error(setting: "\(setting).\(member.key)", reason: "expected a string")
            }
            out[member.key] = text
        }
        return out
    }

    private static func checkRule(
        _ rule: String, setting: String, path: JSONPath? = nil
    ) throws(LintConfiguration.Error) {
        let known = LintRule.all.contains { $0.id == rule } || LintCategory(rawValue: rule) != nil
        guard known else {
            throw Error(
                setting: setting, reason: "'\(rule)' is not a lint rule id or family (see wirelock lint --help)",
                path: path)
        }
    }

    private static func suppression(_ value: JSONValue, setting: String) throws(LintConfiguration.Error) -> Suppression
    {
        guard case .object(let object) = value else { throw Error(setting: setting, reason: "expected an object") }
        let fields = try strings(object, setting: setting, allowed: ["rule", "file", "path", "sha256", "reason"])
        guard let reason = fields["reason"], !reason.allSatisfy(\.isWhitespace) else {
            throw Error(setting: "\(setting).reason", reason: "required: say why the finding is acceptable")
        }
        if let rule = fields["rule"] { try checkRule(rule, setting: "\(setting).rule") }
        if let hash = fields["sha256"] {
            guard hash.utf8.count == 64, hash.utf8.allSatisfy({ ByteText.isDigit($0) || (0x61...0x66).contains($0) })
            else { throw Error(setting: "\(setting).sha256", reason: "expected 64 lower-case hex digits") }
        }
        if fields["rule"] == nil && fields["path"] == nil && fields["sha256"] == nil {
            throw Error(setting: setting, reason: "give at least one of rule, path or sha256")
        }
        return Suppression(
            rule: fields["rule"], file: fields["file"], path: fields["path"], sha256: fields["sha256"], reason: reason)
    }

    private static func disabledRule(_ value: JSONValue, setting: String) throws(LintConfiguration.Error)
        -> DisabledRule
    {
        if case .string(let rule) = value {
            try checkRule(rule, setting: setting)
            return DisabledRule(rule: rule)
        }
        guard case .object(let object) = value else {
            throw Error(setting: setting, reason: "expected a rule id or an object with rule, file and path")
        }
        let fields = try strings(object, setting: setting, allowed: ["rule", "file", "path"])
        guard let rule = fields["rule"] else { throw Error(setting: "\(setting).rule", reason: "required") }
        try checkRule(rule, setting: "\(setting).rule")
        return DisabledRule(rule: rule, file: fields["file"], path: fields["path"])
    }
}

extension LintConfiguration {
    /// Whether a rule id is selected by an id-or-family entry.
    static func selects(_ entry: String?, _ ruleID: String) -> Bool {
        guard let entry else { return true }
        return entry == ruleID || ruleID.hasPrefix(entry + ".")
    }

    static func fileMatches(_ glob: String?, _ file: String) -> Bool {
        guard let glob else { return true }
        return GlobPattern(glob).matches(file)
    }

    static func pathMatches(_ glob: String?, _ path: JSONPath?) -> Bool {
        guard let glob else { return true }
        return JSONPathGlob(glob).matches((path ?? .root).description)
    }

    /// Whether the configuration lets this finding through: its family is selected, no disabled
    /// rule covers it and no suppression matches it (`valueSHA256`: the hash of the value it is
    /// about, for suppressions that name one).
    package func keeps(_ finding: Finding, valueSHA256: String? = nil) -> Bool {
        if let categories, !categories.contains(where: { $0.rawValue == finding.family }) { return false }
        for entry in scopes where Self.selects(entry.rule, finding.ruleID) && !entry.scope.covers(finding.file) {
            return false
        }
        for rule in disabled
        where Self.selects(rule.rule, finding.ruleID) && Self.fileMatches(rule.file, finding.file)
            && Self.pathMatches(rule.path, finding.path)
        {
            return false
        }
        for entry in suppressions
        where Self.selects(entry.rule, finding.ruleID) && Self.fileMatches(entry.file, finding.file)
            && Self.pathMatches(entry.path, finding.path)
        {
            if let hash = entry.sha256, hash != valueSHA256 { continue }
            return false
        }
        return true
    }
}

/// A glob over a JSON path's text: `*` any run of characters, `?` one character, `..` any depth
/// (`$..email` matches `$.email` and `$.a[0].email`); everything else, brackets included, literal.
struct JSONPathGlob {
    private enum Token: Equatable {
        case literal(UInt8)
        case any
        case one
    }

    private let tokens: [Token]

    init(_ pattern: String) {
        var tokens: [Token] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ".") {
                tokens += [.any, .literal(UInt8(ascii: "."))]
                index += 2
                continue
            }
            switch byte {
            case UInt8(ascii: "*"): tokens.append(.any)
            case UInt8(ascii: "?"): tokens.append(.one)
            default: tokens.append(.literal(byte))
            }
            index += 1
        }
        self.tokens = tokens
    }

    /// Whether the whole text matches (linear-time backtracking over the last `*`).
    func matches(_ text: String) -> Bool {
        let subject = Array(text.utf8)
        var t = 0
        var s = 0
        var star: (token: Int, subject: Int)?
        while s < subject.count {
            if t < tokens.count {
                switch tokens[t] {
                case .any:
                    star = (t, s)
                    t += 1
                    continue
                case .one:
                    t += 1
                    s += 1
                    continue
                case .literal(let byte) where byte == subject[s]:
                    t += 1
                    s += 1
                    continue
                case .literal:
                    break
                }
            }
            guard let last = star else { return false }
            star = (last.token, last.subject + 1)
            t = last.token + 1
            s = last.subject + 1
        }
        while t < tokens.count && tokens[t] == .any { t += 1 }
        return t == tokens.count
    }
}
