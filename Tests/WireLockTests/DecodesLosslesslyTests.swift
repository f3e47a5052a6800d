import Foundation
import SampleAPI
import Testing
import WireDecoder
import WireGolden
import WireJSON
import WireLock
import WireLockTestSupport

/// `assertDecodesLosslessly` for `Decodable`-only models: it fails on what the verification report
/// lists, one line per entry with its path and FILE:LINE:COLUMN, and passes on fixtures read in full.
@Suite("assertDecodesLosslessly")
struct DecodesLosslesslyTests {
    @Test("passes on the success fixtures, which the Decodable copies read in full")
    func passesOnCleanFixtures() {
        assertDecodesLosslessly(DecodablePage<DecodableMovie>.self, fixture: "API/v3/movies-success")
        assertDecodesLosslessly(
            [DecodableCalendarEntry].self, fixture: "API/v3/calendar-success", decoder: .foundation(.sampleAPI))
        assertDecodesLosslessly([DecodableSeries].self, fixture: "API/v3/series-success")
    }

    @Test("fails on each extra-field fixture, naming the dropped member by path and place")
    func failsOnExtraFieldFixtures() {
        withKnownIssue {
            assertDecodesLosslessly(DecodablePage<DecodableMovie>.self, fixture: "API/v3/movies-extra-field")
        } matching: { issue in
            "\(issue)".contains("movies-extra-field.json:218:7: $.records[1].popularity dropped by DecodableMovie")
        }
        withKnownIssue {
            assertDecodesLosslessly([DecodableCalendarEntry].self, fixture: "API/v3/calendar-extra-field")
        } matching: { issue in
            "\(issue)".contains(
                "calendar-extra-field.json:25:5: $[1].absoluteEpisodeNumber dropped by DecodableCalendarEntry")
        }
        withKnownIssue {
            assertDecodesLosslessly([DecodableSeries].self, fixture: "API/v3/series-extra-field")
        } matching: { issue in
            "\(issue)".contains("series-extra-field.json:121:5: $[1].originalLanguage dropped by DecodableSeries")
        }
    }

