#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// Runs the built `wirelock lint` and checks its output, exit status and configuration handling.
    @Suite("wirelock lint (binary)")
    struct LintCommandTests {
        static let corpus = "Tests/WireLintTests/corpus/values/"

        static func run(_ arguments: [String], in directory: URL = Repository.root) throws -> CommandResult {
            try WireLockBinary.run(["lint"] + arguments, in: directory)
        }

        @Test("the sample fixtures are clean (the deliberately malformed ones left out): exit 0")
        func cleanSample() throws {
            let result = try Self.run(["Fixtures/API", "--exclude", "*-malformed*"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines == ["no findings"])
        }

        @Test(
            "findings as check reports them: FILE:LINE:COLUMN: rule: message, the path, the fix and the masked value; exit 1"
        )
        func textOutput() throws {
            let file = Self.corpus + "recording-har.json"
            let result = try Self.run([file])
            #expect(result.status == 1, "\(result)")
            let lines = result.stdoutLines
            let first = try #require(lines.firstIndex { $0.contains("secret.bearer") })
            #expect(lines[first] == "\(file):9:24: secret.bearer: a bearer credential")
            #expect(lines[first + 1] == "    at $.log.entries[0].request.headers[0].value")
            #expect(lines[first + 2] == "    hint: replace the token with a placeholder such as <redacted>")
            #expect(lines[first + 3] == "    snippet: EXAM…(23 chars)")
            #expect(lines.last == "9 findings (9 errors) in 1 file")
            // No secret in any output.
            for secret in ["EXAMPLE0123456789abcdef", "ops.oncall@acme-corp.io", "EXAMPLE31415926535", "172.16.4.2"] {
                #expect(!result.stdout.contains(secret))
                #expect(!result.stderr.contains(secret))
            }
        }

        @Test("--quiet keeps one line per finding and the summary")
        func quiet() throws {
            let result = try Self.run(["--quiet", Self.corpus + "hosts-plain.json"])
            #expect(result.status == 1)
            #expect(result.stdoutLines.filter { !$0.isEmpty }.count == 12)
            #expect(!result.stdout.contains("hint:"))
            #expect(!result.stdout.contains("    "))
        }

        @Test("--only narrows to families; an unknown family is a usage error naming the option")
        func only() throws {
            let result = try Self.run(["--only", "internal,personal", Self.corpus + "recording-har.json"])
            #expect(result.status == 1)
            let rules = result.stdoutLines.dropLast().filter { !$0.isEmpty && !$0.hasPrefix("    ") }.map {
                $0.split(separator: " ")[1]
            }
            #expect(rules == ["personal.email:", "internal.ip:", "internal.host:", "personal.phone:"])

            let bad = try Self.run(["--only", "secrets", Self.corpus + "recording-har.json"])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--only"))
            #expect(bad.stdout.isEmpty)
        }

        @Test("--format json is one document WireLock's validator accepts, with each value's sha256")
        func json() throws {
            let result = try Self.run(["--format", "json", Self.corpus + "contacts-plain.json"])
            #expect(result.status == 1)
            #expect(JSONValidator().validate(Array(result.stdout.utf8)).isValid)
            let document = try JSONValue.parse(result.stdout)
            #expect(document["summary"]?["findings"] == .number(5))
            guard case .array(let findings)? = document["findings"] else {
                Issue.record("no findings array")
                return
            }
            #expect(findings.count == 5)
            let email = findings.first { $0["path"] == .string("$.people[0].email") }
            #expect(email?["ruleId"] == .string("personal.email"))
            #expect(email?["line"] == .number(4))
            #expect(email?["column"] == .number(16))
            // Python's hashlib, computed when the corpus was written.
            #expect(email?["sha256"] == .string("b8072d420ae39e47139cd94ffe17ee463413dd97c92d66d20607734af7e2b0b2"))
        }

        @Test("--format github, sarif and junit are check's reports, the SARIF rules described by LintRule")
        func reportFormats() throws {
            let file = Self.corpus + "contacts-plain.json"
            let github = try Self.run(["--format", "github", file])
            #expect(github.status == 1, "\(github)")
            #expect(github.stdoutLines.count == 5, "\(github)")
            #expect(github.stdoutLines.allSatisfy { $0.hasPrefix("::error file=\(file),line=") }, "\(github)")

            let sarifRun = try Self.run(["--format", "sarif", file])
            #expect(sarifRun.status == 1, "\(sarifRun)")
            let sarif = try JSONValue.parse(sarifRun.stdout)
            #expect(sarif["version"] == .string("2.1.0"))
            guard case .array(let results)? = sarif["runs"]?[0]?["results"],
                case .array(let rules)? = sarif["runs"]?[0]?["tool"]?["driver"]?["rules"]
            else {
                Issue.record("no results or rules: \(sarifRun)")
                return
            }
            #expect(results.count == 5)
            let email = try #require(rules.first { $0["id"] == .string("personal.email") })
            #expect(email["shortDescription"]?["text"] == .string("An e-mail address"))
            #expect(email["help"]?["text"] == .string("replace it with user@example.com"))

            let junit = try Self.run(["--format", "junit", file])
            #expect(junit.status == 1, "\(junit)")
            #expect(junit.stdout.hasPrefix("<?xml"), "\(junit)")
            #expect(junit.stdout.components(separatedBy: "<failure ").count - 1 == 5, "\(junit)")
        }

        @Test("a path that does not exist: exit 2, the error on standard error")
        func missing() throws {
            let result = try Self.run(["Fixtures/no-such-folder"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("Fixtures/no-such-folder"))
        }

        /// A small package: Package.swift, fixtures, a test that names one of them.
        static func package(lintSection: String?) throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            _ = try directory.write("Package.swift", "// swift-tools-version: 6.0\n")
            try FileManager.default.createDirectory(
                at: directory.url.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: directory.url.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
            _ = try directory.write("Fixtures/user-default.json", "{\n  \"email\": \"jane.doe@acme-mail.io\"\n}\n")
            _ = try directory.write("Fixtures/user-orphan.json", "{\n  \"name\": \"Jane\"\n}\n")
            _ = try directory.write(
                "Tests/AppTests/UserTests.swift", "let data = try fixture(\"user-default.json\")\n")
            if let lintSection { _ = try directory.write("wirelock.json", "{\"lint\": \(lintSection)}\n") }
            return directory
        }

        @Test("a fixture no test names is reported once, as unreferenced")
        func unreferenced() throws {
            let directory = try Self.package(lintSection: nil)
            defer { directory.remove() }
            let result = try Self.run(["--quiet", "Fixtures"], in: directory.url)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stdoutLines == [
                    "Fixtures/user-default.json:2:12: personal.email: an e-mail address (at $.email)", "",
                    "Fixtures/user-orphan.json: unreferenced.fixture: no code, configuration or route table mentions 'user-orphan'",
                    "", "2 findings (2 errors) in 2 files",
                ])
        }

        @Test("wirelock.json's lint section suppresses by path and hash, and disables rules")
        func suppression() throws {
            let section = #"""
                {"suppress": [{"path": "$.email", "sha256": "b8072d420ae39e47139cd94ffe17ee463413dd97c92d66d20607734af7e2b0b2", "reason": "the address we publish"}],
                 "disable": [{"rule": "unreferenced", "file": "Fixtures/user-orphan.json"}]}
                """#
            let directory = try Self.package(lintSection: section)
            defer { directory.remove() }
            let result = try Self.run(["Fixtures"], in: directory.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdoutLines == ["no findings"])
        }

        @Test("an invalid lint section: exit 2, naming the file, line, column and setting (as check reads it)")
        func badConfiguration() throws {
            let directory = try Self.package(lintSection: #"{"suppress": [{"path": "$.email"}]}"#)
            defer { directory.remove() }
            let result = try Self.run(["Fixtures"], in: directory.url)
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix("wirelock.json:1:24: error: lint.suppress[0].reason: required"), "\(result)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Suite("wirelock lint --fix (binary)")
    struct LintFixCommandTests {
        @Test("--fix rewrites the file with placeholders, says so on standard error, and reports what is left")
        func fix() throws {
            let directory = try LintCommandTests.package(lintSection: nil)
            defer { directory.remove() }
            let result = try LintCommandTests.run(["--fix", "Fixtures/user-default.json"], in: directory.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "Fixtures/user-default.json: fixed 1 value\n")
            #expect(try directory.readText("Fixtures/user-default.json") == "{\n  \"email\": \"user@example.com\"\n}\n")
            #expect(result.stdoutLines == ["no findings"])
        }

        @Test("--fix with standard input is a usage error")
        func standardInput() throws {
            let result = try WireLockBinary.run(["lint", "--fix", "-"], stdin: "{}")
            #expect(result.status == 2)
            #expect(result.stderr.contains("--fix"))
        }
    }
#endif
