import Foundation
import Testing
import WireLock

/// `import WireLock` is the one import a test needs (WireLock.swift), so the decoder type the
/// assertions take must come with it: `assertFuzzCampaign(…, decoder: WireJSONDecoder(configuredLike:))`
/// and `assertReaderContract(…, decoder:)` name it. This file imports nothing else on purpose; on
/// octokit.swift a newcomer's test failed to compile with "cannot find type 'WireJSONDecoder' in scope".
@Suite("import WireLock alone")
struct SingleImportTests {
    @Test func theDecoderTheAssertionsTakeComesWithIt() throws {
        let decoder = WireJSONDecoder(configuredLike: JSONDecoder())
        #expect(try decoder.decode([Int].self, from: Data("[1,2]".utf8)) == [1, 2])
    }
}
