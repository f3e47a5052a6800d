import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON

/// Issue 10, done-when 2: seeded mutants of the fixtures and of small generated documents, checked by
/// WireJSON and by the independent ``ReferenceChecker``; verdict, byte offset, line and column must
/// agree, for the buffer API, the file API (fast pass, then exact pass), the stream parser cut at
/// random points, the fast pass alone (verdict) and JSON Lines.
///
/// `WIRELOCK_DIFFERENTIAL_COUNT` sets the number of mutants (default 10,000 under the full
/// `WIRELOCK_TEST_SCALE`, as in CI, and 1,000 under the quick one);
/// `WIRELOCK_DIFFERENTIAL_SEED` the seed (default 10).
@Suite("Differential: WireJSON against an independent strict checker", .tags(.heavy))
struct DifferentialTests {
    static var count: Int {
        ProcessInfo.processInfo.environment["WIRELOCK_DIFFERENTIAL_COUNT"].flatMap(Int.init)
            ?? TestScale.current.count(10_000)
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["WIRELOCK_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 10
    }

    @Test func mutantsAgreeOnVerdictAndLocation() throws {
        let seeds = Self.seedDocuments()
        try #require(seeds.count >= 20, "the fixtures were not found: \(seeds.count) seeds")
        let file = TemporaryDirectory.uniqueURL("wirejson-differential", extension: "json")
        defer { try? FileManager.default.removeItem(at: file) }

        var disagreements: [Disagreement] = []
        var invalid = 0
        var rng = SplitMix64(seed: Self.seed)
        for index in 0..<Self.count {
            let seed = seeds[rng.next(below: seeds.count)]
            var mutant = seed.bytes
            var steps: [String] = []
            // One in ten is the seed itself (under random options: depth limits, duplicates).
            let mutations = rng.chance(10) ? 0 : 1 + rng.next(below: 3)
            for _ in 0..<mutations {
                steps.append(Mutation.apply(to: &mutant, rng: &rng))
            }
            let options = Self.options(&rng)
            let paths = Self.engineOutcomes(mutant, options: options, rng: &rng, file: index % 16 == 0 ? file : nil)
            if paths[0].2 != nil { invalid += 1 }
            for (path, outcome, expected) in paths where !Self.agrees(outcome, expected, mutant) {
                disagreements.append(
                    Disagreement(
                        seed: seed.name, steps: steps, options: options, bytes: mutant,
                        path: path, expected: expected, got: outcome))
            }
        }
        let sample = disagreements.prefix(12).map { $0.minimized().description }.joined(separator: "\n")
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements in \(Self.count) mutants:\n\(sample)")
        // Both kinds of mutant must be common, or the comparison proves little.
        #expect(
            invalid > Self.count / 4 && invalid < Self.count * 19 / 20, "\(invalid) of \(Self.count) mutants invalid")
        print(
            "differential: \(Self.count) mutants (seed \(Self.seed)), \(invalid) invalid, \(disagreements.count) disagreements"
        )
    }

    // MARK: The engine's paths

    /// What one path said: nil when valid, else the error's location (nil location: verdict only).
    struct Outcome: CustomStringConvertible {
        var location: JSONSourceLocation?
        var valid: Bool
        var reason = ""

        static let accepted = Outcome(location: nil, valid: true)

        var description: String {
            if valid { return "valid" }
            guard let location else { return "invalid (verdict only)" }
            return "\(location.line):\(location.column) (byte \(location.offset)) \(reason)"
        }
    }

    static func outcome(_ error: JSONSyntaxError?) -> Outcome {
        guard let error else { return .accepted }
        return Outcome(location: error.location, valid: false, reason: "[\(error.kind)] \(error.reason)")
    }

