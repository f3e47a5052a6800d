import Foundation
import SampleAPI
import Testing
import WireDiagnostics
import WireGolden
import WireJSON
import WireLock
import WireLockTestSupport

/// The sample media-library API under WireLock: every model round-trips its fixtures losslessly (up
/// to differences declared by path with a reason), every broken fixture is rejected at its exact
/// path, and the encoded forms are locked by golden files.
///
/// `Movie` is always written `SampleAPI.Movie`: this test module has its own `Movie`
/// (GoldenWorkflowTests), which would otherwise shadow the sample model.
@Suite("Sample API models")
struct SampleModelTests {
    // MARK: Round trips

    /// Differences a fixture's round trip may have — each one a real, explained loss: the exact
    /// path and the reason.
    static let declared: [String: [(path: String, reason: String)]] = [
        "movies-extra-field": [
            ("$.records[1].popularity", "a newer server member the app does not model")
        ],
        "series-success": [
            (
                "$[0].seasons[0].statistics.percentOfEpisodes",
                "Double writes the server's 40.0 as 40: same value, shortest spelling"
            )
        ],
        "series-extra-field": [
            (
                "$[0].seasons[0].statistics.percentOfEpisodes",
                "Double writes the server's 40.0 as 40: same value, shortest spelling"
            ),
            ("$[1].originalLanguage", "a newer server member the app does not model"),
        ],
        "calendar-extra-field": [
            ("$[1].absoluteEpisodeNumber", "anime numbering the app does not model")
        ],
    ]

    static func accepted(_ fixture: String) -> [AcceptedDifference] {
        (declared[fixture] ?? []).map { AcceptedDifference($0.path, because: $0.reason) }
    }

    @Test(arguments: ["movies-success", "movies-empty", "movies-extra-field"])
    func moviePagesRoundTripLosslessly(fixture: String) {
        assertRoundTrip(
            Page<SampleAPI.Movie>.self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI,
            accepting: Self.accepted(fixture))
    }

    @Test(arguments: ["series-success", "series-empty", "series-extra-field"])
    func seriesListsRoundTripLosslessly(fixture: String) {
        assertRoundTrip(
            [Series].self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI,
            accepting: Self.accepted(fixture))
    }

    @Test(arguments: ["calendar-success", "calendar-empty", "calendar-extra-field"])
    func calendarsRoundTripLosslessly(fixture: String) {
        assertRoundTrip(
            [CalendarEntry].self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI,
            accepting: Self.accepted(fixture))
    }

    @Test(arguments: ["sync-record-v1", "sync-record-future-kind"])
    func syncRecordsRoundTripLosslessly(fixture: String) {
        assertRoundTrip(SyncRecord.self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI)
    }

    @Test(arguments: ["error-404", "error-429", "error-500"])
    func errorBodiesRoundTripLosslessly(fixture: String) {
        assertRoundTrip(APIErrorBody.self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI)
    }

    /// The accepted differences are not blanket switches: without them, the same fixtures fail at
    /// exactly the declared paths.
    @Test(arguments: ["movies-extra-field", "series-success", "series-extra-field", "calendar-extra-field"])
    func everyAcceptedDifferenceIsNeeded(fixture: String) throws {
        let result: Result<RoundTripResult, WireLockFailure> =
            switch fixture {
            case let name where name.hasPrefix("movies"):
                verifyRoundTrip(
                    Page<SampleAPI.Movie>.self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI)
            case let name where name.hasPrefix("series"):
                verifyRoundTrip([Series].self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI)
            default:
                verifyRoundTrip(
                    [CalendarEntry].self, fixture: "API/v3/\(fixture)", decoder: .sampleAPI, encoder: .sampleAPI)
            }
        guard case .failure(let failure) = result else {
            Issue.record("\(fixture) round-trips without its accepted differences; remove them")
            return
        }
        let paths = try #require(Self.declared[fixture]).map(\.path)
        #expect(failure.differences.map(\.path.description) == paths)
    }

    // MARK: Broken fixtures are rejected at their exact path

    @Test(arguments: [
        ("movies-malformed", DecodingFailureKind.syntax, "$.records[1].movieFile.mediaInfo"),
        ("movies-wrong-type", .typeMismatch, "$.records[1].year"),
        ("movies-missing-field", .missingKey, "$.records[0].title"),
    ])
    func brokenMoviePagesAreRejected(fixture: String, kind: DecodingFailureKind, path: String) {
        assertDecodingFails(
            Page<SampleAPI.Movie>.self, fixture: "API/v3/\(fixture)", as: kind, at: path, decoder: .sampleAPI)
    }

    @Test(arguments: [
        ("series-malformed", DecodingFailureKind.syntax, "$[1].seasons[1].episodes[0].title"),
        ("series-wrong-type", .typeMismatch, "$[0].seasons[0].statistics.sizeOnDisk"),
        ("series-missing-field", .missingKey, "$[1].seasons[1].episodes[2].episodeNumber"),
    ])
    func brokenSeriesListsAreRejected(fixture: String, kind: DecodingFailureKind, path: String) {
        assertDecodingFails([Series].self, fixture: "API/v3/\(fixture)", as: kind, at: path, decoder: .sampleAPI)
    }

    @Test(arguments: [
        ("calendar-malformed", DecodingFailureKind.syntax, "$[2]"),
        ("calendar-wrong-type", .typeMismatch, "$[1].hasFile"),
        ("calendar-missing-field", .missingKey, "$[2].series"),
    ])
    func brokenCalendarsAreRejected(fixture: String, kind: DecodingFailureKind, path: String) {
        assertDecodingFails([CalendarEntry].self, fixture: "API/v3/\(fixture)", as: kind, at: path, decoder: .sampleAPI)
    }

    // MARK: Goldens

    @Test func moviePageWireFormatIsLocked() throws {
        let page = try Self.decode(Page<SampleAPI.Movie>.self, "movies-success")
        assertGolden(page, named: "movies-page", encoder: .sampleAPI)
    }

    @Test func seriesListWireFormatIsLocked() throws {
        let series = try Self.decode([Series].self, "series-success")
        assertGolden(series, named: "series-list", encoder: .sampleAPI)
    }

    @Test func calendarWireFormatIsLocked() throws {
        let calendar = try Self.decode([CalendarEntry].self, "calendar-success")
        assertGolden(calendar, named: "calendar", encoder: .sampleAPI)
    }

    @Test(arguments: ["error-404", "error-429", "error-500"])
    func errorBodyWireFormatIsLocked(fixture: String) throws {
        let body = try Self.decode(APIErrorBody.self, fixture)
        assertGolden(body, named: fixture, encoder: .sampleAPI)
    }

    // MARK: Helpers

    static let fixturesDirectory = Repository.root.appendingPathComponent("Fixtures/API/v3")

    static func decode<T: Decodable>(_ type: T.Type, _ fixture: String) throws -> T {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(fixture + ".json"))
        return try JSONDecoder.sampleAPI.decode(T.self, from: data)
    }
}
