import Foundation
import Testing
import WireDiagnostics
import WireJSON

/// What a first day with `WireDiagnostics.explain` ran into (issue 26): a generic `catch` needed a
/// cast, a date failure read "formatter., found", and a missing key listed every member but never
/// the one the model probably meant.
@Suite("explain: papercuts")
struct ExplainPapercutTests {
    struct User: Decodable {
        var login: String
        var avatarURL: String
    }

    struct Stamped: Decodable {
        var createdAt: Date
    }

    /// The error `decode` throws, as a plain `any Error` (what a generic `catch` binds).
    func error(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aGenericCatchNeedsNoCast() throws {
        let data = Data(#"{"login": 7, "avatarURL": "a"}"#.utf8)
        let caught = try #require(error { _ = try JSONDecoder().decode(User.self, from: data) })
        let explanation = WireDiagnostics.explain(caught, in: data)
        #expect(explanation.path.description == "$.login")
        #expect(explanation.found == "a number 7")
    }

    @Test func anErrorThatIsNotADecodingErrorIsSaidToBeOne() {
        let explanation = WireDiagnostics.explain(URLError(.timedOut), in: Data("{}".utf8))
        #expect(explanation.otherError?.contains("URLError") == true, "\(explanation)")
        #expect(!explanation.description.contains("Error Domain="), "\(explanation)")
        #expect(explanation.description.hasPrefix("error: not a decoding failure: "), "\(explanation)")
        #expect(explanation.location == nil)
    }

    @Test func aSyntaxErrorThrownDirectlyIsExplainedWhereItIs() throws {
        let bytes: [UInt8] = Array("[1, 2,]".utf8)
        let caught = try #require(error { _ = try JSONValue.parse(bytes) })
        let explanation = WireDiagnostics.explain(caught, in: Data(bytes))
        #expect(explanation.syntaxError?.kind == .trailingComma)
        #expect(explanation.expected == "valid JSON")
    }

    @Test func aFormatterDateFailureReadsAsASentenceAndNamesTheFormat() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        let data = Data(#"{"createdAt": "2024-05-01"}"#.utf8)
        let caught = try #require(error { _ = try decoder.decode(Stamped.self, from: data) })
        let plain = WireDiagnostics.explain(caught, in: data)
        #expect(!plain.description.contains(".,"), "\(plain)")
        #expect(plain.expected == "a date string in the formatter's format", "\(plain)")
        let named = WireDiagnostics.explain(caught, in: data, dateFormat: formatter.dateFormat)
        #expect(named.expected == #"a date string in the format "yyyy-MM-dd'T'HH:mm:ssZ""#, "\(named)")
        #expect(named.found == #"a string "2024-05-01""#)
    }

    @Test func anISO8601DateFailureSaysISO8601() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = Data(#"{"createdAt": "May 1st"}"#.utf8)
        let caught = try #require(error { _ = try decoder.decode(Stamped.self, from: data) })
        let explanation = WireDiagnostics.explain(caught, in: data)
        #expect(explanation.expected == "an ISO 8601 date string (2024-05-01T08:30:00Z)", "\(explanation)")
        #expect(!explanation.description.contains(".,"))
    }

    @Test func keyNotFoundNamesTheClosestMemberAndCapsTheList() throws {
        var members = (0..<86).map { #""field_\#($0)": \#($0)"# }
        members.insert(#""avatar_url": "a""#, at: 40)
        members.insert(#""login": "octocat""#, at: 0)
        let data = Data(("{" + members.joined(separator: ", ") + "}").utf8)
        let caught = try #require(error { _ = try JSONDecoder().decode(User.self, from: data) })
        let explanation = WireDiagnostics.explain(caught, in: data)
        #expect(explanation.closestMember == "avatar_url")
        #expect(explanation.found.hasPrefix(#"an object whose closest member is "avatar_url""#), "\(explanation)")
        #expect(explanation.found.contains("(88 members: \"login\", \"field_0\""), "\(explanation)")
        #expect(explanation.found.hasSuffix(", …)"), "\(explanation)")
        #expect(explanation.found.components(separatedBy: "\"field_").count - 1 <= 10, "\(explanation)")
    }
}
