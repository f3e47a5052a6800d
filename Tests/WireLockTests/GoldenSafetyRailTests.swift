import Foundation
import Testing
import WireJSON

@testable import WireGolden
@testable import WireLock

/// The golden workflow's safety rails: what a newcomer's first week with goldens ran into — a
/// redaction that silently matched nothing, a name that wrote outside `golden/`, two tests sharing
/// one golden, a record mode that wrote under CI, and error messages that were raw `NSError` dumps.
@Suite("Golden safety rails")
struct GoldenSafetyRailTests {
    struct User: Codable {
        var login: String
        var avatarUrl: String
        var email: String?
    }

    /// A GitHub-style user: the wire keys are snake_case.
    static var snakeEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    let octocat = User(login: "octocat", avatarUrl: "https://avatars.example.com/u/583231", email: nil)

    // MARK: Redactions must match

    @Test func aRedactionThatMatchesNothingFailsAndWritesNothing() throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(
                octocat, named: "user", encoder: Self.snakeEncoder,
                redacting: [.replace("$.avatarUrl")], goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("redaction `$.avatarUrl` matched no value"), "\(failure.message)")
        #expect(failure.message.contains("$.avatar_url"), "names the nearest existing path: \(failure.message)")
        #expect(!box.exists("user.json"), "the real URL must not reach a golden")
    }

    @Test func aRedactionOfAPatternThatMatchesIsStillApplied() throws {
        let box = try Sandbox()
        _ = verifyGolden(
            octocat, named: "user", encoder: Self.snakeEncoder,
            redacting: [.replace("$.avatar_url", with: "<url>")], goldenDirectory: box.golden, environment: local)
        let written = try #require(box.text("user.json"))
        #expect(written.contains(#""avatar_url": "<url>""#) && !written.contains("avatars.example.com"))
    }

    @Test func anOptionalMemberIsRedactedWhenPresentAndFineWhenAbsent() throws {
        let box = try Sandbox()
        let redactions: [Redaction] = [.replace("$.email", with: "<email>").ifPresent(), .replace("$.avatar_url")]
        #expect(
            verifyGolden(
                octocat, named: "user", encoder: Self.snakeEncoder, redacting: redactions,
                goldenDirectory: box.golden, environment: local)?.message.hasPrefix("recorded ") == true)
        var withEmail = octocat
        withEmail.email = "octo@example.com"
        let failure = try #require(
            verifyGolden(
                withEmail, named: "user", encoder: Self.snakeEncoder, redacting: redactions,
                goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains(#"$.email: added in actual ("<email>")"#), "\(failure.message)")
        #expect(!failure.message.contains("octo@"))
    }

    @Test func aSortOrPredicateThatMatchesNothingFailsToo() throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(
                octocat, named: "user", encoder: Self.snakeEncoder,
                redacting: [.sort("$.login"), .replace(where: { _, value in value == .string("nobody") })],
                goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("redaction .sort(`$.login`) matched no array"), "\(failure.message)")
        #expect(
            failure.message.contains("redaction a `replace(where:)` predicate matched no value"), "\(failure.message)")
        #expect(!box.exists("user.json"))
    }

    @Test func aRedactionUnderAReplacedMemberStillCountsAsMatching() throws {
        struct Session: Codable { var user: User }
        let box = try Sandbox()
        let failure = verifyGolden(
            Session(user: octocat), named: "session", redacting: [.replace("$.user"), .replace("$.user.login")],
            goldenDirectory: box.golden, environment: local)
        #expect(failure?.message.hasPrefix("recorded ") == true, "\(String(describing: failure))")
    }

    // MARK: Names stay inside golden/

    @Test(arguments: ["../escaped", "movies/../../escaped", "/tmp/escaped", "", "movies/", "a//b", "./movie"])
    func aNameThatLeavesTheGoldenDirectoryIsRejected(name: String) throws {
        let box = try Sandbox()
        let failure = try #require(verifyGolden(octocat, named: name, goldenDirectory: box.golden, environment: local))
        #expect(failure.message.contains("golden name '\(name)'"), "\(failure.message)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.root.path) == ["golden"],
            "nothing was written beside golden/")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.golden.path).isEmpty)
    }

    @Test func aNameInASubfolderIsFine() throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(octocat, named: "users/octocat", goldenDirectory: box.golden, environment: local))
        #expect(failure.message.hasPrefix("recorded "))
        #expect(box.exists("users/octocat.json"))
    }

    // MARK: Record modes under CI

    @Test(arguments: [RecordMode.missing, .failed, .all])
    func anExplicitRecordModeInCodeFailsUnderCIAndWritesNothing(mode: RecordMode) throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(octocat, named: "user", record: mode, goldenDirectory: box.golden, environment: ci))
        #expect(failure.message.contains("record: .\(mode.rawValue)"), "\(failure.message)")
        #expect(failure.message.contains("remove it"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.golden.path).isEmpty)
    }

    @Test func anExplicitRecordModeFailsUnderCIEvenWhenTheGoldenMatches() throws {
        let box = try Sandbox()
        #expect(
            verifyGolden(octocat, named: "user", goldenDirectory: box.golden, environment: local)?.message.hasPrefix(
                "recorded ") == true)
        #expect(verifyGolden(octocat, named: "user", goldenDirectory: box.golden, environment: local) == nil)
        let failure = verifyGolden(octocat, named: "user", record: .all, goldenDirectory: box.golden, environment: ci)
        #expect(failure?.message.contains("remove it") == true)
    }

    @Test func theRecordEnvironmentVariableDoesNotWriteUnderCI() throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(
                octocat, named: "user", goldenDirectory: box.golden,
                environment: ["CI": "true", "WIRELOCK_RECORD": "all"]))
        #expect(failure.message.contains("WIRELOCK_RECORD=all"), "\(failure.message)")
        #expect(failure.message.contains("WIRELOCK_RECORD_IN_CI=1"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.golden.path).isEmpty)
    }

    @Test(.recordMode(.all)) func theRecordModeTraitDoesNotWriteUnderCI() throws {
        let box = try Sandbox()
        let failure = try #require(verifyGolden(octocat, named: "user", goldenDirectory: box.golden, environment: ci))
        #expect(failure.message.contains(".recordMode(.all)"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.golden.path).isEmpty)
    }

    @Test func theDocumentedOverrideRecordsInCI() throws {
        let box = try Sandbox()
        let failure = try #require(
            verifyGolden(
                octocat, named: "user", record: .all, goldenDirectory: box.golden,
                environment: ["CI": "true", "WIRELOCK_RECORD_IN_CI": "1"]))
        #expect(failure.message.hasPrefix("recorded "))
        #expect(box.exists("user.json"))
    }

    @Test func neverInCodeIsFineUnderCI() throws {
        let box = try Sandbox()
        try box.write(#"{"avatarUrl": "https://avatars.example.com/u/583231", "login": "octocat"}"#, to: "user.json")
        #expect(
            verifyGolden(octocat, named: "user", record: .never, goldenDirectory: box.golden, environment: ci) == nil)
    }

    // MARK: Write errors in words

    @Test func aGoldenThatCannotBeWrittenSaysWhatFailedWithThePathAndErrno() throws {
        let box = try Sandbox()
        // golden/ is a file here, so no folder can be made under it.
        let blocked = box.root.appendingPathComponent("blocked")
        try Data("not a folder".utf8).write(to: blocked)
        let failure = try #require(verifyGolden(octocat, named: "user", goldenDirectory: blocked, environment: local))
        #expect(!failure.message.contains("Error Domain"), "\(failure.message)")
        #expect(failure.message.contains("Not a directory"), "\(failure.message)")
        #expect(failure.message.contains(blocked.path), "\(failure.message)")
    }

    @Test func aRenameThatFailsIsReportedInWords() throws {
        let box = try Sandbox()
        // The golden's place is taken by a folder: the temporary file cannot be renamed over it.
        try FileManager.default.createDirectory(
            at: box.golden.appendingPathComponent("user.json"), withIntermediateDirectories: true)
        let url = box.golden.appendingPathComponent("user.json")
        do {
            try GoldenFiles.writeAtomically(Array("{}\n".utf8), to: url)
            Issue.record("expected the write to fail")
        } catch {
            let text = "\(error)"
            #expect(!text.contains("Error Domain"), "\(text)")
            #expect(text.contains("cannot rename"), "\(text)")
            #expect(text.contains(url.path) && text.contains("Is a directory"), "\(text)")
            // Foundation's reading of it finds the same sentence and the system error underneath.
            #expect(error.localizedDescription == text)
            #expect((error as NSError).userInfo[NSUnderlyingErrorKey] is POSIXError)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.golden.path) == ["user.json"],
            "no temporary file left")
    }
}
