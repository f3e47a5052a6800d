import Testing
import WireJSON
import WireLint

@Suite("wirelock.json")
struct ConfigurationTests {
    static func parse(_ text: String) throws(ConfigurationError) -> WireLockConfiguration {
        try WireLockConfiguration.parse(Array(text.utf8), file: "wirelock.json")
    }

    static func error(_ text: String) -> ConfigurationError? {
        do throws(ConfigurationError) {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyObjectMeansTheDefaults() throws {
        let configuration = try Self.parse("{}")
        #expect(configuration.inputs == ["Fixtures"])
        #expect(configuration.exclude == [])
        #expect(configuration.golden == nil)
        #expect(configuration.fuzz.count == 1000)
        #expect(configuration.fuzz.seed == 7)
        #expect(configuration.lint == LintConfiguration())
        #expect(configuration.runner == nil)
    }

    @Test func everySettingIsRead() throws {
        let configuration = try Self.parse(
            """
            {
              "$schema": "https://example.com/wirelock.schema.json",
              "exclude": ["invalid", "*-malformed*"],
              "fuzz": {"count": 0, "seed": 18446744073709551615},
              "golden": "Tests/golden",
              "inputs": "Fixtures/API",
              "lint": {"disable": ["naming.file-name"], "suppress": [{"rule": "personal", "reason": "ours"}]},
              "runner": ["swift", "run", "--skip-build", "my-models"]
            }
            """)
        #expect(configuration.runner == ["swift", "run", "--skip-build", "my-models"])
        #expect(configuration.inputs == ["Fixtures/API"])
        #expect(configuration.exclude == ["invalid", "*-malformed*"])
        #expect(configuration.golden == "Tests/golden")
        #expect(configuration.fuzz == WireLockConfiguration.FuzzSmoke(count: 0, seed: UInt64.max))
        #expect(configuration.lint.disabled == LintConfiguration.defaultDisabled + [.init(rule: "naming.file-name")])
        #expect(configuration.lint.suppressions == [.init(rule: "personal", reason: "ours")])
    }

    @Test(arguments: [
        // (file, line, column, setting, words of the message)
        ("{\n  \"fuzz\": {\"count\": \"many\"}\n}", 2, 21, "fuzz.count", "expected a whole number of mutants"),
        ("{\"fuzz\": {\"count\": -1}}", 1, 20, "fuzz.count", "from 0 (off) to 1000000"),
        ("{\"fuzz\": {\"seed\": 1.5}}", 1, 19, "fuzz.seed", "found the number 1.5"),
        ("{\"fuzz\": {\"speed\": 1}}", 1, 20, "fuzz.speed", "unknown setting; fuzz takes count and seed"),
        ("{\n\"inputs\": [\"a\",\n   7]}", 3, 4, "inputs[1]", "expected a non-empty string, found the number 7"),
        ("{\"inputs\": []}", 1, 12, "inputs", "found an empty array"),
        ("{\"golden\": null}", 1, 12, "golden", "found null"),
        // Columns count code points, as the validator's do: "é" is two bytes, one column.
        ("{\"$schema\": \"é\", \"golden\": 3}", 1, 28, "golden", "found the number 3"),
        ("{\"goldne\": \"g\"}", 1, 12, "goldne", "unknown setting; expected one of inputs"),
        ("{\"runner\": \"my-models check\"}", 1, 12, "runner", "program and arguments as an array of strings"),
        ("{\"runner\": []}", 1, 12, "runner", "found an empty array"),
        ("[1]", 1, 1, "", "expected an object of settings, found an array"),
        ("{\"inputs\": [\"a\",]}", 1, 17, "$.inputs", "not valid JSON"),
        // The lint section is read here too, its errors located like the others' (a missing field at
        // the object that lacks it).
        (
            "{\n  \"lint\": {\n    \"suppress\": [{\"rule\": \"personal\"}]\n  }\n}", 3, 18, "lint.suppress[0].reason",
            "required: say why"
        ),
        (
            "{\"lint\": {\"disable\": [\"secret\", \"secrets\"]}}", 1, 33, "lint.disable[1]",
            "'secrets' is not a lint rule"
        ),
        (
            "{\"lint\": {\"supress\": []}}", 1, 22, "lint.supress",
            "unknown setting (expected suppress, disable, scope, naming or examples)"
        ),
        (
            "{\"lint\": {\"disable\": [{\"rule\": \"naming\", \"glob\": \"x\"}]}}", 1, 50, "lint.disable[0].glob",
            "unknown field"
        ),
    ])
    func aBadSettingNamesFileLineColumnAndSetting(
        text: String, line: Int, column: Int, setting: String, words: String
    ) throws {
        let error = try #require(Self.error(text))
        #expect(error.file == "wirelock.json")
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.setting == setting, "\(error)")
        #expect(error.message.contains(words), "\(error)")
        #expect(error.description.hasPrefix("wirelock.json:\(line):\(column): error: "))
    }

    @Test func aRepeatedSettingIsAnError() {
        let error = Self.error("{\"golden\": \"a\", \"golden\": \"b\"}")
        #expect(error?.message.hasPrefix("not valid JSON") == true, "\(String(describing: error))")
    }
}
