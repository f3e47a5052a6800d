import Foundation
import Testing
import WireFuzz
import WireLockTestSupport

@testable import WireJSON

/// The proof that the Swift engine is the yajl engine: every input goes through both, and both
/// must give the same verdict, the same error (kind, reason, offset, line, column, path, excerpt)
/// and, when valid, the same events with the same paths and end offsets; through the exact pass,
/// the fast pass and the validator, whole and in chunks. The fast pass, which both engines share,
/// must say what yajl's grammar says. Linux only: it needs libyajl to compare with (on Apple
/// platforms the Swift engine is the only one built).
@Suite(
    "Engines: the Swift grammar gives what yajl gives", .tags(.heavy),
    .enabled(if: JSONEngine.yajlIsAvailable, "libyajl is not built on this platform: no second engine to compare"))
struct EngineDifferentialTests {
    /// What one engine made of one input in one chunking.
    struct Outcome: Equatable, CustomStringConvertible {
        var events: [String]
        var error: JSONSyntaxError?
        var fastVerdict: Bool
        var report: [JSONSyntaxError]

        var description: String {
            let head = error.map { "error \($0.kind) at \($0.location.offset): \($0)" } ?? "valid"
            return "\(head); fast: \(fastVerdict); validator errors: \(report.count); events: \(events.count)"
        }
    }

