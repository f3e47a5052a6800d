import Testing
import WireCommands
import WireGolden
import WireJSON
import WireStub

@Suite("HAR import (conversion)")
struct HARImportTests {
    static func har(_ entries: [(url: String, status: Int, body: String)]) -> [UInt8] {
        let list = entries.map { entry in
            let text = CanonicalJSONWriter.text(.string(entry.body), style: .compact)
            return #"{"request": {"method": "get", "url": "\#(entry.url)"}, "#
                + #""response": {"status": \#(entry.status), "headers": [], "content": {"text": \#(text)}}}"#
        }
        return Array(#"{"log": {"entries": [\#(list.joined(separator: ","))]}}"#.utf8)
    }

    @Test func namesFollowResourceAndScenarioAndTakenNamesGetASuffix() throws {
        let result = try HARImport.convert(
            Self.har([
                ("https://a.test/api/v3/movie", 200, "[]"),
                ("https://a.test/api/v3/movie/12", 200, #"{"id": 12}"#),
                ("https://a.test/api/v3/movie/13", 200, #"{"id": 13}"#),
                ("https://a.test/api/v3/movie/14", 404, #"{"error": "gone"}"#),
                ("https://a.test/", 429, #"{"error": "slow down"}"#),
            ]), file: "t.har")
        #expect(
            result.fixtures.map(\.name) == [
                "movie-empty", "movie-success", "movie-success-2", "movie-not-found", "root-rate-limited",
            ])
        #expect(
            result.table.routes.map(\.description) == [
                "GET /api/v3/movie", "GET /api/v3/movie/12", "GET /api/v3/movie/13", "GET /api/v3/movie/14", "GET /",
            ])
    }

    @Test func secretQueryItemsAreLeftOutAndCountedOtherItemsKept() throws {
        let result = try HARImport.convert(
            Self.har([
                ("https://a.test/search?term=heat&apikey=K1&access_token=T1", 200, "[1]"),
                ("https://a.test/search?access_token=T2&term=heat", 200, "[2]"),
            ]), file: "t.har")
        #expect(result.table.routes.count == 1)
        #expect(result.table.routes[0].query == ["term": "heat"])
        #expect(result.table.routes[0].answers.map(\.fixture) == ["search-success", "search-success-2"])
        #expect(
            result.redactions.map { "\($0.kind) \($0.count)" } == ["apikey query item 1", "access_token query item 2"])
        let written =
            result.fixtures.map { String(decoding: $0.bytes, as: UTF8.self) } + [
                String(decoding: result.table.fileBytes, as: UTF8.self)
            ]
        #expect(
            !written.joined().contains("K1") && !written.joined().contains("T1") && !written.joined().contains("T2"))
    }

    @Test func redactionPatternsReplaceBodyValuesAndAreCountedPerPattern() throws {
        let result = try HARImport.convert(
            Self.har([("https://a.test/me", 200, #"{"token": "abc", "user": {"email": "a@b.c"}, "name": "x"}"#)]),
            file: "t.har", redacting: [try JSONPathPattern("$..email"), try JSONPathPattern("$.token")])
        #expect(
            try JSONValue.parse(result.fixtures[0].bytes)
                == JSONValue.parse(#"{"token": "<redacted>", "user": {"email": "<redacted>"}, "name": "x"}"#))
        #expect(result.redactions.map(\.kind) == ["body value at $.token", "body value at $..email"])
    }
}