    /// Each path's name and outcome, and what the reference expects for it (the same for every path
    /// but JSON Lines, where a blank line is no document at all).
    static func engineOutcomes(_ bytes: [UInt8], options: JSONParseOptions, rng: inout SplitMix64, file: URL?) -> [(
        String, Outcome, Int?
    )] {
        let expected = ReferenceChecker(options: options).errorOffset(bytes)
        var outcomes: [(String, Outcome)] = []
        outcomes.append(("validator, buffer", outcome(JSONValidator(options: options).validate(bytes).errors.first)))
        var cuts: [Int] = []
        for _ in 0..<(1 + rng.next(below: 3)) { cuts.append(rng.next(in: 0...bytes.count)) }
        cuts.sort()
        var sizes: [Int] = []
        var previous = 0
        for cut in cuts {
            sizes.append(cut - previous)
            previous = cut
        }
        sizes.append(bytes.count - previous)
        outcomes.append(("stream parser, chunks \(sizes)", outcome(feed(bytes, sizes: sizes, options: options))))
        var fast = ValidationRun(options: options, maxErrors: 1, fast: true)
        bytes.withUnsafeBytes { fast.feed($0) }
        outcomes.append(("fast pass alone", Outcome(location: nil, valid: fast.finish().isValid)))
        // Tiny chunks: the fast pass then keeps every string that crosses a chunk boundary away
        // from yajl, and the exact pass (letting go of held tokens past 4 bytes) replaces their
        // bytes with stand-ins all the time.
        let tiny = (0..<8).map { _ in 1 + rng.next(below: 9) }
        if !options.allowComments {
            outcomes.append(
                (
                    "fast pass alone, chunks \(tiny)",
                    Outcome(location: nil, valid: engineFeed(bytes, sizes: tiny, options: options, fast: true) == nil)
                ))
        }
        outcomes.append(
            (
                "exact pass letting go past 4 bytes, chunks \(tiny)",
                outcome(engineFeed(bytes, sizes: tiny, options: options, fast: false, letGo: 4))
            ))
        if let file {
            let validator = JSONValidator(options: options, chunkSize: 1 + rng.next(below: 64))
            let error: JSONSyntaxError?
            do {
                try Data(bytes).write(to: file)
                error = try validator.validate(fileAt: file.path).errors.first
            } catch {
                outcomes.append(("validator, file", Outcome(location: nil, valid: true, reason: "harness: \(error)")))
                return outcomes.map { ($0.0, $0.1, expected) }
            }
            outcomes.append(("validator, file, exact chunks of \(validator.chunkSize)", outcome(error)))
        }
        if !bytes.contains(0x0A), rng.chance(25) {
            var lines = options
            lines.framing = .lines
            let report = JSONValidator(options: lines).validate(ValidationPaths.linesPrefix + bytes + [0x0A])
            let shifted = report.errors.first.map { error -> JSONSyntaxError in
                var copy = error
                copy.location.line -= 1
                copy.location.offset -= ValidationPaths.linesPrefix.count
                return copy
            }
            let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            return outcomes.map { ($0.0, $0.1, expected) } + [
                ("JSON Lines, second line", outcome(shifted), blank ? nil : expected)
            ]
        }
        return outcomes.map { ($0.0, $0.1, expected) }
    }

    /// Feeds a bare engine (no handler, as the validator runs it) in chunks of the given sizes, cycled.
    static func engineFeed(
        _ bytes: [UInt8], sizes: [Int], options: JSONParseOptions, fast: Bool,
        letGo: Int = Engine.defaultLetGoThreshold
    ) -> JSONSyntaxError? {
        let engine = Engine(options: options, fast: fast, letGoThreshold: letGo)
        return bytes.withUnsafeBytes { all -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                var start = 0
                var k = 0
                while start < all.count {
                    let end = min(all.count, start + sizes[k % sizes.count])
                    try engine.feed(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                    start = end
                    k += 1
                }
                try engine.finish()
                return nil
            } catch {
                return error
            }
        }
    }

    static func feed(_ bytes: [UInt8], sizes: [Int], options: JSONParseOptions) -> JSONSyntaxError? {
        let parser = JSONStreamParser(options: options)
        do throws(JSONSyntaxError) {
            var offset = 0
            for size in sizes {
                try parser.feed(bytes[offset..<(offset + size)])
                offset += size
            }
            try parser.finish()
            return nil
        } catch {
            return error
        }
    }

    static func agrees(_ outcome: Outcome, _ expected: Int?, _ bytes: [UInt8]) -> Bool {
        guard let expected else { return outcome.valid }
        guard !outcome.valid else { return false }
        guard let location = outcome.location else { return true }
        let (line, column) = ReferenceChecker.lineAndColumn(of: expected, in: bytes)
        return location == JSONSourceLocation(offset: expected, line: line, column: column)
    }

    // MARK: Options

    static func options(_ rng: inout SplitMix64) -> JSONParseOptions {
        switch rng.next(below: 20) {
        case 0..<11: return .strict
        case 11..<14: return JSONParseOptions(allowComments: true)
        case 14..<16: return JSONParseOptions(allowDuplicateKeys: true)
        case 16..<18: return JSONParseOptions(maxDepth: 1 + rng.next(below: 6))
        default:
            return JSONParseOptions(
                allowDuplicateKeys: rng.chance(50), allowComments: true, maxDepth: 2 + rng.next(below: 4))
        }
    }

    // MARK: Seeds

    struct SeedDocument {
        var name: String
        var bytes: [UInt8]
    }

