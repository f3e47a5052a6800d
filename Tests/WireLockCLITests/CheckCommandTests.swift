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
        for check in ["validate", "fmt --check", "lock --check", "fuzz smoke"] {
            #expect(table.contains { $0.hasPrefix(check + " ") }, "\(check) row in \(result.stderr)")
        }
        #expect(result.stderr.contains("1000 mutants, seed 7"), "\(result)")
    }

    @Test func quietLeavesOutOnlyTheTable() throws {
        let result = try WireLockBinary.run(["check", "--quiet"], in: Repository.root)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no findings\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    // MARK: One problem of each kind.

    /// A repository with a canonical fixture, an invalid one (an `x` on line 3, column 3), one
    /// that is valid but not canonical (its first difference is line 3), and a golden changed
    /// after it was locked (the lock line of `thing`).
    struct Broken {
        let directory: TemporaryDirectory
        /// The 1-based line of `thing` in the lock file.
        let lockLine: Int

        /// - Parameter configuration: `wirelock.json`, in canonical form (an input folder holding
        ///   it checks it as a fixture too).
        init(configuration: String = "{\n  \"fuzz\": {\n    \"count\": 300,\n    \"seed\": 3\n  }\n}\n") throws {
            directory = try TemporaryDirectory()
            try directory.write("Fixtures/good.json", "{\n  \"a\": 1\n}\n")
            try directory.write("Fixtures/broken.json", "{\n  \"a\": 1,\n  x\n}\n")
            try directory.write("Fixtures/messy.json", "{\n  \"a\": 1,\n    \"b\": 2\n}\n")
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

    /// (rule, file, line, column) of each finding the broken repository must give, once each.
    static func expected(lockLine: Int) -> [String] {
        [
            "format.invalid-json Fixtures/broken.json 3 3",
            "format.non-canonical Fixtures/messy.json 3 1",
            "lock.golden-changed golden/wirelock.lock \(lockLine) 1",
        ]
    }

    @Test func textReportsEachProblemOnceAtItsPlace() throws {
        let repository = try Broken()
        defer { repository.directory.remove() }
        let result = try repository.check("text")
        #expect(result.status == 1, "\(result)")
        let headlines = result.stdoutLines.filter { !$0.hasPrefix(" ") && $0.contains(": ") && $0.contains(".") }
            .filter { !$0.contains("finding") }
        let found = headlines.map { line -> String in
            // FILE:LINE:COLUMN: rule: message
            let parts = line.split(separator: ":", maxSplits: 4).map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(parts[3]) \(parts[0]) \(parts[1]) \(parts[2])"
        }
        #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
        #expect(result.stdoutLines.last == "3 findings (3 errors) in 3 files", "\(result)")
        #expect(result.stderr.contains("validate "), "the table goes to standard error: \(result)")
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
                default: "?"
                }
            }
            return "\(text("ruleId")) \(text("file")) \(text("line")) \(text("column"))"
        }
        #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
        // The invalid file's finding is what `wirelock validate` says: its line, column, path and reason.
        let validated = try JSONValue.parse(
            try WireLockBinary.run(
                ["validate", "--format", "json", "Fixtures/broken.json"], in: repository.directory.url
            ).stdout)
        let error = try #require(validated["files"]?[0]?["errors"]?[0])
        let invalid = try #require(findings.first { $0["ruleId"] == .string("format.invalid-json") })
        #expect(invalid["line"] == error["line"])
        #expect(invalid["column"] == error["column"])
        #expect(invalid["path"] == error["path"])
        #expect(invalid["message"] == error["reason"])
    }

    @Test func githubReportsEachProblemOnceAsAnErrorAnnotation() throws {
        let repository = try Broken()
        defer { repository.directory.remove() }
        let result = try repository.check("github")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.count == 3, "\(result)")
        let found = result.stdoutLines.map { line -> String in
            // ::error file=F,line=L,col=C,...,title=RULE::MESSAGE
            let properties = line.dropFirst("::error ".count).split(separator: ":", maxSplits: 1)[0]
            var values: [String: String] = [:]
            for pair in properties.split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                values[String(kv[0])] = String(kv[1])
            }
            return
                "\(values["title"] ?? "?") \(values["file"] ?? "?") \(values["line"] ?? "?") \(values["col"] ?? "?")"
        }
        #expect(result.stdoutLines.allSatisfy { $0.hasPrefix("::error file=") }, "\(result)")
        #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
    }

    @Test func sarifReportsEachProblemOnceWithARelativeURI() throws {
        let repository = try Broken()
        defer { repository.directory.remove() }
        let result = try repository.check("sarif")
        #expect(result.status == 1, "\(result)")
        #expect(JSONValidator().validate(Array(result.stdout.utf8)).isValid, "\(result)")
        let sarif = try JSONValue.parse(result.stdout)
        #expect(sarif["version"] == .string("2.1.0"))
        guard case .array(let results)? = sarif["runs"]?[0]?["results"] else {
            Issue.record("no results: \(result)")
            return
        }
        let found = results.map { item -> String in
            let physical = item["locations"]?[0]?["physicalLocation"]
            func text(_ value: JSONValue?) -> String {
                switch value {
                case .string(let value)?: value
                case .number(let value)?: value.text
                default: "?"
                }
            }
            return
                "\(text(item["ruleId"])) \(text(physical?["artifactLocation"]?["uri"])) \(text(physical?["region"]?["startLine"])) \(text(physical?["region"]?["startColumn"]))"
        }
        #expect(found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
        let rules = sarif["runs"]?[0]?["tool"]?["driver"]?["rules"]
        guard case .array(let described)? = rules else {
            Issue.record("no rules: \(result)")
            return
        }
        #expect(described.contains { $0["id"] == .string("lock.golden-changed") })
    }

    @Test func junitReportsEachProblemOnceAsAFailure() throws {
        let repository = try Broken()
        defer { repository.directory.remove() }
        let result = try repository.check("junit")
        #expect(result.status == 1, "\(result)")
        final class Cases: NSObject, XMLParserDelegate {
            var found: [String] = []
            var failures = 0
            var current: [String: String] = [:]
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                if elementName == "testcase" { current = attributes }
                if elementName == "failure" {
                    failures += 1
                    let rule = current["name"]?.split(separator: " ").first.map(String.init) ?? "?"
                    let column =
                        current["name"]?.split(separator: " ").dropFirst(2).first?.split(separator: ":").last
                        .map(String.init) ?? "1"
                    found.append("\(rule) \(current["file"] ?? "?") \(current["line"] ?? "?") \(column)")
                }
            }
        }
        let parser = XMLParser(data: Data(result.stdout.utf8))
        let cases = Cases()
        parser.delegate = cases
        #expect(parser.parse(), "\(String(describing: parser.parserError))\n\(result)")
        #expect(cases.failures == 3, "\(result)")
        #expect(cases.found.sorted() == Self.expected(lockLine: repository.lockLine), "\(result)")
    }

    /// The goldens are the golden folder's files however the walk reaches them: an input folder
    /// that holds the golden folder (here the whole repository) must not make them fixtures only
    /// (it did: the lock check then saw no goldens and reported `lock.no-goldens`).
    @Test func anInputFolderHoldingTheGoldensStillLocksThem() throws {
        let repository = try Broken(
            configuration:
                "{\n  \"fuzz\": {\n    \"count\": 300,\n    \"seed\": 3\n  },\n  \"inputs\": [\n    \".\"\n  ]\n}\n")
        defer { repository.directory.remove() }
        let result = try repository.check("github")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines.count == 3, "\(result)")
        for expected in Self.expected(lockLine: repository.lockLine) {
            let words = expected.split(separator: " ")
            #expect(
                result.stdoutLines.contains {
                    $0.contains("file=\(words[1]),line=\(words[2]),") && $0.contains("title=\(words[0])::")
                },
                "\(expected) in \(result)")
        }
    }

    @Test func pathsOnTheCommandLineReplaceTheInputs() throws {
        let repository = try Broken()
        defer { repository.directory.remove() }
        let result = try WireLockBinary.run(
            ["check", "--format", "github", "Fixtures/messy.json"], in: repository.directory.url)
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
        try directory.write("Fixtures/good.json", "{\n  \"a\": [\n    true\n  ]\n}\n")
        let result = try WireLockBinary.run(["check"], in: directory.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no golden folder"), "\(result)")
        #expect(result.stderr.contains("1000 mutants, seed 7"), "\(result)")
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
