import Testing
import WireCommands
import WireDecoder
import WireGolden
import WireJSON
import WireLint
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

    /// One entry with the request and response header fields given (name, value).
    static func har(request: [(String, String)], response: [(String, String)], body: String) -> [UInt8] {
        func list(_ fields: [(String, String)]) -> String {
            fields.map { #"{"name": "\#($0.0)", "value": "\#($0.1)"}"# }.joined(separator: ", ")
        }
        let text = CanonicalJSONWriter.text(.string(body), style: .compact)
        let document =
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://news.example/api/v2/front", "#
            + #""headers": [\#(list(request))]}, "response": {"status": 200, "headers": [\#(list(response))], "#
            + #""content": {"mimeType": "application/json", "text": \#(text)}}}]}}"#
        return Array(document.utf8)
    }

    @Test func aRequestCookieIsCountedAndAResponseCookieWrittenRedacted() throws {
        let result = try HARImport.convert(
            Self.har(
                request: [("Cookie", "sid=9f8e7d6c5b4a39281706; theme=dark"), ("Accept", "application/json")],
                response: [
                    ("Set-Cookie", "sid=0a1b2c3d4e5f67890123; Path=/; HttpOnly"), ("Content-Type", "application/json"),
                ],
                body: #"{"items": []}"#), file: "news.har")
        #expect(result.redactions.map { "\($0.kind) \($0.count)" } == ["Cookie header 1", "Set-Cookie header 1"])
        let answer = try #require(result.table.routes.first?.answers.first)
        #expect(answer.headers["Set-Cookie"] == "<redacted>")
        #expect(answer.headers["Content-Type"] == "application/json")
        let written = String(decoding: result.table.fileBytes, as: UTF8.self)
        #expect(!written.contains("9f8e7d6c") && !written.contains("0a1b2c3d") && !written.contains("Cookie\": \"sid"))
    }

    @Test func whatIsWrittenPassesLintInternalHostHeadersDroppedBodiesGivenPlaceholders() throws {
        let result = try HARImport.convert(
            Self.har(
                request: [],
                response: [
                    ("x-servedByHost", "::ffff:10.24.7.113"), ("X-Backend", "cache-07.corp"),
                    ("X-Reporter", "newsroom@news-example.de"), ("Content-Type", "application/json"),
                    ("Cache-Control", "max-age=60"),
                ],
                body:
                    #"{"editor": {"login": "kroe", "name": "Karla Roe", "email": "karla.roe@news-example.de"}, "origin": "http://10.0.4.2:8080/feed"}"#
            ), file: "news.har")
        let answer = try #require(result.table.routes.first?.answers.first)
        #expect(answer.headers.keys.sorted() == ["Cache-Control", "Content-Type", "X-Reporter"])
        #expect(answer.headers["X-Reporter"] == "<redacted>")
        let routes = Lint.findings(in: result.table.fileBytes, file: "routes.json").filter {
            ["secret", "personal", "internal"].contains($0.family)
        }
        #expect(routes.map(\.ruleID) == [])
        for fixture in result.fixtures {
            let findings = Lint.findings(in: fixture.bytes, file: fixture.name + ".json")
            #expect(findings.map { "\($0.ruleID) \($0.path?.description ?? "")" } == [], "\(fixture.name)")
        }
        #expect(
            result.redactions.map { "\($0.kind) \($0.count)" } == [
                "X-Servedbyhost header naming an internal host (dropped) 1",
                "X-Backend header naming an internal host (dropped) 1", "X-Reporter header 1",
                "body value wirelock lint flags 3",
            ])
    }
}
