import Foundation
import SampleAPI
import Testing
import WireCommands
import WireJSON
import WireLockTestSupport
import WireShapeTools

@testable import WireGolden
@testable import WireLock

/// Issue 33, "Done when" 1 and 2: SampleAPI's `WebhookDelivery`, a model that is only `Decodable`,
/// is locked by a golden of what it decodes; swapping its date wrapper's `DateFormatter` for
/// `ISO8601FormatStyle` fails that golden at the date, one ulp apart, and a `URL?` that becomes a
/// `String?` fails at its path. The planted changes run against a copy of the real golden, under
/// record mode `never` and `CI=true`, so nothing is written.
@Suite("Decoded goldens of a Decodable-only model")
final class DecodedGoldenTests {
    static let fixture = "API/v3/webhook-delivery"
    static let realGolden = Repository.url("golden/webhook-delivery.decoded.json")
    static let sentAt = "$.records[0].notification.sentAt"

    /// A temporary golden directory holding a copy of the real decoded golden.
    let goldens: URL

    init() throws {
        goldens = TemporaryDirectory.uniqueURL("wirelock-decoded")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: Self.realGolden.path) {
            try FileManager.default.copyItem(
                at: Self.realGolden, to: goldens.appendingPathComponent("webhook-delivery.decoded.json"))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: goldens)
    }

    @Test func theSampleDeliveryIsLockedByWhatItDecodes() {
        assertDecodedGolden(
            WebhookDelivery.self, fixture: Self.fixture, named: "webhook-delivery", decoder: .foundation(.sampleAPI))
    }

    /// Compares `T`'s dump of the real fixture with the copied golden, writing nothing.
    func compare<T: Decodable>(_ type: T.Type) throws -> WireLockFailure? {
        try #require(FileManager.default.fileExists(atPath: Self.realGolden.path), "record the sample's golden first")
        let failure = verifyDecodedGolden(
            T.self, fixture: Self.fixture, named: "webhook-delivery", decoder: .foundation(.sampleAPI), record: .never,
            goldenDirectory: goldens, environment: ["CI": "true"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.path) == ["webhook-delivery.decoded.json"])
        #expect(
            try Data(contentsOf: goldens.appendingPathComponent("webhook-delivery.decoded.json"))
                == Data(contentsOf: Self.realGolden))
        return failure
    }

    @Test func theModelSpelledAsAVariantDumpsTheSame() throws {
        // The control, and the revert of both planted changes: the sample's wrapper and `URL?`.
        #expect(try compare(WebhookVariants.Sample.self) == nil)
        #expect(try compare(WebhookDelivery.self) == nil)
    }

    @Test func iso8601FormatStyleMovesTheDateByOneUlp() throws {
        let failure = try #require(try compare(WebhookVariants.StyleDates.self))
        #expect(failure.differences.map(\.path.description) == [Self.sentAt])
        #expect(
            failure.message.contains(
                "\(Self.sentAt) (golden → actual): 2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: "
                    + "Δ -1.1920928955078125e-07 s, 1 ulp"))
        // The second date reads as the same Double either way: only one difference.
        #expect(failure.message.contains("(1 difference)"))
    }

    @Test func aURLThatBecomesAStringFailsAtItsPath() throws {
        let failure = try #require(try compare(WebhookVariants.LinkAsString.self))
        #expect(failure.differences.map(\.path.description) == ["$.records[0].notification.unsubscribeURL"])
        #expect(
            failure.message.contains(
                #"$.records[0].notification.unsubscribeURL: golden "URL(https://media.example/webhooks/unsubscribe?"#))
    }

    @Test func theAssertionRecordsTheFailure() throws {
        try #require(FileManager.default.fileExists(atPath: Self.realGolden.path))
        withKnownIssue {
            assertDecodedGolden(
                WebhookVariants.StyleDates.self, fixture: Self.fixture, named: "webhook-delivery",
                decoder: .wire(WireJSONDecoder()), record: .never, goldenDirectory: goldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 ulp") }
                && issue.sourceLocation?.fileName == "DecodedGoldenTests.swift"
        }
        // Locally the actual dump is left for review, named after the decoded golden; under CI
        // (`CI` set, as `.ci/run` sets it) nothing is written.
        let leftForReview = FileManager.default.fileExists(
            atPath: goldens.appendingPathComponent("webhook-delivery.decoded.actual.json").path)
        #expect(leftForReview != RecordMode.isCI(ProcessInfo.processInfo.environment))
    }

    @Test func aFixtureTheModelCannotDecodeFailsWithItsPlace() throws {
        let bad = goldens.appendingPathComponent("bad.json")
        try Data(#"{"Records": [{"EventSource": 1}]}"#.utf8).write(to: bad)
        let failure = try #require(
            verifyDecodedGolden(
                WebhookDelivery.self, fixture: bad.path, named: "bad", record: .never, goldenDirectory: goldens,
                environment: ["CI": "true"]))
        #expect(failure.message.contains("bad.json: WebhookDelivery could not decode the fixture"))
        #expect(failure.message.contains("$.Records[0].EventSource"))
    }

    @Test func redactionsApplyAtPathsOfTheDump() throws {
        let failure = verifyDecodedGolden(
            WebhookDelivery.self, fixture: Self.fixture, named: "redacted",
            redacting: [.replace("$.records[*].notification.messageID"), .replace("$..sentAt", with: "<instant>")],
            record: .missing, goldenDirectory: goldens, environment: [:])
        #expect(failure?.message.hasPrefix("recorded ") == true)
        let text = try String(contentsOf: goldens.appendingPathComponent("redacted.decoded.json"), encoding: .utf8)
        #expect(text.contains(#""messageID": "<redacted>""#))
        #expect(text.contains(#""sentAt": "<instant>""#))
        #expect(!text.contains("95df01b4"))
        // A redaction at a wire key, not a path of the dump, matches nothing and fails.
        let stale = try #require(
            verifyDecodedGolden(
                WebhookDelivery.self, fixture: Self.fixture, named: "redacted",
                redacting: [.replace("$.Records[*].Notification.MessageId")], record: .missing,
                goldenDirectory: goldens, environment: [:]))
        #expect(stale.message.contains("redaction failed"))
    }

    @Test func aDecodedGoldenIsLockedOnItsOwnLineAndNoWireFormat() throws {
        let dump = Array(#"{"sentAt": "2020-01-08T14:18:51.203Z (600185931.203 s, 0x41c1e30e2599fbe7)"}"#.utf8)
        let files: [(path: String, bytes: [UInt8])] = [
            ("a.json", Array(#"{"x":1}"#.utf8)), ("events/e.decoded.json", dump),
            ("events/e.decoded.actual.json", Array("{}".utf8)),
        ]
        let formats = try GoldenCatalog.formats(from: files)
        #expect(formats.map(\.name) == ["a"])
        let decoded = try GoldenCatalog.decodedGoldens(from: files)
        #expect(decoded.map(\.name) == ["events/e"])
        let lock = try WireLockFile.build(formats, decoded: decoded)
        #expect(lock.text.hasSuffix("events/e decoded=\(lock.decoded[0].fingerprint)\n"))
        #expect(try WireLockFile.parse(lock.text) == lock)
        let shapes = Dictionary(uniqueKeysWithValues: formats.map { ($0.name, $0.shape().fileBytes(name: $0.name)) })
        #expect(
            try verifyLock(formats, decoded: decoded, lockFile: Array(lock.text.utf8), shapeFile: { shapes[$0.name] })
                .isUpToDate)
        let changed = [(name: "events/e", document: try JSONValue.parse(#"{"sentAt": "x"}"#))]
        let check = try verifyLock(
            formats, decoded: changed, lockFile: Array(lock.text.utf8), shapeFile: { shapes[$0.name] })
        #expect(check.findings.map(\.kindName) == ["decoded-changed"])
        #expect(
            check.findings.first.map { "\($0.kind)" }?.contains("events/e.decoded.json: decoded golden changed") == true
        )
        let unlocked = try verifyLock(
            formats, decoded: decoded, lockFile: Array(try WireLockFile.build(formats).text.utf8),
            shapeFile: { shapes[$0.name] })
        #expect(unlocked.findings.map(\.kindName) == ["decoded-not-locked"])
        let stale = try verifyLock(formats, lockFile: Array(lock.text.utf8), shapeFile: { shapes[$0.name] })
        #expect(stale.findings.map(\.kindName) == ["decoded-no-file"])
        // A reader contract and a decoded golden may share a name.
        let both = WireLockFile(
            entries: [],
            contents: [
                .init(kind: .decoded, name: "m", fingerprint: lock.decoded[0].fingerprint),
                .init(kind: .reads, name: "m", fingerprint: lock.decoded[0].fingerprint),
            ])
        #expect(try WireLockFile.parse(both.text) == both)
    }

    @Test func aDecodedGoldenCanBeOrphanedAndReviewed() throws {
        try Data("{}".utf8).write(to: goldens.appendingPathComponent("old.decoded.json"))
        try Data("{}".utf8).write(to: goldens.appendingPathComponent("old.decoded.actual.json"))
        let found = GoldenRuns.goldens(in: goldens).map(\.lastPathComponent)
        #expect(found.contains("old.decoded.json"))
        #expect(!found.contains("old.decoded.actual.json"))
        let pending = try #require(
            PendingGoldens.list(in: goldens).first { $0.goldenURL.lastPathComponent == "old.decoded.json" })
        #expect(pending.pendingURL.lastPathComponent == "old.decoded.actual.json")
        // A review words a changed date as the failure does.
        try Data(#"{"at": "2020-01-08T14:18:51.2030001Z (600185931.2030001 s, 0x41c1e30e2599fbe8)"}"#.utf8).write(
            to: pending.goldenURL)
        try Data(#"{"at": "2020-01-08T14:18:51.203Z (600185931.203 s, 0x41c1e30e2599fbe7)"}"#.utf8).write(
            to: pending.pendingURL)
        let review = PendingGoldens.review(pending, root: goldens)
        #expect(
            review.differenceLines == [
                "$.at (golden → actual): 2020-01-08T14:18:51.2030001Z → 2020-01-08T14:18:51.203Z: Δ -1.1920928955078125e-07 s, 1 ulp"
            ])
    }
}
