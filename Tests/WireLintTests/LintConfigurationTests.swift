import Testing
import WireJSON
import WireLint

@Suite("Lint configuration and suppressions")
struct LintConfigurationTests {
    /// SHA-256 of "jane.doe@acme-mail.io", computed outside WireLint (Python's hashlib).
    static let janeHash = "b8072d420ae39e47139cd94ffe17ee463413dd97c92d66d20607734af7e2b0b2"

    static func configuration(_ text: String) throws -> LintConfiguration {
        try LintConfiguration(json: try JSONValue.parse(text))
    }

    static func rules(_ file: String, _ configuration: LintConfiguration) throws -> [String] {
        try LintCorpus.findings(file, configuration: configuration).map {
            "\($0.ruleID) \($0.path?.description ?? "-")"
        }
    }

    @Test("a result carries the SHA-256 of the value it points at")
    func valueHash() throws {
        let results = Lint.results(in: try LintCorpus.bytes("values/contacts-plain.json"), file: "contacts-plain.json")
        let email = try #require(results.first { $0.finding.path?.description == "$.people[0].email" })
        #expect(email.valueSHA256 == Self.janeHash)
    }

    @Test("a suppression by path and hash removes that finding only, and survives reformatting")
    func suppressByHash() throws {
        let configuration = try Self.configuration(
            #"{"suppress": [{"path": "$.people[*].email", "rule": "personal", "sha256": "\#(Self.janeHash)", "reason": "our published support address"}]}"#
        )
        let before = try Self.rules("values/contacts-plain.json", LintConfiguration())
        let after = try Self.rules("values/contacts-plain.json", configuration)
        #expect(before.contains("personal.email $.people[0].email"))
        #expect(after == before.filter { $0 != "personal.email $.people[0].email" })

        // The same document minified on one line: the hash of the value still matches.
        let value = try JSONValue.parse(try LintCorpus.bytes("values/contacts-plain.json"))
        let minified = CanonicalJSONWriter.bytes(value, style: .compact)
        let results = Lint.findings(in: minified, file: "contacts-minified.json", configuration: configuration)
        #expect(!results.contains { $0.path?.description == "$.people[0].email" && $0.ruleID == "personal.email" })
        #expect(results.contains { $0.path?.description == "$.people[1].contact" })
    }

    @Test("a suppression whose hash differs (the value changed) does not apply")
    func staleHash() throws {
        let other = String(repeating: "ab", count: 32)
        let configuration = try Self.configuration(
            #"{"suppress": [{"path": "$.people[0].email", "sha256": "\#(other)", "reason": "was the old address"}]}"#)
        #expect(
            try Self.rules("values/contacts-plain.json", configuration).contains("personal.email $.people[0].email"))
    }

    @Test("rules disabled by family, by file glob and by path glob ($..key)")
    func disabled() throws {
        let everywhere = try Self.configuration(#"{"disable": ["personal"]}"#)
        #expect(try Self.rules("values/contacts-plain.json", everywhere) == [])
        let otherFiles = try Self.configuration(#"{"disable": [{"rule": "personal", "file": "*/recording-*"}]}"#)
        #expect(try Self.rules("values/contacts-plain.json", otherFiles).count == 5)
        let byPath = try Self.configuration(#"{"disable": [{"rule": "personal.email", "path": "$..email"}]}"#)
        #expect(
            try Self.rules("values/contacts-plain.json", byPath).filter { $0.hasPrefix("personal.email") } == [
                "personal.email $.people[1].contact"
            ])
    }

    @Test("--only keeps the chosen families")
    func categories() throws {
        let configuration = LintConfiguration(categories: [.internalHost])
        let rules = try Self.rules("values/recording-har.json", configuration)
        #expect(rules.count == 2)
        #expect(rules.allSatisfy { $0.hasPrefix("internal.") })
    }

    @Test(
        "configuration errors name the setting",
        arguments: [
            (#"[]"#, "lint"),
            (#"{"suppress": {}}"#, "lint.suppress"),
            (#"{"suppress": [{"path": "$.a"}]}"#, "lint.suppress[0].reason"),
            (#"{"suppress": [{"path": "$.a", "reason": "  "}]}"#, "lint.suppress[0].reason"),
            (#"{"suppress": [{"rule": "secret.nope", "reason": "x"}]}"#, "lint.suppress[0].rule"),
            (#"{"suppress": [{"sha256": "ABC", "reason": "x"}]}"#, "lint.suppress[0].sha256"),
            (#"{"suppress": [{"reason": "x"}]}"#, "lint.suppress[0]"),
            (#"{"suppress": [{"path": 3, "reason": "x"}]}"#, "lint.suppress[0].path"),
            (#"{"suppress": [{"paths": "$", "reason": "x"}]}"#, "lint.suppress[0].paths"),
            (#"{"disable": ["naming", 4]}"#, "lint.disable[1]"),
            (#"{"disable": [{"file": "x"}]}"#, "lint.disable[0].rule"),
            (#"{"disable": ["secrets"]}"#, "lint.disable[0]"),
            (#"{"ignore": []}"#, "lint.ignore"),
        ])
    func errors(_ text: String, _ setting: String) throws {
        let error = #expect(throws: LintConfiguration.Error.self) { try Self.configuration(text) }
        #expect(error?.setting == setting)
        #expect(error?.description.hasPrefix(setting + ": ") == true)
    }

    @Test("a full section reads back")
    func reads() throws {
        let configuration = try Self.configuration(
            #"""
            {"suppress": [{"path": "$.a", "file": "Fixtures/*", "rule": "secret.jwt", "sha256": "\#(Self.janeHash)", "reason": "test token"}],
             "disable": ["naming.file-name", {"rule": "internal", "file": "Fixtures/dev/*", "path": "$.host"}]}
            """#)
        #expect(
            configuration.suppressions == [
                .init(rule: "secret.jwt", file: "Fixtures/*", path: "$.a", sha256: Self.janeHash, reason: "test token")
            ])
        #expect(
            configuration.disabled.suffix(2) == [
                .init(rule: "naming.file-name"), .init(rule: "internal", file: "Fixtures/dev/*", path: "$.host"),
            ])
        #expect(configuration.disabled.prefix(3) == LintConfiguration.defaultDisabled[...])
    }
}

@Suite("Lint rules table")
struct LintRuleTableTests {
    @Test("ids are unique, family.name, and every field is filled")
    func table() {
        #expect(Set(LintRule.all.map(\.id)).count == LintRule.all.count)
        for rule in LintRule.all {
            #expect(rule.id.split(separator: ".").count == 2, "\(rule.id)")
            #expect(rule.category.rawValue == String(rule.id.prefix { $0 != "." }), "\(rule.id)")
            #expect(!rule.shortDescription.isEmpty && !rule.fullDescription.isEmpty && !rule.help.isEmpty)
        }
        #expect(Set(LintRule.all.map(\.category)) == Set(LintCategory.allCases))
    }

    @Test("masking keeps at most four characters and says the length")
    func mask() {
        #expect(LintMask.mask("AKIAIOSFODNN7EXAMPLE") == "AKIA…(20 chars)")
        #expect(LintMask.mask("hunter22") == "hu…(8 chars)")
        #expect(LintMask.mask("abc") == "…(3 chars)")
    }
}
