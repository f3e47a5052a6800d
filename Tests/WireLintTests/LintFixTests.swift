import Foundation
import Testing
import WireJSON
import WireLint

@Suite("Lint --fix")
struct LintFixTests {
    @Test("placeholders replace only the offending text; every other byte stays, layout included")
    func formatPreserving() throws {
        let input = #"""
            {"id": 7,   "token": "Bearer EXAMPLE0123456789abcdef",
             "contact": "mail jane.doe@acme-mail.io or call +1 415 555 0132",
               "db": "postgres://admin:EXAMPLEpassw0rd@db.prod.io:5432/app", "health": "http://10.0.12.7:8080/health"}

            """#
        let expected = #"""
            {"id": 7,   "token": "Bearer <redacted>",
             "contact": "mail user@example.com or call <phone>",
               "db": "postgres://admin:<redacted>@db.prod.io:5432/app", "health": "http://192.0.2.1:8080/health"}

            """#
        let outcome = try #require(Lint.fix(Array(input.utf8), file: "contact-default.json"))
        #expect(String(decoding: outcome.bytes, as: UTF8.self) == expected)
        #expect(outcome.fixedCount == 5)
        let left = Lint.findings(in: outcome.bytes, file: "contact-default.json").filter { $0.family != "format" }
        #expect(left.map(\.ruleID) == [])
    }

    @Test("a JWT becomes an unsigned one with the same claim keys, and its claims are clean")
    func jwt() throws {
        let bytes = try LintCorpus.bytes("values/tokens-jwt.json")
        let outcome = try #require(Lint.fix(bytes, file: "tokens-jwt.json"))
        let document = try JSONValue.parse(outcome.bytes)
        guard case .string(let token)? = document[[.key("auth"), .key("idToken")]] else {
            Issue.record("no idToken")
            return
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 3)
        #expect(parts.last == "")
        // {"alg":"none","typ":"JWT"} in base64url, written out by hand.
        #expect(parts.first == "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0")
        #expect(Lint.findings(in: outcome.bytes, file: "tokens-jwt.json") == [])
        // Claim keys kept: the original payload had sub, email, iss.
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let payload = try #require(Data(base64Encoded: base64))
        guard case .object(let claims) = try JSONValue.parse(Array(payload)) else {
            Issue.record("payload is not an object")
            return
        }
        #expect(claims.members.map(\.key).sorted() == ["email", "iss", "sub"])
        #expect(claims.members.allSatisfy { $0.value == .string("<redacted>") })
    }

    @Test("nothing to fix, or only findings it cannot fix: nil (nothing is written)")
    func nothing() throws {
        #expect(Lint.fix(Array("{\n  \"title\": \"Heat\"\n}\n".utf8), file: "movies-one.json") == nil)
        #expect(Lint.fix(try LintCorpus.bytes("format/movies-unsorted.json"), file: "movies-unsorted.json") == nil)
        // Inside a JSON document nested in a string: reported, not rewritten.
        let nested = #"{"body": "{\"email\":\"jane@acme-mail.io\"}"}"#
        #expect(
            Lint.findings(in: Array(nested.utf8), file: "hook-nested.json").contains { $0.ruleID == "personal.email" })
        #expect(Lint.fix(Array(nested.utf8), file: "hook-nested.json") == nil)
    }
}
