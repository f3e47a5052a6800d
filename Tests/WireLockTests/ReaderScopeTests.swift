import Foundation
import Testing
import WireCommands
import WireDecoder
import WireGolden
import WireJSON
import WireReaders
import WireShapeTools
import WireShapes

/// `wirelock diff --reads` judges each breaking change by the contract's reader: a change that
/// model copes with is kept as non-breaking, in both directions. Found on octokit.swift: a fork
/// gains `parent` (a `Repository?` the model reads with `decodeIfPresent`), and the diff called it
/// "BREAKING (backward) required-member-added … new readers that require it fail on old payloads".
@Suite("Reader scope of wire diffs")
struct ReaderScopeTests {
    struct Repository: Decodable {
        struct Parent: Decodable { var id: Int }
        var id: Int
        var parent: Parent?
    }

    static func scoped(old: String, new: String) throws -> [WireChange] {
        let (_, report) = try WireJSONDecoder().decodeWithReport(Repository.self, from: Data(new.utf8))
        let contract = ReaderContract(model: "Repository", fixture: "repo.json", report: report)
        let sides = try [old, new].map { text in
            WireFormatSide(name: "repo", shape: WireShape.infer(from: [try JSONValue.parse(text)]))
        }
        let reports = WireFormatComparison.compare(old: [sides[0]], new: [sides[1]])
        return ReaderScope.keepingReadChanges(reports, reads: [contract]).reports.flatMap(\.changes)
    }

    @Test func aMemberTheReaderReadsIfPresentMayAppear() throws {
        // A fork's payload gains `parent`: absent from the old samples, present in every new one.
        let changes = try Self.scoped(old: #"{"id": 1}"#, new: #"{"id": 1, "parent": {"id": 2}}"#)
        let change = try #require(changes.first { $0.rule == .requiredMemberAdded }, "\(changes)")
        #expect(!change.isBreaking, "\(change)")
        #expect(change.detail.hasSuffix("; every reader of it here copes (it may be absent or null there)"))
        // The rule's own verdict for other readers is not repeated beside it.
        #expect(change.detail.components(separatedBy: ";").count == 2, "\(change.detail)")
    }

    @Test func aRequiredMemberTheReaderNeedsStaysBreaking() throws {
        let changes = try Self.scoped(old: #"{"description": "a"}"#, new: #"{"id": 1, "description": "a"}"#)
        let change = try #require(changes.first { $0.rule == .requiredMemberAdded }, "\(changes)")
        #expect(change.isBreaking)
    }
}
