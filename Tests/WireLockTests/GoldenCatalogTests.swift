import Testing
import WireGolden
import WireJSON

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
                ("movie.json", #"{"a":0}"#),
                ("movie/one.json", #"{"a":1}"#),
                ("movie/deep/two.json", #"{"a":2}"#),
                ("movie.actual.json", "{}"),
                ("shapes/movie.shape.json", "{}"),
                (".wirelock/x.json", "{}"),
                ("README.md", "# hi"),
                ("wirelock.lock", ""),
            ]))
        #expect(formats.map(\.name) == ["movie", "movies-page"])
        #expect(formats[0].samples.map(\.path).sorted() == ["movie.json", "movie/deep/two.json", "movie/one.json"])
    }

    /// Issue 26: `assertGolden(named: "requests/post-issue")` silently became a sample of a format
    /// called `requests` for `lock` and `diff`. A file in a folder is a sample of the folder's format
    /// only when the folder's own golden (`movie.json`) exists; otherwise its path names its format.
    @Test func aGoldenInAFolderWithoutATopLevelGoldenIsAFormatOfItsOwn() throws {
        let formats = try GoldenCatalog.formats(
            from: files([
                ("requests/post-issue.json", #"{"title":"a"}"#),
                ("requests/patch-issue.json", #"{"state":"closed"}"#),
                ("movie.json", #"{"a":1}"#),
                ("movie/unreleased.json", #"{"a":2}"#),
            ]))
        #expect(formats.map(\.name) == ["movie", "requests/patch-issue", "requests/post-issue"])
        #expect(formats.first { $0.name == "requests/post-issue" }?.samples.map(\.path) == ["requests/post-issue.json"])
        #expect(
            GoldenCatalog.formatName(forRelativePath: "requests/post-issue.json", topLevelFormats: ["movie"])
                == "requests/post-issue")
        #expect(GoldenCatalog.formatName(forRelativePath: "movie/x/y.json", topLevelFormats: ["movie"]) == "movie")
        #expect(GoldenCatalog.formatName(forRelativePath: "shapes/requests/post-issue.shape.json", topLevelFormats: []) == nil)
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
