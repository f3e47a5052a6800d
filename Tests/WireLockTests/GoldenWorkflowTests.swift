import Foundation
import Testing
import WireCommands
import WireJSON
import WireLockTestSupport
import WireSupport

@testable import WireGolden
@testable import WireLock

/// A throw-away golden directory per test.
struct Sandbox {
    let root: URL
    var golden: URL { root.appendingPathComponent("golden") }

    init() throws {
        root = TemporaryDirectory.uniqueURL("wirelock-golden")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("golden"), withIntermediateDirectories: true)
    }

    func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: golden.appendingPathComponent(name).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: golden.appendingPathComponent(name).path)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: golden.appendingPathComponent(name))
    }
}

/// Test-local models, namespaced so they never shadow SampleAPI's `Movie`.
enum WorkflowModels {
    struct Movie: Codable, Equatable {
        var id: Int
        var title: String
        var releaseDate: String
        var tmdbId: Int?
    }
}

let local: [String: String] = [:]
let ci: [String: String] = ["CI": "true"]

@Suite("Record modes")
struct RecordModeTests {
    let heat = WorkflowModels.Movie(id: 1, title: "Heat", releaseDate: "1995-12-15T00:00:00Z", tmdbId: 949)

    @Test(arguments: [
        ([String: String](), RecordMode.missing),
        (["CI": "true"], .never),
        (["CI": "1"], .never),
        (["CI": "false"], .missing),
        (["CI": "0"], .missing),
        (["CI": "true", "WIRELOCK_RECORD": "all"], .all),
        (["WIRELOCK_RECORD": "failed"], .failed),
        (["WIRELOCK_RECORD": "NEVER"], .never),
    ])
    func environmentDecidesTheDefault(environment: [String: String], expected: RecordMode) throws {
        #expect(try RecordMode.fromEnvironment(environment) == expected)
    }

    @Test func unknownRecordModeIsAnError() throws {
        let box = try Sandbox()
        let failure = verifyGolden(
            heat, named: "heat", goldenDirectory: box.golden, environment: ["WIRELOCK_RECORD": "sometimes"])
        #expect(failure?.message.contains("WIRELOCK_RECORD=sometimes is not a record mode") == true)
        #expect(!box.exists("heat.json"))
    }

    @Test func underCIAMissingGoldenFailsAndWritesNothing() throws {
        let box = try Sandbox()
        let failure = try #require(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: ci))
        #expect(failure.message.contains("missing golden"))
        #expect(failure.message.contains(#""title": "Heat""#), "shows what would have been written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.golden.path).isEmpty)
    }

