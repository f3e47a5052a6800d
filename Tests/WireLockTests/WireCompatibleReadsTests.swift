import Foundation
import Testing
import WireDecoder
import WireGolden
import WireLockTestSupport
import WireReaders

/// `assertWireCompatible` judged by the old reader's contract (issue 25): a client model of a wide,
/// null-heavy payload writes back only what it reads, so the plain forward check blames it for every
/// member the server sends and it ignores; with `reads` only read paths count, and a real change to
/// a read member still fails.
@Suite("Wire compatibility by the reader contract")
struct WireCompatibleReadsTests {
    /// The sample's repository, reading `full_name` as a number: a real forward break.
    struct RenumberedRepository: Codable {
        var id: Int
        var fullName: Int
        enum CodingKeys: String, CodingKey {
            case id
            case fullName = "full_name"
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            fullName = (try container.decode(String.self, forKey: .fullName)).count
        }
    }

    func golden() throws -> (TemporaryDirectory, ReaderContract) {
        let dir = try TemporaryDirectory()
        let data = try GitHubSample.data("repository")
        _ = try dir.write("repository.json", bytes: Array(data))
        let wire = WireJSONDecoder(configuredLike: GitHubSample.decoder)
        let (_, report) = try wire.decodeWithReport(GitHubRepository.self, from: data)
        return (dir, ReaderContract(model: "GitHubRepository", fixture: "repository.json", report: report))
    }

    @Test func unreadMembersTheModelDoesNotWriteAreNoBreak() throws {
        let (dir, contract) = try golden()
        defer { dir.remove() }
        let plain = verifyWireCompatible(
            GitHubRepository.self, withGolden: "repository", direction: .forward, decoder: GitHubSample.decoder,
            encoder: GitHubSample.encoder, goldenDirectory: dir.url, environment: [:])
        #expect(plain != nil, "the plain check found nothing to blame: the sample is not wide enough")
        let judged = verifyWireCompatible(
            GitHubRepository.self, withGolden: "repository", direction: .forward, decoder: GitHubSample.decoder,
            encoder: GitHubSample.encoder, goldenDirectory: dir.url, reads: contract, environment: [:])
        #expect(judged == nil, "\(judged?.message ?? "")")
    }

    @Test func aChangeToAReadMemberStillBreaksForward() throws {
        let (dir, contract) = try golden()
        defer { dir.remove() }
        let failure = try #require(
            verifyWireCompatible(
                RenumberedRepository.self, withGolden: "repository", direction: .forward,
                decoder: GitHubSample.decoder, encoder: GitHubSample.encoder, goldenDirectory: dir.url,
                reads: contract, environment: [:]))
        #expect(failure.message.contains("$.full_name"), "\(failure.message)")
        #expect(failure.message.contains("forward"), "\(failure.message)")
    }
}
