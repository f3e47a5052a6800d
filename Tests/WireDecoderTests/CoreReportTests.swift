import Foundation
import Testing
import WireDecoder
import WireJSON

/// decodeWithReport on small planted documents: each entry kind, with its path and place.
@Suite struct CoreReportTests {
    struct Inner: Decodable { var a: Int }
    struct Outer: Decodable {
        var id: Int
        var inner: Inner
        var list: [Inner]
    }

    @Test func droppedMembersAreNamedByPathAndByTheTypeThatDroppedThem() throws {
        let text = """
            {
              "id": 1,
              "extra": {"deep": [1, 2]},
              "inner": {"a": 2, "b": 3},
              "list": [{"a": 1}, {"a": 2, "c": null}]
            }
            """
        let (value, report) = try WireJSONDecoder().decodeWithReport(Outer.self, from: Data(text.utf8))
        #expect(value.list.count == 2)
        let dropped = report.droppedMembers.map {
            "\($0.path) by \($0.droppedBy) at \($0.location.line):\($0.location.column)"
        }
        #expect(
            dropped == [
                "$.extra by Outer at 3:3", "$.inner.b by Inner at 4:21", "$.list[1].c by Inner at 5:31",
            ])
        #expect(report.duplicateKeys.isEmpty && report.precisionLosses.isEmpty && report.swallowedErrors.isEmpty)
        #expect(!report.isLossless)
    }

    @Test func aCleanDecodeIsLossless() throws {
        let text = #"{"id": 1, "inner": {"a": 2}, "list": []}"#
        let (_, report) = try WireJSONDecoder().decodeWithReport(Outer.self, from: Data(text.utf8))
        #expect(report.isLossless, "\(report)")
        #expect(report.description == "lossless")
    }

    @Test func unreadArrayElementsAreDropped() throws {
        struct FirstOnly: Decodable {
            var first: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
            }
        }
        let (_, report) = try WireJSONDecoder().decodeWithReport(FirstOnly.self, from: Data("[1, 2, 3]".utf8))
        #expect(report.droppedMembers.map(\.path.description) == ["$[1]", "$[2]"])
    }

    @Test func repeatedNamesAreReportedAndTheFirstCopyIsUsed() throws {
        let text = "{\"a\": 1,\n \"a\": 2}"
        let (value, report) = try WireJSONDecoder().decodeWithReport(Inner.self, from: Data(text.utf8))
        #expect(value.a == 1)
        #expect(report.duplicateKeys.map(\.description) == ["2:2: $.a repeated; the copy at 1:2 was used"])
        #expect(report.droppedMembers.isEmpty, "the unused copy is listed once, as the duplicate")
        // Plain decode in strict mode refuses the document, with the validator's location.
        #expect {
            try WireJSONDecoder().decode(Inner.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                let syntax = context.underlyingError as? JSONSyntaxError
            else { return false }
            return syntax.kind == .duplicateKey && syntax.location.line == 2
        }
    }

    struct Numbers: Decodable {
        var big: Double
        var narrow: Float
        var exact: Double
        var half: Float
        var longMantissa: Double
        var decimal: Decimal
        var integral: Int
    }

    @Test func numbersThatDidNotArriveExactlyAreListed() throws {
        let text = """
            {"big": 9007199254740993, "narrow": 0.1, "exact": 0.1, "half": 0.5,
             "longMantissa": 3.14159265358979323846264338327950288,
             "decimal": 1234567890123456789012345678901234567890123,
             "integral": 1.0000000000000001}
            """
        let (_, report) = try WireJSONDecoder().decodeWithReport(Numbers.self, from: Data(text.utf8))
        let losses = report.precisionLosses.map { "\($0.path) \($0.text) \($0.type) \($0.reason.rawValue)" }
        #expect(
            losses == [
                "$.big 9007199254740993 Double rounded", "$.narrow 0.1 Float narrowed",
                "$.longMantissa 3.14159265358979323846264338327950288 Double rounded",
                "$.decimal 1234567890123456789012345678901234567890123 Decimal rounded",
                "$.integral 1.0000000000000001 Int rounded",
            ])
        #expect(report.precisionLosses.first?.decoded == "9007199254740992.0")
        #expect(report.precisionLosses[1].decoded == "0.10000000149011612")
    }

    struct Lenient: Decodable {
        var retryAfter: Int?
        var reason: String?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            retryAfter = try? container.decodeIfPresent(Int.self, forKey: .retryAfter)
            reason = try? container.decodeIfPresent(String.self, forKey: .reason)
        }
        enum CodingKeys: String, CodingKey { case retryAfter, reason }
    }

    @Test func errorsAModelSwallowedWithTryAreListed() throws {
        let text = #"{"retryAfter": "soon", "reason": 42}"#
        let (value, report) = try WireJSONDecoder().decodeWithReport(Lenient.self, from: Data(text.utf8))
        #expect(value.retryAfter == nil && value.reason == nil)
        #expect(
            report.swallowedErrors.map(\.description) == [
                #"1:16: $.retryAfter: expected Int, found a string "soon"; the error was swallowed"#,
                "1:34: $.reason: expected String, found a number 42; the error was swallowed",
            ])
    }
}

/// The example of the "The verification report" article, output and all, so the article stays true.
@Suite struct ReportArticleExampleTests {
    struct Movie: Decodable {
        var id: Int, title: String, budget: Double, rating: Float, retryAfter: Int?
        enum CodingKeys: String, CodingKey { case id, title, budget, rating, retryAfter }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int.self, forKey: .id)
            title = try c.decode(String.self, forKey: .title)
            budget = try c.decode(Double.self, forKey: .budget)
            rating = try c.decode(Float.self, forKey: .rating)
            retryAfter = try? c.decodeIfPresent(Int.self, forKey: .retryAfter)
        }
    }

    @Test func theArticleExamplePrintsWhatTheArticleShows() throws {
        let payload = """
            {
              "id": 7,
              "title": "Heat",
              "tmdbId": 949,
              "budget": 9007199254740993,
              "rating": 0.1,
              "retryAfter": "soon",
              "id": 8
            }
            """
        let (movie, report) = try WireJSONDecoder().decodeWithReport(Movie.self, from: Data(payload.utf8))
        #expect(movie.id == 7)
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(
                    "Sources/WireDecoder/WireDecoder.docc/TheVerificationReport.md"), encoding: .utf8)
        #expect(article.contains("```text\n\(report.description)\n```"), "\(report)")
    }
}

/// A model that probes every number with `try? Int` meets one error per fraction; the errors
/// name their place, and a document with many of them still decodes (the first few errors get
/// a path and a line, the rest a byte offset, so the cost stays linear).
@Suite struct ManyCaughtErrorsTests {
    struct Probe: Decodable {
        var integers = 0
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                if (try? container.decode(Int.self)) != nil {
                    integers += 1
                } else {
                    _ = try container.decode(Double.self)
                }
            }
        }
    }

    @Test func theFirstErrorsNameTheirPlaceAndTheRestTheirByte() throws {
        let text = "[" + (0..<20_000).map { $0 % 2 == 0 ? "\($0)" : "\($0).5" }.joined(separator: ",") + "]"
        let (probe, report) = try WireJSONDecoder().decodeWithReport(Probe.self, from: Data(text.utf8))
        #expect(probe.integers == 10_000)
        #expect(report.swallowedErrors.count == 10_000)
        #expect(report.swallowedErrors.first?.path.description == "$[1]")

        let one = Data("[1.5]".utf8)
        #expect {
            try WireJSONDecoder().decode([Int].self, from: one)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("$[0] (line 1, column 2")
        }
    }
}
