import Foundation
import Testing
import WireDecoder
import WireDiagnostics
import WireJSON
import WireLockTestSupport

@testable import WireGolden
@testable import WireLock

/// Three versions of one model: the right one, and three ways of breaking it that must be caught.
enum Models {
    struct Good: Codable {
        var id: Int
        var imdbId: String
        var releaseDate: Date
        var rating: Double
        enum CodingKeys: String, CodingKey {
            case id
            case imdbId = "imdb_id"
            case releaseDate = "release_date"
            case rating
        }
    }
    /// Dropped a property: the decoder silently ignores `imdb_id`.
    struct DroppedProperty: Codable {
        var id: Int
        var releaseDate: Date
        var rating: Double
        enum CodingKeys: String, CodingKey {
            case id
            case releaseDate = "release_date"
            case rating
        }
    }
    /// Renamed a key: `imdb_id` became `imdbID` on the wire.
    struct RenamedKey: Codable {
        var id: Int
        var imdbID: String
        var releaseDate: Date
        var rating: Double
        enum CodingKeys: String, CodingKey {
            case id
            case imdbID = "imdb_id"
            case releaseDate = "release_date"
            case rating
        }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int.self, forKey: .id)
            imdbID = try c.decode(String.self, forKey: .imdbID)
            releaseDate = try c.decode(Date.self, forKey: .releaseDate)
            rating = try c.decode(Double.self, forKey: .rating)
        }
        func encode(to encoder: any Encoder) throws {
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(_ s: String) { stringValue = s }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(id, forKey: Key("id"))
            try c.encode(imdbID, forKey: Key("imdbID"))
            try c.encode(releaseDate, forKey: Key("release_date"))
            try c.encode(rating, forKey: Key("rating"))
        }
    }

    static let fixture = """
        {
          "id": 17,
          "imdb_id": "tt0211915",
          "rating": 8.5,
          "release_date": "2001-04-25T08:30:00.250Z"
        }

        """

    /// The app's real coders: fractional-second dates.
    static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = f.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "bad date \(text)"))
            }
            return date
        }
        return d
    }
    static var encoder: JSONEncoder { encoder(fractional: true) }
    /// The broken date strategy: drops fractional seconds.
    static func encoder(fractional: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .custom { date, encoder in
            let f = ISO8601DateFormatter()
            f.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
            var c = encoder.singleValueContainer()
            try c.encode(f.string(from: date))
        }
        return e
    }
}

@Suite("Round trips and decoding failures")
struct RoundTripTests {
    let dir: URL

