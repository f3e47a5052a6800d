import Foundation
import Testing
import WireDecoder
import WireJSON
import WireReaders

/// The reads decodeWithReport records and the reader contract folded from them.
@Suite struct ReaderContractTests {
    struct Owner: Decodable {
        var login: String
        var url: URL
    }

    /// Either one owner or a list: the `try?` union idiom.
    struct Repo: Decodable {
        var id: Int
        var name: String
        var homepage: URL?
        var score: Double
        var created: Date
        var owners: [Owner]
        var labels: [String: Int]?

        enum CodingKeys: String, CodingKey {
            case id, name, homepage, score
            case created = "created_at"
            case owners = "owner"
            case labels
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            homepage = try container.decodeIfPresent(URL.self, forKey: .homepage)
            score = try container.decode(Double.self, forKey: .score)
            created = try container.decode(Date.self, forKey: .created)
            if let one = try? container.decode(Owner.self, forKey: .owners) {
                owners = [one]
            } else {
                owners = try container.decode([Owner].self, forKey: .owners)
            }
            labels = try container.decodeIfPresent([String: Int].self, forKey: .labels)
        }
    }

    struct Page: Decodable {
        var items: [Repo]
    }

    static func repo(_ id: Int, owner: String, extra: String = "") -> String {
        """
        {"id": \(id), "name": "r\(id)", "homepage": \(id % 2 == 0 ? "null" : "\"https://e.org/\(id)\""),
         "score": \(id).5, "created_at": "2024-05-01T08:30:00Z", "owner": \(owner),
         "mirror_url": null, "temp_clone_token": null\(extra)}
        """
    }

    static let owner = #"{"login": "octo", "url": "https://api.example/u/octo", "gravatar_id": ""}"#

