import Foundation
import Testing
import WireJSON
import WireLint
import WireLockTestSupport

/// One finding the corpus must produce: the file (under corpus/values), the rule, where (line and
/// column of the value's opening quote, worked out from the file's text when the corpus was
/// written, not by WireLint), and the JSON path.
struct ExpectedFinding: Sendable, CustomTestStringConvertible {
    var file: String
    var rule: String
    var line: Int
    var column: Int
    var path: String

    init(_ file: String, _ rule: String, _ line: Int, _ column: Int, _ path: String) {
        self.file = file
        self.rule = rule
        self.line = line
        self.column = column
        self.path = path
    }

    var testDescription: String { "\(rule) at \(file):\(line):\(column) \(path)" }
}

enum LintCorpus {
    static let directory = Repository.url("Tests/WireLintTests/corpus")

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(relative)))
    }

    static func findings(_ relative: String, configuration: LintConfiguration = LintConfiguration()) throws
        -> [Finding]
    {
        Lint.findings(in: try bytes(relative), file: relative, configuration: configuration)
    }

    /// The value rules' true positives: plain fixtures, a HAR recording, headers as an object, JWT
    /// claims, JSON documents inside strings.
    static let values: [ExpectedFinding] = [
        .init("secrets-plain.json", "secret.aws-access-key", 3, 20, "$.aws.accessKeyId"),
        .init("secrets-plain.json", "secret.aws-access-key", 4, 20, "$.aws.credentials"),
        .init("secrets-plain.json", "secret.aws-access-key", 5, 16, "$.aws.session"),
        .init("secrets-plain.json", "secret.github-token", 19, 11, "$.github.ci"),
        .init("secrets-plain.json", "secret.github-token", 20, 13, "$.github.fine"),
        .init("secrets-plain.json", "secret.github-token", 21, 14, "$.github.oauth"),
        .init("secrets-plain.json", "secret.stripe-key", 38, 13, "$.stripe.live"),
        .init("secrets-plain.json", "secret.stripe-key", 39, 19, "$.stripe.restricted"),
        .init("secrets-plain.json", "secret.slack-token", 34, 12, "$.slack.bot"),
        .init("secrets-plain.json", "secret.slack-webhook", 35, 13, "$.slack.hook"),
        .init("secrets-plain.json", "secret.google-api-key", 24, 13, "$.google.maps"),
        .init("secrets-plain.json", "secret.private-key", 28, 12, "$.keys.rsa"),
        .init("secrets-plain.json", "secret.private-key", 27, 14, "$.keys.pkcs8"),
        .init("secrets-plain.json", "secret.jwt", 31, 12, "$.session.jwt"),
        .init("secrets-plain.json", "secret.high-entropy", 8, 15, "$.config.apiKey"),
        .init("secrets-plain.json", "secret.high-entropy", 9, 22, "$.config.client_secret"),
        .init("secrets-plain.json", "secret.high-entropy", 10, 17, "$.config.password"),
        .init("secrets-plain.json", "secret.url-credentials", 13, 12, "$.database.url"),
        .init("secrets-plain.json", "secret.url-credentials", 16, 13, "$.deploy.hook"),
        .init("recording-har.json", "secret.bearer", 9, 24, "$.log.entries[0].request.headers[0].value"),
        .init("recording-har.json", "secret.basic", 13, 24, "$.log.entries[0].request.headers[1].value"),
        .init("recording-har.json", "secret.authorization", 17, 24, "$.log.entries[0].request.headers[2].value"),
        .init("recording-har.json", "secret.cookie", 21, 24, "$.log.entries[0].request.headers[3].value"),
        .init("recording-har.json", "secret.cookie", 25, 24, "$.log.entries[0].request.headers[4].value"),
        .init("recording-har.json", "personal.email", 29, 24, "$.log.entries[0].request.headers[5].value"),
        .init("recording-har.json", "internal.ip", 33, 24, "$.log.entries[0].request.headers[6].value"),
        .init("recording-har.json", "internal.host", 37, 24, "$.log.entries[0].request.headers[7].value"),
        .init("recording-har.json", "personal.phone", 41, 24, "$.log.entries[0].request.headers[8].value"),
        .init("headers-object.json", "secret.bearer", 4, 24, "$.request.headers.Authorization"),
        .init("headers-object.json", "secret.cookie", 5, 17, "$.request.headers.Cookie"),
        .init("tokens-jwt.json", "secret.jwt", 4, 16, "$.auth.idToken"),
        .init("tokens-jwt.json", "personal.email", 4, 16, "$.auth.idToken.email"),
        .init("tokens-jwt.json", "internal.host", 4, 16, "$.auth.idToken.iss"),
        .init("tokens-jwt.json", "secret.jwt", 3, 20, "$.auth.accessToken"),
        .init("tokens-jwt.json", "personal.phone", 3, 20, "$.auth.accessToken.phone_number"),
        .init("tokens-jwt.json", "internal.ip", 3, 20, "$.auth.accessToken.aud"),
        .init("webhook-nested.json", "personal.email", 3, 13, "$.delivery.body.user.email"),
        .init("webhook-nested.json", "personal.phone", 3, 13, "$.delivery.body.user.phone"),
        .init("webhook-nested.json", "internal.ip", 3, 13, "$.delivery.body.upstream"),
        .init("webhook-nested.json", "secret.high-entropy", 3, 13, "$.delivery.body.apiKey"),
        .init("webhook-nested.json", "secret.bearer", 4, 16, "$.delivery.headers[0].value"),
        .init("webhook-nested.json", "personal.email", 4, 16, "$.delivery.headers[1].value"),
        .init("contacts-plain.json", "personal.email", 4, 16, "$.people[0].email"),
        .init("contacts-plain.json", "personal.phone", 5, 17, "$.people[0].mobile"),
        .init("contacts-plain.json", "personal.phone", 6, 15, "$.people[0].note"),
        .init("contacts-plain.json", "personal.email", 9, 18, "$.people[1].contact"),
        .init("contacts-plain.json", "personal.phone", 10, 19, "$.people[1].landline"),
        .init("hosts-plain.json", "internal.ip", 6, 15, "$.services.health"),
        .init("hosts-plain.json", "internal.host", 3, 14, "$.services.build"),
        .init("hosts-plain.json", "internal.host", 5, 11, "$.services.db"),
        .init("hosts-plain.json", "internal.ip", 13, 11, "$.services.v6"),
        .init("hosts-plain.json", "internal.ip", 12, 12, "$.services.ula"),
        .init("hosts-plain.json", "internal.host", 10, 16, "$.services.printer"),
        .init("hosts-plain.json", "internal.ip", 11, 15, "$.services.router"),
        .init("hosts-plain.json", "internal.ip", 7, 13, "$.services.loop"),
        .init("hosts-plain.json", "internal.ip", 8, 15, "$.services.mapped"),
        .init("hosts-plain.json", "internal.host", 9, 12, "$.services.nas"),
        .init("hosts-plain.json", "internal.ip", 4, 14, "$.services.cgnat"),
    ]

    static var valueFiles: [String] { Array(Set(values.map(\.file))).sorted() }
}

