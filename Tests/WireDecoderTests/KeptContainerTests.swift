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
        let junk = Self.churnTheHeap()
        defer { withExtendedLifetime(junk) {} }
        return try readLater(kept)
    }

    /// Allocations of many sizes, which take freed blocks (keep them alive while reading).
    static func churnTheHeap() -> [[UInt8]] {
        (0..<64).map { [UInt8](repeating: UInt8($0), count: 32 + $0 * 8) }
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
        #expect(Self.scribbleOnTheStack(depth: 16) != 0)
        let container = try #require(kept.decoder).container(keyedBy: Tiny.Keys.self)
        #expect(try container.decode(String.self, forKey: .a) == "bcdefg")
    }

    /// Fills some kilobytes of stack below the caller with a pattern (where a tiny `Data`'s
    /// bytes were lent during the decode).
    @inline(never) static func scribbleOnTheStack(depth: Int) -> UInt64 {
        var words = (UInt64(0x7B7B), UInt64(0x5D5D), UInt64(0x2C2C), UInt64(0x2222), UInt64(depth))
        withUnsafeMutableBytes(of: &words) { bytes in
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 37 &+ depth) }
        }
        let below = depth > 0 ? scribbleOnTheStack(depth: depth - 1) : 1
        return withUnsafeBytes(of: &words) { $0.reduce(below) { $0 &+ UInt64($1) } }
    }

    /// What a model keeps may be only a `superDecoder()` of a `superDecoder()`, and the model may
    /// then throw; with `decodeWithReport` too. The caller's `Data` is gone by the time the kept
    /// decoder is read. (`JSONDecoder` is no reference here: it keeps its map of the document but
    /// reads strings from the caller's bytes, freed by then.)
    @Test(arguments: [false, true])
    func aSuperDecoderKeptByAModelThatThrowsOutlivesTheDecodeAndItsInput(_ reporting: Bool) throws {
        struct Failed: Error {}
        struct Nested: Decodable {
            enum Keys: String, CodingKey { case a, b, name }
            init(from decoder: any Decoder) throws {
                let outer = try decoder.container(keyedBy: Keys.self).superDecoder(forKey: .a)
                let inner = try outer.container(keyedBy: Keys.self).superDecoder(forKey: .b)
                (decoder.userInfo[KeptContainerTests.keptKey] as! Kept).decoder = inner
                throw Failed()
            }
        }
        let kept = Kept()
        let decoder = WireJSONDecoder()
        decoder.userInfo[Self.keptKey] = kept
        var data: Data? = Data(
            #"{"a": {"b": {"name": "a name long enough to need storage of its own"}}, "pad": "xxxxxxxx"}"#.utf8)
        #expect(throws: Failed.self) {
            if reporting {
                _ = try decoder.decodeWithReport(Nested.self, from: data!)
            } else {
                _ = try decoder.decode(Nested.self, from: data!)
            }
        }
        data = nil
        let junk = Self.churnTheHeap()
        defer { withExtendedLifetime(junk) {} }
        let container = try #require(kept.decoder).container(keyedBy: Nested.Keys.self)
        #expect(try container.decode(String.self, forKey: .name) == "a name long enough to need storage of its own")
        #expect(container.codingPath.map(\.stringValue) == ["a", "b"])
    }

    /// A kept container read on another thread while this one goes on decoding: it has a type
    /// table of its own, not this thread's (run under the thread sanitizer, this is the
    /// data-race check).
    @Test func aKeptContainerReadOnAnotherThreadWhileThisOneDecodes() async throws {
        struct Holder: Decodable {
            enum Keys: String, CodingKey { case v }
            init(from decoder: any Decoder) throws {
                (decoder.userInfo[KeptContainerTests.keptKey] as! Kept).decoder = decoder
            }
        }
        let kept = Kept()
        let decoder = WireJSONDecoder()
        decoder.userInfo[Self.keptKey] = kept
        _ = try decoder.decode(Holder.self, from: Data(#"{"v": [[1, 2], [3]]}"#.utf8))
        let held = try #require(kept.decoder)
        let reader = Task.detached { () throws -> [[Int]] in
            var last: [[Int]] = []
            for _ in 0..<200 { last = try held.container(keyedBy: Holder.Keys.self).decode([[Int]].self, forKey: .v) }
            return last
        }
        for _ in 0..<200 { _ = try Self.keptAndReadLater(Data(Self.document.utf8), Self.candidate(.strict)) }
        #expect(try await reader.value == [[1, 2], [3]])
    }
}
