import Foundation
import Testing
import WireDecoder
import WireJSON
import WireReaders

/// The values an enum read at a path accepts: known to a contract only where decoding proved them
/// (a `CaseIterable` enum that rejects any other value), written to and read from its file.
@Suite("Reader contract: an enum's accepted values")
struct ReaderContractValuesTests {
    enum State: String, Decodable, CaseIterable { case open, closed }
    enum Priority: Int, Decodable, CaseIterable {
        case low = 1
        case high = 3
    }
    /// CaseIterable, but an unknown value decodes to `.other`: it accepts any string.
    enum OpenState: String, Decodable, CaseIterable {
        case open, other
        init(from decoder: any Decoder) throws {
            self = OpenState(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
        }
    }
    /// Not CaseIterable: its cases cannot be listed.
    enum Kind: String, Decodable { case a, b }

    struct Issue: Decodable {
        var state: State
        var priority: Priority
        var openState: OpenState
        var kind: Kind
    }

    static func contract() throws -> ReaderContract {
        let data = Data(#"{"state": "open", "priority": 3, "openState": "open", "kind": "a"}"#.utf8)
        let report = try WireJSONDecoder().decodeWithReport(Issue.self, from: data).report
        return ReaderContract(model: "Issue", fixture: "issue", report: report)
    }

    static func values(_ path: String, in contract: ReaderContract) throws -> [JSONValue]? {
        try #require(contract.entries[try JSONPathPattern(path)]).values
    }

    @Test func aClosedEnumsValuesAreKnownAndNoOthers() throws {
        let contract = try Self.contract()
        #expect(try Self.values("$.state", in: contract) == [.string("closed"), .string("open")])
        #expect(try Self.values("$.priority", in: contract) == [.number(1), .number(3)])
        #expect(try Self.values("$.openState", in: contract) == nil)
        #expect(try Self.values("$.kind", in: contract) == nil)
    }

    @Test func theFileKeepsThemAndAChangeIsNamed() throws {
        let contract = try Self.contract()
        let text = contract.text
        #expect(
            text.contains(
                #""$.state": {"kinds":["string"],"methods":["decode","singleValue"],"types":["State","String"],"values":["closed","open"]}"#
            ))
        let parsed = try ReaderContract(parsing: Array(text.utf8), file: "issue.reads.json")
        #expect(parsed == contract)
        var narrower = contract
        var entry = try #require(contract.entries[try JSONPathPattern("$.state")])
        entry.values = [.string("open")]
        narrower.set(entry)
        #expect(
            narrower.changes(from: contract).map(\.description) == [
                #"$.state: accepted values "closed"|"open" became "open""#
            ])
        #expect(throws: ReaderContract.FileError.self) {
            try ReaderContract(
                parsing: Array(
                    text.replacingOccurrences(of: #""values":["closed","open"]"#, with: #""values":[true]"#).utf8),
                file: "issue.reads.json")
        }
    }
}
