import Foundation
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireFuzz

/// Committed cases are matched to findings by their root cause (outcome, path with indices as
/// `[*]`), never by bytes or by mutator.
@Suite("Regression cases by root cause")
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
        // The root cause is read from the outcome and the path, whatever group the case recorded.
        var meta = try JSONValue.parse(
            #"{"mutator": "wrong-type", "outcome": "silently-accepted", "path": "$.records[3].year"}"#)
        try Data(CanonicalJSONWriter.bytes(meta)).write(to: folder.appendingPathComponent("aaaa.meta.json"))
        try Data(pinned.bytes).write(to: folder.appendingPathComponent("aaaa.json"))
        meta = try JSONValue.parse(
            #"{"group": "null silently-accepted $.title", "mutator": "null", "outcome": "silently-accepted", "path": "$.title"}"#
        )
        try Data(CanonicalJSONWriter.bytes(meta)).write(to: folder.appendingPathComponent("bbbb.meta.json"))

        let groups = FuzzRegressions.groups(in: folder)
        #expect(groups == [pinned.rootCause: "aaaa", "silently-accepted $.title": "bbbb"])
        #expect(pinned.rootCause == "silently-accepted $.records[*].year")
        // Other bytes, another record: the same bug.
        let again = finding(
            [.key("records"), .index(0), .key("year")], bytes: #"{"year":"y","records":[{"year":[]}]}"#)
        #expect(FuzzRegressions.knownCase(for: again, in: groups) == "aaaa")
        // Another mutator reaching the same path with the same outcome: the same root cause.
        var dropped = again
        dropped.operation.mutator = .dropKey
        #expect(FuzzRegressions.knownCase(for: dropped, in: groups) == "aaaa")
        let other = finding([.key("records"), .index(0), .key("title")], bytes: #"{"records":[{"title":1}]}"#)
        #expect(FuzzRegressions.knownCase(for: other, in: groups) == nil)
    }
}
