import Foundation
import Testing
import WireJSON
import WireLockTestSupport

@testable import WireGolden
@testable import WireLock

/// Round trips, decoding failures and compatibility checks as a newcomer's GitHub-issues model met
/// them: snake_case wire keys read with `convertFromSnakeCase`, stale accepted differences, a BOM
/// the app's decoder takes, a mistyped fixture name.
@Suite("Round-trip safety rails")
struct RoundTripSafetyRailTests {
    struct Issue: Codable, Equatable {
        var number: Int
        var title: String
        var user: User
        var labels: [String]
        struct User: Codable, Equatable {
            var login: String
            var avatarUrl: String
        }
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    static let issue =
        #"{"labels": ["bug"], "number": 1347, "title": "Found a bug", "user": {"avatar_url": "https://avatars.example.com/u/1", "login": "octocat"}}"#

    let dir: URL

    init() throws {
        dir = TemporaryDirectory.uniqueURL("wirelock-rt-safety")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("issues"), withIntermediateDirectories: true)
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        try write(Self.issue, "issue-success.json")
        try write(Self.issue, "issues/closed.json")
        try write(
            Self.issue.replacingOccurrences(
                of: #""avatar_url": "https://avatars.example.com/u/1""#, with: #""avatar_url": 17"#),
            "issue-wrong-type.json")
        try write(
            Self.issue.replacingOccurrences(of: #""avatar_url": "https://avatars.example.com/u/1", "#, with: ""),
            "issue-missing-field.json")
        try write("\u{FEFF}" + Self.issue, "issue-bom.json")
        try write(
            #"{"labels": ["bug"], "milestone": null, "number": 1347, "title": "x", "user": {"avatar_url": "a", "login": "o"}}"#,
            "issue-milestone.json")
    }

    // MARK: Stale acceptances

    @Test func anAcceptedDifferenceNamingAMemberInNeitherDocumentIsStale() throws {
        let result = verifyRoundTrip(
            Issue.self, fixture: "issue-success", decoder: Self.decoder, encoder: Self.encoder,
            accepting: [.init("$.milestone", because: "not shown")], fixturesDirectory: dir)
        guard case .failure(let failure) = result else {
            Testing.Issue.record("a stale accepted difference passed silently")
            return
        }
        #expect(failure.message.contains("stale"), "\(failure.message)")
        #expect(failure.message.contains("`$.milestone`"), "\(failure.message)")
    }

    @Test func anAcceptedDifferenceThatCoversALossIsNotStale() throws {
        let result = verifyRoundTrip(
            Issue.self, fixture: "issue-milestone", decoder: Self.decoder, encoder: Self.encoder,
            accepting: [.init("$.milestone", because: "not modelled yet")], fixturesDirectory: dir)
        #expect((try? result.get())?.differences.map(\.path.description) == ["$.milestone"])
    }

    @Test func theGoldensAssertWireCompatibleReadsCountForOrphans() throws {
        let goldens = dir.appendingPathComponent("golden")
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("issue"), withIntermediateDirectories: true)
        try Data(Self.issue.utf8).write(to: goldens.appendingPathComponent("issue.json"))
        try Data(Self.issue.utf8).write(to: goldens.appendingPathComponent("issue/closed.json"))
        #expect(
            verifyWireCompatible(
                Issue.self, withGolden: "issue", decoder: Self.decoder, encoder: Self.encoder, goldenDirectory: goldens)
                == nil)
        let root = try #require(GoldenFiles.packageRoot(from: #filePath))
        let record = TouchedGoldens.file(root: root)
        let touched = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(touched.contains(goldens.appendingPathComponent("issue.json").path), "\(touched.suffix(5))")
        #expect(touched.contains(goldens.appendingPathComponent("issue/closed.json").path), "\(touched.suffix(5))")
    }

    // MARK: Wire keys in paths