    static func page(count: Int, extra: String = "") -> Data {
        let items = (0..<count).map { index in
            repo(index, owner: index == 1 ? "[\(owner), \(owner)]" : owner, extra: index == 3 ? extra : "")
        }
        return Data(
            (#"{"total_count": \#(count), "items": ["# + items.joined(separator: ",\n") + "]}").utf8)
    }

    static func decoder() -> WireJSONDecoder {
        let decoder = WireJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func contract(_ data: Data, fixture: String = "page.json") throws -> ReaderContract {
        let report = try decoder().decodeWithReport(Page.self, from: data).report
        return ReaderContract(model: "Page", fixture: fixture, report: report)
    }

    @Test func everyReadIsRecordedWithTypeMethodWireKindAndOutcome() throws {
        let report = try Self.decoder().decodeWithReport(Page.self, from: Self.page(count: 3)).report
        let reads = report.reads.map {
            "\($0.path) \($0.type) \($0.method.rawValue) \($0.wire?.rawValue ?? "absent") \($0.outcome.rawValue)"
        }
        #expect(reads.contains("$ Page decode object value"))
        #expect(reads.contains("$.items Array<Repo> decode array value"))
        #expect(reads.contains("$.items[0] Repo decode object value"))
        #expect(reads.contains("$.items[0].homepage URL decodeIfPresent null nil"))
        #expect(reads.contains("$.items[1].homepage URL decodeIfPresent string value"))
        #expect(reads.contains("$.items[0].labels Dictionary<String, Int> decodeIfPresent absent nil"))
        // The union: the single owner throws on the array and the error is swallowed.
        #expect(reads.contains("$.items[1].owner Owner decode array threw"))
        #expect(reads.contains("$.items[1].owner Array<Owner> decode array value"))
        let created = try #require(report.reads.first { $0.path.description == "$.items[0].created_at" })
        #expect(created.form == "iso8601:rfc3339")
        let score = try #require(report.reads.first { $0.path.description == "$.items[0].score" })
        #expect(score.form == "fraction")
        #expect(score.location.line == 2)
    }

    @Test func theFastPathRecordsNothingAndTheReportStaysAboutLosses() throws {
        let data = Self.page(count: 2)
        let value = try Self.decoder().decode(Page.self, from: data)
        #expect(value.items.count == 2)
        let report = try Self.decoder().decodeWithReport(Page.self, from: data).report
        // Reads are facts, not entries: the report still lists only what was dropped.
        #expect(!report.reads.isEmpty)
        #expect(
            report.description.split(separator: "\n").allSatisfy {
                $0.hasPrefix("dropped:") || $0.hasPrefix("swallowed:")
            })
    }

    @Test func readsAreGroupedByFoldedPathWithACount() throws {
        let report = try Self.decoder().decodeWithReport(Page.self, from: Self.page(count: 120)).report
        let id = try #require(report.reads.first { $0.pattern.description == "$.items[*].id" })
        #expect(id.count == 120)
        #expect(id.path.description == "$.items[0].id")
        // One group per path and outcome: the homepage is null in half the items, a URL in the rest.
        let homepage = report.reads.filter { $0.pattern.description == "$.items[*].homepage" }
        #expect(homepage.map(\.count) == [60, 60])
        #expect(report.reads.count < 30)
    }

    @Test func withoutRecordsReadsTheReportHasTheSameEntriesAndNoReads() throws {
        let data = Self.page(count: 5)
        let decoder = Self.decoder()
        decoder.recordsReads = false
        let without = try decoder.decodeWithReport(Page.self, from: data).report
        let with = try Self.decoder().decodeWithReport(Page.self, from: data).report
        #expect(without.reads.isEmpty)
        #expect(!with.reads.isEmpty)
        #expect(without.droppedMembers == with.droppedMembers)
        #expect(without.swallowedErrors == with.swallowedErrors)
    }

    @Test func aHundredElementsFoldToOnePathEach() throws {
        let contract = try Self.contract(Self.page(count: 120))
        let paths = contract.sortedEntries.map(\.path.description)
        #expect(
            paths == [
                "$", "$.items", "$.items[*]", "$.items[*].created_at", "$.items[*].homepage", "$.items[*].id",
                "$.items[*].labels", "$.items[*].name", "$.items[*].owner", "$.items[*].owner.login",
                "$.items[*].owner.url", "$.items[*].owner[*]", "$.items[*].owner[*].login", "$.items[*].owner[*].url",
                "$.items[*].score",
            ])
        #expect(
            contract.dropped.map(\.description).sorted() == [
                "$.items[*].mirror_url", "$.items[*].owner.gravatar_id", "$.items[*].owner[*].gravatar_id",
                "$.items[*].temp_clone_token", "$.total_count",
            ])
        let homepage = try #require(contract.entry(matching: [.key("items"), .index(77), .key("homepage")]))
        #expect(homepage.kinds == [.string])
        #expect(homepage.mayBeAbsent && homepage.mayBeNull)
        #expect(homepage.types == ["URL"])
        let owner = try #require(contract.entries[try JSONPathPattern("$.items[*].owner")])
        #expect(owner.lenient)
        #expect(owner.kinds == [.array, .object])
        #expect(owner.types == ["Array<Owner>", "Owner"])
        let id = try #require(contract.entries[try JSONPathPattern("$.items[*].id")])
        #expect(!id.mayBeAbsent && !id.mayBeNull && !id.lenient)
        #expect(id.forms == ["integer"])
    }

