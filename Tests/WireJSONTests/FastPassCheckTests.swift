import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

/// The fast pass (the SIMD scanner and the token checker, possibly on two cores, and on the yajl
/// engine yajl over their skeleton) must never call valid what the exact pass rejects, whatever the
/// chunking, and must agree on every verdict for the inputs below.
@Suite("Fast pass: the SIMD scanner and the token checker")
struct FastPassCheckTests {
    /// Documents with one feature each that only the token checker's structure sees: duplicates (also
    /// through escapes), depth, and member names that look like values.
    static let verdicts: [(String, Bool)] = [
        (#"{"a":1,"b":2}"#, true),
        (#"{"a":1,"a":2}"#, false),
        (#"{"a":1,"\u0061":2}"#, false),  // same name once decoded
        (#"{"\u00e9":1,"é":2}"#, false),
        (#"{"\ud83c\udfac":1,"🎬":2}"#, false),  // surrogate pair vs UTF-8
        (#"{"a\"":1,"a\u0022":2}"#, false),
        (#"{"a\\":1,"a\/":2}"#, true),  // `a\` and `a/` differ
        (#"{"x":{"a":1},"y":{"a":1}}"#, true),  // same name in sibling objects
        (#"{"a":{"a":{"a":1}}}"#, true),  // same name at different depths
        (#"{"k":["a","a"],"a":"k"}"#, true),  // strings that are values, not names
        (#"{"k":"a","a":"k","v":[{"k":1}]}"#, true),
        (#"[{"a":1},{"a":1}]"#, true),
        (#"{"a":[1,{"b":2}],"a":3}"#, false),  // duplicate after a nested array
        (#"{"a,":1,"a{":2,"a}":3,"a]":4}"#, true),  // brackets and commas inside names
        (#"{"":1,"":2}"#, false),  // empty names
        (#"{"":1,"\u0000":2}"#, true),
    ]

    @Test("verdicts on the small cases", arguments: verdicts)
    func verdict(_ text: String, _ valid: Bool) {
        let bytes = Array(text.utf8)
        #expect(JSONValidator().validate(bytes).isValid == valid)
        #expect(Self.exactVerdict(bytes) == valid)
        // Every split in two: both stages' state crosses the boundary.
        for cut in 0...bytes.count {
            #expect(Self.fastVerdict(bytes, chunks: [cut, bytes.count - cut]) == valid, "split at \(cut)")
        }
    }

    @Test("--allow-duplicate-keys turns duplicates into valid documents")
    func allowDuplicates() {
        var options = JSONParseOptions.strict
        options.allowDuplicateKeys = true
        for (text, _) in Self.verdicts {
            #expect(JSONValidator(options: options).validate(Array(text.utf8)).isValid, "\(text)")
        }
    }

    @Test("depth: the limit holds in the fast pass", arguments: [3, 4, 5])
    func depth(_ levels: Int) {
        var options = JSONParseOptions.strict
        options.maxDepth = 4
        let text = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        #expect(JSONValidator(options: options).validate(Array(text.utf8)).isValid == (levels <= 4))
    }

    /// A large document (several chunks of the parallel path) with one planted defect at various
    /// places: the verdict of the fast pass equals the exact one, for buffers and for files.
    @Test(
        "large documents, parallel chunks: same verdicts as the exact pass",
        arguments: ["none", "duplicate", "escaped-duplicate", "duplicate-split", "too-deep", "syntax"])
    func large(_ defect: String) throws {
        let bytes = Self.largeDocument(defect: defect)
        #expect(bytes.count > JSONValidator.fastChunkSize)
        let exact = Self.exactVerdict(bytes)
        #expect(exact == (defect == "none"))
        #expect(JSONValidator().validate(bytes).isValid == exact)
        for chunk in [FastPass.minimumParallelChunk, 100_003, 1 << 20] {
            #expect(Self.fastVerdict(bytes, chunks: Self.chunks(bytes.count, size: chunk)) == exact, "chunk \(chunk)")
        }
        let url = TemporaryDirectory.uniqueURL("fastpass-\(defect)", extension: "json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let report = try JSONValidator(chunkSize: 70_001).validate(fileAt: url.path)
        #expect(report.isValid == exact)
        if !exact { #expect(report.errors.first?.reason != Engine.fastFailure.reason) }
    }

    @Test("member names are decoded with every escape form")
    func unescape() {
        let raw = Array(#"a\"\\\/\b\f\n\r\t\u00e9\ud83c\udfacz"#.utf8)
        var out: [UInt8] = []
        raw.withUnsafeBytes { SwiftGrammarCore.decode($0.baseAddress!, $0.count, into: &out) }
        #expect(out == Array("a\"\\/\u{8}\u{c}\n\r\té🎬z".utf8))
    }

    // MARK: Helpers

    static func exactVerdict(_ bytes: [UInt8]) -> Bool {
        let parser = JSONStreamParser()
        do {
            try bytes.withUnsafeBytes { try parser.feed($0) }
            try parser.finish()
            return true
        } catch {
            return false
        }
    }

    /// Feeds the fast engine in the given chunk sizes (zeros allowed) and returns its verdict.
    static func fastVerdict(_ bytes: [UInt8], chunks: [Int]) -> Bool {
        let engine = Engine(options: .strict, fast: true)
        precondition(engine.fast)
        return bytes.withUnsafeBytes { all -> Bool in
            var start = 0
            for size in chunks where size > 0 {
                do { try engine.feed(UnsafeRawBufferPointer(rebasing: all[start..<(start + size)])) } catch {
                    return false
                }
                start += size
            }
            do { try engine.finish() } catch { return false }
            return true
        }
    }

    /// `sizes` repeated until they cover `total` bytes (the last one cut).
    static func cycled(_ total: Int, _ sizes: [Int]) -> [Int] {
        var out: [Int] = []
        var covered = 0
        while covered < total {
            let size = min(max(1, sizes[out.count % sizes.count]), total - covered)
            out.append(size)
            covered += size
        }
        return out
    }

    static func chunks(_ total: Int, size: Int) -> [Int] {
        stride(from: 0, to: total, by: size).map { min(size, total - $0) }
    }

    /// ~1.2 MB of API-like records (more than one fast-pass file chunk); the defect sits in the middle.
    static func largeDocument(defect: String) -> [UInt8] {
        var text = "{\"records\":["
        for i in 0..<12000 {
            if i > 0 { text += "," }
            var record = #"{"id":\#(i),"title":"Movie \#(i) — é","tags":["a","b"],"nested":{"id":\#(i),"k":[{"x":1}]},"#
            if i == 6000 {
                switch defect {
                case "duplicate": record += #""id":7,"#
                case "escaped-duplicate": record += #""t\u0069tle":"again","#
                case "duplicate-split":
                    record +=
                        #""\#(String(repeating: "n", count: 70_000))":1,"\#(String(repeating: "n", count: 70_000))":2,"#
                case "too-deep":
                    record +=
                        "\"deep\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + ","
                case "syntax": record += #""broken":[1,2,,3],"#
                default: break
                }
            }
            record += #""last":null}"#
            text += record
        }
        text += "]}"
        return Array(text.utf8)
    }
}
