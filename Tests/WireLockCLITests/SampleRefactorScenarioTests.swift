#if WIRELOCK_SPAWN
    import Foundation
    import SampleAPI
    import Testing
    import WireJSON
    import WireLockTestSupport

    /// The real movies page and its goldens, for the refactored copies in `MovieVariants`.
    enum SampleRefactor {
        static let root = Repository.root

        /// The real movies page, decoded from `Fixtures/API/v3/movies-success.json` with the real
        /// decoder into `Movie` or one of its refactored copies.
        static func page<M: Codable & Equatable & Sendable>(_ type: M.Type) throws -> Page<M> {
            let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/API/v3/movies-success.json"))
            return try JSONDecoder.sampleAPI.decode(Page<M>.self, from: data)
        }

        /// A golden as the golden workflow writes it: the encoding in WireLock canonical form.
        static func golden(_ value: some Encodable, encoder: JSONEncoder = .sampleAPI) throws -> [UInt8] {
            CanonicalJSONWriter.bytes(try JSONValue.parse(try encoder.encode(value)))
        }

        /// The committed `movies-page` line of `golden/wirelock.lock`.
        static func committedLockLine() throws -> String {
            let lock = try String(contentsOf: root.appendingPathComponent("golden/wirelock.lock"), encoding: .utf8)
            return try #require(lock.split(separator: "\n").first { $0.hasPrefix("movies-page ") }).description
        }
    }

    /// Issue 6, "Done when" 2, on the real sample: the "before" golden is `Page<Movie>` decoded from
    /// the real fixture and written with the real encoder (it equals the committed
    /// `golden/movies-page.json`, and locks to the committed lock line); each "after" golden comes from
    /// a refactored copy of `Movie`. The real `wirelock diff` and `wirelock lock --check` binaries then
    /// report exactly: nothing for the rename, a backward-breaking `date-format-changed` for the
    /// dropped fractional seconds, a non-breaking `optional-member-added` for the new field.
    @Suite("Refactoring the sample Movie: wirelock diff and lock --check")
    struct SampleRefactorScenarioTests {
        typealias R = SampleRefactor

        /// A project with the real movies page as `golden/movies-page.json`, locked, plus a copy of
        /// that golden in `before/` for `wirelock diff before golden`.
        func project() throws -> TemporaryDirectory {
            let dir = try TemporaryDirectory()
            let before = try R.golden(try R.page(SampleAPI.Movie.self))
            #expect(
                before == Array(try Data(contentsOf: R.root.appendingPathComponent("golden/movies-page.json"))),
                "the before golden is the committed one")
            try dir.write("golden/movies-page.json", bytes: before)
            try dir.write("before/movies-page.json", bytes: before)
            let locked = try WireLockBinary.run(["lock"], in: dir.url)
            #expect(locked.status == 0, "\(locked)")
            #expect(
                try dir.readText("golden/wirelock.lock").split(separator: "\n").last.map(String.init)
                    == R.committedLockLine())
            return dir
        }

        @Test func renameWithCodingKeysPreservedChangesNothing() throws {
            let dir = try project()
            defer { dir.remove() }
            let after = try R.golden(try R.page(MovieVariants.RenamedInSwift.self))
            try dir.write("golden/movies-page.json", bytes: after)
            #expect(after == (try dir.read("before/movies-page.json")))

            let diff = try WireLockBinary.run(["diff", "before", "golden"], in: dir.url)
            #expect(diff.status == 0, "\(diff)")
            #expect(diff.stdout == "1 format compared: 0 breaking changes, 0 non-breaking\n")
            let check = try WireLockBinary.run(["lock", "--check"], in: dir.url)
            #expect(check.status == 0, "\(check)")
            #expect(check.stdout == "golden/wirelock.lock: up to date (1 format)\n")
        }

        /// The old goldens' `added` has 0 or 3 fractional digits (records 0 and 2 are whole seconds,
        /// record 1 is `.123`); after the refactor only 0. A new reader expecting whole seconds fails
        /// on the old `.123` payload (backward breaks); an old reader, which took 0 or 3 digits, reads
        /// the new whole seconds (forward holds). The golden's content and its shape both changed.
        @Test func droppingFractionalSecondsIsBackwardBreaking() throws {
            let dir = try project()
            defer { dir.remove() }
            let encoder = JSONEncoder.sampleAPI
            encoder.dateEncodingStrategy = .iso8601
            let page = try R.page(MovieVariants.WholeSecondAdded.self)
            try dir.write("golden/movies-page.json", bytes: try R.golden(page, encoder: encoder))

            let diff = try WireLockBinary.run(["diff", "before", "golden"], in: dir.url)
            #expect(diff.status == 1, "\(diff)")
            #expect(
                diff.stdoutLines == [
                    "movies-page",
                    "  BREAKING (backward) date-format-changed at $.records[*].added: date-time (0 or 3 fractional digits, offset Z) → date-time (0 fractional digits, offset Z)",
                    "1 format compared: 1 breaking change, 0 non-breaking",
                ])
            let allowed = try WireLockBinary.run(
                ["diff", "before", "golden", "--allow", "date-format-changed"], in: dir.url)
            #expect(allowed.status == 0, "\(allowed)")

            let check = try WireLockBinary.run(["lock", "--check"], in: dir.url)
            #expect(check.status == 1, "\(check)")
            let lockedShape = try #require(
                R.committedLockLine().split(separator: " ").dropFirst().first?.dropFirst("shape=".count))
            #expect(check.stdoutLines.count == 3, "\(check)")
            #expect(
                check.stdoutLines.first?.hasPrefix(
                    "movies-page: shape changed (locked \(lockedShape.prefix(12))…, now ")
                    == true, "\(check)")
            #expect(
                check.stdoutLines.dropFirst().first
                    == "movies-page: golden/shapes/movies-page.shape.json is missing or out of date")
            #expect(
                check.stdoutLines.last
                    == "golden/wirelock.lock: 2 differences; run `wirelock lock` and review the change")
        }

        @Test func addingAnOptionalFieldIsNonBreaking() throws {
            let dir = try project()
            defer { dir.remove() }
            var page = try R.page(MovieVariants.WithEdition.self)
            page.records[0].edition = "Director's Cut"
            try dir.write("golden/movies-page.json", bytes: try R.golden(page))

            let diff = try WireLockBinary.run(["diff", "before", "golden"], in: dir.url)
            #expect(diff.status == 0, "\(diff)")
            #expect(
                diff.stdoutLines == [
                    "movies-page",
                    "  non-breaking optional-member-added at $.records[*].edition: new member absent from some samples; readers cope",
                    "1 format compared: 0 breaking changes, 1 non-breaking",
                ])
            let json = try WireLockBinary.run(["diff", "before", "golden", "--format", "json"], in: dir.url)
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let changes = (document?["formats"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]]
            #expect(changes?.count == 1)
            #expect(changes?.first?["rule"] as? String == "optional-member-added")
            #expect(changes?.first?["path"] as? String == "$.records[*].edition")
            #expect(changes?.first?["breaking"] as? Bool == false)

            // Non-breaking, but the wire format did change: the lock asks for a review until re-locked.
            let check = try WireLockBinary.run(["lock", "--check"], in: dir.url)
            #expect(check.status == 1, "\(check)")
            #expect(check.stdoutLines.first?.hasPrefix("movies-page: shape changed (locked ") == true, "\(check)")
            #expect(try WireLockBinary.run(["lock"], in: dir.url).status == 0)
            let relocked = try WireLockBinary.run(["lock", "--check"], in: dir.url)
            #expect(relocked.status == 0, "\(relocked)")
            #expect(relocked.stdout == "golden/wirelock.lock: up to date (1 format)\n")
        }
    }
#endif