    @Test func dictionaryValuesFoldToAStar() throws {
        let data = Data(
            #"{"items": [\#(Self.repo(1, owner: Self.owner, extra: #", "labels": {"bug": 1, "ui": 2}"#))]}"#.utf8)
        let contract = try Self.contract(data)
        let labels = try #require(contract.entries[try JSONPathPattern("$.items[*].labels.*")])
        #expect(labels.kinds == [.number])
        #expect(contract.entry(matching: [.key("items"), .index(0), .key("labels"), .key("new")]) == labels)
    }

    @Test func theFileIsOneLinePerPathAndParsesBack() throws {
        let contract = try Self.contract(Self.page(count: 5))
        let text = contract.text
        #expect(
            text.contains(
                #"    "$.items[*].homepage": {"absent":true,"kinds":["string"],"methods":["decodeIfPresent"],"null":true,"types":["URL"]}"#
            ))
        #expect(
            text.contains(
                #""$.items[*].created_at": {"forms":["iso8601:rfc3339"],"kinds":["string"],"methods":["decode"],"types":["Date"]}"#
            ))
        let back = try ReaderContract(parsing: Array(text.utf8), file: "page.reads.json")
        #expect(back == contract)
        #expect(back.text == text)
        // Canonical: the writer's output is its own canonical form's layout, keys sorted.
        let reparsed = try JSONValue.parse(text)
        #expect(reparsed["format"] == .number(1))
    }

    @Test(arguments: [
        (
            #"{"format": 1, "model": "M", "reads": {"$.a": {"kinds": ["text"]}}}"#,
            "page.reads.json:1:57: expected a kind (array, bool, null, number, object, string) (at $.reads[\"$.a\"].kinds[0])"
        ),
        (#"{"format": 1, "model": "M", "reads": {"$.a[": {}}}"#, "page.reads.json:1:39: invalid JSON path pattern"),
        (
            #"{"format": 1, "model": "M", "reads": {"$..a": {}}}"#,
            "page.reads.json:1:39: expected a folded path (members, [*] and .*), not the pattern '$..a'"
        ),
        (
            #"{"format": 1, "model": "M", "reads": [], "dropped": []}"#,
            "page.reads.json:1:29: expected an object of reads by path (at $.reads)"
        ),
        (
            "{\n  \"format\": 1,\n  \"model\": \"M\",\n  \"reads\": {\n    \"$.a\": {\"nullable\": true}\n  }\n}",
            "page.reads.json:5:13: unknown member"
        ),
        (
            #"{"format": 9, "model": "M", "reads": {}}"#,
            "page.reads.json:1:2: format 9 is newer than this WireLock reads (1)"
        ),
        (#"{"format": 1, "model": "M", "reads": {}"#, "page.reads.json:1:"),
    ])
    func aBadFileIsALocatedError(text: String, expected: String) {
        #expect(throws: ReaderContract.FileError.self) {
            try ReaderContract(parsing: Array(text.utf8), file: "page.reads.json")
        }
        do {
            _ = try ReaderContract(parsing: Array(text.utf8), file: "page.reads.json")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }

    @Test func changesNameEachPath() throws {
        let before = try Self.contract(Self.page(count: 4))
        // The server adds a member nobody reads.
        let gained = try Self.contract(Self.page(count: 4, extra: #", "state_reason": null"#))
        #expect(
            gained.changes(from: before).map(\.description) == [
                "$.items[*].state_reason: a fixture has it and nothing reads it (newly dropped)"
            ])
        #expect(before.changes(from: before).isEmpty)
        // A model that stops reading a member, and one whose kinds and optionality change.
        var edited = before
        let score = try JSONPathPattern("$.items[*].score")
        var entry = try #require(edited.entries[score])
        entry.kinds = [.number, .string]
        entry.mayBeAbsent = true
        edited.set(entry)
        let changes = edited.changes(from: before).map(\.description)
        #expect(
            changes == [
                "$.items[*].score: kinds number became number|string",
                "$.items[*].score: was required, now may be absent",
            ])
        let removed = ReaderContract(model: "Page").merged(with: before)
        #expect(removed == before.merged(with: ReaderContract(model: "Page")))
        let stops = ReaderContract(model: "Page").changes(from: before)
        #expect(stops.contains { if case .stopsReading(let e) = $0 { e.path == score } else { false } })
    }

    @Test func mergingIsAUnionOverFixtures() throws {
        let one = try Self.contract(Self.page(count: 1), fixture: "one.json")
        let three = try Self.contract(Self.page(count: 3), fixture: "three.json")
        let merged = one.merged(with: three)
        #expect(merged.fixtures == ["one.json", "three.json"])
        // Only the three-element page has an owner list and a present homepage.
        #expect(one.entries[try JSONPathPattern("$.items[*].owner[*]")] == nil)
        #expect(merged.entries[try JSONPathPattern("$.items[*].owner[*]")] != nil)
        #expect(merged.entries[try JSONPathPattern("$.items[*].homepage")]?.kinds == [.string])
        var added = one
        added.add(
            try Self.decoder().decodeWithReport(Page.self, from: Self.page(count: 3)).report, fixture: "three.json")
        #expect(added == merged)
    }

    @Test(arguments: ["$", "$.a", "$.a[*].b", "$.labels.*", #"$["release date"][*]"#, #"$["*"].x"#])
    func pathsPrintAndParseBack(text: String) throws {
        #expect(try JSONPathPattern(text).description == text)
    }
}
