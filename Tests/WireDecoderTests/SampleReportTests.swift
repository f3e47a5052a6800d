import Foundation
import SampleAPI
import Testing
import WireDecoder
import WireJSON
import WireLockTestSupport

/// Issue 14, Done-when 3: the verification report names what a model did not take from the sample
/// payloads. Every expected entry was read off the fixture by hand (its line, the column of the
/// member's opening quote or of the value's first character), not from the decoder.
@Suite("Verification report on the sample payloads")
struct SampleReportTests {
    /// One report entry's where and what, for comparison.
    struct Entry: Equatable, CustomStringConvertible {
        var path: JSONPath
        var detail: String
        var line: Int
        var column: Int
        var description: String { "\(line):\(column) \(path) \(detail)" }
    }

    struct ExtraFieldCase: Sendable, CustomStringConvertible {
        var fixture: String
        var decode: @Sendable (WireJSONDecoder, Data) throws -> WireDecodingReport
        var expected: [Entry]
        var description: String { fixture }
    }

    static let extraFieldCases: [ExtraFieldCase] = [
        // movies-extra-field.json line 218: `      "popularity": 87.412,` in the second record.
        ExtraFieldCase(
            fixture: "movies-extra-field.json",
            decode: { try $0.decodeWithReport(DecodablePage<DecodableMovie>.self, from: $1).report },
            expected: [
                Entry(
                    path: [.key("records"), .index(1), .key("popularity")], detail: "DecodableMovie", line: 218,
                    column: 7)
            ]),
        // calendar-extra-field.json line 25: `    "absoluteEpisodeNumber": 5,` in the second entry.
        ExtraFieldCase(
            fixture: "calendar-extra-field.json",
            decode: { try $0.decodeWithReport([DecodableCalendarEntry].self, from: $1).report },
            expected: [
                Entry(
                    path: [.index(1), .key("absoluteEpisodeNumber")], detail: "DecodableCalendarEntry", line: 25,
                    column: 5)
            ]),
        // series-extra-field.json line 121: `    "originalLanguage": {` in the second series; the
        // member is dropped whole, so its `id` and `name` are not entries of their own.
        ExtraFieldCase(
            fixture: "series-extra-field.json",
            decode: { try $0.decodeWithReport([DecodableSeries].self, from: $1).report },
            expected: [
                Entry(path: [.index(1), .key("originalLanguage")], detail: "DecodableSeries", line: 121, column: 5)
            ]),
    ]

    @Test(
        "the dropped members of each *-extra-field fixture, by path, with the type that dropped them",
        arguments: extraFieldCases)
    func extraFieldFixturesNameTheirDroppedMembers(_ example: ExtraFieldCase) throws {
        let data = try Data(contentsOf: Repository.fixtures.appendingPathComponent("API/v3/" + example.fixture))
        let report = try example.decode(WireJSONDecoder(), data)
        let dropped = report.droppedMembers.map {
            Entry(path: $0.path, detail: $0.droppedBy, line: $0.location.line, column: $0.location.column)
        }
        #expect(dropped == example.expected)
        #expect(report.duplicateKeys.isEmpty)
        #expect(report.precisionLosses.isEmpty)
        #expect(report.swallowedErrors.isEmpty)
    }

    @Test("the success fixtures, which the copies read in full, are lossless")
    func successFixturesAreLossless() throws {
        let decoder = WireJSONDecoder()
        func data(_ name: String) throws -> Data {
            try Data(contentsOf: Repository.fixtures.appendingPathComponent("API/v3/\(name)-success.json"))
        }
        #expect(
            try decoder.decodeWithReport(DecodablePage<DecodableMovie>.self, from: data("movies")).report.isLossless)
        #expect(try decoder.decodeWithReport([DecodableCalendarEntry].self, from: data("calendar")).report.isLossless)
        #expect(try decoder.decodeWithReport([DecodableSeries].self, from: data("series")).report.isLossless)
    }

    @Test("a planted document's precision losses: path, text, type and reason; exact numbers are not listed")
    func plantedNumbersNameTheirLosses() throws {
        let report = try WireJSONDecoder().decodeWithReport(
            PlantedPayloads.Numbers.self, from: Data(PlantedPayloads.precision.utf8)
        ).report
        struct Loss: Equatable {
            var path: JSONPath
            var text: String
            var type: String
            var reason: WireDecodingReport.PrecisionLoss.Reason
            var line: Int
            var column: Int
        }
        let seen = report.precisionLosses.map {
            Loss(
                path: $0.path, text: $0.text, type: $0.type, reason: $0.reason, line: $0.location.line,
                column: $0.location.column)
        }
        // 2^53 + 1 has no Double; 31 significant digits are more than Double's 17; 0.1 as Float is
        // 0.100000001490116…, not the Double 0.1 it was read as; 1.2345678901234567e-310 is below
        // Double's smallest normal (2.2e-308): its subnormal holds 1.23456789012346e-310. 9007199254740992 (2^53),
        // 0.1 into Double and 0.5 into Float arrive exactly.
        #expect(
            seen == [
                Loss(
                    path: [.key("bigInteger")], text: "9007199254740993", type: "Double", reason: .rounded, line: 2,
                    column: 17),
                Loss(
                    path: [.key("longMantissa")], text: "3.141592653589793238462643383279", type: "Double",
                    reason: .rounded, line: 4, column: 19),
                Loss(path: [.key("tenthAsFloat")], text: "0.1", type: "Float", reason: .narrowed, line: 6, column: 19),
                Loss(
                    path: [.key("tiny")], text: "1.2345678901234567e-310", type: "Double", reason: .underflow,
                    line: 8, column: 11),
            ])
        #expect(report.precisionLosses.first?.decoded == "9007199254740992.0")
        #expect(report.droppedMembers.isEmpty && report.swallowedErrors.isEmpty)
    }

    @Test(
        "1e400 and 1e-400 cannot be planted: JSONDecoder throws for both, and so must WireJSONDecoder",
        arguments: ["1e400", "1e-400"])
    func outOfRangeNumbersFailTheDecode(_ text: String) {
        struct One: Decodable { var value: Double }
        let data = Data(#"{"value": \#(text)}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(One.self, from: data) }
        #expect(throws: DecodingError.self) { try WireJSONDecoder().decodeWithReport(One.self, from: data) }
    }

    @Test("the lenient RateLimitNotice's swallowed values: path, expected type and what was found")
    func rateLimitNoticeSwallowsWronglyTypedValues() throws {
        let (notice, report) = try WireJSONDecoder().decodeWithReport(
            RateLimitNotice.self, from: Data(PlantedPayloads.rateLimit.utf8))
        // What the model made of them: the defaults, which is why the report must say so.
        #expect(notice.retryAfter == 60 && notice.status == 429)
        let swallowed = report.swallowedErrors.map {
            Entry(
                path: $0.path, detail: "\($0.expected) / \($0.found)", line: $0.location.line,
                column: $0.location.column)
        }
        #expect(
            swallowed == [
                Entry(path: [.key("retryAfter")], detail: #"Int / a string "soon""#, line: 4, column: 17),
                Entry(path: [.key("status")], detail: #"Int / a string "429""#, line: 5, column: 13),
            ])
        #expect(report.droppedMembers.isEmpty && report.precisionLosses.isEmpty)
    }
}