    init() throws {
        dir = TemporaryDirectory.uniqueURL("wirelock-fixtures")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(Models.fixture.utf8).write(to: dir.appendingPathComponent("movie-success.json"))
        try Data(#"{"id": 17, "imdb_id": "tt1", "rating": "8.5", "release_date": "2001-04-25T08:30:00.250Z"}"#.utf8)
            .write(to: dir.appendingPathComponent("movie-wrong-type.json"))
        try Data(#"{"id": 17, "rating": 8.5, "release_date": "2001-04-25T08:30:00.250Z"}"#.utf8)
            .write(to: dir.appendingPathComponent("movie-missing-field.json"))
        try Data("{\n  \"id\": 17,\n  \"imdb_id\": \"tt1".utf8).write(
            to: dir.appendingPathComponent("movie-malformed.json"))
        try Data(#"{"id": 17, "imdb_id": null, "rating": 8.5, "release_date": "2001-04-25T08:30:00.250Z"}"#.utf8)
            .write(to: dir.appendingPathComponent("movie-null.json"))
    }

    func roundTrip<T: Codable>(
        _ type: T.Type, encoder: JSONEncoder = Models.encoder, accepting: [AcceptedDifference] = []
    ) -> WireLockFailure? {
        if case .failure(let failure) = verifyRoundTrip(
            type, fixture: "movie-success", decoder: Models.decoder, encoder: encoder,
            accepting: accepting, fixturesDirectory: dir)
        {
            return failure
        }
        return nil
    }

    @Test func theRightModelRoundTripsLosslessly() {
        #expect(roundTrip(Models.Good.self) == nil)
    }

    @Test func droppingAPropertyIsALossyDecodeAtItsPath() throws {
        let failure = try #require(roundTrip(Models.DroppedProperty.self))
        #expect(failure.message.contains("lossy decode: `$.imdb_id` is in the fixture but not in the re-encoded value"))
        #expect(failure.differences.map(\.path) == [[.key("imdb_id")]])
    }

    @Test func changingTheDateStrategyIsReportedAtTheDatePath() throws {
        let failure = try #require(roundTrip(Models.Good.self, encoder: Models.encoder(fractional: false)))
        #expect(
            failure.message.contains(
                #"`$.release_date` changed: fixture "2001-04-25T08:30:00.250Z" → re-encoded "2001-04-25T08:30:00Z""#))
    }

    @Test func renamingAKeyShowsTheOldKeyLostAndTheNewOneAppearing() throws {
        let failure = try #require(roundTrip(Models.RenamedKey.self))
        #expect(failure.message.contains("lossy decode: `$.imdb_id`"))
        #expect(failure.message.contains("`$.imdbID` appeared in the re-encoded value"))
    }

    @Test func anAcceptedDifferenceIsDeclaredByPathAndOnlyCoversThatPath() throws {
        #expect(
            roundTrip(
                Models.DroppedProperty.self,
                accepting: [AcceptedDifference("$.imdb_id", because: "not shown in this app")]) == nil)
        let other = try #require(
            roundTrip(Models.DroppedProperty.self, accepting: [AcceptedDifference("$.rating", because: "x")]))
        #expect(other.message.contains("`$.imdb_id`"))
    }

    @Test func theFailureIsRecordedAtTheCaller() {
        let line = #line + 2
        withKnownIssue {
            assertRoundTrip(
                Models.DroppedProperty.self, fixture: "movie-success", decoder: Models.decoder, encoder: Models.encoder,
                fixturesDirectory: dir)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("$.imdb_id")
        }
    }

    @Test(arguments: [
        ("movie-wrong-type", DecodingFailureKind.typeMismatch, "$.rating"),
        ("movie-missing-field", .missingKey, "$.imdb_id"),
        ("movie-null", .missingValue, "$.imdb_id"),
        ("movie-malformed", .syntax, "$.imdb_id"),
    ])
    func decodingFailuresAreClassifiedWithTheirPath(fixture: String, kind: DecodingFailureKind, path: String) {
        #expect(
            verifyDecodingFails(
                Models.Good.self, fixture: fixture, as: kind, at: path, decoder: Models.decoder, fixturesDirectory: dir)
                == nil)
    }

    @Test func syntaxErrorsCarryTheValidatorsLineAndColumn() throws {
        let url = dir.appendingPathComponent("movie-malformed.json")
        guard case .success(let failure)? = decodingFailure(Models.Good.self, at: url, decoder: Models.decoder) else {
            Issue.record("expected a classified failure")
            return
        }
        #expect(
            failure.description == "syntax at $.imdb_id (line 3, column 18): unexpected end of input inside a string")
    }

    @Test func aWrongExpectationIsReportedWithWhatWasSeen() throws {
        let failure = try #require(
            verifyDecodingFails(
                Models.Good.self, fixture: "movie-wrong-type", as: .missingKey, at: "$.rating",
                decoder: Models.decoder, fixturesDirectory: dir))
        #expect(failure.message.contains("expected missingKey at $.rating, got typeMismatch at $.rating"))
        let accepted = try #require(
            verifyDecodingFails(
                Models.Good.self, fixture: "movie-success", as: .syntax, at: "$",
                decoder: Models.decoder, fixturesDirectory: dir))
        #expect(accepted.message.contains("decoded without error"))
    }
}
