import Foundation
import Testing
import WireLockTestSupport

@testable import WireJSON
@testable import WireJSONCore

/// The Swift grammar against libyajl one call at a time, below the passes: the same status, the
/// same offset where each call stopped (`consumed`), the same error and the same events
/// (with their end offsets), for inputs cut into random pieces, so that tokens cut by a piece's end
/// (strings, numbers, literals, comments, multi-byte characters) are read again from their first
/// byte. The passes never cut a token in the exact pass and keep cut strings away from the grammar
/// in the fast pass; this reaches what they do not. Linux only, where libyajl is built.
@Suite(
    "Grammars: the Swift grammar answers each call as libyajl does", .tags(.heavy),
    .enabled(if: JSONEngine.yajlIsAvailable, "libyajl is not built on this platform: no second grammar to compare"))
struct GrammarDifferentialTests {
    /// Every call's answer and every event, for one grammar.
    struct Trace: Equatable, CustomStringConvertible {
        var calls: [String] = []
        var events: [String] = []
        var description: String { "calls: \(calls.joined(separator: " | ")); events: \(events.joined(separator: " "))" }
    }

    final class Events {
        var list: [String] = []
    }

    struct Setting: Sendable {
        var comments: Bool
        var validateStrings: Bool
        var callbacks: Bool
    }

    static func trace(_ bytes: [UInt8], pieces: [Int], engine: JSONEngine.Resolved, setting: Setting) -> Trace {
        let state = UnsafeMutablePointer<CallbackState>.allocate(capacity: 1)
        state.initialize(to: CallbackState(maxDepth: 1 << 20, checkDuplicates: false, tracksPositions: true))
        state.pointee.selfPointer = state
        let events = Events()
        state.pointee.sink = { event, context in events.list.append("\(event)#\(context.endOffset)") }
        var trace = Trace()
        do {
            let grammar = Grammar(
                engine: engine, scalars: setting.callbacks, structure: setting.callbacks,
                context: setting.callbacks ? state : nil, allowComments: setting.comments,
                validateStrings: setting.validateStrings)
            state.pointee.grammar = grammar
            func record(_ status: GrammarStatus) {
                trace.calls.append("\(status) \(grammar.consumed)" + (status == .ok ? "" : " \(grammar.error)"))
            }
            var offset = 0
            var k = 0
            var failed = false
            while offset < bytes.count {
                let n = min(pieces[k % pieces.count], bytes.count - offset)
                state.pointee.pieceBase = offset
                let status = bytes.withUnsafeBufferPointer { grammar.parse($0.baseAddress! + offset, n) }
                record(status)
                if status != .ok {
                    failed = true
                    break
                }
                offset += n
                k += 1
            }
            if !failed {
                state.pointee.pieceBase = bytes.count
                record(grammar.complete())
            }
            state.pointee.grammar = nil
        }
        trace.events = events.list
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        return trace
    }

    @Test("at least 200,000 inputs in random pieces (20,000 at the quick scale)")
    func callByCall() throws {
        let target = TestScale.current.count(200_000)
        var rng = SplitMix64(seed: 0x6A_7A_11)
        var documents: [[UInt8]] = try EngineDifferentialTests.smallDocuments().filter { !$0.isEmpty }
        documents += [
            #"{"k\u00e9y": ["\ud83d\ude00", "\uD800x", "\uD800\n", "\uDC00", "\u0000", "\uffff"]}"#,
            "// line\n[1, /* block ** */ 2, \"/*\"]", "[\"é日本😀\", \"\u{7F}\"]",
            #"[1e+10, -0.0e-0, 123456789012345678901]"#,
        ].map { Array($0.utf8) }
        let inserts: [[UInt8]] = [
            [0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xFF], Array("\\u".utf8), Array("/*".utf8),
            Array("//".utf8), Array("\n".utf8), Array("tru".utf8), Array("-".utf8), Array("1.".utf8), [0x0B], [0x0C],
        ]
        var compared = 0
        var disagreements: [(String, Trace, Trace)] = []
        while compared < target {
            var bytes = documents[compared % documents.count]
            switch rng.next() % 4 {
            case 0: break
            case 1:
                let at = Int(rng.next() % UInt64(bytes.count + 1))
                bytes.insert(contentsOf: inserts[Int(rng.next() % UInt64(inserts.count))], at: at)
            case 2: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
            default:
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes[at] ^= UInt8(1 << (rng.next() % 8))
            }
            let pieces = (0..<3).map { _ in Int(1 + rng.next() % 9) }
            let setting = Setting(
                comments: rng.next() % 2 == 0, validateStrings: rng.next() % 2 == 0, callbacks: rng.next() % 4 != 0)
            let yajl = Self.trace(bytes, pieces: pieces, engine: .yajl, setting: setting)
            let swift = Self.trace(bytes, pieces: pieces, engine: .swift, setting: setting)
            if yajl != swift && disagreements.count < 10 {
                disagreements.append(
                    (
                        "\(String(decoding: bytes, as: UTF8.self).debugDescription) pieces \(pieces) \(setting)", yajl,
                        swift
                    ))
            }
            compared += 1
        }
        let shown = disagreements.sorted { $0.0.count < $1.0.count }.prefix(5).map {
            "\($0.0)\n  yajl:  \($0.1)\n  swift: \($0.2)"
        }
        let count = disagreements.count
        #expect(count == 0, "\(count)+ disagreements\n\(shown.joined(separator: "\n"))")
        print("grammars: \(compared) inputs in random pieces, \(count) disagreements")
    }
}
