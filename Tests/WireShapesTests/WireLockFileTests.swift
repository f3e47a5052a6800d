import Testing
import WireJSON

@testable import WireShapeTools
@testable import WireShapes

@Suite("Lock file")
struct WireLockFileTests {
    /// One format per top-level golden `<name>.json` (how WireGolden's catalogue groups them).
    func goldenFormats(_ pairs: [(String, String)]) throws -> [GoldenFormat] {
        try pairs.map { pair in
            GoldenFormat(
                name: String(pair.0.dropLast(".json".count)),
                samples: [.init(path: pair.0, document: try JSONValue.parse(Array(pair.1.utf8)))])
        }
    }

    @Test("lock text round-trips and is stable")
    func roundTrip() throws {
        let formats = try goldenFormats([("b.json", #"{"x":1}"#), ("a.json", "[1,2]")])
        let lock = try WireLockFile.build(formats)
        #expect(lock.entries.map(\.name) == ["a", "b"])
        #expect(try WireLockFile.parse(lock.text) == lock)
        #expect(lock.text.hasPrefix("# wirelock.lock"))
        let line = lock.text.split(separator: "\n").last!
        #expect(
            line
                == "b shape=\(WireShape.infer(from: [try JSONValue.parse(#"{"x":1}"#)]).fingerprint) golden=\(SHA256.hex(Array(#"{"b.json":{"x":1}}"#.utf8)))"
        )
    }

    @Test("mismatches: shape changed, goldens changed, not locked, no goldens")
    func mismatches() throws {
        let locked = try WireLockFile.build(
            goldenFormats([
                ("same.json", #"{"b":1,"a":2.0}"#), ("values.json", #"{"x":1}"#), ("shape.json", #"{"x":1}"#),
                ("gone.json", "1"),
            ]))
        let now = try WireLockFile.build(
            goldenFormats([
                ("same.json", #"{"a":2.00,"b":1}"#), ("values.json", #"{"x":2}"#), ("shape.json", #"{"x":"1"}"#),
                ("new.json", "1"),
            ]))
        let found = locked.mismatches(against: now)
        #expect(
            found.map { "\($0.name) \($0.kind.rawValue)" } == [
                "gone no-goldens", "new not-locked", "shape shape-changed", "values golden-changed",
            ])
        #expect(locked.mismatches(against: locked) == [])
    }

    @Test("malformed lock lines are reported by line number")
    func parseErrors() {
        #expect(throws: WireLockFile.ParseError.self) { try WireLockFile.parse("# c\nname shape=abc golden=def\n") }
        let hex = String(repeating: "a", count: 64)
        #expect(throws: WireLockFile.ParseError(line: 2, reason: "format 'x' is listed twice")) {
            try WireLockFile.parse("x shape=\(hex) golden=\(hex)\nx shape=\(hex) golden=\(hex)\n")
        }
    }
}
