import Foundation
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// Committed cases are matched to findings by their group (mutator, outcome, path with indices as
/// `[*]`), never by bytes.
@Suite("Regression cases by group")
struct RegressionGroupTests {
    func finding(_ path: JSONPath, bytes: String) -> FuzzFinding {
        FuzzFinding(
            index: 0, seedName: "s",
            operation: MutationOperation(mutator: .wrongType, path: path, variant: "to-string", edit: .remove),
            verdict: FuzzVerdict(.silentlyAccepted, expected: "typeMismatch", seen: "accepted"),
            bytes: Array(bytes.utf8))
    }

    @Test func aFindingMatchesTheCaseOfItsGroupWhateverItsBytes() throws {
        let folder = TemporaryDirectory.uniqueURL("wirelock-groups")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pinned = finding([.key("records"), .index(3), .key("year")], bytes: #"{"records":[{"year":"x"}]}"#)
        // A case from before groups were recorded: its group is rebuilt from mutator, outcome and path.
        var meta = try JSONValue.parse(
            #"{"mutator": "wrong-type", "outcome": "silently-accepted", "path": "$.records[3].year"}"#)
        try Data(CanonicalJSONWriter.bytes(meta)).write(to: folder.appendingPathComponent("aaaa.meta.json"))
        try Data(pinned.bytes).write(to: folder.appendingPathComponent("aaaa.json"))
        meta = try JSONValue.parse(#"{"group": "null silently-accepted $.title"}"#)
        try Data(CanonicalJSONWriter.bytes(meta)).write(to: folder.appendingPathComponent("bbbb.meta.json"))

        let groups = FuzzRegressions.groups(in: folder)
        #expect(groups == [pinned.groupKey: "aaaa", "null silently-accepted $.title": "bbbb"])
        // Other bytes, another record: the same bug.
        let again = finding(
            [.key("records"), .index(0), .key("year")], bytes: #"{"year":"y","records":[{"year":[]}]}"#)
        #expect(FuzzRegressions.knownCase(for: again, in: groups) == "aaaa")
        let other = finding([.key("records"), .index(0), .key("title")], bytes: #"{"records":[{"title":1}]}"#)
        #expect(FuzzRegressions.knownCase(for: other, in: groups) == nil)
    }
}
