import Foundation
import Testing
import WireDecoder
import WireGolden
import WireJSON
import WireReaders
import WireShapes

@testable import WireFuzz

/// One concrete path, one pattern and one folding rule (issue 34): the place `$.items[1].id` is
/// named `$.items[*].id` by a shape's violation, a reader contract's entry, a redaction that selects
/// it and a fuzz finding's root cause alike, and that text reads back as the same pattern.
@Suite("One folding rule for shapes, contracts, redactions and fuzz")
struct PathFoldingTests {
    struct Page: Decodable {
        struct Item: Decodable {
            let id: Int
            let tags: [String: Int]
        }
        let items: [Item]
    }

    static let payload = #"{"items": [{"id": 1, "tags": {"a": 1}}, {"id": 2, "tags": {"b": 2}}]}"#
    static let concrete: JSONPath = [.key("items"), .index(1), .key("id")]

    @Test func onePathFoldsTheSameForEveryUser() throws {
        let folded = JSONPathPattern(folding: Self.concrete)
        #expect(folded.description == "$.items[*].id")
        #expect(try JSONPathPattern(folded.description) == folded)

        // Shapes: a wrong kind at the concrete place is a violation at the folded path, and the
        // shape is found there.
        let shape = WireShape.infer(from: [try JSONValue.parse(Array(Self.payload.utf8))])
        let changed = try JSONValue.parse(
            Array(Self.payload.replacingOccurrences(of: #""id": 2"#, with: #""id": "2""#).utf8))
        #expect(shape.violations(of: changed).map(\.path) == [folded])
        #expect(shape[folded] != nil)

        // Reader contracts: what decodeWithReport records folds the same way (and a dictionary's
        // members to `.*`).
        let report = try WireJSONDecoder().decodeWithReport(Page.self, from: Data(Self.payload.utf8)).report
        let contract = ReaderContract(model: "Page", fixture: "page", report: report)
        #expect(contract.entries[folded] != nil)
        #expect(contract.entries[try JSONPathPattern("$.items[*].tags.*")] != nil)
        #expect(report.reads.contains { $0.pattern == folded && folded.matches($0.path) })

        // Redactions: the folded text selects the concrete place, in every element.
        let redacted = Redactor.apply(
            [.replace(folded.description, with: "<id>")], to: try JSONValue.parse(Array(Self.payload.utf8)))
        #expect(redacted.failures.isEmpty)
        #expect(redacted.value["items"]?[1]?["id"] == .string("<id>"))
        #expect(redacted.value["items"]?[0]?["id"] == .string("<id>"))
        #expect(folded.matches(Self.concrete))

        // Fuzz: a finding's root cause names the same folded path.
        #expect(FuzzFinding.rootCause("silently-accepted", path: Self.concrete) == "silently-accepted $.items[*].id")
    }

    @Test(arguments: [
        ("$.items[3].id", "$.items[*].id"),
        (#"$["a b"][0][12]"#, #"$["a b"][*][*]"#),
        ("$", "$"),
        (#"$.x["*"]"#, #"$.x["*"]"#),
    ])
    func foldingReplacesEachIndexAndNothingElse(concrete: String, folded: String) throws {
        let path = try #require(JSONPath.parse(concrete))
        #expect(JSONPathPattern(folding: path).description == folded)
        #expect(try JSONPathPattern(folded).matches(path))
    }

    @Test(arguments: ["$..*_url", "$.items[*].owner.login", "$.labels.*", #"$["release date"]"#, "$..[*]", "$[3].a"])
    func aPatternsTextReadsBackAsTheSamePattern(text: String) throws {
        let pattern = try JSONPathPattern(text)
        #expect(pattern.description == text)
        #expect(try JSONPathPattern(pattern.description) == pattern)
    }
}