    /// Every file of `Fixtures/` and `golden/` (valid or not), the chunk-independence corpus, and
    /// small generated documents.
    static func seedDocuments() -> [SeedDocument] {
        var seeds: [SeedDocument] = []
        let root = Repository.root
        for folder in ["Fixtures", "golden"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".json") || name.hasSuffix(".jsonl") {
                if let data = FileManager.default.contents(atPath: base.appendingPathComponent(name).path) {
                    seeds.append(SeedDocument(name: "\(folder)/\(name)", bytes: Array(data)))
                }
            }
        }
        seeds.sort { $0.name < $1.name }
        for (i, bytes) in ChunkIndependenceTests.all.enumerated() {
            seeds.append(SeedDocument(name: "chunk corpus #\(i)", bytes: bytes))
        }
        var rng = SplitMix64(seed: 0xD1FF)
        for i in 0..<200 {
            var generator = DocumentGenerator(rng: SplitMix64(seed: rng.next()), comments: i % 4 == 3)
            seeds.append(SeedDocument(name: "generated #\(i)", bytes: generator.document()))
        }
        return seeds
    }
}

/// Small random JSON documents: every kind of value, escapes and multi-byte characters, varied
/// whitespace, repeated member names now and then, and (when asked) comments.
struct DocumentGenerator {
    var rng: SplitMix64
    var comments: Bool

    mutating func document() -> [UInt8] {
        var out: [UInt8] = []
        space(&out)
        value(&out, depth: 0)
        space(&out)
        return out
    }

    mutating func space(_ out: inout [UInt8]) {
        for _ in 0..<rng.next(below: 3) {
            switch rng.next(below: 10) {
            case 0..<5: out.append(0x20)
            case 5: out.append(0x0A)
            case 6: out.append(0x09)
            case 7: out.append(contentsOf: [0x0D, 0x0A])
            case 8 where comments: out.append(contentsOf: Array("/* c é */".utf8))
            case 9 where comments: out.append(contentsOf: Array("// note\n".utf8))
            default: break
            }
        }
    }

    static let names = ["id", "title", "a", "b", "tags", "é", "\\u0061", "x y", ""]
    static let strings = [
        "", "Heat", "café", "天使", "🎬", "a\\\"b", "\\\\", "\\/", "\\n\\t", "\\u00e9", "\\ud83c\\udfac",
        "\\u0000", "x",
    ]
    static let numbers = [
        "0", "-0", "1", "-1", "12.5", "1e10", "-2.5E-3", "0.0", "123456789012345678901234567890", "1E+2",
    ]

    mutating func value(_ out: inout [UInt8], depth: Int) {
        let pick = depth >= 4 ? 2 + rng.next(below: 6) : rng.next(below: 8)
        switch pick {
        case 0:
            out.append(UInt8(ascii: "{"))
            let n = rng.next(below: 4)
            for k in 0..<n {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                space(&out)
                out.append(contentsOf: Array("\"\(Self.names[rng.next(below: Self.names.count)])\"".utf8))
                space(&out)
                out.append(UInt8(ascii: ":"))
                space(&out)
                value(&out, depth: depth + 1)
                space(&out)
            }
            out.append(UInt8(ascii: "}"))
        case 1:
            out.append(UInt8(ascii: "["))
            let n = rng.next(below: 4)
            for k in 0..<n {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                space(&out)
                value(&out, depth: depth + 1)
                space(&out)
            }
            out.append(UInt8(ascii: "]"))
        case 2, 3:
            out.append(contentsOf: Array("\"\(Self.strings[rng.next(below: Self.strings.count)])\"".utf8))
        case 4, 5:
            out.append(contentsOf: Array(Self.numbers[rng.next(below: Self.numbers.count)].utf8))
        case 6:
            out.append(contentsOf: Array(["true", "false", "null"][rng.next(below: 3)].utf8))
        default:
            out.append(
                contentsOf: Array(
                    "[\"\(Self.strings[rng.next(below: Self.strings.count)])\", \(Self.numbers[rng.next(below: Self.numbers.count)])]"
                        .utf8))
        }
    }
}

/// Seeded byte mutations: replace, insert or delete a byte, truncate, or splice in a JSON token.
enum Mutation {
    /// Bytes that matter to a JSON reader: structure, quotes, escapes, digits and signs, letters of
    /// the literals, whitespace (with form feed and vertical tab), controls, comment characters, and
    /// lead, continuation and never-valid UTF-8 bytes.
    static let interesting: [UInt8] =
        Array("{}[]:,\"\\/*0159-+.eEtfnurlsaxNI \t\n\r".utf8)
        + [0x00, 0x01, 0x0B, 0x0C, 0x1F, 0x7F, 0x80, 0xA0, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]

    static let tokens: [String] = [
        "{", "}", "[", "]", ":", ",", "\"\"", "\":", "{}", "[]", "\"a\":1,\"a\":", "\"id\":", "true", "false", "null",
        "tru", "nul", "NaN", "Infinity", "-Infinity", "-", "0", "-0", "01", "1.", ".5", "1e", "1E+", "e-", "1e309",
        "123456789012345678901234567890", "\\", "\\\"", "\\u", "\\u00e9", "\\ud800", "\\udc00", "\\ud83c\\udfac",
        "\\x", "/*", "*/", "//", "/* x */", "\n", "\"é\"", "é", "\u{FEFF}", "\"a", "a\"",
    ]

