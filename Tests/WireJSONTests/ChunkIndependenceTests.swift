import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

/// Feeding the same bytes in different chunks must give the same events, or the same error with the
/// same location, path, reason and excerpt.
@Suite("Chunk independence")
struct ChunkIndependenceTests {
    static let documents: [String] = [
        // valid
        #"{"movies":[{"id":1,"title":"Heat","year":1995,"rating":8.3,"tags":["crime","drama"],"hasFile":true,"poster":null}]}"#,
        "{\n  \"title\": \"Amélie — 天使 🎬\",\n  \"escaped\": \"a\\\"b\\\\c\\n\\u00e9\\ud83c\\udfac\",\n  \"big\": 123456789012345678901234567890,\n  \"exp\": -1.5e-300\n}\n",
        "  [ [], {}, [[]], 0, -0, 0.5, 1E+2, true, false, null, \"\" ]  ",
        "\"top-level string\"",
        "12345",
        "-0.25e10",
        "true",
        // invalid
        "[1, 2,, 3]",
        "{\"genres\": [\"drama\", \"crime\",],\n \"id\": 7}",
        "{\"id\": 1, \"title\": \"x\", \"id\": 2}",
        "{\"truncated\": \"abc",
        "{\"truncated\": [1, 2",
        "[01]",
        "[-012, 3]",
        "{\"a\" 1}",
        "{\"a\": 1 \"b\": 2}",
        "[1 true]",
        "[NaN]",
        "[-Infinity]",
        "{\"a\": tru}",
        "[\"\\ud800\"]",
        "[\"\\udc00x\"]",
        "[\"ab\\x\"]",
        "[\"tab\there\"]",
        "{} x",
        "{,}",
        "{\"a\":}",
        "[\u{0C}1]",
        "/* c */ [1]",
        "",
        "   \n  ",
        "[1e]",
        "[1.]",
        "[-]",
        "{'a': 1}",
        "{\"k\": 1, \"k\": {\"nested\": [true, false]}}",
    ]

    /// Raw byte documents (invalid UTF-8 cannot be written as Swift strings).
    static let byteDocuments: [[UInt8]] = [
        Array("[\"caf".utf8) + [0xC3, 0x28] + Array("\"]".utf8),
        Array("{\"a\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8),
        Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8),
        Array("[\"".utf8) + [0xE0, 0x80, 0xAF] + Array("\"]".utf8),
        [0xEF, 0xBB, 0xBF] + Array("{}".utf8),
        Array("[1, ".utf8) + [0xC3, 0xA9] + Array("]".utf8),
        Array("{\"ok\": \"".utf8) + [0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x8E, 0xAC] + Array("\", \"bad\": \"".utf8) + [0x80]
            + Array("\"}".utf8),
    ]

    static var all: [[UInt8]] { documents.map { Array($0.utf8) } + byteDocuments }

    @Test("every two-way split gives the same result", arguments: JSONEngine.underTest, all.indices)
    func everySplitPoint(engine: JSONEngine, index: Int) {
        JSONEngine.with(engine) {
            let bytes = Self.all[index]
            let whole = parse(bytes, chunks: [])
            for split in 0...bytes.count {
                let outcome = parseSplit(bytes, at: [split])
                #expect(outcome == whole, "split at \(split): \(outcome) vs \(whole)")
            }
        }
    }

    /// Documents up to this size are cut in three at every pair of points; longer ones at a seeded
    /// sample of pairs (every pair of a 120-byte document is 7,000 parses).
    static let everyPairUpTo = 60
    static let sampledPairs = 400

    @Test(
        "three-way splits: every pair of points of the small documents, a seeded sample of the others",
        arguments: JSONEngine.underTest, all.indices)
    func threeWaySplits(engine: JSONEngine, index: Int) {
        JSONEngine.with(engine) {
            let bytes = Self.all[index]
            let whole = parse(bytes, chunks: [])
            var pairs: [(Int, Int)] = []
            if bytes.count <= Self.everyPairUpTo {
                for a in 0...bytes.count {
                    for b in a...bytes.count { pairs.append((a, b)) }
                }
            } else {
                var rng = SplitMix64(seed: 3, index: UInt64(index))
                for _ in 0..<Self.sampledPairs {
                    let a = rng.next(in: 0...bytes.count)
                    pairs.append((a, rng.next(in: a...bytes.count)))
                }
            }
            #expect(pairs.count >= min(Self.sampledPairs, (bytes.count + 1) * (bytes.count + 2) / 2))
            for (a, b) in pairs {
                let outcome = parseSplit(bytes, at: [a, b])
                #expect(outcome == whole, "splits at \(a), \(b): \(outcome) vs \(whole)")
            }
        }
    }

