/// What a report needs besides its findings: where the repository is (so paths can be shown
/// relative to it), which tool made the report, and what each rule means.
///
/// ```swift
/// let context = ReportContext(
///     repositoryRoot: "/src/app", toolVersion: "0.1.0",
///     rules: [RuleDescription(id: "format.invalid-json", shortDescription: "Invalid JSON",
///                             fullDescription: "The file is not strict RFC 8259 JSON.",
///                             help: "Fix the JSON at the reported place.")])
/// let sarif = ReportFormat.sarif.render(findings, context: context)
/// ```
package struct ReportContext: Sendable {
    /// The repository root as an absolute path (no trailing slash needed), or nil when unknown. A
    /// finding's file that lies inside it is shown relative to it; a relative file is taken as
    /// relative to it already.
    package var repositoryRoot: String?
    /// The tool's name (`wirelock`).
    package var toolName: String
    /// The tool's version (`0.1.0`).
    package var toolVersion: String
    /// Where to read about the tool (SARIF's `informationUri`).
    package var informationURI: String
    /// What each rule means, for SARIF's `rules[]` and the text report's help; rules without a
    /// description get one built from their id.
    package var rules: [RuleDescription]

    /// A context; see the properties.
    package init(
        repositoryRoot: String? = nil, toolName: String = "wirelock", toolVersion: String,
        informationURI: String = ReportContext.defaultInformationURI, rules: [RuleDescription] = []
    ) {
        self.repositoryRoot = repositoryRoot
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.rules = rules
    }

    /// WireLock's home page.
    package static let defaultInformationURI = "https://github.com/wirelock/wirelock"

    /// The description of `ruleID`: the one given, else one made from the id.
    package func rule(_ ruleID: String) -> RuleDescription {
        rules.first { $0.id == ruleID }
            ?? RuleDescription(
                id: ruleID, shortDescription: ruleID, fullDescription: "Findings of the rule \(ruleID).",
                help: "See the finding's message and hint.")
    }

    /// `file` relative to the repository: an absolute path inside ``repositoryRoot`` loses that
    /// prefix, a leading `./` is dropped, anything else is kept as given.
    package func repositoryRelative(_ file: String) -> String {
        var file = file
        if let root = repositoryRoot, !root.isEmpty {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
        }
        while file.hasPrefix("./") { file.removeFirst(2) }
        return file
    }
}

/// What a rule means, in the words SARIF's `reportingDescriptor` uses.
package struct RuleDescription: Hashable, Sendable {
    /// The stable id (`format.invalid-json`).
    package var id: String
    /// A few words (`Invalid JSON`).
    package var shortDescription: String
    /// A sentence or two on what the rule finds and why it matters.
    package var fullDescription: String
    /// How to fix a finding.
    package var help: String

    /// A description; see the properties.
    package init(id: String, shortDescription: String, fullDescription: String, help: String) {
        self.id = id
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.help = help
    }
}
