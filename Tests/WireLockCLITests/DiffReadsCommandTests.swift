#if WIRELOCK_SPAWN
    import Foundation
    import Testing
    import WireDecoder
    import WireLockTestSupport
    import WireReaders

    /// `wirelock diff --reads` (issue 25, Done-when 3): two snapshots of one GitHub-like type, the
    /// second with members null in one sample and absent or typed in the other, as real APIs send
    /// them. Judged by what the client's model reads, only changes to read paths are reported; a
    /// planted change to a read member is still breaking, with its direction.
    @Suite("wirelock diff --reads")
    struct DiffReadsCommandTests {
        struct Issue: Decodable {
            struct User: Decodable { var login: String }
            var number: Int
            var title: String
            var user: User
            var labels: [String]
            var closedAt: String?
            enum CodingKeys: String, CodingKey {
                case number, title, user, labels
                case closedAt = "closed_at"
            }
        }

        static let old = """
            [{"number": 1, "title": "a", "user": {"login": "o", "gravatar_id": "", "type": "User"},
              "labels": ["bug"], "closed_at": null, "state_reason": null, "milestone": null,
              "auto_merge": null, "performed_via_github_app": null, "locked": false},
             {"number": 2, "title": "b", "user": {"login": "p", "gravatar_id": "", "type": "User"},
              "labels": [], "closed_at": "2024-01-02T03:04:05Z", "state_reason": null, "milestone": null,
              "auto_merge": null, "performed_via_github_app": null, "locked": false}]
            """
        /// Unread members changed: `state_reason` typed, `milestone` an object, `auto_merge` gone,
        /// `locked` a string, `user.gravatar_id` gone, `user.type` null, a new `reactions` member.
        static let new = """
            [{"number": 1, "title": "a", "user": {"login": "o", "type": null},
              "labels": ["bug"], "closed_at": null, "state_reason": "completed", "milestone": {"id": 3},
              "performed_via_github_app": null, "locked": "no", "reactions": {"+1": 0}},
             {"number": 2, "title": "b", "user": {"login": "p", "type": "User"},
              "labels": [], "closed_at": "2024-01-02T03:04:05Z", "state_reason": "reopened", "milestone": null,
              "performed_via_github_app": null, "locked": false, "reactions": {"+1": 1}}]
            """

        func directories(new: String) throws -> TemporaryDirectory {
            let dir = try TemporaryDirectory()
            try dir.write("old/issues.json", Self.old)
            try dir.write("new/issues.json", new)
            let (_, report) = try WireJSONDecoder().decodeWithReport([Issue].self, from: Data(Self.old.utf8))
            let contract = ReaderContract(model: "[Issue]", fixture: "issues.json", report: report)
            try dir.write("issues.reads.json", bytes: contract.bytes)
            return dir
        }

        @Test func onlyChangesToReadPathsAreReported() throws {
            let dir = try directories(new: Self.new)
            defer { dir.remove() }
            let all = try WireLockBinary.run(["diff", "old", "new"], in: dir.url)
            #expect(all.status == 1, "\(all)")
            #expect(all.stdout.contains("BREAKING"), "\(all)")
            let scoped = try WireLockBinary.run(["diff", "--reads", "issues.reads.json", "old", "new"], in: dir.url)
            #expect(scoped.status == 0, "\(scoped)")
            #expect(!scoped.stdout.contains("BREAKING"), "\(scoped)")
            for unread in ["state_reason", "milestone", "auto_merge", "locked", "gravatar_id", "reactions"] {
                #expect(!scoped.stdout.contains(unread), "\(unread): \(scoped)")
            }
            #expect(scoped.stdout.contains("left out: "), "\(scoped)")
        }

        @Test func aPlantedChangeToAReadMemberIsStillBreakingWithItsDirection() throws {
            let planted = Self.new.replacingOccurrences(of: #""title": "b""#, with: #""title": 2"#)
            let dir = try directories(new: planted)
            defer { dir.remove() }
            let scoped = try WireLockBinary.run(["diff", "--reads", "issues.reads.json", "old", "new"], in: dir.url)
            #expect(scoped.status == 1, "\(scoped)")
            #expect(scoped.stdout.contains("$[*].title"), "\(scoped)")
            #expect(scoped.stdout.contains("BREAKING"), "\(scoped)")
            #expect(scoped.stdout.contains("backward") || scoped.stdout.contains("forward"), "\(scoped)")
            #expect(!scoped.stdout.contains("state_reason"), "\(scoped)")
        }

        @Test func anUnreadableContractIsAUsageError() throws {
            let dir = try directories(new: Self.new)
            defer { dir.remove() }
            try dir.write("bad.reads.json", "{\"reads\": 3}")
            let result = try WireLockBinary.run(["diff", "--reads", "bad.reads.json", "old", "new"], in: dir.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("bad.reads.json:1:"), "\(result)")
        }
    }
#endif