    @Test("one-byte chunks and large chunks agree", arguments: JSONEngine.underTest, all.indices)
    func singleBytes(engine: JSONEngine, index: Int) {
        JSONEngine.with(engine) {
            let bytes = Self.all[index]
            #expect(parse(bytes, chunks: [1]) == parse(bytes, chunks: [1 << 20]))
        }
    }

    @Test(
        "the corpus of invalid documents is really invalid, and the valid ones valid", arguments: JSONEngine.underTest)
    func corpusSanity(engine: JSONEngine) {
        JSONEngine.with(engine) {
            let outcomes = Self.all.map { parse($0, chunks: []) }
            for (i, outcome) in outcomes.enumerated() {
                if i < 7 {
                    #expect(outcome.error == nil, "document \(i) should be valid: \(outcome)")
                } else {
                    #expect(outcome.error != nil, "document \(i) should be invalid: \(outcome)")
                }
            }
        }
    }

    private func parseSplit(_ bytes: [UInt8], at splits: [Int]) -> ParseOutcome {
        var sizes: [Int] = []
        var previous = 0
        for split in splits {
            sizes.append(split - previous)
            previous = split
        }
        sizes.append(bytes.count - previous)
        return parseSizes(bytes, sizes)
    }

    private func parseSizes(_ bytes: [UInt8], _ sizes: [Int]) -> ParseOutcome {
        var events: [String] = []
        let parser = JSONStreamParser { event, context in events.append("\(event)@\(context.path)") }
        do throws(JSONSyntaxError) {
            var offset = 0
            for size in sizes {
                try parser.feed(bytes[offset..<(offset + size)])
                offset += size
            }
            try parser.finish()
            return ParseOutcome(events: events, error: nil)
        } catch {
            return ParseOutcome(events: [], error: error)
        }
    }
}

/// The fast pass (validity only, used first for files and buffers) must agree with the exact pass on
/// every input, or a valid file could be reported invalid or, worse, the other way round.
@Suite("Fast pass agrees with the exact pass")
struct FastPassTests {
    static func verdict(_ bytes: [UInt8], fast: Bool, options: JSONParseOptions = .strict) -> Bool {
        var run = ValidationRun(options: options, maxErrors: 10, fast: fast)
        bytes.withUnsafeBytes { run.feed($0) }
        return run.finish().isValid
    }

    @Test(arguments: JSONEngine.underTest)
    func onTheChunkCorpus(engine: JSONEngine) {
        JSONEngine.with(engine) {
            for bytes in ChunkIndependenceTests.all {
                #expect(
                    Self.verdict(bytes, fast: true) == Self.verdict(bytes, fast: false),
                    "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test(.enabled(if: Conformance.jsonTestSuite != nil, "JSONTestSuite not found"), arguments: JSONEngine.underTest)
    func onJSONTestSuite(engine: JSONEngine) throws {
        try JSONEngine.with(engine) {
            for file in Conformance.files(prefix: "") {
                let bytes = [UInt8](try Data(contentsOf: file))
                for options in [
                    JSONParseOptions(), JSONParseOptions(allowDuplicateKeys: true), JSONParseOptions(maxDepth: 4),
                ] {
                    #expect(
                        Self.verdict(bytes, fast: true, options: options)
                            == Self.verdict(bytes, fast: false, options: options),
                        "\(file.lastPathComponent)")
                }
            }
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func onLargeObjectsWithAndWithoutDuplicates(engine: JSONEngine) {
        JSONEngine.with(engine) {
            let members = (0..<3000).map { "\"member\($0)\": \($0)" }
            let unique = Array(("{" + members.joined(separator: ",") + "}").utf8)
            let repeated = Array(("{" + (members + ["\"member2999\": 1"]).joined(separator: ",") + "}").utf8)
            let nested = Array(
                ("["
                    + (0..<50).map { _ in "{" + members.prefix(40).joined(separator: ",") + "}" }.joined(separator: ",")
                    + "]").utf8)
            #expect(Self.verdict(unique, fast: true) && Self.verdict(unique, fast: false))
            #expect(!Self.verdict(repeated, fast: true) && !Self.verdict(repeated, fast: false))
            #expect(Self.verdict(nested, fast: true))
        }
    }

    @Test(arguments: JSONEngine.underTest)
    func onJSONLines(engine: JSONEngine) {
        JSONEngine.with(engine) {
            var options = JSONParseOptions()
            options.framing = .lines
            for text in ["[1]\n\n{\"a\": 2}\n", "[1]\ntru\n", "1\n2\n\"x\"\n", "{\"a\":1,\"a\":2}\n"] {
                let bytes = Array(text.utf8)
                #expect(
                    Self.verdict(bytes, fast: true, options: options)
                        == Self.verdict(bytes, fast: false, options: options),
                    "\(text)")
            }
        }
    }
}
