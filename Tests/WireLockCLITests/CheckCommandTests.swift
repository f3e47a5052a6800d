#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    #if canImport(FoundationXML)
        import FoundationXML
    #endif

    /// `wirelock check`, run as CI runs it: on the repository's own sample, and on a small repository
    /// with exactly one problem of each kind.
    @Suite("wirelock check")
    struct CheckCommandTests {
        // MARK: The repository's sample.

        @Test func theRepositorysSampleIsClean() throws {
            let result = try WireLockBinary.run(["check"], in: Repository.root)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "no findings\n", "\(result)")
            let table = result.stderr.split(separator: "\n").map(String.init)
            #expect(table.first?.split(separator: " ") == ["check", "files", "findings", "time"], "\(result)")
            for check in ["validate", "fmt --check", "lint", "lock --check", "fuzz smoke", "models"] {
                #expect(table.contains { $0.hasPrefix(check + " ") }, "\(check) row in \(result.stderr)")
            }
            #expect(result.stderr.contains("1000 mutants, seed 7"), "\(result)")
            // wirelock.json's runner: every sample model, the Decodable-only WebhookDelivery among them.
            #expect(
                result.stderr.contains("7 models of .build/debug/wirelock-sample, 7000 mutants, seed 7"), "\(result)")
        }

        @Test func quietLeavesOutOnlyTheTable() throws {
            let result = try WireLockBinary.run(["check", "--quiet"], in: Repository.root)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "no findings\n", "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }

        // MARK: One problem of each kind.

        /// A repository with one problem of each kind `check` reports, each in its own file: invalid JSON
        /// (an `x` on line 3, column 3), a valid file not in canonical form (first difference on line 3),
        /// a cloud access key, an e-mail address, an internal host, a badly named file, a fixture no
        /// test names, and a golden changed after it was locked (the lock line of `thing`). A fuzz
        /// finding cannot be provoked: the smoke campaign reports only the validator misjudging a
        /// mutant, which a correct validator never does.
        struct Broken {
            let directory: TemporaryDirectory
            /// The 1-based line of `thing` in the lock file.
            let lockLine: Int

            /// The badly named file: a comma and a percent sign, which GitHub's properties must escape.
            static let oddName = "Fixtures/Odd,Name%.json"

            /// The default configuration: a short campaign, and the odd file exempt from `unreferenced`
            /// (no test can name it as a word), so that it has exactly one finding.
            static let configuration = """
                {
                  "fuzz": {
                    "count": 300,
                    "seed": 3
                  },
                  "lint": {
                    "disable": [
                      {
                        "file": "\(oddName)",
                        "rule": "unreferenced"
                      }
                    ]
                  }
                }

                """

            /// - Parameter configuration: `wirelock.json`, in canonical form (an input folder holding
            ///   it checks it as JSON too, but not as a fixture).
            init(configuration: String = Broken.configuration) throws {
                directory = try TemporaryDirectory()
                try directory.write("Fixtures/thing-good.json", "{\n  \"a\": 1\n}\n")
                try directory.write("Fixtures/thing-broken.json", "{\n  \"a\": 1,\n  x\n}\n")
                try directory.write("Fixtures/thing-messy.json", "{\n  \"a\": 1,\n    \"b\": 2\n}\n")
                try directory.write("Fixtures/cloud-key.json", "{\n  \"accessKeyId\": \"AKIAQ3EXAMPLE7K2WXYZ\"\n}\n")
                try directory.write("Fixtures/user-email.json", "{\n  \"email\": \"jane.doe@acme-mail.io\"\n}\n")
                try directory.write("Fixtures/server-internal.json", "{\n  \"url\": \"https://build.corp/api\"\n}\n")
                try directory.write(Self.oddName, "{\n  \"b\": 2\n}\n")
                try directory.write("Fixtures/thing-orphan.json", "{\n  \"c\": 3\n}\n")
                try directory.write(
                    "Tests/AppTests/ThingTests.swift",
                    "// thing-good thing-broken thing-messy cloud-key user-email server-internal\n")
                try directory.write("golden/thing.json", "{\n  \"name\": \"before\"\n}\n")
                try directory.write("wirelock.json", configuration)
                let locked = try WireLockBinary.run(["lock"], in: directory.url)
                #expect(locked.status == 0, "\(locked)")
                try directory.write("golden/thing.json", "{\n  \"name\": \"after\"\n}\n")
                let lock = try directory.readText("golden/wirelock.lock").split(
                    separator: "\n", omittingEmptySubsequences: false)
                lockLine = try #require(lock.firstIndex { $0.hasPrefix("thing ") }) + 1
            }

            func check(_ format: String) throws -> CommandResult {
                try WireLockBinary.run(["check", "--format", format], in: directory.url)
            }
        }

        /// (rule, file, line, column) of each finding the broken repository must give, once each; `-`
        /// for the line and column of a finding about the whole file.
        static func expected(lockLine: Int) -> [String] {
            [
                "format.invalid-json Fixtures/thing-broken.json 3 3",
                "format.non-canonical Fixtures/thing-messy.json 3 1",
                "internal.host Fixtures/server-internal.json 2 10",
                "lock.golden-changed golden/wirelock.lock \(lockLine) 1",
                "naming.file-name \(Broken.oddName) - -",
                "personal.email Fixtures/user-email.json 2 12",
                "secret.aws-access-key Fixtures/cloud-key.json 2 18",
                "unreferenced.fixture Fixtures/thing-orphan.json - -",
            ].sorted()
        }

        @Test func textReportsEachProblemOnceAtItsPlace() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try repository.check("text")
            #expect(result.status == 1, "\(result)")
            let headlines = result.stdoutLines.filter { !$0.isEmpty && !$0.hasPrefix(" ") }.dropLast()
            let found = headlines.map { line -> String in
                // FILE:LINE:COLUMN: rule: message, or FILE: rule: message for the whole file.
                let parts = line.components(separatedBy: ": ")
                let location = parts[0].split(separator: ":").map(String.init)
                if location.count >= 3, let column = Int(location.last!), let row = Int(location[location.count - 2]) {
                    return "\(parts[1]) \(location.dropLast(2).joined(separator: ":")) \(row) \(column)"
                }
                return "\(parts[1]) \(parts[0]) - -"
            }
            #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
            #expect(result.stdoutLines.last == "8 findings (8 errors) in 8 files", "\(result)")
            #expect(result.stderr.contains("validate "), "the table goes to standard error: \(result)")
            #expect(result.stderr.split(separator: "\n").contains { $0.hasPrefix("lint ") }, "\(result)")
            // The secret is masked.
            #expect(!result.stdout.contains("AKIAQ3EXAMPLE7K2WXYZ"), "\(result)")
        }

        @Test func jsonReportsEachProblemOnceAndIsValidJSON() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try repository.check("json")
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(JSONValidator().validate(Array(result.stdout.utf8)).isValid, "\(result)")
            let document = try JSONValue.parse(result.stdout)
            guard case .array(let findings)? = document["findings"] else {
                Issue.record("no findings array: \(result)")
                return
            }
            let found = findings.map { finding -> String in
                func text(_ key: String) -> String {
                    switch finding[key] {
                    case .string(let value)?: value
                    case .number(let value)?: value.text
                    default: "-"
                    }
                }
                return "\(text("ruleId")) \(text("file")) \(text("line")) \(text("column"))"
            }
            #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
            #expect(document["summary"]?["findings"] == .number(8), "\(result)")
            #expect(!result.stdout.contains("AKIAQ3EXAMPLE7K2WXYZ"), "\(result)")
            // The invalid file's finding is what `wirelock validate` says: its line, column, path and reason.
            let validated = try JSONValue.parse(
                try WireLockBinary.run(
                    ["validate", "--format", "json", "Fixtures/thing-broken.json"], in: repository.directory.url
                ).stdout)
            let error = try #require(validated["files"]?[0]?["errors"]?[0])
            let invalid = try #require(findings.first { $0["ruleId"] == .string("format.invalid-json") })
            #expect(invalid["line"] == error["line"])
            #expect(invalid["column"] == error["column"])
            #expect(invalid["path"] == error["path"])
            #expect(invalid["message"] == error["reason"])
            // A lint finding carries the path and the value's hash a suppression can name.
            let email = try #require(findings.first { $0["ruleId"] == .string("personal.email") })
            #expect(email["path"] == .string("$.email"))
            // Python's hashlib (the same value as in LintCommandTests).
            #expect(email["sha256"] == .string("b8072d420ae39e47139cd94ffe17ee463413dd97c92d66d20607734af7e2b0b2"))
        }

        /// A GitHub property value as the runner reads it back.
        static func unescapeProperty(_ text: some StringProtocol) -> String {
            String(text).replacingOccurrences(of: "%2C", with: ",").replacingOccurrences(of: "%3A", with: ":")
                .replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
                .replacingOccurrences(of: "%25", with: "%")
        }

        @Test func githubReportsEachProblemOnceAsAnEscapedErrorAnnotation() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try repository.check("github")
            #expect(result.status == 1, "\(result)")
            #expect(result.stdoutLines.count == 8, "\(result)")
            let found = result.stdoutLines.map { line -> String in
                // ::error file=F,line=L,col=C,...,title=RULE::MESSAGE
                let properties = line.dropFirst("::error ".count).components(separatedBy: "::")[0]
                var values: [String: String] = [:]
                for pair in properties.split(separator: ",") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    values[String(kv[0])] = Self.unescapeProperty(kv[1])
                }
                return
                    "\(values["title"] ?? "?") \(values["file"] ?? "?") \(values["line"] ?? "-") \(values["col"] ?? "-")"
            }
            #expect(result.stdoutLines.allSatisfy { $0.hasPrefix("::error file=") }, "\(result)")
            #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
            // Escaping: in the file property the comma and the percent sign; in the message the percent
            // sign and the line breaks (so each annotation is one line), but not the comma.
            let odd = try #require(result.stdoutLines.first { $0.contains("title=naming.file-name") })
            #expect(odd.hasPrefix("::error file=Fixtures/Odd%2CName%25.json,title=naming.file-name::"), "\(odd)")
            #expect(odd.contains("::'Odd,Name%25' is not named <resource>-<scenario>%0Ahint: "), "\(odd)")
            #expect(!result.stdout.contains("AKIAQ3EXAMPLE7K2WXYZ"), "\(result)")
        }

        @Test func sarifReportsEachProblemOnceFieldByField() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try repository.check("sarif")
            #expect(result.status == 1, "\(result)")
            #expect(JSONValidator().validate(Array(result.stdout.utf8)).isValid, "\(result)")
            let sarif = try JSONValue.parse(result.stdout)
            #expect(sarif["$schema"] == .string("https://json.schemastore.org/sarif-2.1.0.json"))
            #expect(sarif["version"] == .string("2.1.0"))
            let run = try #require(sarif["runs"]?[0])
            #expect(run["tool"]?["driver"]?["name"] == .string("wirelock"))
            #expect(run["columnKind"] == .string("unicodeCodePoints"))
            guard case .array(let results)? = run["results"], case .array(let rules)? = run["tool"]?["driver"]?["rules"]
            else {
                Issue.record("no results or rules: \(result)")
                return
            }
            func text(_ value: JSONValue?) -> String {
                switch value {
                case .string(let value)?: value
                case .number(let value)?: value.text
                default: "-"
                }
            }
            var fingerprints = Set<String>()
            let found = results.map { item -> String in
                let physical = item["locations"]?[0]?["physicalLocation"]
                let uri = text(physical?["artifactLocation"]?["uri"])
                #expect(!uri.hasPrefix("/") && !uri.hasPrefix("file:"), "relative: \(uri)")
                #expect(physical?["artifactLocation"]?["uriBaseId"] == .string("%SRCROOT%"))
                let region = physical?["region"]
                #expect(text(region?["startLine"]) != "-", "every result has a start line: \(item)")
                if region?["startColumn"] != nil {
                    #expect(region?["endLine"] != nil && region?["endColumn"] != nil, "\(item)")
                }
                #expect(["error", "warning", "note"].contains(text(item["level"])), "\(item)")
                #expect(text(item["message"]?["text"]) != "-", "\(item)")
                // The rule index points at the rule's description.
                if case .number(let index)? = item["ruleIndex"], let n = Int(index.text), n < rules.count {
                    #expect(rules[n]["id"] == item["ruleId"], "\(item)")
                } else {
                    Issue.record("no ruleIndex: \(item)")
                }
                fingerprints.insert(text(item["partialFingerprints"]?["wirelock/v1"]))
                let column = text(region?["startColumn"])
                let line = column == "-" ? "-" : text(region?["startLine"])
                return "\(text(item["ruleId"])) \(uri.removingPercentEncoding ?? uri) \(line) \(column)"
            }
            #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
            #expect(fingerprints.count == results.count && !fingerprints.contains("-"), "\(fingerprints)")
            // Every rule used is described, the lint rules from LintRule, the others from check's table.
            for id in ["lock.golden-changed", "personal.email", "secret.aws-access-key", "naming.file-name"] {
                let rule = try #require(rules.first { $0["id"] == .string(id) }, "\(id)")
                for field in ["shortDescription", "fullDescription", "help"] {
                    #expect(text(rule[field]?["text"]) != "-", "\(id).\(field)")
                }
            }
            let email = try #require(rules.first { $0["id"] == .string("personal.email") })
            #expect(email["shortDescription"]?["text"] == .string("An e-mail address"))
            #expect(!result.stdout.contains("AKIAQ3EXAMPLE7K2WXYZ"), "\(result)")
        }

        @Test func junitReportsEachProblemOnceAsAFailure() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try repository.check("junit")
            #expect(result.status == 1, "\(result)")
            final class Cases: NSObject, XMLParserDelegate {
                var found: [String] = []
                var identities: [String] = []
                var failures = 0
                var current: [String: String] = [:]
                func parser(
                    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]
                ) {
                    if elementName == "testcase" {
                        current = attributes
                        identities.append("\(attributes["classname"] ?? "?")|\(attributes["name"] ?? "?")")
                    }
                    if elementName == "failure" {
                        failures += 1
                        #expect(attributes["message"]?.isEmpty == false, "\(current)")
                        let words = current["name"]?.split(separator: " ") ?? []
                        let rule = words.first.map(String.init) ?? "?"
                        var column = "-"
                        if words.count >= 3, words[1] == "at" {
                            column = words[2].split(separator: ":").last.map(String.init) ?? "?"
                        }
                        found.append("\(rule) \(current["file"] ?? "?") \(current["line"] ?? "-") \(column)")
                    }
                }
            }
            let parser = XMLParser(data: Data(result.stdout.utf8))
            let cases = Cases()
            parser.delegate = cases
            #expect(parser.parse(), "\(String(describing: parser.parserError))\n\(result)")
            #expect(cases.failures == 8, "\(result)")
            #expect(Set(cases.identities).count == cases.identities.count, "classname+name unique: \(cases.identities)")
            #expect(cases.found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
            #expect(!result.stdout.contains("AKIAQ3EXAMPLE7K2WXYZ"), "\(result)")
        }

        /// The goldens are the golden folder's files however the walk reaches them: an input folder
        /// that holds the golden folder (here the whole repository) must not make them fixtures only
        /// (it did: the lock check then saw no goldens and reported `lock.no-goldens`).
        @Test func anInputFolderHoldingTheGoldensStillLocksThem() throws {
            let repository = try Broken(
                configuration: Broken.configuration.replacingOccurrences(
                    of: "  \"lint\"", with: "  \"inputs\": [\n    \".\"\n  ],\n  \"lint\""))
            defer { repository.directory.remove() }
            let result = try repository.check("json")
            #expect(result.status == 1, "\(result)")
            let document = try JSONValue.parse(result.stdout)
            guard case .array(let findings)? = document["findings"] else {
                Issue.record("no findings array: \(result)")
                return
            }
            let rules = findings.map { finding -> String in
                guard case .string(let rule)? = finding["ruleId"], case .string(let file)? = finding["file"] else {
                    return "?"
                }
                return "\(rule) \(file)"
            }
            let expected = Self.expected(lockLine: repository.lockLine).map {
                $0.split(separator: " ").prefix(2).joined(separator: " ")
            }
            #expect(rules.sorted() == expected, "\(result)")
        }

        @Test func pathsOnTheCommandLineReplaceTheInputs() throws {
            let repository = try Broken()
            defer { repository.directory.remove() }
            let result = try WireLockBinary.run(
                ["check", "--format", "github", "Fixtures/thing-messy.json"], in: repository.directory.url)
            #expect(result.status == 1, "\(result)")
            let titles = result.stdoutLines.compactMap { $0.split(separator: ",").first { $0.hasPrefix("title=") } }
                .map { $0.split(separator: ":").first.map(String.init) ?? "" }
            #expect(titles == ["title=format.non-canonical", "title=lock.golden-changed"], "\(result)")
        }

        // MARK: The configuration.

        @Test func anInvalidConfigurationIsExitTwoNamingFileLineColumnAndSetting() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("Fixtures/good.json", "{}\n")
            try directory.write("wirelock.json", "{\n  \"fuzz\": {\n    \"count\": \"lots\"\n  }\n}\n")
            let result = try WireLockBinary.run(["check"], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(
                result.stderr.hasPrefix("wirelock.json:3:14: error: fuzz.count: expected a whole number of mutants"),
                "\(result)")
        }

        @Test func aMissingConfigurationNamedOnTheCommandLineIsExitTwo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try WireLockBinary.run(["check", "--config", "nowhere.json"], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("cannot read 'nowhere.json'"), "\(result)")
        }

        @Test func withoutAFileEverySettingHasItsDefault() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("Fixtures/thing-good.json", "{\n  \"a\": [\n    true\n  ]\n}\n")
            try directory.write("Tests/ThingTests.swift", "// thing-good\n")
            let result = try WireLockBinary.run(["check"], in: directory.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("no golden folder"), "\(result)")
            #expect(result.stderr.contains("1000 mutants, seed 7"), "\(result)")
        }

        /// The smoke campaign draws from at most 64 fixtures: with 100 it samples 64 (its cost follows the
        /// mutant count, not the fixture count: 10,000 fixtures took 3 s before the sample, for 1,000 mutants).
        @Test func theSmokeCampaignSamplesSixtyFourFixturesBySeed() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            var names: [String] = []
            for index in 0..<100 {
                let name = "thing-n\(index)"
                names.append(name)
                try directory.write("Fixtures/\(name).json", "{\n  \"id\": \(index),\n  \"ok\": true\n}\n")
            }
            try directory.write("Tests/ThingTests.swift", names.map { "// \($0)\n" }.joined())
            let first = try WireLockBinary.run(["check"], in: directory.url)
            #expect(first.status == 0, "\(first)")
            let row = first.stderr.split(separator: "\n").first { $0.hasPrefix("fuzz smoke") }.map(String.init) ?? ""
            #expect(row.hasPrefix("fuzz smoke       64 "), "\(first)")
            #expect(row.hasSuffix("1000 mutants, seed 7, 64 of 100 fixtures"), "\(first)")
        }

        /// wirelock.json's `runner`: its `check` report's findings are check's, at their files and
        /// paths; a runner that fails is an error (exit 2), never a clean run.
        @Test func theModelRunnersFindingsAreChecks() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("Fixtures/event.json", "{\n  \"a\": 1\n}\n")
            try directory.write("wirelock.json", #"{"fuzz": {"count": 10}, "runner": ["/bin/sh", "runner.sh"]}"# + "\n")
            // A runner that records its arguments and reports one decoded-golden finding.
            try directory.write(
                "runner.sh",
                #"""
                echo "$@" > arguments.txt
                printf '%s' '{"findings": [{"file": "golden/event.decoded.json", "hint": "h", "message": "m", "path": "$.at", "rule": "model.decoded-golden"}], "models": [{"fixtures": 1, "mutants": 10, "name": "event"}]}'
                exit 1
                """#)
            let result = try WireLockBinary.run(["check", "--format", "json"], in: directory.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("model.decoded-golden"), "\(result)")
            #expect(result.stdout.contains("golden/event.decoded.json"), "\(result)")
            let arguments = try String(
                contentsOf: directory.url.appendingPathComponent("arguments.txt"), encoding: .utf8)
            #expect(arguments.hasPrefix("check --format json --golden /"), "\(arguments)")
            #expect(arguments.hasSuffix(" --seed 7 --count 10\n"), "\(arguments)")

            try directory.write("runner.sh", "echo broken >&2\nexit 2\n")
            let failed = try WireLockBinary.run(["check"], in: directory.url)
            #expect(failed.status == 2, "\(failed)")
            #expect(
                failed.stderr.contains("the model runner in wirelock.json (/bin/sh runner.sh) exited with status 2"),
                "\(failed)")
        }

        @Test func aMissingInputFolderIsExitTwo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try directory.write("wirelock.json", "{\"inputs\": [\"nothing-here\"]}\n")
            let result = try WireLockBinary.run(["check"], in: directory.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("nothing-here"), "\(result)")
        }
    }

    /// The exit codes every command shares are listed where a newcomer looks first.
    @Suite("wirelock --help")
    struct RootHelpTests {
        @Test func listsTheExitCodes() throws {
            let result = try WireLockBinary.run(["--help"])
            #expect(result.status == 0, "\(result)")
            let lines = result.stdoutLines
            let start = try #require(lines.firstIndex(of: "EXIT STATUS:"), "\(result)")
            let codes = lines[start...].compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
            #expect(codes == [0, 1, 2], "\(result)")
            #expect(lines[start...].contains { $0.hasPrefix("  2   usage error") }, "\(result)")
            // Only the tool's own page has it; a command's page ends with its own options.
            let validate = try WireLockBinary.run(["validate", "--help"])
            #expect(!validate.stdout.contains("EXIT STATUS:"), "\(validate)")
        }
    }
#endif
