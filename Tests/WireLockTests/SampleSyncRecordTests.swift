import Foundation
import SampleAPI
import Testing
import WireJSON
import WireLock

/// The sync record's v1 wire format is frozen (see the comment on `SyncRecord`): old app versions
/// read what new ones write. If a test here fails, revert the change — do not re-record the golden.
@Suite("Sync record v1 (frozen)")
struct SampleSyncRecordTests {
    /// The record the v1 fixture holds, built in code the way the app writes it.
    static func written() throws -> SyncRecord {
        SyncRecord(
            recordID: "0B8E4D52-6F3A-4C1B-9E27-7A5D3C9F1E80",
            deviceID: "5F1C2A7E-93B4-4D0A-8C61-2E7B9D4F0A13",
            kind: .playbackPosition,
            media: SyncMedia(type: .movie, libraryID: 17, tmdbID: 194, tvdbID: nil),
            positionSeconds: 3127.5, durationSeconds: 7351, playCount: 2, watched: false,
            updatedAt: try WireDate("2024-05-01T20:15:30.250Z"))
    }

    @Test func aRecordWrittenTodayIsByteForByteV1() throws {
        assertGolden(try Self.written(), named: "sync-record-v1", encoder: .sampleAPI, record: .never)
    }

    @Test func theV1FixtureDecodesToTheSameRecordAndReencodesAsV1() throws {
        let data = try Data(
            contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent("sync-record-v1.json"))
        let decoded = try JSONDecoder.sampleAPI.decode(SyncRecord.self, from: data)
        #expect(decoded == (try Self.written()))
        #expect(decoded.schemaVersion == 1)
        assertGolden(decoded, named: "sync-record-v1", encoder: .sampleAPI, record: .never)
    }

    @Test func theGoldenIsTheFixture() throws {
        let root = SampleModelTests.fixturesDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let golden = try Data(contentsOf: root.appendingPathComponent("golden/sync-record-v1.json"))
        let fixture = try Data(
            contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent("sync-record-v1.json"))
        #expect(golden == fixture)
    }

    @Test func aKindFromANewerAppIsKeptAndWrittenBackUnchanged() throws {
        let data = try Data(
            contentsOf: SampleModelTests.fixturesDirectory.appendingPathComponent("sync-record-future-kind.json"))
        let decoded = try JSONDecoder.sampleAPI.decode(SyncRecord.self, from: data)
        #expect(decoded.kind == .unknown("rating"))
        #expect(decoded.media.tmdbID == nil && decoded.media.$tmdbID.isAbsent == false)
        assertRoundTrip(
            SyncRecord.self, fixture: "API/v3/sync-record-future-kind", decoder: .sampleAPI, encoder: .sampleAPI)
    }

    @Test func keysAreSnakeCaseWhateverTheEncodersKeyStrategy() throws {
        let encoder = JSONEncoder.sampleAPI
        encoder.keyEncodingStrategy = .convertToSnakeCase  // a later change to the shared coders
        let value = try JSONValue.parse(encoder.encode(try Self.written()))
        let golden = try JSONValue.parse(try JSONEncoder.sampleAPI.encode(try Self.written()))
        // The explicit CodingKeys are already snake_case, so the strategy changes nothing.
        #expect(value == golden)
    }
}
