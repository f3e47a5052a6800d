import Testing
import WireJSON
import WireLint

@Suite("SARIF 2.1.0")
struct ReportSARIFTests {
    static func document(_ findings: [Finding], context: ReportContext = ReportSamples.context) throws -> JSONValue {
        let text = ReportFormat.sarif.render(findings, context: context)
        #expect(JSONValidator().validate(Array(text.utf8)).isValid)
        return try JSONValue.parse(text)
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static func int(_ value: JSONValue?) -> Int? {
        if case .number(let number)? = value { return number.intValue }
        return nil
    }

    static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    @Test func topLevelAndDriverFields() throws {
        let sarif = try Self.document(ReportSamples.all)
        #expect(Self.string(sarif["$schema"]) == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(Self.string(sarif["version"]) == "2.1.0")
        let runs = Self.array(sarif["runs"])
        #expect(runs.count == 1)
        let driver = try #require(runs.first?["tool"]?["driver"])
        #expect(Self.string(driver["name"]) == "wirelock")
        #expect(Self.string(driver["version"]) == "9.8.7")
        #expect(Self.string(driver["informationUri"]) == "https://example.com/wirelock")
        // WireLock's columns count code points, as the validator's do.
        #expect(Self.string(runs.first?["columnKind"]) == "unicodeCodePoints")
        #expect(Self.string(runs.first?["originalUriBaseIds"]?["%SRCROOT%"]?["uri"]) == "file:///work/repo/")
    }

    @Test func everyRuleUsedOrDescribedHasTheFourDescriptors() throws {
        let sarif = try Self.document(ReportSamples.all)
        let rules = Self.array(sarif["runs"]?[0]?["tool"]?["driver"]?["rules"])
        #expect(
            rules.compactMap { Self.string($0["id"]) } == [
                "format.invalid-json", "format.non-canonical", "lock.shape-changed",
            ])
        for rule in rules {
            for field in ["shortDescription", "fullDescription", "help"] {
                let text = Self.string(rule[field]?["text"])
                #expect(text?.isEmpty == false, "\(field) of \(rule)")
            }
        }
        #expect(Self.string(rules.first?["shortDescription"]?["text"]) == "Invalid JSON")
        #expect(Self.string(rules.first?["help"]?["text"]) == "Fix the JSON at the reported place.")
    }

    @Test func resultFieldsOneByOne() throws {
        let sarif = try Self.document(ReportSamples.all)
        let run = try #require(sarif["runs"]?[0])
        let rules = Self.array(run["tool"]?["driver"]?["rules"])
        let results = Self.array(run["results"])
        #expect(results.count == 3)
        // Report order: by file. Fixtures/API/calendar.json, then .../movies.json (made relative), then golden/.
        let invalid = results[1]
        #expect(Self.string(invalid["ruleId"]) == "format.invalid-json")
        let index = try #require(Self.int(invalid["ruleIndex"]))
        #expect(Self.string(rules[index]["id"]) == "format.invalid-json")
        #expect(Self.string(invalid["level"]) == "error")
        #expect(
            Self.string(invalid["message"]?["text"])
                == "expected ',' or '}' after a member (at $.movies[0]). Hint: fix the JSON at this place")
        let locations = Self.array(invalid["locations"])
        #expect(locations.count == 1)
        let physical = try #require(locations.first?["physicalLocation"])
        #expect(Self.string(physical["artifactLocation"]?["uri"]) == "Fixtures/API/movies.json")
        #expect(Self.string(physical["artifactLocation"]?["uriBaseId"]) == "%SRCROOT%")
        let region = try #require(physical["region"])
        #expect(Self.int(region["startLine"]) == 3)
        #expect(Self.int(region["startColumn"]) == 12)
        #expect(Self.int(region["endLine"]) == 3)
        #expect(Self.int(region["endColumn"]) == 13, "SARIF's end column is exclusive")
        #expect(Self.string(results[0]["level"]) == "warning")
        #expect(Self.string(results[2]["level"]) == "note")
        // A whole-file finding still has a region (code scanning wants a start line).
        #expect(Self.int(results[2]["locations"]?[0]?["physicalLocation"]?["region"]?["startLine"]) == 1)
        #expect(Self.int(results[2]["ruleIndex"]) == 2)
    }

    static func fingerprint(_ finding: Finding) throws -> String? {
        let sarif = try document([finding])
        return string(sarif["runs"]?[0]?["results"]?[0]?["partialFingerprints"]?["wirelock/v1"])
    }

    @Test func fingerprintFollowsRuleFileAndPathNotTheLine() throws {
        var moved = ReportSamples.invalid
        moved.region = Finding.Region(line: 40, column: 3)
        moved.message = "another wording"
        let original = try #require(try Self.fingerprint(ReportSamples.invalid))
        #expect(try Self.fingerprint(moved) == original)
        var otherPath = ReportSamples.invalid
        otherPath.path = [.key("movies"), .index(1)]
        #expect(try Self.fingerprint(otherPath) != original)
        var otherRule = ReportSamples.invalid
        otherRule.ruleID = "format.non-canonical"
        #expect(try Self.fingerprint(otherRule) != original)
        var otherFile = ReportSamples.invalid
        otherFile.file = "Fixtures/API/series.json"
        #expect(try Self.fingerprint(otherFile) != original)
        // The absolute file and its repository-relative spelling are one artifact.
        var relative = ReportSamples.invalid
        relative.file = "Fixtures/API/movies.json"
        #expect(try Self.fingerprint(relative) == original)
    }

    @Test func repeatedRuleFileAndPathGetDistinctFingerprints() throws {
        let sarif = try Self.document(ReportSamples.errors(3))
        let prints = Self.array(sarif["runs"]?[0]?["results"]).compactMap {
            Self.string($0["partialFingerprints"]?["wirelock/v1"])
        }
        #expect(prints.count == 3)
        #expect(Set(prints).count == 3)
    }

    @Test func artifactURIIsPercentEncoded() throws {
        let finding = Finding(ruleID: "x.y", file: "Fixtures/a b#%.json", message: "m")
        let sarif = try Self.document([finding], context: ReportContext(toolVersion: "1"))
        #expect(
            Self.string(
                sarif["runs"]?[0]?["results"]?[0]?["locations"]?[0]?["physicalLocation"]?["artifactLocation"]?["uri"])
                == "Fixtures/a%20b%23%25.json")
    }
}
