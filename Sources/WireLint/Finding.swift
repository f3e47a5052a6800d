import WireJSON

/// One problem a check found in one file: the unit every WireLock check reports (lint, validate,
/// `fmt --check`, the lock check, the fuzz smoke campaign) and every report format renders
/// (text, JSON, GitHub workflow commands, SARIF 2.1.0, JUnit XML).
///
/// A finding never holds a secret: `snippet` is already masked by whoever made the finding.
///
/// ```swift
/// let finding = Finding(
///     ruleID: "personal.email", severity: .error, file: "Fixtures/API/user-default.json",
///     region: Finding.Region(line: 3, column: 12), path: [.key("email")],
///     message: "an e-mail address", hint: "replace it with user@example.com")
/// ```
package struct Finding: Hashable, Sendable {
    /// How serious a finding is; `error` fails a check, `warning` and `note` are reported only.
    package enum Severity: String, Hashable, Sendable, CaseIterable, Comparable {
        case note
        case warning
        case error

        package static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.note, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// Where in the file: 1-based lines and columns (columns count Unicode code points, as the
    /// validator's do: `é` moves it by one), the end inclusive. A finding about the whole file has no
    /// region.
    package struct Region: Hashable, Sendable {
        package var line: Int
        package var column: Int
        package var endLine: Int
        package var endColumn: Int

        /// A region; the end defaults to the start (one position).
        package init(line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) {
            self.line = line
            self.column = column
            self.endLine = endLine ?? line
            self.endColumn = endColumn ?? column
        }
    }

    /// Stable rule id, `family.name` (`secret.jwt`, `personal.email`, `format.non-canonical`).
    package var ruleID: String
    package var severity: Severity
    /// The file as the user named it or relative to the repository (reports use it as given).
    package var file: String
    package var region: Region?
    /// The JSON path of the value the finding is about, when there is one.
    package var path: JSONPath?
    /// One line saying what is wrong.
    package var message: String
    /// One line saying how to fix it, when there is a fix.
    package var hint: String?
    /// A short, masked excerpt of the offending value (never the secret itself).
    package var snippet: String?
    /// The lower-case hex SHA-256 of the value the finding is about, when a suppression may name
    /// it (`sha256` in `wirelock.json`'s `lint.suppress`); the JSON report prints it.
    package var valueSHA256: String?

    /// Makes a finding; see the type's documentation for the fields.
    package init(
        ruleID: String, severity: Severity = .error, file: String, region: Region? = nil, path: JSONPath? = nil,
        message: String, hint: String? = nil, snippet: String? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.file = file
        self.region = region
        self.path = path
        self.message = message
        self.hint = hint
        self.snippet = snippet
    }

    /// The rule family, the part of `ruleID` before the first dot (`secret` for `secret.jwt`).
    package var family: String {
        ruleID.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ruleID
    }
}
