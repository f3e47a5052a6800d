import Foundation
import Testing
import WireDecoder

/// A model may keep the containers and decoders its init(from:) was given and read them after
/// the decode has returned (a lazy model, a wrapper that decodes on first use). `JSONDecoder`'s
/// containers keep its parsed document alive, so that works; `WireJSONDecoder`'s must keep the
/// tape and the input bytes alive too, whatever happens to the memory in between.
@Suite("WireDecoder: containers kept after the decode")
struct KeptContainerTests {
    /// Where `Keeper.init(from:)` leaves what it was given; one per decode, through `userInfo`.
    final class Kept: @unchecked Sendable {
        var keyed: KeyedDecodingContainer<Keeper.Keys>?
        var list: (any UnkeyedDecodingContainer)?
        var inner: (any Decoder)?
        var decoder: (any Decoder)?
    }

    static let keptKey = CodingUserInfoKey(rawValue: "kept")!

    struct Keeper: Decodable {
        enum Keys: String, CodingKey { case name, count, list, inner }
        enum InnerKeys: String, CodingKey { case flag }

        init(from decoder: any Decoder) throws {
            let kept = decoder.userInfo[KeptContainerTests.keptKey] as! Kept
            let container = try decoder.container(keyedBy: Keys.self)
            kept.keyed = container
            kept.list = try container.nestedUnkeyedContainer(forKey: .list)
            kept.inner = try container.superDecoder(forKey: .inner)
            kept.decoder = decoder
        }
    }

    /// Everything the kept containers say when read after the decode, as one string.
    static func readLater(_ kept: Kept) throws -> String {
        guard let keyed = kept.keyed, var list = kept.list, let inner = kept.inner, let decoder = kept.decoder else {
            return "nothing kept"
        }
        var parts: [String] = []
        parts.append(try keyed.decode(String.self, forKey: .name))
        parts.append(String(try keyed.decode(Int.self, forKey: .count)))
        parts.append(keyed.allKeys.map(\.stringValue).sorted().joined(separator: ","))
        while !list.isAtEnd { parts.append(String(try list.decode(Int.self))) }
        parts.append(String(try inner.container(keyedBy: Keeper.InnerKeys.self).decode(Bool.self, forKey: .flag)))
        let again = try decoder.container(keyedBy: Keeper.Keys.self)
        parts.append(try again.decode(String.self, forKey: .name))
        return parts.joined(separator: "|")
    }

    static let document = #"""
        {"name": "a name long enough to need storage of its own", "count": 42, "list": [1, 2, 3],
         "inner": {"flag": true}}
        """#

    /// Decodes `data` with `decode`, then does other work that reuses freed memory (another
    /// decode of a document laid out differently, some allocations), then reads what was kept.
    static func keptAndReadLater(_ data: Data, _ decode: (Data, Kept) throws -> Void) throws -> String {
        let kept = Kept()
        try decode(data, kept)
        // As long as the first document, so its tape takes the freed tape's memory.
        var text = #"{"inner": {"flag": false}, "list": [9], "count": 7, "name": "x"}"#
        while text.utf8.count < data.count { text.insert(" ", at: text.startIndex) }
        let other = Data(text.utf8)
        for _ in 0..<4 { try decode(other, Kept()) }
        let junk = (0..<64).map { [UInt8](repeating: UInt8($0), count: 32 + $0 * 8) }
        defer { withExtendedLifetime(junk) {} }
        return try readLater(kept)
    }

    static func legacy(_ data: Data, _ kept: Kept) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[keptKey] = kept
        _ = try decoder.decode(Keeper.self, from: data)
    }

    static func candidate(_ acceptance: WireJSONDecoder.Acceptance) -> (Data, Kept) throws -> Void {
        { data, kept in
            let decoder = WireJSONDecoder()
            decoder.acceptance = acceptance
            decoder.userInfo[keptKey] = kept
            _ = try decoder.decode(Keeper.self, from: data)
        }
    }

    @Test(arguments: [WireJSONDecoder.Acceptance.strict, .jsonDecoder])
    func containersReadAfterTheDecodeSayWhatJSONDecodersSay(_ acceptance: WireJSONDecoder.Acceptance) throws {
        let data = Data(Self.document.utf8)
        let expected = try Self.keptAndReadLater(data, Self.legacy)
        #expect(expected.hasPrefix("a name long enough"))
        #expect(try Self.keptAndReadLater(data, Self.candidate(acceptance)) == expected)
    }

    /// UTF-16 input is transcoded into a buffer of the decode's own (JSONDecoder-compatible
    /// acceptance reads it); what is kept must not point into that buffer.
    @Test func containersOfATranscodedDocumentOutliveItsBuffer() throws {
        let data = Self.document.data(using: .utf16LittleEndian)!
        let expected = try Self.keptAndReadLater(data, Self.legacy)
        #expect(try Self.keptAndReadLater(data, Self.candidate(.jsonDecoder)) == expected)
    }

    /// Data of up to 14 bytes is stored inline: its bytes are lent on the stack for the decode.
    @Test(arguments: [WireJSONDecoder.Acceptance.strict, .jsonDecoder])
    func containersOfATinyDocumentOutliveTheStack(_ acceptance: WireJSONDecoder.Acceptance) throws {
        struct Tiny: Decodable {
            enum Keys: String, CodingKey { case a }
            init(from decoder: any Decoder) throws {
                let kept = decoder.userInfo[KeptContainerTests.keptKey] as! Kept
                kept.decoder = decoder
            }
        }
        let data = Data(#"{"a":"bcdefg"}"#.utf8)
        #expect(data.count == 14)
        let kept = Kept()
        let decoder = WireJSONDecoder()
        decoder.acceptance = acceptance
        decoder.userInfo[Self.keptKey] = kept
        _ = try decoder.decode(Tiny.self, from: data)
        var stackNoise = [UInt8](repeating: 0x7B, count: 512)
        stackNoise.withUnsafeMutableBytes { $0[0] = 0x5D }
        let container = try #require(kept.decoder).container(keyedBy: Tiny.Keys.self)
        #expect(try container.decode(String.self, forKey: .a) == "bcdefg")
        withExtendedLifetime(stackNoise) {}
    }
}