    @Test func locallyAMissingGoldenIsRecordedAndStillFails() throws {
        let box = try Sandbox()
        let failure = try #require(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: local))
        #expect(failure.message.hasPrefix("recorded "))
        #expect(failure.message.contains("review and re-run"))
        #expect(
            box.text("heat.json") == """
                {
                  "id": 1,
                  "releaseDate": "1995-12-15T00:00:00Z",
                  "title": "Heat",
                  "tmdbId": 949
                }

                """)
        #expect(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: local) == nil)
    }

    @Test func aChangedModelFailsWithThePathAndLeavesAPendingFile() throws {
        let box = try Sandbox()
        try box.write(
            #"{"id": 1, "releaseDate": "1995-12-15T00:00:00Z", "title": "Heat", "tmdbId": 949}"#, to: "heat.json")
        let before = box.text("heat.json")
        var changed = heat
        changed.releaseDate = "1995-12-15T00:00:00.000Z"
        changed.tmdbId = nil
        let failure = try #require(
            verifyGolden(changed, named: "heat", goldenDirectory: box.golden, environment: local))
        #expect(
            failure.message.contains(
                #"$.releaseDate: golden "1995-12-15T00:00:00Z" ≠ actual "1995-12-15T00:00:00.000Z""#))
        #expect(failure.message.contains("$.tmdbId: missing in actual"))
        #expect(failure.message.contains(#"-  "releaseDate": "1995-12-15T00:00:00Z","#), "line diff")
        #expect(failure.differences.map(\.path.description) == ["$.releaseDate", "$.tmdbId"])
        #expect(box.text("heat.json") == before, "the golden is untouched")
        #expect(box.text("heat.actual.json")?.contains("00.000Z") == true)

        // Accepting the pending file makes the assertion pass.
        let pending = try #require(PendingGoldens.list(in: box.golden).first)
        #expect(pending.goldenURL.lastPathComponent == "heat.json")
        try PendingGoldens.accept(pending)
        #expect(!box.exists("heat.actual.json"))
        #expect(verifyGolden(changed, named: "heat", goldenDirectory: box.golden, environment: local) == nil)
    }

    @Test func underCIAMismatchWritesNoPendingFile() throws {
        let box = try Sandbox()
        try box.write(#"{"id": 2, "releaseDate": "x", "title": "Heat"}"#, to: "heat.json")
        let failure = try #require(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: ci))
        #expect(failure.message.contains("$.id: golden 2 ≠ actual 1"))
        #expect(!box.exists("heat.actual.json"))
    }

    @Test func rejectDeletesThePendingFile() throws {
        let box = try Sandbox()
        try box.write(#"{"id": 2}"#, to: "heat.json")
        _ = verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: local)
        let pending = try #require(PendingGoldens.pending(for: box.golden.appendingPathComponent("heat.json")))
        try PendingGoldens.reject(pending)
        #expect(!box.exists("heat.actual.json"))
        #expect(box.text("heat.json") == #"{"id": 2}"#)
    }

    @Test(arguments: [RecordMode.failed, .all])
    func failedAndAllOverwriteAMismatchAndStillFail(mode: RecordMode) throws {
        let box = try Sandbox()
        try box.write(#"{"id": 2}"#, to: "heat.json")
        let failure = try #require(
            verifyGolden(heat, named: "heat", record: mode, goldenDirectory: box.golden, environment: local))
        #expect(failure.message.hasPrefix("recorded "))
        #expect(box.text("heat.json")?.contains(#""id": 1"#) == true)
        #expect(verifyGolden(heat, named: "heat", record: mode, goldenDirectory: box.golden, environment: local) == nil)
    }

    @Test func neverDoesNotOverwriteEvenWhenAsked() throws {
        let box = try Sandbox()
        try box.write(#"{"id": 2}"#, to: "heat.json")
        _ = verifyGolden(heat, named: "heat", record: .never, goldenDirectory: box.golden, environment: local)
        #expect(box.text("heat.json") == #"{"id": 2}"#)
    }

    @Test(.recordMode(.never)) func theTraitSetsTheModeForTheTest() throws {
        let box = try Sandbox()
        let failure = try #require(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("missing golden"))
        #expect(!box.exists("heat.json"))
    }

    @Test func aFailedWriteLeavesTheOldGoldenIntact() throws {
        let box = try Sandbox()
        try box.write("old golden\n", to: "heat.json")
        let url = box.golden.appendingPathComponent("heat.json")
        #expect(throws: (any Error).self) {
            try AtomicFile.withInjectedFault(.failBeforeRename) { () throws(FileWriteError) in
                try GoldenFiles.writeAtomically(Array("new golden\n".utf8), to: url)
            }
        }
        #expect(box.text("heat.json") == "old golden\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.golden.path) == ["heat.json"],
            "no temporary file left")
        // The fault ends with its scope.
        try GoldenFiles.writeAtomically(Array("new golden\n".utf8), to: url)
        #expect(box.text("heat.json") == "new golden\n")
    }

    @Test func atomicWritesKeepPermissions() throws {
        let box = try Sandbox()
        try box.write("{}", to: "p.json")
        let url = box.golden.appendingPathComponent("p.json")
        chmod(url.path, 0o640)
        try GoldenFiles.writeAtomically(Array("[]\n".utf8), to: url)
        var info = stat()
        stat(url.path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        #expect(box.text("p.json") == "[]\n")
    }

    @Test func anInvalidGoldenIsReportedWithItsLocation() throws {
        let box = try Sandbox()
        try box.write("{\n  \"id\": 1,\n}\n", to: "heat.json")
        let failure = try #require(verifyGolden(heat, named: "heat", goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("heat.json:3:1: trailing comma before '}'"))
    }

    @Test func assertGoldenRecordsAnIssueAtTheCallersLine() throws {
        let box = try Sandbox()
        let line = #line + 2
        withKnownIssue {
            assertGolden(heat, named: "heat", record: .never, goldenDirectory: box.golden)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "GoldenWorkflowTests.swift"
                && "\(issue)".contains("missing golden")
        }
    }

    @Test func redactionsApplyBeforeComparingAndWriting() throws {
        struct Session: Codable {
            var token: String
            var user: User
            var tags: [String]
            struct User: Codable {
                var id: String
                var email: String
                var createdAt: String
            }
        }
        let box = try Sandbox()
        let session = Session(
            token: "sk_live_123",
            user: .init(
                id: "7C9E6679-7425-40DE-944B-E07FC1F90AE7", email: "ana@example.com",
                createdAt: "2026-11-30T10:00:00Z"), tags: ["b", "a"])
        let redactions: [Redaction] = [
            .replace("$.token"),
            .replace("$..email", with: "<email>", expecting: .email),
            .replace("$.user.id", with: "<uuid>", expecting: .uuid),
            .replace("$.user.createdAt", with: "<date>", expecting: .rfc3339DateTime),
            .sort("$.tags"),
        ]
        _ = verifyGolden(
            session, named: "session", redacting: redactions, goldenDirectory: box.golden, environment: local)
        let written = try #require(box.text("session.json"))
        #expect(!written.contains("sk_live") && !written.contains("ana@") && !written.contains("2026"))
        #expect(try JSONValue.parse(written)["tags"] == .array([.string("a"), .string("b")]))
        var other = session
        other.token = "sk_live_456"
        other.tags = ["a", "b"]
        #expect(
            verifyGolden(
                other, named: "session", redacting: redactions, goldenDirectory: box.golden, environment: local) == nil)
        other.user.id = "not-a-uuid"
        let failure = try #require(
            verifyGolden(
                other, named: "session", redacting: redactions, goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains(#"redaction of $.user.id: expected a UUID, found "not-a-uuid""#))
    }
}
