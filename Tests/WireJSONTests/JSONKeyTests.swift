import Testing
import WireLockTestSupport

@testable import WireJSON

/// The exact-name key type itself.
@Suite("JSONKey")
struct JSONKeyTests {
    @Test func equalityHashingAndOrderFollowTheScalars() {
        let composed: JSONKey = "caf\u{E9}"
        let decomposed = JSONKey("cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, JSONKey("caf\u{E9}")]).count == 2)
        #expect(decomposed < composed)
        #expect(!(composed < composed))
        #expect(composed.description == "caf\u{E9}")
        var counts: [JSONKey: Int] = [:]
        counts[composed, default: 0] += 1
        counts[decomposed, default: 0] += 1
        counts["caf\u{E9}", default: 0] += 1
        #expect(counts[composed] == 2 && counts[decomposed] == 1)
    }

    /// For strings in composed form the order is `String`'s, so sorted output stays as it was.
    @Test(arguments: 0..<20)
    func orderIsStringOrderForComposedStrings(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let alphabet = [
            "a", "b", "Z", "_", "0", "\u{7F}", "\u{E9}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "😀",
            "\u{10FFFF}", "猫",
        ]
        let words = (0..<50).map { _ in
            (0..<rng.next(below: 5)).map { _ in alphabet[rng.next(below: alphabet.count)] }.joined()
        }
        #expect(words.map { JSONKey($0) }.sorted().map(\.string) == words.sorted())
        for (x, y) in zip(words, words.dropFirst()) {
            #expect((JSONKey.compare(x, y) < 0) == (x < y) && (JSONKey.compare(x, y) == 0) == (x == y), "\(x) \(y)")
            #expect(JSONKey.exactlyEqual(x, y) == (Array(x.utf8) == Array(y.utf8)))
        }
    }

    @Test func longAndEmptyStrings() {
        let long = String(repeating: "wirelock ", count: 10_000)
        #expect(JSONKey.exactlyEqual(long, String(repeating: "wirelock ", count: 10_000)))
        #expect(!JSONKey.exactlyEqual(long, long + "x"))
        #expect(!JSONKey.exactlyEqual(long + "a", long + "b"))
        #expect(JSONKey.exactlyEqual("", ""))
        #expect(JSONKey.compare("", "a") < 0 && JSONKey.compare("a", "") > 0 && JSONKey.compare("", "") == 0)
        #expect(JSONKey(long).hashValue == JSONKey(String(repeating: "wirelock ", count: 10_000)).hashValue)
    }
}