@Suite("Lint corpus")
struct LintCorpusTests {
    @Test("every true positive is found with its rule, line, column and path", arguments: LintCorpus.values)
    func truePositive(_ expected: ExpectedFinding) throws {
        let findings = try LintCorpus.findings("values/" + expected.file)
        let match = findings.first { $0.ruleID == expected.rule && $0.path?.description == expected.path }
        let found = try #require(
            match, "not found among \(findings.map { "\($0.ruleID) \($0.path?.description ?? "")" })")
        #expect(found.region?.line == expected.line)
        #expect(found.region?.column == expected.column)
        #expect(found.hint?.isEmpty == false)
        #expect(found.snippet?.contains("…") == true)
    }

    @Test("each corpus file yields exactly its expected findings, nothing more", arguments: LintCorpus.valueFiles)
    func nothingElse(_ file: String) throws {
        let findings = try LintCorpus.findings("values/" + file)
        let got = findings.map { "\($0.ruleID) \($0.path?.description ?? "-")" }.sorted()
        let want = LintCorpus.values.filter { $0.file == file }.map { "\($0.rule) \($0.path)" }.sorted()
        #expect(got == want)
    }

    @Test("every rule family has at least three true positives, over 60 in all")
    func corpusCoverage() {
        var families: [String: Int] = [:]
        for expected in LintCorpus.values { families[String(expected.rule.prefix { $0 != "." }), default: 0] += 1 }
        families["format"] = LintFormatCorpusTests.cases.count
        families["naming"] = LintFormatCorpusTests.badNames.count
        families["unreferenced"] = LintReferenceTests.unreferencedCount
        for category in LintCategory.allCases {
            #expect(families[category.rawValue, default: 0] >= 3, "\(category.rawValue)")
        }
        #expect(families.values.reduce(0, +) >= 60)
    }

    @Test("no snippet holds the value it is about")
    func snippetsAreMasked() throws {
        for file in LintCorpus.valueFiles {
            let text = String(decoding: try LintCorpus.bytes("values/" + file), as: UTF8.self)
            let map = try JSONSourceMap(Array(text.utf8))
            let strings = map.entries.compactMap { $0.kind == .string ? $0.text : nil }.filter { $0.count >= 8 }
            for finding in try LintCorpus.findings("values/" + file) {
                let snippet = try #require(finding.snippet)
                let body = String(snippet.prefix { $0 != "…" })
                #expect(body.count <= 4, "\(snippet)")
                for value in strings { #expect(!snippet.contains(value)) }
            }
        }
    }

    @Test("the near misses (ids, UUIDs, hashes, documentation addresses, placeholders, prose) are left alone")
    func nearMisses() throws {
        let file = "values/samples-near-miss.json"
        let map = try JSONSourceMap(try LintCorpus.bytes(file))
        let strings = map.entries.filter { $0.kind == .string }
        #expect(strings.count >= 30)
        #expect(try LintCorpus.findings(file).map { "\($0.ruleID) \($0.path?.description ?? "")" } == [])
    }

    @Test("the clean sample fixtures have no findings; the malformed ones only format.invalid")
    func sampleFixtures() throws {
        let directory = Repository.url("Fixtures/API")
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
        #expect(names.count >= 20)
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            let findings = Lint.findings(in: bytes, file: "Fixtures/API/" + name)
            if name.contains("-malformed") {
                #expect(findings.map(\.ruleID) == ["format.invalid"], "\(name)")
            } else {
                #expect(findings.map { "\($0.ruleID) \($0.path?.description ?? "")" } == [], "\(name)")
            }
        }
    }

    @Test("the fuzz regression corpus is exempt from naming and canonical form by default, not from the rest")
    func fuzzRegressions() throws {
        let directory = Repository.url("Fixtures/fuzz-regressions/rate-limit")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            let file = "Fixtures/fuzz-regressions/rate-limit/" + name
            #expect(
                Lint.findings(in: bytes, file: file).filter {
                    $0.family != "format" || $0.ruleID == "format.non-canonical"
                } == [])
            let strict = LintConfiguration(disabled: [])
            #expect(
                Lint.findings(in: bytes, file: file, configuration: strict).contains { $0.ruleID == "naming.file-name" }
            )
        }
    }
}

