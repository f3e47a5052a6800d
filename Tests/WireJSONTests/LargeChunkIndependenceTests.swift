import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

/// Chunk independence for documents larger than a chunk: over 1 MiB (the fast pass's file chunk),
/// with defects placed across the 64 KiB and 1 MiB chunk boundaries, long tokens and the parallel
/// structure check. Each is cut at a seeded sample of points and at points next to those boundaries,
/// and fed in fixed chunk sizes; the exact pass's report (errors with location, path, reason and
/// excerpt) and the fast pass's verdict must equal those of the whole document fed at once, and so
/// must the stream parser's events (folded into a hash of each one's kind, text and end offset) or
/// error, on some of the cuts (all of them, and four times the sampled cuts, under the full
/// `WIRELOCK_TEST_SCALE`, as in CI: a debug build parses a megabyte with an event handler in about a
/// second).
@Suite("Chunk independence: large documents", .tags(.heavy))
struct LargeChunkIndependenceTests {
    static let kib64 = 64 * 1024
    static let mib = 1 << 20
    static let full = TestScale.current == .full

    /// `[` `"` then filler up to `at`, where `defect` starts, then the rest of the string.
    static func stringWithDefect(at offset: Int, _ defect: [UInt8], total: Int) -> [UInt8] {
        var bytes = Array(#"[""#.utf8)
        bytes.append(contentsOf: [UInt8](repeating: UInt8(ascii: "a"), count: offset - bytes.count))
        bytes.append(contentsOf: defect)
        bytes.append(contentsOf: [UInt8](repeating: UInt8(ascii: "b"), count: max(0, total - bytes.count)))
        bytes.append(contentsOf: Array(#""]"#.utf8))
        return bytes
    }

    /// Name, bytes, and the boundary the cuts cluster around.
    static let documents: [(String, [UInt8], Int)] = [
        ("records, valid", FastPassCheckTests.largeDocument(defect: "none"), mib),
        ("records, syntax error in the middle", FastPassCheckTests.largeDocument(defect: "syntax"), mib),
        (
            "invalid escape across 64 KiB", stringWithDefect(at: kib64 - 1, Array(#"\x"#.utf8), total: 2 * kib64 + 100),
            kib64
        ),
        (
            "bad UTF-8 across 64 KiB", stringWithDefect(at: kib64 - 1, [0xE2, 0x82, 0x28], total: 2 * kib64 + 100),
            kib64
        ),
        (
            "surrogate pair across 64 KiB",
            stringWithDefect(at: kib64 - 3, Array(#"\ud83c\udfac"#.utf8), total: 3 * kib64), kib64
        ),
        ("invalid escape across 1 MiB", stringWithDefect(at: mib - 1, Array(#"\x"#.utf8), total: mib + 100), mib),
        ("lone surrogate across 1 MiB", stringWithDefect(at: mib - 3, Array(#"\ud83cx"#.utf8), total: mib + 100), mib),
        (
            "long number with a bad byte at 1 MiB",
            Array("[1".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: mib - 2) + Array("x]".utf8), mib
        ),
        (
            "long string of escapes and characters, then a trailing comma",
            Array("{\"s\": \"".utf8) + LongTokenTests.content(mib + 500) + Array("\", \"t\": [1, 2,]}".utf8), mib
        ),
    ]

    /// The outcome of one chunking: a hash of the events (or the error), the exact pass's report
    /// and the fast pass's verdict.
    struct Outcome: Equatable, CustomStringConvertible {
        var events: UInt64
        var eventCount: Int
        var error: JSONSyntaxError?
        var exact: JSONValidationReport
        var fastValid: Bool

        var description: String {
            "\(eventCount) events (hash \(events)), error \(error.map { "\($0)" } ?? "none"), exact pass \(exact.errors.first.map { "\($0)" } ?? "valid"), fast pass \(fastValid ? "valid" : "invalid")"
        }
    }

    static func outcome(_ bytes: [UInt8], sizes: [Int], events: Bool) -> Outcome {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var count = 0
        func fold(_ text: String, _ end: Int) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            hash = (hash ^ UInt64(truncatingIfNeeded: end)) &* 0x100_0000_01B3
            count += 1
        }
        let parser = JSONStreamParser { event, context in fold("\(event)", context.endOffset) }
        var exact = ValidationRun(options: .strict, maxErrors: 10, fast: false)
        var fast = ValidationRun(options: .strict, maxErrors: 10, fast: true)
        var error: JSONSyntaxError?
        bytes.withUnsafeBytes { all in
            var start = 0
            var k = 0
            while start < all.count {
                let end = min(all.count, start + max(1, sizes[k % sizes.count]))
                let chunk = UnsafeRawBufferPointer(rebasing: all[start..<end])
                if events && error == nil {
                    do throws(JSONSyntaxError) { try parser.feed(chunk) } catch let thrown { error = thrown }
                }
                exact.feed(chunk)
                fast.feed(chunk)
                start = end
                k += 1
            }
        }
        if events && error == nil {
            do throws(JSONSyntaxError) { try parser.finish() } catch let thrown { error = thrown }
        }
        let report = exact.finish()
        if !events { error = report.errors.first }
        return Outcome(
            events: events && error == nil ? hash : 0, eventCount: events && error == nil ? count : 0, error: error,
            exact: report, fastValid: fast.finish().isValid)
    }

    /// Two-way cuts: two seeded ones and every point within 2 bytes of the document's boundary.
    static func cuts(_ count: Int, boundary: Int, seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        var cuts = (0..<(full ? 8 : 2)).map { _ in rng.next(in: 0...count) }
        cuts.append(contentsOf: (boundary - 2)...min(count, boundary + 2))
        return cuts
    }

    @Test(
        "cut anywhere, or fed in chunks of any size, a large document gives the same result",
        arguments: documents.indices)
    func largeDocument(_ index: Int) {
        let (name, bytes, boundary) = Self.documents[index]
        let whole = Self.outcome(bytes, sizes: [bytes.count], events: true)
        #expect(
            whole.exact.isValid == (whole.error == nil) && whole.fastValid == (whole.error == nil), "\(name): \(whole)")
        #expect(whole.error == whole.exact.errors.first, "\(name): the stream parser and the exact pass disagree")
        let plain = Self.outcome(bytes, sizes: [bytes.count], events: false)
        for (k, cut) in Self.cuts(bytes.count, boundary: boundary, seed: UInt64(index)).enumerated() {
            // The event handler's path on the cut right at the boundary (and on all with `full`).
            let events = Self.full || k == (Self.full ? 8 : 2) + 2
            let outcome = Self.outcome(bytes, sizes: [cut, bytes.count - cut], events: events)
            #expect(
                outcome == (events ? whole : plain), "\(name), cut at \(cut): \(outcome) vs \(events ? whole : plain)")
        }
        for sizes in [[Self.kib64], [Self.mib], [Self.kib64 - 1, 3], [70_001]] {
            let outcome = Self.outcome(bytes, sizes: sizes, events: Self.full)
            #expect(outcome == (Self.full ? whole : plain), "\(name), chunks of \(sizes): \(outcome)")
        }
    }

    @Test("the defects are where they were put, so the boundaries are really crossed")
    func defectsSitOnTheBoundaries() throws {
        let expected: [String: Int] = [
            "invalid escape across 64 KiB": Self.kib64,
            "bad UTF-8 across 64 KiB": Self.kib64 - 1,
            "invalid escape across 1 MiB": Self.mib,
            "lone surrogate across 1 MiB": Self.mib - 3,
            "long number with a bad byte at 1 MiB": Self.mib,
        ]
        for (name, bytes, _) in Self.documents {
            guard let offset = expected[name] else { continue }
            let error = try #require(JSONValidator().validate(bytes).errors.first, "\(name) accepted")
            #expect(error.location.offset == offset, "\(name): \(error)")
            #expect(ReferenceChecker(options: .strict).errorOffset(bytes) == offset, "\(name)")
        }
    }
}