    @Test("fails on the planted precision losses, one line each")
    func failsOnPrecisionLosses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("numbers.json", PlantedPayloads.precision)
        withKnownIssue {
            assertDecodesLosslessly(PlantedPayloads.Numbers.self, fixture: "numbers", fixturesDirectory: dir.url)
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("numbers.json: Numbers does not decode losslessly (4 entries):")
                && text.contains("numbers.json:2:17: $.bigInteger 9007199254740993 became 9007199254740992.0 as Double")
                && text.contains("numbers.json:4:19: $.longMantissa ")
                && text.contains("numbers.json:6:19: $.tenthAsFloat 0.1 became ")
                && text.contains("numbers.json:8:11: $.tiny 1.2345678901234567e-310 became ")
                && !text.contains("$.exactInteger") && !text.contains("$.halfAsFloat")
        }
    }

    @Test("fails on the values RateLimitNotice swallows, naming path, expected type and what was there")
    func failsOnSwallowedErrors() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("rate-limit.json", PlantedPayloads.rateLimit)
        withKnownIssue {
            assertDecodesLosslessly(
                RateLimitNotice.self, fixture: "rate-limit", decoder: .foundation(.sampleAPI),
                fixturesDirectory: dir.url)
        } matching: { issue in
            let text = "\(issue)"
            return text.contains(#"rate-limit.json:4:17: $.retryAfter: expected Int, found a string "soon""#)
                && text.contains(#"rate-limit.json:5:13: $.status: expected Int, found a string "429""#)
        }
    }

    @Test("a repeated member name is an entry, not a rejection: the place it repeats and the copy used")
    func failsOnARepeatedName() throws {
        struct One: Decodable { var id: Int }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The second `"id"` starts at line 3, column 3.
        try dir.write("dup.json", "{\n  \"id\": 1,\n  \"id\": 2\n}\n")
        withKnownIssue {
            assertDecodesLosslessly(One.self, fixture: "dup", fixturesDirectory: dir.url)
        } matching: { issue in
            "\(issue)".contains("dup.json:3:3: $.id repeated; the copy at ")
        }
    }

    @Test("a syntax error fails at the validator's location")
    func failsOnASyntaxError() throws {
        struct One: Decodable { var id: Int }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The `}` after the trailing comma: line 2, column 11.
        try dir.write("comma.json", "{\n  \"id\": 1,}\n")
        withKnownIssue {
            assertDecodesLosslessly(One.self, fixture: "comma", fixturesDirectory: dir.url)
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("comma.json: One could not decode the fixture")
                && text.contains("comma.json:2:11: error: trailing comma before '}' (at $)")
        }
    }

    @Test("a fixture the model cannot decode fails with the error located in it")
    func failsOnADecodingError() {
        let line = #line + 2
        withKnownIssue {
            assertDecodesLosslessly(DecodablePage<DecodableMovie>.self, fixture: "API/v3/movies-wrong-type")
        } matching: { issue in
            let text = "\(issue)"
            return issue.sourceLocation?.line == line
                && text.contains("movies-wrong-type.json: DecodablePage<DecodableMovie> could not decode the fixture")
                && text.contains("movies-wrong-type.json:")
        }
    }

    @Test("a missing fixture names the nearest ones")
    func missingFixtureNamesTheNearest() {
        let failure = verifyDecodesLosslessly(DecodablePage<DecodableMovie>.self, fixture: "API/v3/movies-sucess")
        #expect(
            failure?.message.contains("nearest: ") == true
                && failure?.message.contains("API/v3/movies-success") == true, "\(String(describing: failure))")
    }

    @Test("the JSONDecoder form decodes with that decoder's strategies")
    func jsonDecoderConfigurationIsCopied() throws {
        struct Snake: Decodable { var releaseYear: Int }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("snake.json", #"{"release_year": 2001}"#)
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        #expect(
            verifyDecodesLosslessly(Snake.self, fixture: "snake", decoder: snake, fixturesDirectory: dir.url) == nil)
        // Without the strategy the key is missing: the copy is what made the difference.
        #expect(verifyDecodesLosslessly(Snake.self, fixture: "snake", fixturesDirectory: dir.url) != nil)
    }

    @Test("the message: a headline with the count, then FILE:LINE:COLUMN and each entry, grouped by kind")
    func messageListsEveryEntry() {
        func at(_ line: Int, _ column: Int) -> JSONSourceLocation {
            JSONSourceLocation(offset: 0, line: line, column: column)
        }
        let report = WireDecodingReport(
            droppedMembers: [.init(path: [.key("extra")], droppedBy: "Movie", location: at(3, 5))],
            duplicateKeys: [.init(path: [.key("id")], location: at(9, 5), keptLocation: at(2, 5))],
            precisionLosses: [
                .init(
                    path: [.key("budget")], text: "9007199254740993", type: "Double", decoded: "9007199254740992.0",
                    reason: .rounded, location: at(4, 12))
            ],
            swallowedErrors: [
                .init(path: [.key("retryAfter")], expected: "Int", found: #"a string "soon""#, location: at(5, 18))
            ])
        #expect(
            LosslessDecoding.message(for: report, type: "Movie", file: "movie.json") == """
                movie.json: Movie does not decode losslessly (4 entries):
                  movie.json:3:5: $.extra dropped by Movie
                  movie.json:9:5: $.id repeated; the copy at 2:5 was used
                  movie.json:4:12: $.budget 9007199254740993 became 9007199254740992.0 as Double (rounded)
                  movie.json:5:18: $.retryAfter: expected Int, found a string "soon"; the error was swallowed
                """)
        #expect(
            LosslessDecoding.message(
                for: WireDecodingReport(droppedMembers: report.droppedMembers), type: "Movie", file: "m.json")
                == "m.json: Movie does not decode losslessly (1 entry):\n  m.json:3:5: $.extra dropped by Movie")
    }
}