    @Test func aTypeMismatchUnderConvertFromSnakeCaseIsAtTheWireKey() {
        #expect(
            verifyDecodingFails(
                Issue.self, fixture: "issue-wrong-type", as: .typeMismatch, at: "$.user.avatar_url",
                decoder: Self.decoder, fixturesDirectory: dir) == nil)
    }

    @Test func aMissingKeyUnderConvertFromSnakeCaseIsAtTheWireKey() throws {
        #expect(
            verifyDecodingFails(
                Issue.self, fixture: "issue-missing-field", as: .missingKey, at: "$.user.avatar_url",
                decoder: Self.decoder, fixturesDirectory: dir) == nil)
        let failure = try #require(
            verifyDecodingFails(
                Issue.self, fixture: "issue-missing-field", as: .typeMismatch, at: "$.user.avatar_url",
                decoder: Self.decoder, fixturesDirectory: dir))
        #expect(failure.message.contains("missingKey at $.user.avatar_url"), "\(failure.message)")
        #expect(!failure.message.contains("avatarUrl\""), "the Swift name is not the wire key: \(failure.message)")
    }

    // MARK: Who judged

    @Test func aFailureSaysWhichDecoderJudged() throws {
        let bom = try #require(
            verifyDecodingFails(
                Issue.self, fixture: "issue-bom", as: .typeMismatch, at: "$",
                decoder: Self.decoder, fixturesDirectory: dir))
        #expect(bom.message.contains("strict validator"), "\(bom.message)")
        let typed = try #require(
            verifyDecodingFails(
                Issue.self, fixture: "issue-wrong-type", as: .missingKey, at: "$.user.avatar_url",
                decoder: Self.decoder, fixturesDirectory: dir))
        #expect(typed.message.contains("JSONDecoder"), "\(typed.message)")
    }

    @Test func syntaxMeansTheStrictValidatorRejectsIt() {
        // Foundation's decoder reads the BOM fine; `.syntax` is the strict validator's verdict.
        #expect(
            verifyDecodingFails(
                Issue.self, fixture: "issue-bom", as: .syntax, at: "$", decoder: Self.decoder, fixturesDirectory: dir)
                == nil)
        #expect(
            (try? Self.decoder.decode(Issue.self, from: Data(contentsOf: dir.appendingPathComponent("issue-bom.json"))))
                != nil)
    }

    @Test func decoderRejectsFailsWhenTheAppsDecoderAcceptsTheBytes() throws {
        let failure = try #require(
            verifyDecodingFails(
                Issue.self, fixture: "issue-bom", as: .decoderRejects, at: "$",
                decoder: Self.decoder, fixturesDirectory: dir))
        #expect(failure.message.contains("the app's decoder (JSONDecoder) decodes it as Issue"), "\(failure.message)")
        #expect(
            failure.message.contains("The strict validator rejects it: syntax at $ (line 1, column 1)"),
            "\(failure.message)")
        withKnownIssue {
            assertDecodingFails(
                Issue.self, fixture: "issue-bom", as: .decoderRejects, at: "$", decoder: Self.decoder,
                fixturesDirectory: dir)
        } matching: { issue in
            "\(issue)".contains("decodes it as Issue")
        }
    }

    @Test func decoderRejectsPassesWhenTheAppsDecoderThrows() throws {
        try Data(Self.issue.dropLast(3).utf8).write(to: dir.appendingPathComponent("issue-truncated.json"))
        #expect(
            verifyDecodingFails(
                Issue.self, fixture: "issue-truncated", as: .decoderRejects, at: "$",
                decoder: Self.decoder, fixturesDirectory: dir) == nil)
        // The wrong-type fixture is valid JSON: the app's decoder rejects it at the wire key.
        #expect(
            verifyDecodingFails(
                Issue.self, fixture: "issue-wrong-type", as: .decoderRejects, at: "$.user.avatar_url",
                decoder: Self.decoder, fixturesDirectory: dir) == nil)
        let elsewhere = try #require(
            verifyDecodingFails(
                Issue.self, fixture: "issue-wrong-type", as: .decoderRejects, at: "$",
                decoder: Self.decoder, fixturesDirectory: dir))
        #expect(elsewhere.message.contains("got typeMismatch at $.user.avatar_url"), "\(elsewhere.message)")
    }

    @Test func aRoundTripThatCannotDecodeNamesTheWireKey() throws {
        let result = verifyRoundTrip(
            Issue.self, fixture: "issue-missing-field", decoder: Self.decoder, encoder: Self.encoder,
            fixturesDirectory: dir)
        guard case .failure(let failure) = result else {
            Testing.Issue.record("expected a failure")
            return
        }
        let lines = failure.message.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasSuffix(
                #"missingKey at $.user.avatar_url: no value for key "avatar_url" (Swift name avatarUrl)"#) == true,
            "\(failure.message)")
        // Then the place, under the decoder's convertFromSnakeCase: the `user` object that lacks the
        // member (its brace's column found here in the fixture's one line of ASCII).
        let text = try String(contentsOf: dir.appendingPathComponent("issue-missing-field.json"), encoding: .utf8)
        let brace = try #require(text.range(of: #""user": {"#)).upperBound
        let column = text.distance(from: text.startIndex, to: brace)
        #expect(
            lines.dropFirst().first?.hasPrefix("issue-missing-field.json:1:\(column): error: keyNotFound at $.user:")
                == true, "\(failure.message)")
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "^", "\(failure.message)")
    }

    // MARK: Messages

    @Test func aMissingFixtureNamesTheNearestOnes() throws {
        let result = verifyRoundTrip(
            Issue.self, fixture: "issue-sucess", decoder: Self.decoder, encoder: Self.encoder, fixturesDirectory: dir)
        guard case .failure(let failure) = result else {
            Testing.Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("issue-success"), "\(failure.message)")
        #expect(!failure.message.contains("issue-bom"), "only the nearest: \(failure.message)")
    }

    @Test func aDroppedValueSaysWhatItWas() throws {
        struct NoLabels: Codable {
            var number: Int
            var title: String
            var user: Issue.User
        }
        let result = verifyRoundTrip(
            NoLabels.self, fixture: "issue-success", decoder: Self.decoder, encoder: Self.encoder,
            fixturesDirectory: dir)
        guard case .failure(let failure) = result else {
            Testing.Issue.record("expected a lossy round trip")
            return
        }
        #expect(
            failure.message.contains(
                #"lossy decode: `$.labels` is in the fixture but not in the re-encoded value (the fixture has ["bug"])"#
            ),
            "\(failure.message)")
    }
}
