import Foundation
import SampleAPI
import Testing
import WireGolden
import WireJSON
import WireLock
import WireLockTestSupport

/// Issue 3, "Done when" 3, on the real sample: breaking `SampleAPI.Movie` (drop a property, change
/// the date strategy, rename a key) makes the round trip against `Fixtures/API/v3/movies-success.json`
/// and the comparison with `golden/movies-page.json` fail, naming the exact paths. The failures are
/// taken as values (`verifyRoundTrip`, `verifyGolden`) or captured with `withKnownIssue`, so the
/// suite stays green; the real golden is only read: the comparisons run against a copy, under
/// record mode `never` and `CI=true`, so nothing — not even a pending file — is written.
@Suite("Breaking the sample Movie model")
final class SampleModelBreakTests {
    static let root = Repository.root
    static let fixture = "API/v3/movies-success"
    static let realGolden = root.appendingPathComponent("golden/movies-page.json")

    /// A temporary golden directory holding a copy of the real `movies-page.json`.
    let goldens: URL

    init() throws {
        goldens = TemporaryDirectory.uniqueURL("wirelock-breaks")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.realGolden, to: goldens.appendingPathComponent("movies-page.json"))
    }

    deinit {
        try? FileManager.default.removeItem(at: goldens)
    }

    /// The real movies page, decoded from the real fixture with the real decoder.
    static func page<M: Decodable>(_ type: M.Type = SampleAPI.Movie.self) throws -> Page<M>
    where M: Codable & Equatable & Sendable {
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/\(fixture).json"))
        return try JSONDecoder.sampleAPI.decode(Page<M>.self, from: data)
    }

    /// Compares with the copied golden; never records, never leaves a pending file. Afterwards the
    /// copy must still be the only file, byte for byte the real golden.
    func golden<T: Encodable>(_ value: T, encoder: JSONEncoder = .sampleAPI) throws -> WireLockFailure? {
        let failure = verifyGolden(
            value, named: "movies-page", encoder: encoder, record: .never,
            goldenDirectory: goldens, environment: ["CI": "true"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.path) == ["movies-page.json"])
        #expect(
            try Data(contentsOf: goldens.appendingPathComponent("movies-page.json"))
                == Data(contentsOf: Self.realGolden))
        return failure
    }

    func roundTrip<M: Codable & Equatable & Sendable>(_ type: M.Type, encoder: JSONEncoder = .sampleAPI)
        -> WireLockFailure?
    {
        if case .failure(let failure) = verifyRoundTrip(
            Page<M>.self, fixture: Self.fixture, decoder: .sampleAPI, encoder: encoder)
        {
            return failure
        }
        return nil
    }

    // MARK: The control

    @Test func theUnbrokenCopyPassesBothChecks() throws {
        #expect(roundTrip(MovieVariants.Copy.self) == nil)
        #expect(try golden(try Self.page(MovieVariants.Copy.self)) == nil)
        #expect(try golden(try Self.page()) == nil)
    }

    // MARK: Drop a property

    @Test func droppingAPropertyIsALossyDecodeAtEveryRecordsPath() throws {
        let failure = try #require(roundTrip(MovieVariants.DroppedImdbId.self))
        #expect(
            failure.differences.map(\.path.description) == [
                "$.records[0].imdbId", "$.records[1].imdbId", "$.records[2].imdbId",
            ])
        #expect(
            failure.message.hasPrefix(
                "movies-success.json: Page<DroppedImdbId> does not round-trip losslessly (3 differences):\n"))
        #expect(
            failure.message.contains(
                #"  lossy decode: `$.records[0].imdbId` is in the fixture but not in the re-encoded value (the fixture has "tt0211915")"#
                    + "\n"))
        #expect(
            failure.message.hasSuffix(
                #"  lossy decode: `$.records[2].imdbId` is in the fixture but not in the re-encoded value (the fixture has "tt9999901")"#
            ))
    }

    @Test func droppingAPropertyFailsTheGoldenAtEveryRecordsPath() throws {
        let failure = try #require(try golden(try Self.page(MovieVariants.DroppedImdbId.self)))
        #expect(
            failure.differences.map(\.path.description) == [
                "$.records[0].imdbId", "$.records[1].imdbId", "$.records[2].imdbId",
            ])
        #expect(failure.message.contains("does not match (3 differences):\n"))
        #expect(failure.message.contains(#"  $.records[0].imdbId: missing in actual (golden has "tt0211915")"#))
        #expect(failure.message.contains(#"  $.records[1].imdbId: missing in actual (golden has "tt0245429")"#))
        #expect(failure.message.contains(#"  $.records[2].imdbId: missing in actual (golden has "tt9999901")"#))
        #expect(failure.message.contains(#"-      "imdbId": "tt0211915","#))
        #expect(failure.message.contains("(CI: no pending file written; the actual document is above.)"))
    }

    // MARK: Change the date strategy

    /// Why the date break needs a changed model: the real `Movie` keeps its dates as `WireDate`s,
    /// which write back their original text, so no encoder date strategy can change its golden.
    @Test(arguments: [("iso8601", JSONEncoder.DateEncodingStrategy.iso8601), ("secondsSince1970", .secondsSince1970)])
    func theRealModelIgnoresTheEncodersDateStrategy(name: String, strategy: JSONEncoder.DateEncodingStrategy) throws {
        let encoder = JSONEncoder.sampleAPI
        encoder.dateEncodingStrategy = strategy
        #expect(try golden(try Self.page(), encoder: encoder) == nil, "\(name)")
    }

    /// Once the dates are plain `Date`s, the encoder's strategy decides their spelling: the golden
    /// fails at the dates whose text changes, and nowhere else. Expected values worked out by hand
    /// from the fixture: record 0 has dates 2024-05-01T00:00:00Z (1714521600), 2001-04-25T00:00:00Z
    /// (988156800) and 2001-10-04T00:00:00Z (1002153600); record 1 has 2023-11-17T08:30:00.123Z,
    /// 2001-07-20T00:00:00Z and 2003-03-17T00:00:00.000Z; record 2 only `added`. A `Date` holds
    /// seconds since 2001 as a `Double`: 721902600.123 + 978307200 is the double written
    /// 1700209800.1230001, not 1700209800.123 (Python: `721902600.123 + 978307200`).
    @Test(arguments: [
        (
            "iso8601",
            [
                #"$.records[1].added: golden "2023-11-17T08:30:00.123Z" ≠ actual "2023-11-17T08:30:00Z""#,
                #"$.records[1].releaseDate: golden "2003-03-17T00:00:00.000Z" ≠ actual "2003-03-17T00:00:00Z""#,
            ]
        ),
        (
            "sampleAPI",
            [
                #"$.records[1].releaseDate: golden "2003-03-17T00:00:00.000Z" ≠ actual "2003-03-17T00:00:00Z""#
            ]
        ),
        (
            "secondsSince1970",
            [
                #"$.records[0].added: golden "2024-05-01T00:00:00Z" ≠ actual 1714521600"#,
                #"$.records[0].inCinemas: golden "2001-04-25T00:00:00Z" ≠ actual 988156800"#,
                #"$.records[0].releaseDate: golden "2001-10-04T00:00:00Z" ≠ actual 1002153600"#,
                #"$.records[1].added: golden "2023-11-17T08:30:00.123Z" ≠ actual 1700209800.1230001"#,
                #"$.records[1].inCinemas: golden "2001-07-20T00:00:00Z" ≠ actual 995587200"#,
                #"$.records[1].releaseDate: golden "2003-03-17T00:00:00.000Z" ≠ actual 1047859200"#,
                #"$.records[2].added: golden "2024-05-01T00:00:00Z" ≠ actual 1714521600"#,
            ]
        ),
    ])
    func plainDatesFailTheGoldenAtTheDatePaths(strategy: String, expected: [String]) throws {
        let encoder = JSONEncoder.sampleAPI
        switch strategy {
        case "iso8601": encoder.dateEncodingStrategy = .iso8601
        case "secondsSince1970": encoder.dateEncodingStrategy = .secondsSince1970
        default: break  // the app's own strategy: milliseconds only when the date has a fraction
        }
        let failure = try #require(try golden(try Self.page(MovieVariants.PlainDates.self), encoder: encoder))
        #expect(failure.differences.map(\.description) == expected)
        #expect(
            failure.message.contains(
                "does not match (\(expected.count) difference\(expected.count == 1 ? "" : "s")):\n"))
        for line in expected { #expect(failure.message.contains("  " + line + "\n")) }
    }

    @Test func plainDatesLoseTheFractionalSecondsInTheRoundTrip() throws {
        let encoder = JSONEncoder.sampleAPI
        encoder.dateEncodingStrategy = .iso8601
        let failure = try #require(roundTrip(MovieVariants.PlainDates.self, encoder: encoder))
        #expect(failure.differences.map(\.path.description) == ["$.records[1].added", "$.records[1].releaseDate"])
        #expect(
            failure.message.contains(
                #"  `$.records[1].added` changed: fixture "2023-11-17T08:30:00.123Z" → re-encoded "2023-11-17T08:30:00Z""#
            ))
        #expect(
            failure.message.contains(
                #"  `$.records[1].releaseDate` changed: fixture "2003-03-17T00:00:00.000Z" → re-encoded "2003-03-17T00:00:00Z""#
            ))
    }

    // MARK: Rename a key

    @Test func renamingAKeyFailsTheGoldenAtTheOldAndTheNewPath() throws {
        let page = try Self.page()
        let renamed = MovieVariants.PageOf(
            page: page.page, pageSize: page.pageSize, sortKey: page.sortKey,
            sortDirection: page.sortDirection, filters: page.filters,
            totalRecords: page.totalRecords, records: page.records.map(MovieVariants.RenamedTmdbId.init))
        let failure = try #require(try golden(renamed))
        #expect(
            failure.differences.map(\.description) == [
                "$.records[0].tmdbId: missing in actual (golden has 194)",
                "$.records[0].tmdb_id: added in actual (194)",
                "$.records[1].tmdbId: missing in actual (golden has 129)",
                "$.records[1].tmdb_id: added in actual (129)",
                "$.records[2].tmdbId: missing in actual (golden has 1180001)",
                "$.records[2].tmdb_id: added in actual (1180001)",
            ])
        #expect(failure.message.contains("does not match (6 differences):\n"))
        #expect(failure.message.contains("  $.records[0].tmdb_id: added in actual (194)\n"))
    }

    @Test func renamingAKeyMakesTheFixtureUndecodableAtTheNewPath() throws {
        let failure = try #require(roundTrip(MovieVariants.RenamedTmdbId.self))
        let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == #"movies-success.json: Page<RenamedTmdbId> could not decode the fixture: missingKey at $.records[0].tmdb_id: no value for key "tmdb_id""#
        )
        // Then where in the fixture (WireDiagnostics' explanation): the object that lacks the key,
        // `records[0]`, whose opening brace is found here by reading the fixture's text.
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Fixtures/\(Self.fixture).json"), encoding: .utf8)
        let records = try #require(text.range(of: "\"records\": ["))
        let brace = try #require(text[records.upperBound...].firstIndex(of: "{"))
        let before = text[..<brace]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        #expect(lines.count >= 4, "\(failure.message)")
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "movies-success.json:\(line):\(column): error: keyNotFound at $.records[0]: expected a member \"tmdb_id\""
            )
                == true, "\(failure.message)")
        #expect(
            lines.dropFirst(2).first?.trimmingCharacters(in: .whitespaces) == "{", "the excerpt: \(failure.message)")
        #expect(lines.dropFirst(3).first?.trimmingCharacters(in: .whitespaces) == "^", "the caret: \(failure.message)")
    }

    // MARK: Through the assertions: the recorded issue names the path, at the caller's line

    @Test func theAssertionsRecordEachBreakAtTheCaller() throws {
        let dropped = try Self.page(MovieVariants.DroppedImdbId.self)
        let line1 = #line + 2
        withKnownIssue {
            assertGolden(dropped, named: "movies-page", encoder: .sampleAPI, record: .never, goldenDirectory: goldens)
        } matching: { issue in
            issue.sourceLocation?.line == line1 && "\(issue)".contains("$.records[0].imdbId: missing in actual")
        }
        let line2 = #line + 2
        withKnownIssue {
            assertRoundTrip(
                Page<MovieVariants.DroppedImdbId>.self, fixture: Self.fixture, decoder: .sampleAPI, encoder: .sampleAPI)
        } matching: { issue in
            issue.sourceLocation?.line == line2 && "\(issue)".contains("lossy decode: `$.records[0].imdbId`")
        }
        let iso = JSONEncoder.sampleAPI
        iso.dateEncodingStrategy = .iso8601
        let line3 = #line + 2
        withKnownIssue {
            assertRoundTrip(
                Page<MovieVariants.PlainDates>.self, fixture: Self.fixture, decoder: .sampleAPI, encoder: iso)
        } matching: { issue in
            issue.sourceLocation?.line == line3 && "\(issue)".contains("`$.records[1].added` changed")
        }
        let line4 = #line + 2
        withKnownIssue {
            assertRoundTrip(
                Page<MovieVariants.RenamedTmdbId>.self, fixture: Self.fixture, decoder: .sampleAPI, encoder: .sampleAPI)
        } matching: { issue in
            issue.sourceLocation?.line == line4 && "\(issue)".contains("missingKey at $.records[0].tmdb_id")
        }
        // The golden copy is untouched by the failed assertion; only a pending file may sit beside
        // it (outside CI), in the temporary directory.
        #expect(
            try Data(contentsOf: goldens.appendingPathComponent("movies-page.json"))
                == Data(contentsOf: Self.realGolden))
    }
}
