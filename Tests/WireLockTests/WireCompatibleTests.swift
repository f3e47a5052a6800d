import Foundation
import Testing
import WireJSON
import WireLockTestSupport
import WireShapes

@testable import WireGolden
@testable import WireLock

/// Small local models standing in for a refactored API model.
enum CompatModels {
    struct Page<Item: Codable>: Codable { var items: [Item] }

    /// Version 1: what the goldens were recorded with.
    struct MovieV1: Codable {
        var id: Int
        var title: String
        var added: Date
        var status: Status
        var rating: Double?
        enum Status: String, Codable { case released, announced, cancelled }
    }

    /// Property renamed in Swift, wire key kept by CodingKeys.
    struct MovieRenamed: Codable {
        var id: Int
        var name: String
        var added: Date
        var status: MovieV1.Status
        var rating: Double?
        enum CodingKeys: String, CodingKey {
            case id
            case name = "title"
            case added, status, rating
        }
    }

    /// A new optional field.
    struct MovieWithOptional: Codable {
        var id: Int
        var title: String
        var added: Date
        var status: MovieV1.Status
        var rating: Double?
        var subtitle: String?
    }

    /// A new required field.
    struct MovieWithRequired: Codable {
        var id: Int
        var title: String
        var added: Date
        var status: MovieV1.Status
        var rating: Double?
        var runtime: Int
    }

    /// `id` became a string.
    struct MovieStringID: Codable {
        var id: String
        var title: String
        var added: Date
        var status: MovieV1.Status
    }

    /// An enum case dropped.
    struct MovieFewerStatuses: Codable {
        var id: Int
        var title: String
        var added: Date
        var status: Status
        enum Status: String, Codable { case released }
    }

    /// `rating` was optional in the goldens (two of four movies have none); now it is required.
    struct MovieRequiredRating: Codable {
        var id: Int
        var title: String
        var added: Date
        var status: MovieV1.Status
        var rating: Double
    }