    /// - Parameter thorough: also record each event's JSON path and run the validator (both cost more
    ///   than the parse itself; the mutants leave them out, the corpora and long inputs keep them).
    static func outcome(
        _ bytes: [UInt8], engine: JSONEngine, chunk: Int, options: JSONParseOptions, thorough: Bool = true
    ) -> Outcome {
        var options = options
        options.engine = engine
        var events: [String] = []
        let parser = JSONStreamParser(options: options) { event, context in
            events.append(thorough ? "\(event)@\(context.path)#\(context.endOffset)" : "\(event)#\(context.endOffset)")
        }
        var failure: JSONSyntaxError?
        do throws(JSONSyntaxError) {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + chunk)
                try parser.feed(bytes[offset..<end])
                offset = end
            }
            try parser.finish()
        } catch {
            events = []
            failure = error
        }
        return Outcome(
            events: events, error: failure, fastVerdict: fastVerdict(bytes, options: options, chunk: chunk),
            report: thorough ? JSONValidator(options: options, chunkSize: max(chunk, 1)).validate(bytes).errors : [])
    }

    /// The fast pass alone (no comments: it does not read them), fed in `chunk`-byte pieces.
    static func fastVerdict(_ bytes: [UInt8], options: JSONParseOptions, chunk: Int) -> Bool {
        guard !options.allowComments else { return true }
        let engine = Engine(options: options, fast: true)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            let fed = bytes[offset..<end].withUnsafeBytes { piece -> Bool in
                do throws(JSONSyntaxError) {
                    try engine.feed(piece)
                    return true
                } catch {
                    return false
                }
            }
            guard fed else { return false }
            offset = end
        }
        do throws(JSONSyntaxError) {
            try engine.finish()
            return true
        } catch {
            return false
        }
    }

    /// Tallies agreements; keeps the first disagreements, shortest input first.
    final class Tally {
        var inputs = 0
        var valid = 0
        var invalid = 0
        var disagreements: [(String, [UInt8], Outcome, Outcome)] = []

        func check(
            _ bytes: [UInt8], _ label: @autoclosure () -> String, chunk: Int? = nil,
            options: JSONParseOptions = .strict,
            thorough: Bool = true
        ) {
            inputs += 1
            let size = chunk ?? max(bytes.count, 1)
            let yajl = EngineDifferentialTests.outcome(
                bytes, engine: .yajl, chunk: size, options: options, thorough: thorough)
            let swift = EngineDifferentialTests.outcome(
                bytes, engine: .swift, chunk: size, options: options, thorough: thorough)
            if yajl.error == nil { valid += 1 } else { invalid += 1 }
            // The fast pass is shared by both engines: its verdict must be yajl's grammar's.
            let fastAgrees = options.allowComments || yajl.fastVerdict == (yajl.error == nil)
            if (yajl != swift || !fastAgrees) && disagreements.count < 20 {
                disagreements.append(
                    ("\(label()) (chunk \(size), \(EngineDifferentialTests.describe(options)))", bytes, yajl, swift))
            }
        }

        func expectAgreement(_ name: String, atLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(inputs >= minimum, "\(name): only \(inputs) inputs", sourceLocation: sourceLocation)
            let shown = disagreements.sorted { $0.1.count < $1.1.count }.prefix(5).map { label, bytes, yajl, swift in
                var text = "\(label): \(String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription)"
                text += "\n  yajl:  \(yajl)\n  swift: \(swift)"
                if let k = zip(yajl.events, swift.events).enumerated().first(where: { $0.element.0 != $0.element.1 })?
                    .offset
                {
                    text += "\n  first different event (\(k)): yajl \(yajl.events[k]), swift \(swift.events[k])"
                }
                return text
            }
            let count = disagreements.count  // the message lists them; the array itself is not repeated
            #expect(
                count == 0, "\(name): \(count)+ disagreements\n\(shown.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
            print(
                "engines: \(name): \(inputs) inputs (\(valid) valid, \(invalid) invalid), \(disagreements.count) disagreements"
            )
        }
    }

    static func describe(_ options: JSONParseOptions) -> String {
        var parts: [String] = []
        if options.allowComments { parts.append("comments") }
        if options.allowDuplicateKeys { parts.append("duplicates") }
        if options.maxDepth != 512 { parts.append("depth \(options.maxDepth)") }
        if options.framing == .lines { parts.append("lines") }
        return parts.isEmpty ? "strict" : parts.joined(separator: ", ")
    }

    // MARK: Corpora

    static func files(under folder: URL, extensions: Set<String> = ["json", "jsonl"]) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }.sorted {
            $0.path < $1.path
        }
    }

    /// The repository's own JSON: every file under Fixtures/ and golden/.
    static var repositoryFiles: [URL] {
        let root = Repository.root
        return files(under: root.appendingPathComponent("Fixtures"))
            + files(under: root.appendingPathComponent("golden"))
    }

    /// JSONTestSuite's parsing cases, JSON_checker's files and the RFC 8785 inputs, where present.
    static var conformanceFiles: [URL] {
        let root = Repository.conformance
        return files(under: root.appendingPathComponent("JSONTestSuite/test_parsing"))
            + files(under: root.appendingPathComponent("JSON_checker"))
            + files(under: root.appendingPathComponent("JCS/input"))
    }

    static let optionSets: [JSONParseOptions] = [
        .strict, JSONParseOptions(allowComments: true), JSONParseOptions(allowDuplicateKeys: true),
        JSONParseOptions(maxDepth: 4), JSONParseOptions(framing: .lines),
    ]

    /// Every file of `files`, under every option set, whole and in pieces of 1, 7 and 64 bytes.
    static func compare(_ files: [URL], name: String, atLeast minimum: Int) throws {
        let tally = Tally()
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            for options in Self.optionSets {
                for chunk in [nil, 1, 7, 64] as [Int?] {
                    tally.check(bytes, file.lastPathComponent, chunk: chunk, options: options)
                }
            }
        }
        tally.expectAgreement(name, atLeast: minimum)
    }

    @Test("every file under Fixtures/ and golden/, under every option set, whole and in pieces")
    func repositoryCorpus() throws {
        try Self.compare(Self.repositoryFiles, name: "Fixtures and golden", atLeast: 1_000)
    }

    /// The corpora live outside the repository; without them this test is skipped, with the reason.
    @Test(
        "JSONTestSuite, JSON_checker and the RFC 8785 inputs, under every option set, whole and in pieces",
        .enabled(
            if: !EngineDifferentialTests.conformanceFiles.isEmpty,
            "the conformance corpora were not found: set WIRELOCK_CONFORMANCE_DIR or place shared/conformance beside the repository"
        ))
    func conformanceCorpora() throws {
        try Self.compare(Self.conformanceFiles, name: "conformance corpora", atLeast: 5_000)
    }

    /// Small documents: the JSONTestSuite files and fixtures of at most 64 bytes, and a handful of
    /// shapes, each fed in every chunk size from 1 to 64.
    static func smallDocuments() throws -> [[UInt8]] {
        var documents: [[UInt8]] = [
            #"{"a":[1,2.5e-3,true,false,null,"x\u00e9\ud83d\ude00"]}"#, #"[-0, 1E+2, 0.1, "\"\\\/\b\f\n\r\t"]"#,
            #"{"a":1,"a":2}"#, "[1,]", #"{"a" 1}"#, "[01]", "[1.]", "[-]", "[1e]", "[tru]", "[nul", #"["a\x"]"#,
            #"["\u12G4"]"#, "[\"\u{01}\"]", "{} []", "/* c */ [1] // d\n", "[1 /* c */, 2]", "[1/2]", "[\"é\"]",
            #"{"":0}"#, "  ", "", "[", "]", "{", "}", ",", ":", #"{"a":}"#, "[,1]", #"{,"a":1}"#,
        ].map { Array($0.utf8) }
        for file in Self.conformanceFiles + Self.repositoryFiles {
            let bytes = Array(try Data(contentsOf: file))
            if bytes.count <= 64 { documents.append(bytes) }
        }
        return documents
    }

    @Test("small documents in every chunk size from 1 to 64")
    func everyChunkSize() throws {
        let tally = Tally()
        for document in try Self.smallDocuments() {
            for chunk in 1...64 {
                tally.check(document, "small", chunk: chunk, thorough: chunk == 1 || chunk == 64)
            }
            tally.check(document, "small, comments", chunk: 3, options: JSONParseOptions(allowComments: true))
        }
        tally.expectAgreement("every chunk size", atLeast: 1_000)
    }

    /// Mutants: WireFuzz's structural mutants of the fixtures, then byte-level edits of small
    /// documents: every ASCII byte inserted at every position, every truncation, byte flips,
    /// invalid UTF-8 sequences, with the chunking and the options drawn from a seeded generator.
    ///
    /// The campaign is dealt into ``mutantParts`` parts, each a test case of its own with its own
    /// seed and share of the mutants, so `swift test --parallel` spreads it over the cores instead
    /// of one case running long after the rest of the suite (it was CI's longest test: 707 s of a
    /// 708 s run at the full scale).
    @Test(
        "at least 100,000 mutants (10,000 at the quick scale), in parts",
        arguments: 0..<EngineDifferentialTests.mutantParts)
    func mutants(part: Int) throws {
        let parts = Self.mutantParts
        let target = TestScale.current.count(100_000) / parts
        let tally = Tally()
        var rng = SplitMix64(seed: 0xE9_61_7E &+ UInt64(part))
        func chunk() -> Int? {
            switch rng.next() % 4 {
            case 0: nil
            case 1: Int(1 + rng.next() % 8)
            default: Int(1 + rng.next() % 200)
            }
        }
        func options() -> JSONParseOptions { Self.optionSets[Int(rng.next() % UInt64(Self.optionSets.count))] }

        // Structural mutants of every fixture, from WireFuzz's mutators.
        var seeds: [FuzzSeed] = []
        for file in Self.repositoryFiles where file.pathExtension == "json" {
            if let seed = try? FuzzSeed(name: file.lastPathComponent, bytes: Array(Data(contentsOf: file))) {
                seeds.append(seed)
            }
        }
        let generator = MutantGenerator(seeds: seeds, seed: 7)
        let structural = target * parts / 4
        for index in stride(from: part, to: structural, by: parts) {
            let mutant = generator.mutant(index)
            tally.check(
                mutant.bytes, "mutant \(index) \(mutant.operation)", chunk: chunk(), options: options(), thorough: false
            )
        }

        // Byte-level edits of small documents until the target is reached.
        let small = try Self.smallDocuments().filter { !$0.isEmpty }
        let invalidUTF8: [[UInt8]] = [
            [0x80], [0xC0, 0x80], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
        ]
        // `round` counts this part's edits; `global` numbers them across the parts, so the parts
        // edit different documents and insert different bytes.
        var round = 0
        while tally.inputs < target {
            let global = round * parts + part
            let document = small[global % small.count]
            let position = Int(rng.next() % UInt64(document.count + 1))
            var edited = document
            switch round % 6 {
            case 0, 1:
                // Every ASCII byte, in turn, at a drawn position.
                edited.insert(UInt8(((round / 6) * parts + part) % 128), at: position)
            case 2:
                edited = Array(document.prefix(position))
            case 3:
                if position < edited.count { edited[position] ^= UInt8(1 << (rng.next() % 8)) }
            case 4:
                edited.insert(contentsOf: invalidUTF8[Int(rng.next() % UInt64(invalidUTF8.count))], at: position)
            default:
                edited.insert(contentsOf: Array("/*x*/".utf8), at: position)
            }
            tally.check(
                edited, "part \(part), edit \(round) of small document \(global % small.count)", chunk: chunk(),
                options: options(),
                thorough: false)
            round += 1
        }
        tally.expectAgreement("mutants, part \(part) of \(parts)", atLeast: target)
    }

    /// How many test cases the mutant campaign is dealt into (100,000 and 10,000 divide by it).
    static let mutantParts = 8

    /// Every ASCII byte at every position of two small documents, whole and in 3-byte pieces.
    @Test("every ASCII byte inserted at every position of small documents")
    func everyInsertion() {
        let tally = Tally()
        for document in [#"{"a":[1,-2.5e3,"x\n",true,null]}"#, #"["é", {"b": false}]"#].map({ Array($0.utf8) }) {
            for position in 0...document.count {
                for byte in UInt8(0)...127 {
                    var edited = document
                    edited.insert(byte, at: position)
                    tally.check(edited, "insert \(byte) at \(position)")
                    tally.check(edited, "insert \(byte) at \(position)", chunk: 3, thorough: false)
                }
            }
        }
        tally.expectAgreement("every insertion", atLeast: 10_000)
    }

    /// Deep nesting, and long strings and numbers split across chunks, in both passes.
    @Test("deep nesting and long tokens split across chunks")
    func longAndDeep() {
        let tally = Tally()
        let long = String(repeating: "ab\\u00e9\\n", count: 20_000)
        let documents: [String] = [
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            String(repeating: "[", count: 511) + String(repeating: "]", count: 511),
            String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600),
            "[\"\(long)\"]", "[\"\(long)", "{\"\(long)\":1}", "[1" + String(repeating: "0", count: 100_000) + "]",
            "[-" + String(repeating: "9", count: 50_000) + ".5e+" + String(repeating: "1", count: 50_000) + "]",
            "[1" + String(repeating: "0", count: 70_000) + "x]", "[0." + String(repeating: "7", count: 70_000),
            "[\"\(long)\u{01}\"]", "/*" + String(repeating: "*", count: 70_000) + "*/ []",
        ]
        for text in documents {
            for chunk in [nil, 1_000, 4_096, 65_536, 99_999] as [Int?] {
                tally.check(Array(text.utf8), "long or deep (\(text.utf8.count) bytes)", chunk: chunk)
                tally.check(
                    Array(text.utf8), "long or deep, comments", chunk: chunk,
                    options: JSONParseOptions(allowComments: true))
            }
        }
        tally.expectAgreement("long and deep", atLeast: 100)
    }
}
