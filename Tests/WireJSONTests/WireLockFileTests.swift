import Testing
@testable import WireJSON

@Suite("Lock file and golden catalog")
struct WireLockFileTests {
    func files(_ pairs: [(String, String)]) -> [(path: String, bytes: [UInt8])] {
        pairs.map { (path: $0.0, bytes: Array($0.1.utf8)) }
    }

    @Test("goldens group into formats: top-level files and folders; shapes, pending and hidden files are skipped")
    func catalog() throws {
        let formats = try GoldenCatalog.formats(from: files([
            ("movies-page.json", #"{"a":1}"#),
            ("movie/one.json", #"{"a":1}"#),
            ("movie/deep/two.json", #"{"a":2}"#),
            ("movie.actual.json", "{}"),
            ("shapes/movie.shape.json", "{}"),
            (".wirelock/x.json", "{}"),
            ("README.md", "# hi"),
            ("wirelock.lock", ""),
        ]))
        #expect(formats.map(\.name) == ["movie", "movies-page"])
        #expect(formats[0].samples.map(\.path) == ["movie/deep/two.json", "movie/one.json"])
    }

    @Test("an invalid golden is named with its line and column")
    func invalidGolden() throws {
        let error = try #require(throws: GoldenCatalog.Error.self) {
            try GoldenCatalog.formats(from: files([("bad.json", #"{"a": "#)]))
        }
        #expect(error.path == "bad.json")
        #expect(error.reason == "1:7: unexpected end of input after member name \"a\" (at $.a)")
        // The syntax error itself, for the command line to render with its excerpt.
        #expect(error.syntaxError?.location == JSONSourceLocation(offset: 6, line: 1, column: 7))
        #expect(error.syntaxError?.excerpt.text == #"{"a": "#)
    }

    @Test("lock text round-trips and is stable")
    func roundTrip() throws {
        let formats = try GoldenCatalog.formats(from: files([("b.json", #"{"x":1}"#), ("a.json", "[1,2]")]))
        let lock = try WireLockFile.build(formats)
        #expect(lock.entries.map(\.name) == ["a", "b"])
        #expect(try WireLockFile.parse(lock.text) == lock)
        #expect(lock.text.hasPrefix("# wirelock.lock"))
        let line = lock.text.split(separator: "\n").last!
        #expect(line == "b shape=\(WireShape.infer(from: [try JSONValue.parse(#"{"x":1}"#)]).fingerprint) golden=\(SHA256.hex(Array(#"{"b.json":{"x":1}}"#.utf8)))")
    }

    @Test("mismatches: shape changed, goldens changed, not locked, no goldens")
    func mismatches() throws {
        let locked = try WireLockFile.build(GoldenCatalog.formats(from: files([
            ("same.json", #"{"b":1,"a":2.0}"#), ("values.json", #"{"x":1}"#), ("shape.json", #"{"x":1}"#), ("gone.json", "1"),
        ])))
        let now = try WireLockFile.build(GoldenCatalog.formats(from: files([
            ("same.json", #"{"a":2.00,"b":1}"#), ("values.json", #"{"x":2}"#), ("shape.json", #"{"x":"1"}"#), ("new.json", "1"),
        ])))
        let found = locked.mismatches(against: now)
        #expect(found.map { "\($0.name) \($0.kind.rawValue)" } == ["gone no-goldens", "new not-locked", "shape shape-changed", "values golden-changed"])
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