    static func apply(to bytes: inout [UInt8], rng: inout SplitMix64) -> String {
        let at = rng.next(in: 0...bytes.count)
        var which = rng.next(below: 10)
        if bytes.isEmpty && (which < 2 || which == 4) { which = 2 }
        switch which {
        case 0, 1:
            let i = min(at, bytes.count - 1)
            let b =
                rng.chance(80) ? interesting[rng.next(below: interesting.count)] : UInt8(truncatingIfNeeded: rng.next())
            bytes[i] = b
            return "replace byte \(i) with 0x\(String(b, radix: 16))"
        case 2, 3:
            let b =
                rng.chance(80) ? interesting[rng.next(below: interesting.count)] : UInt8(truncatingIfNeeded: rng.next())
            bytes.insert(b, at: at)
            return "insert 0x\(String(b, radix: 16)) at \(at)"
        case 4:
            let i = min(at, bytes.count - 1)
            bytes.remove(at: i)
            return "delete byte \(i)"
        case 5:
            bytes.removeSubrange(at...)
            return "truncate at \(at)"
        case 6, 7:
            let token = Array(tokens[rng.next(below: tokens.count)].utf8)
            bytes.insert(contentsOf: token, at: at)
            return "insert \(String(decoding: token, as: UTF8.self).debugDescription) at \(at)"
        default:
            let token = Array(tokens[rng.next(below: tokens.count)].utf8)
            let end = min(bytes.count, at + rng.next(below: 4))
            bytes.replaceSubrange(at..<end, with: token)
            return "replace \(at)..<\(end) with \(String(decoding: token, as: UTF8.self).debugDescription)"
        }
    }
}

/// One disagreement, with a minimizer that keeps it small enough to read (and to pin as a test).
struct Disagreement: CustomStringConvertible {
    var seed: String
    var steps: [String]
    var options: JSONParseOptions
    var bytes: [UInt8]
    var path: String
    var expected: Int?
    var got: DifferentialTests.Outcome

    var description: String {
        let expectation =
            expected.map { offset -> String in
                let (line, column) = ReferenceChecker.lineAndColumn(of: offset, in: bytes)
                return "\(line):\(column) (byte \(offset))"
            } ?? "valid"
        let shown = bytes.map {
            (0x20...0x7E).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0)
        }.joined()
        return "  \(seed) [\(steps.joined(separator: "; "))] \(FuzzOptions.describe(options)): \"\(shown)\"\n"
            + "    reference: \(expectation); \(path): \(got)"
    }

    /// Drops bytes while the buffer API (or the named path's kind) still disagrees with the reference.
    func minimized() -> Disagreement {
        var current = bytes
        func outcomes(_ candidate: [UInt8]) -> [(String, DifferentialTests.Outcome, Int?)] {
            var rng = SplitMix64(seed: 1)
            let expected = ReferenceChecker(options: options).errorOffset(candidate)
            return DifferentialTests.engineOutcomes(candidate, options: options, rng: &rng, file: nil)
                + [
                    (
                        "stream parser, whole",
                        DifferentialTests.outcome(
                            DifferentialTests.feed(candidate, sizes: [candidate.count], options: options)), expected
                    )
                ]
        }
        func disagrees(_ candidate: [UInt8]) -> Bool {
            outcomes(candidate).contains { !DifferentialTests.agrees($0.1, $0.2, candidate) }
        }
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var i = 0
            var shrunk = false
            while i < current.count {
                var candidate = current
                candidate.removeSubrange(i..<min(current.count, i + chunk))
                if disagrees(candidate) {
                    current = candidate
                    shrunk = true
                } else {
                    i += chunk
                }
            }
            if !shrunk { chunk /= 2 }
        }
        var copy = self
        copy.bytes = current
        if let wrong = outcomes(current).first(where: { !DifferentialTests.agrees($0.1, $0.2, current) }) {
            copy.path = wrong.0
            copy.got = wrong.1
            copy.expected = wrong.2
        }
        copy.steps = ["minimized from \(bytes.count) bytes"]
        return copy
    }
}

enum FuzzOptions {
    static func describe(_ options: JSONParseOptions) -> String {
        var parts: [String] = []
        if options.allowComments { parts.append("comments") }
        if options.allowDuplicateKeys { parts.append("duplicates") }
        if options.maxDepth != 512 { parts.append("maxDepth \(options.maxDepth)") }
        return parts.isEmpty ? "strict" : parts.joined(separator: ", ")
    }
}
