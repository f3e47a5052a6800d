import Foundation
import Testing
import WireDecoderOracle
import WireLockTestSupport
import WireOracle

/// One saved input on which the oracle once reported a mismatch (or which pinned a rule of it).
struct DecoderRegression: CustomTestStringConvertible, Sendable {
    var name: String
    var template: String
    var bytes: [UInt8]
    var testDescription: String { name }

    static let folder = Repository.url("Tests/WireOracleTests/decoder-regressions")

    static func all() throws -> [DecoderRegression] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map {
            name in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
            let fields = try #require(object as? [String: Any], "\(name): not an object")
            let template = try #require(fields["template"] as? String, "\(name): no template")
            let hex = Array(try #require(fields["inputHex"] as? String, "\(name): no inputHex").utf8)
            var bytes: [UInt8] = []
            var i = 0
            while i + 1 < hex.count {
                bytes.append(try #require(UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16)))
                i += 2
            }
            return DecoderRegression(name: name, template: template, bytes: bytes)
        }
    }
}

@Suite("Decoder oracle: saved regressions")
struct DecoderRegressionTests {
    @Test func theFolderHoldsCases() throws {
        #expect(try DecoderRegression.all().count >= 2)
    }

    /// Each case against every pair of its template, 20 times: hash order changes from one decode to
    /// the next, so a rule that holds once by luck is caught.
    @Test(arguments: try DecoderRegression.all())
    func everySavedInputDecodesAlike(case regression: DecoderRegression) throws {
        let template = try #require(DecoderTemplates.all.first { $0.name == regression.template }, "unknown template")
        for pair in template.pairs {
            for _ in 0..<20 {
                let check = pair.check(regression.bytes)
                #expect(!check.verdict.isMismatch, "\(pair.name): \(check)")
            }
        }
    }
}
