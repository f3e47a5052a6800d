import Foundation
import SampleAPI
import Testing
import WireLock
import WireLockTestSupport

/// Every sample model's reader contract — what its `init(from:)` reads from its fixtures — locked
/// in `golden/<name>.reads.json` (and fingerprinted in `golden/wirelock.lock`). A model that starts
/// or stops reading a member, or a fixture that gains one nobody reads, fails here by path.
@Suite("Sample API reader contracts")
struct SampleReaderContractTests {
    static func fixtures(_ names: String...) -> [String] { names.map { "API/v3/\($0)" } }

    @Test func movie() {
        assertReaderContract(
            Page<SampleAPI.Movie>.self, fixtures: Self.fixtures("movies-success", "movies-empty", "movies-extra-field"),
            named: "movie", decoder: .foundation(.sampleAPI),
            accepting: ["$.records[*].popularity": "a newer server member the app does not model"])
    }

    @Test func series() {
        assertReaderContract(
            [Series].self, fixtures: Self.fixtures("series-success", "series-empty", "series-extra-field"),
            named: "series", decoder: .foundation(.sampleAPI),
            accepting: ["$[*].originalLanguage": "a newer server member the app does not model"])
    }

    @Test func calendar() {
        assertReaderContract(
            [CalendarEntry].self, fixtures: Self.fixtures("calendar-success", "calendar-empty", "calendar-extra-field"),
            named: "calendar", decoder: .foundation(.sampleAPI),
            accepting: ["$[*].absoluteEpisodeNumber": "anime numbering the app does not model"])
    }

    @Test func syncRecord() {
        assertReaderContract(
            SyncRecord.self, fixtures: Self.fixtures("sync-record-v1", "sync-record-future-kind"),
            named: "sync-record", decoder: .foundation(.sampleAPI))
    }

    @Test func errorBody() {
        assertReaderContract(
            APIErrorBody.self, fixtures: Self.fixtures("error-404", "error-429", "error-500"), named: "error",
            decoder: .foundation(.sampleAPI))
    }

    @Test func rateLimitNotice() {
        assertReaderContract(
            RateLimitNotice.self, fixtures: Self.fixtures("error-429"), named: "rate-limit",
            decoder: .foundation(.sampleAPI))
    }

    /// A model that is only `Decodable` (issue 33): its contract, beside its decoded golden.
    @Test func webhookDelivery() {
        assertReaderContract(
            WebhookDelivery.self, fixtures: Self.fixtures("webhook-delivery"), named: "webhook-delivery",
            decoder: .foundation(.sampleAPI))
    }
}
