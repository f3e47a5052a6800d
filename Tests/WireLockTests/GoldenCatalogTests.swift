import Foundation
import Testing
import WireGolden
import WireJSON
import WireLockTestSupport

@Suite("Golden catalog")
struct GoldenCatalogTests {
    func files(_ pairs: [(String, String)]) -> [(path: String, bytes: [UInt8])] {
        pairs.map { (path: $0.0, bytes: Array($0.1.utf8)) }
    }

    @Test("goldens group into formats: top-level files and folders; shapes, pending and hidden files are skipped")
    func catalog() throws {
        let formats = try GoldenCatalog.formats(
            from: files([
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

    /// Issue 26: `assertGolden(named: "requests/post-issue")` silently became a sample of a format
    /// called `requests` for `lock` and `diff`. The mapping stays (a folder is one format: its
    /// goldens are samples, as `movies/page-1` and `movies/page-2` are), and recording such a golden
    /// now says which format it joins and how to give it a format of its own.
    @Test func recordingAGoldenInAFolderNamesTheFormatItJoins() throws {
        let box = try Sandbox()
        defer { try? FileManager.default.removeItem(at: box.root) }
        let failure = GoldenComparison.verify(
            try JSONValue.parse(#"{"title": "a"}"#), named: "requests/post-issue", goldenDirectory: box.golden,
            environment: [:])
        let message = try #require(failure?.message)
        #expect(message.hasPrefix("recorded "), "\(message)")
        #expect(
            message.contains(
                "a sample of format 'requests' (every golden under requests/ is one format for wirelock lock and diff; name it 'requests-post-issue' for a format of its own)"
            ), "\(message)")
        let formats = try GoldenCatalog.formats(
            from: files([("requests/post-issue.json", #"{"title":"a"}"#), ("requests/patch-issue.json", "{}")]))
        #expect(formats.map(\.name) == ["requests"])
        #expect(formats.first?.samples.count == 2)
        // A top-level golden is a format of its own, and says nothing more.
        let plain = GoldenComparison.verify(
            try JSONValue.parse("{}"), named: "movie", goldenDirectory: box.golden, environment: [:])
        #expect(plain?.message.hasPrefix("recorded ") == true)
        #expect(plain?.message.contains("format") == false, "\(plain?.message ?? "")")
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
}