@Suite("Lint format and naming corpus")
struct LintFormatCorpusTests {
    /// (file under corpus/format, rule, line, column); format.invalid is located where the
    /// validator says, so those rows have no position of their own.
    static let cases: [(file: String, rule: String, line: Int?, column: Int?)] = [
        ("movies-trailing-comma.json", "format.invalid", nil, nil),
        ("movies-truncated.json", "format.invalid", nil, nil),
        ("ratings-nan.json", "format.invalid", nil, nil),
        ("movies-unsorted.json", "format.non-canonical", 2, 4),
        ("movies-indented.json", "format.non-canonical", 2, 3),
        ("movies-no-newline.json", "format.non-canonical", 3, 2),
        ("movie-duplicate-key.json", "format.duplicate-key", 3, 3),
        ("series-nested-duplicate.json", "format.duplicate-key", 5, 5),
        ("activity-duplicate.jsonl", "format.duplicate-key", 1, 16),
    ]

    static let badNames = ["MoviesSuccess.json", "movies_success.json", "movies.json"]

    @Test("format rules", arguments: 0..<cases.count)
    func format(_ index: Int) throws {
        let row = Self.cases[index]
        let bytes = try LintCorpus.bytes("format/" + row.file)
        let findings = Lint.findings(in: bytes, file: row.file)
        #expect(findings.map(\.ruleID) == [row.rule])
        let region = try #require(findings.first?.region)
        if let line = row.line, let column = row.column {
            #expect(region.line == line)
            #expect(region.column == column)
        } else {
            let error = try #require(JSONValidator().validate(bytes).errors.first)
            #expect(region.line == error.location.line)
            #expect(region.column == error.location.column)
            #expect(findings.first?.message.contains(error.reason) == true)
        }
    }

    @Test("names that are not <resource>-<scenario>.json", arguments: badNames)
    func naming(_ name: String) throws {
        let findings = Lint.findings(in: try LintCorpus.bytes("naming/" + name), file: "Fixtures/" + name)
        #expect(findings.map(\.ruleID) == ["naming.file-name"])
        #expect(findings.first?.region == nil)
    }

    @Test(
        "good names",
        arguments: ["movies-success.json", "error-429.json", "sync-record-v1.json", "activity-stream.jsonl"])
    func goodNames(_ name: String) {
        #expect(Lint.namingFinding(file: "Fixtures/API/v3/" + name) == nil)
    }
}