    /// A title type that rejects titles shorter than three characters ("Up" in the golden).
    struct MovieLongTitles: Codable {
        struct Title: Codable {
            var text: String
            init(from decoder: Decoder) throws {
                text = try decoder.singleValueContainer().decode(String.self)
                guard text.count >= 3 else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: decoder.codingPath, debugDescription: "title too short: \(text)"))
                }
            }
            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(text)
            }
        }
        var id: Int
        var title: Title
        var added: Date
        var status: MovieV1.Status
        var rating: Double?
    }

    static func fractionalEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            var container = encoder.singleValueContainer()
            try container.encode(formatter.string(from: date))
        }
        return encoder
    }

    /// Reads dates with or without fractional seconds.
    static func lenientDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an RFC 3339 date: \(text)"))
        }
        return decoder
    }

    /// Reads only dates without fractional seconds (an `ISO8601DateFormatter` with
    /// `.withInternetDateTime`; Foundation's own `.iso8601` strategy accepts both on Linux).
    static func wholeSecondsDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "not an RFC 3339 date without fraction: \(text)"))
        }
        return decoder
    }

    static func iso8601Encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static let page = #"""
        {"items": [
          {"id": 1, "title": "Alien", "added": "2024-05-01T10:00:00.123Z", "status": "released", "rating": 8.5},
          {"id": 2, "title": "Dune", "added": "2024-05-02T10:00:00.250Z", "status": "announced"},
          {"id": 3, "title": "Heat", "added": "2024-05-03T10:00:00.500Z", "status": "released", "rating": 8.25},
          {"id": 4, "title": "Up", "added": "2024-05-04T10:00:00.750Z", "status": "announced"}
        ]}
        """#
}

@Suite("assertWireCompatible")
struct WireCompatibleTests {
    typealias M = CompatModels

    func goldenDirectory() throws -> URL {
        let dir = TemporaryDirectory.uniqueURL("wirelock-compat")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("movies"), withIntermediateDirectories: true)
        try Data(M.page.utf8).write(to: dir.appendingPathComponent("movies/page-1.json"))
        return dir
    }

    func problems<T: Codable>(
        _ type: T.Type, decoder: JSONDecoder = M.lenientDecoder(), encoder: JSONEncoder = M.fractionalEncoder(),
        direction: CompatibilityDirection = .both
    ) throws -> [String] {
        let dir = try goldenDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = WireCompatibility.check(
            type, withGolden: "movies", in: dir, direction: direction, decoder: decoder, encoder: encoder)
        return try result.get().map { "\($0.direction) \($0.change.rule) \($0.change.path)" }
    }

    @Test("the recording model and a rename that keeps its CodingKeys are compatible both ways")
    func renameWithCodingKeys() throws {
        #expect(try problems(M.Page<M.MovieV1>.self) == [])
        #expect(try problems(M.Page<M.MovieRenamed>.self) == [])
    }

    @Test("an added optional field is compatible both ways")
    func optionalField() throws {
        #expect(try problems(M.Page<M.MovieWithOptional>.self) == [])
    }

    @Test("an added required field breaks backward: old goldens lack it")
    func requiredField() throws {
        #expect(try problems(M.Page<M.MovieWithRequired>.self) == ["backward required-member-added $.items[*].runtime"])
    }

    @Test("dropping fractional seconds from the encoder breaks forward: old readers expect them")
    func droppedFractionForward() throws {
        #expect(
            try problems(M.Page<M.MovieV1>.self, encoder: M.iso8601Encoder()) == [
                "forward date-format-changed $.items[*].added"
            ])
    }

    @Test("a decoder that no longer reads fractional seconds breaks backward, named as a date format change")
    func droppedFractionBackward() throws {
        #expect(
            try problems(M.Page<M.MovieV1>.self, decoder: M.wholeSecondsDecoder(), encoder: M.iso8601Encoder())
                == ["backward date-format-changed $.items[*].added"])
    }

    @Test("a kind change and a dropped enum case break backward")
    func typeAndEnum() throws {
        #expect(try problems(M.Page<M.MovieStringID>.self) == ["backward type-changed $.items[*].id"])
        #expect(try problems(M.Page<M.MovieFewerStatuses>.self) == ["backward enum-value-removed $.items[*].status"])
    }

    @Test("a golden the new model cannot decode is located in it: line, column and the line's text")
    func undecodableGoldenIsLocated() throws {
        let dir = try goldenDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = WireCompatibility.check(
            M.Page<M.MovieStringID>.self, withGolden: "movies", in: dir, direction: .backward,
            decoder: M.lenientDecoder(), encoder: M.fractionalEncoder())
        let problem = try #require(try result.get().first)
        // Where `1`, the first id, is in the golden's text, found here by reading it.
        let lines = M.page.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains(#""id": 1,"#) })
        let key = try #require(lines[row].range(of: #""id": "#))
        let column = lines[row].distance(from: lines[row].startIndex, to: key.upperBound) + 1
        #expect(problem.change.detail.contains("line \(row + 1), column \(column) of the golden"), "\(problem)")
        #expect(problem.description.contains(#"{"id": 1, "title": "Alien""#), "\(problem)")
    }

    @Test("an optional member made required breaks backward, named member-made-required")
    func optionalMadeRequired() throws {
        #expect(try problems(M.Page<M.MovieRequiredRating>.self) == ["backward member-made-required $.items[*].rating"])
    }

    @Test("a value the new reader rejects for no reason another rule names is value-rejected")
    func valueRejected() throws {
        #expect(
            try problems(M.Page<M.MovieLongTitles>.self, direction: .backward) == [
                "backward value-rejected $.items[*].title"
            ])
    }

    @Test("the assertion records the failure with golden, direction, rule and path")
    func assertionReports() throws {
        let dir = try goldenDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let failure = verifyWireCompatible(
            M.Page<M.MovieWithRequired>.self, withGolden: "movies", decoder: M.lenientDecoder(),
            encoder: M.fractionalEncoder(), goldenDirectory: dir)
        #expect(
            failure?.message.contains("movies/page-1.json: backward: required-member-added at $.items[*].runtime")
                == true, "\(String(describing: failure))")
        withKnownIssue {
            assertWireCompatible(
                M.Page<M.MovieWithRequired>.self, withGolden: "movies", decoder: M.lenientDecoder(),
                encoder: M.fractionalEncoder(), goldenDirectory: dir)
        }
        #expect(
            verifyWireCompatible(M.Page<M.MovieV1>.self, withGolden: "nope", goldenDirectory: dir)?.message.hasPrefix(
                "no goldens for format 'nope'") == true)
    }
}
